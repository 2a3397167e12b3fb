import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { importOulad } from '../src/seed/oulad.ts';
import { postgresAdminUrl } from './file-database.ts';
import { getTestContext, testConfig } from './helpers.ts';

/**
 * `npm run backup` / `npm run restore`: the real CLI, run as a child process, backs
 * a database up and restores it into a fresh one; every table's row count must match the original.
 */

/** Each test runs the CLI (a Node process opening a database) several times: minutes on a busy machine. */
const SLOW = { timeout: 300_000 };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-backup-test-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs the backup CLI (`backup` or `restore`) with `env` over a clean environment. */
function cli(args: string[], env: Record<string, string>) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/db/backup-cli.ts'), ...args],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
      timeout: 120_000,
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Row count of every table in every schema of ours (public, drizzle's, pg-boss's), by `schema.table`. */
async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables = await database.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const ident = `"${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}"`;
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${ident}`);
    counts[`${t.schema}.${t.name}`] = row!.n;
  }
  return counts;
}

describe('embedded database (PGlite)', () => {
  const sourceDataDir = path.join(tmp, 'source');
  const file = path.join(tmp, 'backups', 'embedded.tar.gz');
  let expected: Record<string, number>;

  beforeAll(async () => {
    // A real embedded database as `npm start` leaves it: migrated, with one OULAD presentation.
    const config = testConfig({ DATA_DIR: sourceDataDir });
    const database = await openDatabase({ dataDir: path.join(sourceDataDir, 'pglite') });
    await runMigrations(database);
    await importOulad(database, { dir: config.OULAD_DIR, presentations: ['AAA-2013J'] });
    await database.query(
      `insert into login_failures (key) values ('email:backup-test@example.org'), ('ip:192.0.2.1')`,
    );
    expected = await tableCounts(database);
    await database.close();
  });

  it(
    'backs up DATA_DIR and restores into a fresh DATA_DIR with the same rows in every table',
    SLOW,
    async () => {
      // The fixture is not empty: the comparison below means something.
      expect(expected['public.users']).toBeGreaterThan(300);
      expect(expected['public.login_failures']).toBe(2);
      expect(Object.keys(expected).length).toBeGreaterThan(20);

      const backup = cli(['backup', file], { DATA_DIR: sourceDataDir });
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);
      expect(backup.stdout).toContain(file);
      expect(fs.statSync(file).size).toBeGreaterThan(1000);
      expect(fs.existsSync(`${file}.partial`)).toBe(false);

      const targetDataDir = path.join(tmp, 'restored');
      const restore = cli(['restore', file], { DATA_DIR: targetDataDir });
      expect(restore.stderr).toBe('');
      expect(restore.status).toBe(0);

      const restored = await openDatabase({ dataDir: path.join(targetDataDir, 'pglite') });
      try {
        expect(await tableCounts(restored)).toEqual(expected);
        // And it is a working database, not just the same numbers: a sample of rows matches too.
        const [user] = await restored.query<{ email: string }>(`select email from users where email = $1`, [
          'instructor-aaa-2013j@demo.edu',
        ]);
        expect(user?.email).toBe('instructor-aaa-2013j@demo.edu');
      } finally {
        await restored.close();
      }
    },
  );

  it(
    'refuses to restore over an existing database without --force, and keeps the old one with it',
    SLOW,
    async () => {
      const targetDataDir = path.join(tmp, 'occupied');
      const database = await openDatabase({ dataDir: path.join(targetDataDir, 'pglite') });
      await database.query('create table marker (id int)');
      await database.close();

      const refused = cli(['restore', file], { DATA_DIR: targetDataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/already holds a database.*--force/);
      expect(refused.stderr).not.toMatch(/\bat .+\.ts:\d+/); // a message, not a stack trace
      const untouched = await openDatabase({ dataDir: path.join(targetDataDir, 'pglite') });
      expect(await untouched.query(`select to_regclass('marker')::text as t`)).toEqual([{ t: 'marker' }]);
      await untouched.close();

      const forced = cli(['restore', file, '--force'], { DATA_DIR: targetDataDir });
      expect(forced.status).toBe(0);
      const moved = forced.stdout.match(/kept in (.+)\.$/m)?.[1];
      expect(moved && fs.existsSync(moved)).toBe(true);
      const restored = await openDatabase({ dataDir: path.join(targetDataDir, 'pglite') });
      try {
        expect(await tableCounts(restored)).toEqual(expected);
      } finally {
        await restored.close();
      }
    },
  );

  it('refuses a file that is not a backup and leaves no half-restored directory', SLOW, () => {
    const bogus = path.join(tmp, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'this is not a tarball');
    const targetDataDir = path.join(tmp, 'from-bogus');
    const res = cli(['restore', bogus], { DATA_DIR: targetDataDir });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/not a backup of the embedded database/);
    expect(fs.existsSync(path.join(targetDataDir, 'pglite', 'PG_VERSION'))).toBe(false);

    const missing = cli(['restore', path.join(tmp, 'no-such-file')], { DATA_DIR: targetDataDir });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/No backup file/);
    const nothing = cli(['backup', path.join(tmp, 'x.tar.gz')], { DATA_DIR: path.join(tmp, 'empty') });
    expect(nothing.status).toBe(1);
    expect(nothing.stderr).toMatch(/No embedded database/);
  });

  it('refuses to back up a database a running server has open', SLOW, async () => {
    // This process opens the source database as a server would; the CLI must not copy it meanwhile.
    const open = await openDatabase({ dataDir: path.join(sourceDataDir, 'pglite') });
    try {
      const res = cli(['backup', path.join(tmp, 'while-open.tar.gz')], { DATA_DIR: sourceDataDir });
      expect(res.status).toBe(1);
      expect(res.stderr).toMatch(/is open \(is the server running\?\)/);
      expect(fs.existsSync(path.join(tmp, 'while-open.tar.gz'))).toBe(false);
    } finally {
      await open.close();
    }
  });
});

describe('PostgreSQL (pg_dump / pg_restore)', () => {
  const postgres = postgresAdminUrl();
  const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;

  it(
    'dumps the test database and restores it into a fresh database with the same rows in every table',
    SLOW,
    async (t) => {
      if (!postgres) t.skip('PostgreSQL runs only (npm run test:pg): this run uses PGlite');
      if (!hasPgDump) t.skip('pg_dump is not on PATH: install the PostgreSQL client tools to run this test');
      const ctx = await getTestContext(); // this file's database, with the test presentations
      const url = ctx.config.DATABASE_URL!;
      const expected = await tableCounts(ctx.database);
      expect(expected['public.users']).toBeGreaterThan(1000);

      const file = path.join(tmp, 'backups', 'postgres.pgdump');
      const backup = cli(['backup', file], { DATABASE_URL: url });
      expect(backup.stderr).toBe('');
      expect(backup.status).toBe(0);

      const freshName = `cc_restore_${Date.now()}_${process.pid}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database "${freshName}"`);
      const freshUrl = new URL(url);
      freshUrl.pathname = `/${freshName}`;
      try {
        const restore = cli(['restore', file], { DATABASE_URL: freshUrl.toString() });
        expect(restore.stderr).toBe('');
        expect(restore.status).toBe(0);
        const restored = await openDatabase({ url: freshUrl.toString(), dataDir: 'memory://' });
        try {
          expect(await tableCounts(restored)).toEqual(expected);
        } finally {
          await restored.close();
        }
        // A second restore into the now non-empty database is refused without --force.
        const again = cli(['restore', file], { DATABASE_URL: freshUrl.toString() });
        expect(again.status).toBe(1);
        expect(again.stderr).toMatch(/already has tables.*--force/);
      } finally {
        await admin.query(`drop database if exists "${freshName}" with (force)`);
        await admin.end();
      }
    },
  );
});
