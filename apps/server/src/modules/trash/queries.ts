/**
 * The trash: the SQL (docs/trash.md). The trash entries of a coach, a student or an institution (listed,
 * locked for a restore, deleted, purged after TRASH_DAYS, recorded by a delete), and the generic
 * statements of the snapshots: the catalog's foreign keys and primary keys, a table's rows as JSON, and
 * writing rows back from JSON. Table and column names come from the code or the catalog, never from a
 * request, and are quoted by `ident`. The rules (what a snapshot holds, the restore's answers, the audit)
 * are the service's (./capture.ts, ./snapshot.ts, ./service.ts).
 */
import type { TrashKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { trashItems } from '../../db/schema/index.ts';
import type { TrashScope } from './service.ts';

type TrashItems = typeof trashItems.$inferSelect;

/**
 * A trash entry as the list and the restore read it, with its days left (`days_left`, from TRASH_DAYS)
 * and whether it is past them (`expired`); `deleted_at` as the driver gives it.
 */
export type TrashRow = Pick<
  TrashItems,
  'id' | 'kind' | 'item_id' | 'parent_id' | 'title' | 'detail' | 'deleted_by_email'
> & {
  deleted_at: TrashItems['deleted_at'] | string;
  days_left: number;
  expired: boolean;
};

/** A trash entry with its snapshot (jsonb: parsed by pg, a string on PGlite when stored as text). */
export type TrashRowWithSnapshot = TrashRow & { snapshot: TrashItems['snapshot'] | string };

/**
 * A foreign key that references a table, from `pg_constraint`: the referencing table, its `on delete`
 * action (`c` cascade, `n` set null) and the columns on both sides in order.
 */
export type ForeignKeyRow = { child: string; action: string; child_cols: string[]; parent_cols: string[] };

/** What `moveToTrash` records about a deleted item. */
export type TrashEntryWrite = {
  /** The coach whose trash it goes to; null: the institution's own trash (`institutionId`). */
  coachId: number | null;
  institutionId?: number;
  kind: TrashKind;
  itemId: number;
  parentId: number | null;
  title: string;
  detail: string;
  ownerUserId: number | null;
  deletedById: number | null;
  deletedByEmail: string;
  /** The snapshot, as JSON text. */
  snapshot: string;
};

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** A table or column name as an SQL identifier; throws on anything but a plain lower-case name. */
export function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Unexpected identifier ${name}`);
  return `"${name}"`;
}

const COACH_SQL = `coach_id = $1 and (($2::int is null and owner_user_id is null)
                    or (owner_user_id = $2::int and kind = 'own_todo'))`;
const INSTITUTION_SQL = `institution_id = $1 and coach_id is null and owner_user_id is null and $2::int is null`;

/** The scope's condition (`$1` its coach or institution, `$2` the owner) and those two parameters. */
function scopeOf(scope: TrashScope): { where: string; params: [number, number | null] } {
  return scope.coachId === null
    ? { where: INSTITUTION_SQL, params: [scope.institutionId, null] }
    : { where: COACH_SQL, params: [scope.coachId, scope.owner] };
}

const FIELDS = `id, kind, item_id, parent_id, title, detail, deleted_by_email, deleted_at,
   greatest(0, $3::int - floor(extract(epoch from now() - deleted_at) / 86400))::int as days_left,
   deleted_at < now() - make_interval(days => $3::int) as expired`;

/**
 * Records a deleted item in its coach's (or institution's) trash, replacing an entry of the same item;
 * `deleted_at` is now.
 */
export async function upsertTrashItem(q: Query, entry: TrashEntryWrite): Promise<void> {
  // A coach's trash names the coach (its institution read from it); the institution's own has no coach.
  const source =
    entry.coachId === null
      ? `select i.id, null::int, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb from institutions i where i.id = $1
         on conflict (institution_id, kind, item_id) where coach_id is null do update`
      : `select c.institution_id, c.id, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb from coaches c where c.id = $1
         on conflict (coach_id, kind, item_id) do update`;
  await q(
    `insert into trash_items (institution_id, coach_id, kind, item_id, parent_id, title, detail, owner_user_id,
                              deleted_by_id, deleted_by_email, snapshot)
     ${source}
       set parent_id = excluded.parent_id, title = excluded.title, detail = excluded.detail,
           owner_user_id = excluded.owner_user_id, deleted_by_id = excluded.deleted_by_id,
           deleted_by_email = excluded.deleted_by_email, deleted_at = now(), snapshot = excluded.snapshot`,
    [
      entry.coachId ?? entry.institutionId,
      entry.kind,
      entry.itemId,
      entry.parentId,
      entry.title,
      entry.detail,
      entry.ownerUserId,
      entry.deletedById,
      entry.deletedByEmail,
      entry.snapshot,
    ],
  );
}

/** Deletes every trash entry older than `days` days (all coaches); how many went. */
export async function deleteExpired(q: Query, days: number): Promise<number> {
  const rows = await q(
    `delete from trash_items where deleted_at < now() - make_interval(days => $1) returning id`,
    [days],
  );
  return rows.length;
}

/** The scope's trash entries, newest first (`days` the days an entry is kept). */
export function selectTrash(q: Query, scope: TrashScope, days: number): Promise<TrashRow[]> {
  const { where, params } = scopeOf(scope);
  return q<TrashRow>(`select ${FIELDS} from trash_items where ${where} order by deleted_at desc, id desc`, [
    ...params,
    days,
  ]);
}

/** The scope's entry of item `itemId` of `kind` with its snapshot, locked for update; undefined when none. */
export async function lockTrashEntry(
  q: Query,
  scope: TrashScope,
  days: number,
  kind: TrashKind,
  itemId: number,
): Promise<TrashRowWithSnapshot | undefined> {
  const { where, params } = scopeOf(scope);
  const [row] = await q<TrashRowWithSnapshot>(
    `select ${FIELDS}, snapshot from trash_items where ${where} and kind = $4 and item_id = $5 for update`,
    [...params, days, kind, itemId],
  );
  return row;
}

/** Deletes trash entry `id` (a restored item's). */
export async function deleteTrashEntry(q: Query, id: number): Promise<void> {
  await q('delete from trash_items where id = $1', [id]);
}

/** The foreign keys referencing `table` whose deletion cascades or sets null, by constraint name. */
export function selectForeignKeysTo(q: Query, table: string): Promise<ForeignKeyRow[]> {
  return q<ForeignKeyRow>(
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

/** The primary key columns of `table`, in order (empty when it has none). */
export async function selectPrimaryKey(q: Query, table: string): Promise<string[]> {
  const [row] = await q<{ cols: string[] }>(
    `select array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols
       from pg_constraint c where c.contype = 'p' and c.conrelid = $1::regclass`,
    [table],
  );
  return row?.cols ?? [];
}

/** The rows of `table` (alias `t`) matching `where` with `params`, each as a JSON object. */
export async function selectRowsAsJson(
  q: Query,
  table: string,
  where: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const found = await q<{ r: Record<string, unknown> }>(
    `select row_to_json(t) as r from ${ident(table)} t where ${where}`,
    params,
  );
  return found.map((f) => f.r);
}

/**
 * The columns `columns` (the primary key first) of the rows of `table` (alias `t`) matching `where`,
 * whose `$1` is `json`; each row as a JSON object.
 */
export async function selectColumnsAsJson(
  q: Query,
  table: string,
  columns: string[],
  where: string,
  json: string,
): Promise<Record<string, unknown>[]> {
  const set = await q<{ r: Record<string, unknown> }>(
    `select json_build_object(${columns.map((c) => `'${c}', t.${ident(c)}`).join(', ')}) as r
           from ${ident(table)} t where ${where}`,
    [json],
  );
  return set.map((s) => s.r);
}

/** Inserts the rows `json` (a JSON array of rows of `name`) as they are, ids included. */
export async function insertRowsFromJson(q: Query, name: string, json: string): Promise<void> {
  const table = ident(name);
  await q(`insert into ${table} select * from json_populate_recordset(null::${table}, $1::json)`, [json]);
}

/**
 * Sets `set` (SQL assignments) on the rows of `name` (alias `t`) that the rows `json` (a JSON array, alias
 * `p`) find by `match` (an SQL condition).
 */
export async function updateRowsFromJson(
  q: Query,
  name: string,
  set: string,
  match: string,
  json: string,
): Promise<void> {
  const table = ident(name);
  await q(
    `update ${table} t set ${set} from json_populate_recordset(null::${table}, $1::json) p where ${match}`,
    [json],
  );
}
