import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';

/** The embedded database's folder inside DATA_DIR. */
export const pgliteDir = (config: Config) => path.join(config.DATA_DIR, 'pglite');

/**
 * Files this process creates are for its own user only (umask 077: folders 0700, files 0600). Called
 * first thing by every entry point that writes under DATA_DIR (server, worker, seed and backup CLIs).
 */
export function usePrivateFileModes(): void {
  process.umask(0o077);
}

/**
 * Makes `dir` private to the server's user: created with mode 0700 (parents too) when missing; when it
 * exists, it and everything below it lose group and world access (folders 0700, files 0600 at most).
 * PGlite writes its files with mode 0666 whatever the umask, so the tree is tightened again after the
 * database is opened; files it adds later stay unreachable to others behind the 0700 DATA_DIR.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) {
      try {
        fs.chmodSync(current, stat.mode & 0o700);
      } catch {
        // Not ours to change (another user's file): left as it is; the 0700 DATA_DIR still shields it.
      }
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(current)) pending.push(path.join(current, name));
    }
  }
}

/**
 * Opens the database the configuration names: DATABASE_URL, else PGlite under DATA_DIR/pglite, with
 * DATA_DIR kept private (`makePrivateDir`: 0700 folders, 0600 files, before and after opening).
 * PostgreSQL: keeps trying to connect for DATABASE_CONNECT_TIMEOUT_S, one `log` line per retry.
 * @throws DatabaseUnreachableError when PostgreSQL did not answer in that time.
 */
export async function openConfiguredDatabase(
  config: Config,
  log?: (message: string) => void,
): Promise<Database> {
  const options = {
    url: config.DATABASE_URL,
    dataDir: pgliteDir(config),
    connectTimeoutSeconds: config.DATABASE_CONNECT_TIMEOUT_S,
    log,
  };
  if (config.DATABASE_URL) return openDatabase(options);
  makePrivateDir(config.DATA_DIR);
  const database = await openDatabase(options);
  makePrivateDir(config.DATA_DIR);
  return database;
}
