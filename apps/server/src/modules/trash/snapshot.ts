import type { Query } from '../../db/client.ts';
import {
  ident,
  insertRowsFromJson,
  selectColumnsAsJson,
  selectForeignKeysTo,
  selectPrimaryKey,
  selectRowsAsJson,
  updateRowsFromJson,
} from './queries.ts';

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
  const rows = await selectRowsAsJson(q, table, where, params);
  if (rows.length === 0) return;
  parts.push({ table, mode: 'insert', rows });
  for (const fk of await selectForeignKeysTo(q, table)) {
    const match = fk.child_cols.map((c, i) => `t.${ident(c)} = p.${ident(fk.parent_cols[i]!)}`).join(' and ');
    const childWhere = `exists (select 1 from json_populate_recordset(null::${ident(table)}, $1::json) p where ${match})`;
    if (fk.action === 'c') {
      await captureRows(q, parts, fk.child, childWhere, [JSON.stringify(rows)], depth + 1);
    } else {
      const key = await selectPrimaryKey(q, fk.child);
      if (key.length === 0) continue;
      const set = await selectColumnsAsJson(
        q,
        fk.child,
        [...key, ...fk.child_cols],
        childWhere,
        JSON.stringify(rows),
      );
      if (set.length > 0) {
        parts.push({ table: fk.child, mode: 'set', rows: set, columns: fk.child_cols, key });
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
    const json = JSON.stringify(part.rows);
    if (part.mode === 'insert') {
      await insertRowsFromJson(q, part.table, json);
    } else {
      const set = (part.columns ?? []).map((c) => `${ident(c)} = p.${ident(c)}`).join(', ');
      const match = (part.key ?? []).map((c) => `t.${ident(c)} = p.${ident(c)}`).join(' and ');
      await updateRowsFromJson(q, part.table, set, match, json);
    }
  }
}

/** How many rows of `table` a snapshot holds (for "and its 4 items"). */
export function countRows(parts: SnapshotPart[], table: string): number {
  return parts.filter((p) => p.table === table && p.mode === 'insert').reduce((n, p) => n + p.rows.length, 0);
}
