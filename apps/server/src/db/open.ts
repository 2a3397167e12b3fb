import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';

/** The embedded database's folder inside DATA_DIR. */
export const pgliteDir = (config: Config) => path.join(config.DATA_DIR, 'pglite');

/** Opens the database the configuration names: DATABASE_URL, else PGlite under DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({ url: config.DATABASE_URL, dataDir: pgliteDir(config) });
}
