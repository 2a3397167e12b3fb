/**
 * A throwaway database for one benchmark run, migrated and closed (and, on PostgreSQL, dropped)
 * whatever the benchmark does.
 *
 * - `engine: 'postgres'` (default): a database named `cc_bench_<name>_<ms>` is created on the server
 *   `DATABASE_URL` names (default postgres://postgres@127.0.0.1:5432/test), used, then dropped
 *   `with (force)`. Nothing in the database DATABASE_URL names is touched.
 * - `engine: 'pglite'`: embedded PGlite in memory.
 */
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';

/** The PostgreSQL server benchmarks create their scratch databases on. */
export const benchServerUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `admin` SQL on the bench server's connection database (create/drop database). */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: benchServerUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Opens a migrated scratch database, calls `fn` with it and returns what `fn` returns; the database is
 * closed and (PostgreSQL) dropped afterwards, also when `fn` throws. `name` is a short lower-case tag
 * (letters, digits, `_`) that goes into the database name.
 */
export async function withScratchDatabase<T>(
  name: string,
  fn: (database: Database) => Promise<T>,
  engine: 'postgres' | 'pglite' = 'postgres',
): Promise<T> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`scratch database tag must match [a-z0-9_]+: ${name}`);
  if (engine === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await runMigrations(database);
      return await fn(database);
    } finally {
      await database.close();
    }
  }
  const dbName = `cc_bench_${name}_${Date.now()}`;
  await onServer(`create database ${dbName}`);
  const u = new URL(benchServerUrl);
  u.pathname = `/${dbName}`;
  const database = await openDatabase({ url: u.toString(), dataDir: '' });
  try {
    await runMigrations(database);
    return await fn(database);
  } finally {
    await database.close();
    await onServer(`drop database ${dbName} with (force)`);
  }
}
