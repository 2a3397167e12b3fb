import type { Query } from '../../db/client.ts';

/**
 * Snapshots of rows about to be deleted, and putting them back (docs/trash.md). A snapshot is a list of
 * parts in the order they must be written back: the rows themselves (`insert`), then, found through the
 * database's own foreign keys, every row their deletion cascades to, and the columns a deletion sets to
 * null (`set`). Rows keep their ids, so a restored item is the item that was deleted.
 */
export interface SnapshotPart {
  table: string;
  mode: 'insert' | 'set';
  rows: Record<string, unknown>[];
  /** `set` only: the columns to put back and the primary key that finds the row. */
  columns?: string[];
  key?: string[];
}

interface ForeignKey {
  child: string;
  action: string;
  child_cols: string[];
  parent_cols: string[];
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** A table or column name as an SQL identifier; throws on anything but a plain lower-case name. */
function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Unexpected identifier ${name}`);
  return `"${name}"`;
}

async function foreignKeysTo(q: Query, table: string): Promise<ForeignKey[]> {
  return q<ForeignKey>(
    `select c.conrelid::regclass::text as child, c.confdeltype::text as action,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_cols,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_cols
       from pg_constraint c
      where c.contype = 'f' and c.confrelid = $1::regclass and c.confdeltype in ('c', 'n')
      order by c.conname`,
    [table],
  );
}

async function primaryKeyOf(q: Query, table: string): Promise<string[]> {
  const [row] = await q<{ cols: string[] }>(
    `select array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols
       from pg_constraint c where c.contype = 'p' and c.conrelid = $1::regclass`,
    [table],
  );
  return row?.cols ?? [];
}

/**
 * Adds to `parts` the rows of `table` matching `where` (an SQL condition on alias `t`, with `params`) and,
 * recursively, the rows their deletion would cascade to or set to null. Call it in the delete's own
 * transaction, before the delete.
 */
export async function captureRows(
  q: Query,
  parts: SnapshotPart[],
  table: string,
  where: string,
  params: unknown[],
  depth = 0,
): Promise<void> {
  if (depth > 8) throw new Error('Snapshot too deep');
  const found = await q<{ r: Record<string, unknown> }>(
    `select row_to_json(t) as r from ${ident(table)} t where ${where}`,
    params,
  );
  if (found.length === 0) return;
  const rows = found.map((f) => f.r);
  parts.push({ table, mode: 'insert', rows });
  for (const fk of await foreignKeysTo(q, table)) {
    const match = fk.child_cols.map((c, i) => `t.${ident(c)} = p.${ident(fk.parent_cols[i]!)}`).join(' and ');
    const childWhere = `exists (select 1 from json_populate_recordset(null::${ident(table)}, $1::json) p where ${match})`;
    if (fk.action === 'c') {
      await captureRows(q, parts, fk.child, childWhere, [JSON.stringify(rows)], depth + 1);
    } else {
      const key = await primaryKeyOf(q, fk.child);
      if (key.length === 0) continue;
      const set = await q<{ r: Record<string, unknown> }>(
        `select json_build_object(${[...key, ...fk.child_cols].map((c) => `'${c}', t.${ident(c)}`).join(', ')}) as r
           from ${ident(fk.child)} t where ${childWhere}`,
        [JSON.stringify(rows)],
      );
      if (set.length > 0) {
        parts.push({ table: fk.child, mode: 'set', rows: set.map((s) => s.r), columns: fk.child_cols, key });
      }
    }
  }
}

/**
 * Drops the rows a snapshot caught twice (a row reached through two of its parents), keeping the last
 * copy: it comes after every parent it references, so the snapshot writes back in a valid order.
 */
export function dedupeSnapshot(parts: SnapshotPart[]): SnapshotPart[] {
  const seen = new Set<string>();
  const out: SnapshotPart[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    const rows = part.rows.filter((row) => {
      const key = `${part.mode}:${part.table}:${JSON.stringify(row)}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    if (rows.length > 0) out.unshift({ ...part, rows });
  }
  return out;
}

/** Writes a snapshot back, part by part in its order. Raises the database's error on a conflict. */
export async function applySnapshot(q: Query, parts: SnapshotPart[]): Promise<void> {
  for (const part of parts) {
    const table = ident(part.table);
    const json = JSON.stringify(part.rows);
    if (part.mode === 'insert') {
      await q(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
    } else {
      const set = (part.columns ?? []).map((c) => `${ident(c)} = p.${ident(c)}`).join(', ');
      const match = (part.key ?? []).map((c) => `t.${ident(c)} = p.${ident(c)}`).join(' and ');
      await q(
        `update ${table} t set ${set} from json_populate_recordset(null::${table}, $1::json) p where ${match}`,
        [json],
      );
    }
  }
}

/** How many rows of `table` a snapshot holds (for "and its 4 items"). */
export function countRows(parts: SnapshotPart[], table: string): number {
  return parts.filter((p) => p.table === table && p.mode === 'insert').reduce((n, p) => n + p.rows.length, 0);
}
