import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore (README "Backup and restore").
 * - Embedded database (PGlite in DATA_DIR/pglite): a gzip'd tarball of the data directory made by
 *   PGlite's `dumpDataDir`, restored with `loadDataDir` into an empty directory.
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` / `pg_restore`, run as child processes when on PATH.
 * The server must not have the embedded database open during either (PGlite has one writer).
 */

/** Thrown for problems the operator can fix (shown without a stack trace by the CLI). */
export class BackupError extends Error {}

/** Whether a directory is missing or empty. */
function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Writes a backup of the embedded database in `dataDir` to `file` (gzip'd tar, parents created).
 * PGlite keeps `postmaster.pid` in the directory while a process has it open and removes it on a
 * clean close, so its presence means a running server (or one that crashed): refused unless `force`.
 * @returns the size of the file in bytes.
 * @throws BackupError when `dataDir` holds no database or is in use.
 */
export async function backupPglite(
  dataDir: string,
  file: string,
  opts: { force?: boolean } = {},
): Promise<number> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database in ${dataDir} (nothing to back up).`);
  }
  if (!opts.force && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new BackupError(
      `The embedded database in ${dataDir} is open (is the server running?). Stop the server first; if it is not running (it crashed), add --force.`,
    );
  }
  const pglite = await PGlite.create(dataDir);
  try {
    // A checkpoint first, so the copied files hold every committed change.
    await pglite.exec('checkpoint');
    const blob = await pglite.dumpDataDir('gzip');
    const bytes = Buffer.from(await blob.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Written next to the target, then renamed: a crash never leaves half a backup under its name.
    const partial = `${file}.partial`;
    fs.writeFileSync(partial, bytes, { mode: 0o600 });
    fs.renameSync(partial, file);
    return bytes.length;
  } finally {
    await pglite.close();
  }
}

/**
 * Restores a backup made by `backupPglite` into `dataDir`. The directory must be missing or empty;
 * with `force` a non-empty one is moved aside to `<dataDir>.before-restore-<time>` first (kept, not
 * deleted). Opens the restored database once to prove it starts.
 * @returns the folder the old data was moved to, if any.
 * @throws BackupError when the file is missing or not a PGlite backup, or the directory is in use.
 */
export async function restorePglite(
  file: string,
  dataDir: string,
  opts: { force?: boolean } = {},
): Promise<{ movedAside: string | null }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  let movedAside: string | null = null;
  if (!isEmptyDir(dataDir)) {
    if (!opts.force) {
      throw new BackupError(
        `${dataDir} already holds a database. Restore into an empty DATA_DIR, or add --force to move the current one aside.`,
      );
    }
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, movedAside);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const data = fs.readFileSync(file);
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create({ dataDir, loadDataDir: new Blob([data]) });
    await pglite.query('select 1');
  } catch (error) {
    await pglite?.close().catch(() => undefined);
    // Leave no half-restored directory behind; put the old one back.
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (movedAside) fs.renameSync(movedAside, dataDir);
    throw new BackupError(`${file} is not a backup of the embedded database (${(error as Error).message}).`);
  }
  await pglite.close();
  return { movedAside };
}

/** Runs a program, collecting stderr; resolves on exit code 0. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${program} is not installed or not on PATH. Install the PostgreSQL client tools (same major version as the server), or run pg_dump yourself (README, "Backup and restore").`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/**
 * Backs up the PostgreSQL database at `url` with `pg_dump -Fc` (custom format: compressed, restorable
 * table by table) into `file`, without owners or privileges so it restores under any role.
 * @throws BackupError when pg_dump is missing or fails.
 */
export async function backupPostgres(url: string, file: string): Promise<number> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${partial}`,
    `--dbname=${url}`,
  ]);
  fs.renameSync(partial, file);
  return fs.statSync(file).size;
}

/**
 * Restores a `pg_dump -Fc` file into the PostgreSQL database at `url` with `pg_restore` in one
 * transaction (all or nothing). The database must have no tables of ours (refused otherwise) unless
 * `force`, which drops what the dump holds before re-creating it (`--clean --if-exists`).
 * @throws BackupError when the database is not empty, the file is missing or pg_restore fails.
 */
export async function restorePostgres(
  file: string,
  url: string,
  hasTables: () => Promise<boolean>,
  opts: { force?: boolean } = {},
): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  if (!opts.force && (await hasTables())) {
    throw new BackupError(
      'The database DATABASE_URL names already has tables. Restore into a new, empty database, or add --force to replace its contents.',
    );
  }
  const args = [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
  ];
  if (opts.force) args.push('--clean', '--if-exists');
  await run('pg_restore', [...args, file]);
}
