import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../src/config.ts';

/** The OULAD presentations every server test run imports (small, and covering the data's odd points). */
export const TEST_PRESENTATIONS = ['AAA-2013J', 'DDD-2013B', 'GGG-2013J', 'CCC-2014B'] as const;

/**
 * The configuration tests run with: no logging, the test presentations, a web build that does not exist
 * (so answers do not depend on whether apps/web was built), OULAD_DIR from the environment when set,
 * and `DATABASE_URL` as given (never process.env's, which names the server's connection database in
 * PostgreSQL runs).
 */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_PRESENTATIONS: TEST_PRESENTATIONS.join(','),
    // Another copy of the OULAD files (the default is the repository's demo-data/oulad).
    OULAD_DIR: process.env.OULAD_DIR || undefined,
    WEB_DIST: path.join(path.dirname(fileURLToPath(import.meta.url)), '__no_web_build__'),
    ...overrides,
  });
}

/** `adminUrl` (a PostgreSQL URL) with its database name replaced by `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
