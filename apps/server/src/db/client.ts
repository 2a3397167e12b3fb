import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describeTarget, errorReason, waitForDatabase } from './availability.ts';
import { registerCopyClient } from './copy.ts';
import { namedStatementQuery } from './pglite-statements.ts';
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
 * Which parameterised statements `Database.query` runs as named prepared statements on PostgreSQL. Most of
 * the app's SQL is fixed text with `$n` parameters, and the big reads (the dashboard's activity figures,
 * whose wiring tests expand into many subqueries) took 3–4 times longer to plan than to run (EXPLAIN
 * ANALYZE: 15 ms planning, 4 ms execution for the coach user analytics). A named statement is parsed once
 * per connection, and after five runs PostgreSQL may keep a generic plan (`plan_cache_mode = auto`: only
 * when it is not costlier than the custom ones), so a hot read is no longer planned on every call.
 *
 * A text is named once it has been run `HOT_AFTER` times, and at most `MAX_NAMED` texts are (statements
 * built with literal values would otherwise fill every connection's statement cache); the rest run
 * unnamed, as before. The name is a digest of the text, so one name always means one text (node-postgres
 * refuses a name reused for another text). Answers are the same either way: only the planning differs.
 */
export class PreparedStatementNames {
  static readonly HOT_AFTER = 3;
  static readonly MAX_NAMED = 500;
  private readonly seen = new Map<string, number>();
  private readonly named = new Map<string, string>();

  /** The statement name for `text`, or null while it is not hot yet (or the budget is spent). */
  nameOf(text: string): string | null {
    const name = this.named.get(text);
    if (name) return name;
    if (this.named.size >= PreparedStatementNames.MAX_NAMED) return null;
    const runs = (this.seen.get(text) ?? 0) + 1;
    if (runs < PreparedStatementNames.HOT_AFTER) {
      // Bounded like the names: texts seen once or twice are forgotten when the map is full.
      if (this.seen.size >= PreparedStatementNames.MAX_NAMED * 20) this.seen.clear();
      this.seen.set(text, runs);
      return null;
    }
    this.seen.delete(text);
    const digest = createHash('sha256').update(text).digest('base64url').slice(0, 32);
    const fresh = `cc_${digest}`;
    this.named.set(text, fresh);
    return fresh;
  }
}

/** Options of openDatabase. */
export interface OpenOptions {
  /** A `postgres://` URL: PostgreSQL; unset: embedded PGlite in `dataDir`. */
  url?: string;
  dataDir: string;
  /**
   * PostgreSQL: how long to keep retrying the first connection (DATABASE_CONNECT_TIMEOUT_S); default 0,
   * one attempt.
   */
  connectTimeoutSeconds?: number;
  /** Where the connection's retry and error lines go (default: stderr). */
  log?: (message: string) => void;
  /**
   * PGlite only: start from this copy of a data folder (a tar from PGlite's `dumpDataDir`) instead of
   * creating an empty cluster; about 0.6 s instead of 8 s on two busy cores (the tests' migrated template).
   */
  loadDataDir?: Blob;
}

/**
 * Opens the database: PostgreSQL at `url` when given, else embedded PGlite in `dataDir`
 * (kept between runs; `memory://` for a throwaway one). Creates the parent of `dataDir` first
 * because PGlite fails with ENOENT otherwise.
 *
 * PostgreSQL: waits up to `connectTimeoutSeconds` for the server (db/availability.ts), and survives it
 * going away later: a connection that dies, idle or checked out, is logged and dropped from the pool
 * (never an unhandled 'error' event, which would end the process), queries meanwhile fail with errors
 * isDatabaseUnavailable recognises, and the pool opens new connections once the server is back.
 * @throws DatabaseUnreachableError when the server did not answer in time.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const log = opts.log ?? ((message: string) => console.error(message));
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      // JIT off: the web app's queries are short, and JIT compiling the few with big (often misestimated)
      // costs took longer than running them (bench:coach-activity: 1.4 s of 6.3 s was JIT emission).
      options: '-c jit=off',
      // A server that does not answer (down host, lost network) fails a request after 10 s instead of
      // holding it; TCP keepalive notices connections that died without a word.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // An idle connection that dies (server restart, network cut) is reported here and left out of the
    // pool; without a listener the pool's 'error' event would end the process.
    pool.on('error', (error) => log(`[db] a database connection was lost: ${errorReason(error)}`));
    // pg-pool takes its own error listener off a client while it is checked out (a transaction, the
    // migrations' locked client, Drizzle's transactions): a connection dying then emits 'error' on the
    // client with nobody listening, an uncaught exception. This listener keeps the process up; the
    // client's pending queries fail with the same error, and the pool drops the client when released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    await waitForDatabase(pool, {
      timeoutSeconds: opts.connectTimeoutSeconds ?? 0,
      target: describeTarget(opts.url),
      log,
    }).catch(async (error) => {
      await pool.end().catch(() => undefined);
      throw error;
    });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const statementNames = new PreparedStatementNames();
    return {
      kind: 'postgres',
      db,
      pool,
      query: async (text, params) => {
        const name = params?.length ? statementNames.nameOf(text) : null;
        const result = name
          ? await pool.query({ name, text, values: params as unknown[] })
          : await pool.query(text, params as unknown[]);
        return result.rows;
      },
      transaction: async (fn) => {
        const client = await pool.connect();
        // Set when the connection cannot be trusted any more (its rollback failed): the pool then closes
        // it instead of handing it, maybe still inside the transaction, to the next caller.
        let broken: Error | undefined;
        try {
          await client.query('begin');
          const q: Query = async (text, params) => (await client.query(text, params as unknown[])).rows;
          // COPY into this transaction (db/copy.ts) goes through the same connection.
          registerCopyClient(q, client);
          const result = await fn(q);
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          throw error;
        } finally {
          client.release(broken);
        }
      },
      close: () => pool.end(),
    };
  }
  if (!opts.dataDir.startsWith('memory://')) fs.mkdirSync(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    // Hot parameterised statements as named prepared statements, as on PostgreSQL (./pglite-statements.ts).
    query: namedStatementQuery(pglite, new PreparedStatementNames()) as Query,
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn(async (text, params) => (await tx.query(text, params as unknown[])).rows as never),
      ),
    close: () => pglite.close(),
  };
}
