import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Query } from './client.ts';

/** The connection behind each PostgreSQL transaction's query runner (client.ts registers it). */
const clients = new WeakMap<Query, pg.PoolClient>();

/** Records that `q` runs on `client` inside a transaction (db/client.ts, PostgreSQL only). */
export function registerCopyClient(q: Query, client: pg.PoolClient): void {
  clients.set(q, client);
}

/** True when `q` is a PostgreSQL transaction's runner, so {@link copyIn} can stream into it. */
export function canCopy(q: Query): boolean {
  return clients.has(q);
}

/**
 * One field of COPY's text format: `\N` for null, else the text with backslash, tab, newline and
 * carriage return escaped (PostgreSQL "COPY", File Formats, Text Format).
 */
export function copyField(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return v.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/**
 * Streams `chunks` (COPY text format: tab-separated fields, `\n`-terminated lines) into `sql`
 * (`copy <table> (<columns>) from stdin`) on the transaction `q` runs on. PostgreSQL only: throws when
 * `q` is not a PostgreSQL transaction's runner (check {@link canCopy}); a malformed line fails the COPY
 * (and so the transaction) with PostgreSQL's error.
 */
export async function copyIn(q: Query, sql: string, chunks: Iterable<string>): Promise<void> {
  const client = clients.get(q);
  if (!client) throw new Error('COPY needs a PostgreSQL transaction.');
  await pipeline(Readable.from(chunks), client.query(copyFrom(sql)));
}
