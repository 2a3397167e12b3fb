/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]` (README "Backup and restore").
 * Embedded database (no DATABASE_URL): backs up / restores DATA_DIR/pglite; stop the server first
 * (a backup of an open database is refused unless --force).
 * PostgreSQL (DATABASE_URL set): runs pg_dump -Fc / pg_restore. Exit code 0 on success, 1 with a
 * one-line message otherwise.
 */
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from '../config.ts';
import { BackupError, backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup.ts';
import { openDatabase } from './client.ts';
import { pgliteDir, usePrivateFileModes } from './open.ts';

// Files written from here on (database, backups) are for this user only (DATA_DIR 0700, files 0600).
usePrivateFileModes();

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const fileArg = rest.find((a) => !a.startsWith('--'));

/** The default backup file: backups/course-coach-<UTC time>.<ext> in the repository. */
function defaultFile(ext: string): string {
  const stamp = new Date().toISOString().replace(/[:]/g, '-').replace(/\..+$/, '');
  return path.join(REPO_ROOT, 'backups', `course-coach-${stamp}.${ext}`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const url = config.DATABASE_URL;
  if (command === 'backup') {
    const file = path.resolve(fileArg ?? defaultFile(url ? 'pgdump' : 'tar.gz'));
    const bytes = url
      ? await backupPostgres(url, file)
      : await backupPglite(pgliteDir(config), file, { force });
    console.log(`Backed up the ${url ? 'PostgreSQL' : 'embedded'} database to ${file} (${bytes} bytes).`);
    return;
  }
  if (command === 'restore') {
    if (!fileArg) throw new BackupError('Name the backup file: npm run restore -- <file> [--force]');
    const file = path.resolve(fileArg);
    if (url) {
      const hasTables = async () => {
        const database = await openDatabase({ url, dataDir: 'memory://' });
        try {
          const rows = await database.query(
            `select 1 from information_schema.tables where table_schema = 'public' limit 1`,
          );
          return rows.length > 0;
        } finally {
          await database.close();
        }
      };
      await restorePostgres(file, url, hasTables, { force });
      console.log(`Restored ${file} into the PostgreSQL database.`);
      return;
    }
    const dir = pgliteDir(config);
    const { movedAside } = await restorePglite(file, dir, { force });
    console.log(`Restored ${file} into ${dir}.`);
    if (movedAside) console.log(`The database that was there is kept in ${movedAside}.`);
    return;
  }
  throw new BackupError('Usage: npm run backup [-- <file>] [--force] | npm run restore -- <file> [--force]');
}

try {
  await main();
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error((error as Error).message);
    process.exit(1);
  }
  throw error;
}
