import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, the same type on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** A raw SQL runner shared by both drivers: `$1`-style parameters, rows as plain objects. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  query: Query;
  /** Present on the embedded database. */
  pglite?: PGlite;
  /** Present on a PostgreSQL server. */
  pool?: pg.Pool;
  /**
   * Runs `fn` in one transaction with a raw query runner bound to it: committed when `fn` resolves,
   * rolled back when it throws (the error is re-thrown).
   */
  transaction<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Opens the database: PostgreSQL at `url` when given, else embedded PGlite in `dataDir`
 * (kept between runs; `memory://` for a throwaway one). Creates the parent of `dataDir` first
 * because PGlite fails with ENOENT otherwise.
 */
export async function openDatabase(opts: { url?: string; dataDir: string }): Promise<Database> {
  if (opts.url) {
    // JIT off: the web app's queries are short, and JIT compiling the few with big (often misestimated)
    // costs took longer than running them (bench:coach-activity: 1.4 s of 6.3 s was JIT emission).
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, options: '-c jit=off' });
    // Fail fast with a clear error when the server is unreachable.
    await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      query: async (text, params) => (await pool.query(text, params as unknown[])).rows,
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn(
            async (text, params) => (await client.query(text, params as unknown[])).rows,
          );
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create(opts.dataDir);
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    query: async (text, params) => (await pglite.query(text, params as unknown[])).rows as never,
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn(async (text, params) => (await tx.query(text, params as unknown[])).rows as never),
      ),
    close: () => pglite.close(),
  };
}
