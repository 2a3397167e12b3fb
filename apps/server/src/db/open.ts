import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';

/** The embedded database's folder inside DATA_DIR. */
export const pgliteDir = (config: Config) => path.join(config.DATA_DIR, 'pglite');

/**
 * Opens the database the configuration names: DATABASE_URL, else PGlite under DATA_DIR/pglite.
 * PostgreSQL: keeps trying to connect for DATABASE_CONNECT_TIMEOUT_S, one `log` line per retry.
 * @throws DatabaseUnreachableError when PostgreSQL did not answer in that time.
 */
export function openConfiguredDatabase(config: Config, log?: (message: string) => void): Promise<Database> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: pgliteDir(config),
    connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_S,
    log,
  });
}
