import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrl } from './test-config.ts';

/**
 * Each server test file has databases of its own (docs/testing.md "Each file its own database"): copies of
 * the run's templates (test/global-setup.ts), so files run in any order and side by side, and nothing one
 * file writes is seen by another. `file-setup.ts` closes and removes a file's databases when it ends.
 */

/** Which template a copy starts from: every migration applied (`migrated`), plus the OULAD test presentations (`seeded`). */
export type Template = 'migrated' | 'seeded';

/** A database of this file: open, migrated; `url` is its PostgreSQL URL, '' on PGlite (in memory). */
export interface FileDatabase {
  database: Database;
  url: string;
}

/** True when this run's databases are on a PostgreSQL server (DATABASE_URL set), false on PGlite. */
export function onPostgres(): boolean {
  return inject('testDatabases').kind === 'postgres';
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const dumps = new Map<string, Promise<Blob>>();
const opened: Database[] = [];
const created: string[] = [];
let copies = 0;

/**
 * A new empty PostgreSQL database of this file, copied from `template` (a template of this run), or on PGlite
 * nothing: returns its URL ('' on PGlite). For suites that hand the URL to processes of their own.
 */
export async function createFileDatabaseUrl(template: Template): Promise<string> {
  const run = inject('testDatabases');
  if (run.kind === 'pglite') return '';
  const name = `${run.prefix}_f${process.pid}_${++copies}`;
  const admin = new pg.Client({ connectionString: run.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(run.templates[template])}`);
  } finally {
    await admin.end();
  }
  created.push(name);
  return databaseUrl(run.adminUrl, name);
}

/**
 * Opens a copy of `template` for this file: on PGlite the template's dump loaded into memory (about 1 s
 * for `seeded`), on PostgreSQL `CREATE DATABASE … TEMPLATE` (about 0.1 s). Migrations are checked (none
 * run: the template has them all). Closed (and dropped) when the file ends; closing it earlier is fine.
 */
export async function openFileDatabase(template: Template): Promise<FileDatabase> {
  const run = inject('testDatabases');
  let database: Database;
  let url = '';
  if (run.kind === 'pglite') {
    const path = run.dumps[template];
    if (!dumps.has(path))
      dumps.set(
        path,
        readFile(path).then((bytes) => new Blob([bytes])),
      );
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: await dumps.get(path)! });
  } else {
    url = await createFileDatabaseUrl(template);
    database = await openDatabase({ url, dataDir: 'memory://' });
  }
  opened.push(database);
  await runMigrations(database);
  return { database, url };
}

/** Closes every database this file opened and drops the PostgreSQL ones it created (file-setup.ts). */
export async function closeFileDatabases(): Promise<void> {
  for (const database of opened.splice(0)) await database.close().catch(() => undefined);
  const names = created.splice(0);
  if (names.length === 0) return;
  const run = inject('testDatabases');
  if (run.kind !== 'postgres') return;
  const admin = new pg.Client({ connectionString: run.adminUrl });
  await admin.connect();
  try {
    // WITH (FORCE): a worker process the file started may still hold a connection.
    for (const name of names) await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The PostgreSQL server this run creates its databases on (DATABASE_URL as given), or '' on PGlite: for
 * suites that make and drop databases of their own (a worker process's, a restore's).
 */
export function postgresAdminUrl(): string {
  const run = inject('testDatabases');
  return run.kind === 'postgres' ? run.adminUrl : '';
}
