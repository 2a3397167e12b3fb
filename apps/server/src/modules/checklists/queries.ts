/**
 * "Getting started" checklists: the SQL (docs/faq-checklists.md). Every statement is limited to the
 * caller's coach, and the reads to the items the caller sees (docs/wiring.md); the rules (clean text, a
 * complete reorder, which answers are errors), the wiring, the audit and the trash are the service's
 * (./service.ts).
 */
import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import type { checklistItems } from '../../db/schema/index.ts';
import { wiringVisibleForSql } from '../wiring/index.ts';

type ChecklistItems = typeof checklistItems.$inferSelect;

/** An item as the caller sees it, without its wiring: the `checklist_items` columns and the caller's tick. */
export type ItemRow = Pick<ChecklistItems, 'id' | 'title' | 'description' | 'position'> & {
  completed: boolean;
};

/** What a deleted item's audit entry keeps. */
export type DeletedItemRow = Pick<ChecklistItems, 'title' | 'description'>;

const ITEM_COLUMNS = `i.id, i.title, i.description, i.position,
  exists (select 1 from account_checklist_items a where a.item_id = i.id and a.user_id = $2) as completed`;

/**
 * SQL condition (alias `i`, `$1` the coach id) for the items the caller sees: staff every item of the
 * coach; a student the unwired ones and those wired to characteristics they match.
 */
function visible(scope: CoachCaller): string {
  if (scope.isStaff) return 'i.coach_id = $1';
  const wired = wiringVisibleForSql(
    'i.id',
    'checklist_item',
    scope.userId,
    scope.institutionId,
    scope.coachId,
  );
  return `i.coach_id = $1 and ${wired}`;
}

/** The coach's items the caller sees, in order (`position`, then id), with the caller's ticks. */
export function selectItems(q: Query, scope: CoachCaller): Promise<ItemRow[]> {
  return q<ItemRow>(
    `select ${ITEM_COLUMNS} from checklist_items i where ${visible(scope)} order by i.position, i.id`,
    [scope.coachId, scope.userId],
  );
}

/** Item `id` as the caller sees it; undefined when there is no such item for them. */
export async function selectItem(q: Query, scope: CoachCaller, id: number): Promise<ItemRow | undefined> {
  const [row] = await q<ItemRow>(
    `select ${ITEM_COLUMNS} from checklist_items i where ${visible(scope)} and i.id = $3`,
    [scope.coachId, scope.userId, id],
  );
  return row;
}

/** Item `id` of the caller's coach, locked for share, when the caller sees it; whether there is one. */
export async function lockVisibleItem(q: Query, scope: CoachCaller, id: number): Promise<boolean> {
  const rows = await q(
    `select i.id from checklist_items i where ${visible(scope)} and i.id = $2 for share of i`,
    [scope.coachId, id],
  );
  return rows.length > 0;
}

/** Adds an item after the coach's last one; the new item's id. */
export async function insertItem(
  q: Query,
  scope: CoachCaller,
  title: string,
  description: string,
): Promise<ChecklistItems['id']> {
  const [row] = await q<Pick<ChecklistItems, 'id'>>(
    `insert into checklist_items (institution_id, coach_id, title, description, position)
     values ($1, $2, $3, $4, (select coalesce(max(position) + 1, 0) from checklist_items where coach_id = $2))
     returning id`,
    [scope.institutionId, scope.coachId, title, description],
  );
  return row!.id;
}

/** Locks the coach's item `id` for update; whether there is one. */
export async function lockItem(q: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await q('select id from checklist_items where coach_id = $1 and id = $2 for update', [
    coachId,
    id,
  ]);
  return rows.length > 0;
}

/** Sets the title and description of the coach's item `id`. */
export async function updateItemRow(
  q: Query,
  coachId: number,
  id: number,
  title: string,
  description: string,
): Promise<void> {
  await q(
    `update checklist_items set title = $3, description = $4, updated_at = now()
      where coach_id = $1 and id = $2`,
    [coachId, id, title, description],
  );
}

/** Deletes the coach's item `id` (its ticks go with it); the deleted row, undefined when there was none. */
export async function deleteItemRow(
  q: Query,
  coachId: number,
  id: number,
): Promise<DeletedItemRow | undefined> {
  const [row] = await q<DeletedItemRow>(
    'delete from checklist_items where coach_id = $1 and id = $2 returning title, description',
    [coachId, id],
  );
  return row;
}

/** The ids of the coach's items in order, locked for update (a reorder's check). */
export async function lockItemIds(q: Query, coachId: number): Promise<number[]> {
  const rows = await q<Pick<ChecklistItems, 'id'>>(
    'select id from checklist_items where coach_id = $1 order by position, id for update',
    [coachId],
  );
  return rows.map((r) => r.id);
}

/** Gives the coach's items `ids` the positions 0, 1, 2… in that order. */
export async function setItemOrder(q: Query, coachId: number, ids: number[]): Promise<void> {
  await q(
    `update checklist_items c set position = o.ord - 1, updated_at = now()
       from unnest($2::int[]) with ordinality as o(id, ord)
      where c.coach_id = $1 and c.id = o.id`,
    [coachId, ids],
  );
}

/** Ticks item `id` for the caller (nothing when it is ticked already). */
export async function insertTick(q: Query, scope: CoachCaller, id: number): Promise<void> {
  await q(
    `insert into account_checklist_items (institution_id, item_id, user_id) values ($1, $2, $3)
     on conflict (item_id, user_id) do nothing`,
    [scope.institutionId, id, scope.userId],
  );
}

/** Unticks item `id` for the caller (nothing when it is not ticked). */
export async function deleteTick(q: Query, scope: CoachCaller, id: number): Promise<void> {
  await q('delete from account_checklist_items where item_id = $1 and user_id = $2', [id, scope.userId]);
}
