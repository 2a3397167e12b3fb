import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Server test run setup. Without DATABASE_URL the tests use embedded PGlite in memory and there is
 * nothing to prepare. With DATABASE_URL (a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)
 * two fresh databases of our own are created on that server — one for the shared app context, one for
 * the import tests — and dropped when the run ends. The database DATABASE_URL names is only used to
 * connect; nothing in it is touched.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL URL of this run's app database, or '' for PGlite in memory. */
    databaseUrl: string;
    /** PostgreSQL URL of this run's import-test database, or '' for PGlite in memory. */
    seedDatabaseUrl: string;
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('databaseUrl', '');
    project.provide('seedDatabaseUrl', '');
    return async () => undefined;
  }
  const stamp = `${Date.now()}_${process.pid}`;
  const names = [`cc_test_${stamp}`, `cc_test_seed_${stamp}`];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  const urlFor = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  project.provide('databaseUrl', urlFor(names[0]!));
  project.provide('seedDatabaseUrl', urlFor(names[1]!));

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      // WITH (FORCE) ends connections the test worker may still hold (PostgreSQL 13+).
      for (const name of names)
        await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    } finally {
      await client.end();
    }
  };
}
