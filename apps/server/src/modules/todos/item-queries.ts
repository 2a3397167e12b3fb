/**
 * To-dos' SQL of the item commands (spec §7 "Create to-do item", "Update", "Delete", "Complete"; docs/todos-tips-images.md):
 * the lists and tags an item may name, items with their tags, and students' completions. The checks, the
 * sanitising, the trash and the audit are ./items.ts's; who sees which list is ./access.ts's.
 */
import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import type { todoItems } from '../../db/schema/index.ts';
import { listVisibility } from './access.ts';

/** The list `listId` if the caller sees it (its id), else undefined. */
export async function selectVisibleList(
  q: Query,
  caller: CoachCaller,
  listId: number,
): Promise<number | undefined> {
  const [row] = await q<{ id: number }>(
    `select l.id from todo_lists l where ${listVisibility(caller)} and l.id = $2`,
    [caller.coachId, listId],
  );
  return row?.id;
}

/** The first list the caller sees (by position, then id), or undefined. */
export async function selectFirstVisibleList(q: Query, caller: CoachCaller): Promise<number | undefined> {
  const [row] = await q<{ id: number }>(
    `select l.id from todo_lists l where ${listVisibility(caller)} order by l.position, l.id limit 1`,
    [caller.coachId],
  );
  return row?.id;
}

/** How many of `tagIds` are the coach's tags. */
export async function countCoachTags(q: Query, coachId: number, tagIds: number[]): Promise<number> {
  const [row] = await q<{ n: number }>(
    'select count(*)::int as n from todo_tags where coach_id = $1 and id = any($2::int[])',
    [coachId, tagIds],
  );
  return row?.n ?? 0;
}

/** Replaces the tags of item `itemId` with `tagIds`. */
export async function replaceItemTags(
  q: Query,
  institutionId: number,
  itemId: number,
  tagIds: number[],
): Promise<void> {
  await q('delete from todo_item_tags where item_id = $1', [itemId]);
  if (tagIds.length > 0) {
    await q(
      `insert into todo_item_tags (institution_id, item_id, tag_id)
       select $1, $2, unnest($3::int[])`,
      [institutionId, itemId, tagIds],
    );
  }
}

/** An item's fields as written (`dueDate`: YYYY-MM-DD or null; `listId` null: the owner's own list). */
export interface ItemFields {
  listId: number | null;
  title: string;
  description: string;
  dueDate: string | null;
}

/**
 * Creates an item of the coach at the end of its list (a staff item, or a student's own: `ownerUserId`);
 * returns its id.
 */
export async function insertItemRow(
  q: Query,
  scope: { institutionId: number; coachId: number },
  f: ItemFields,
  by: { staffCreated: boolean; ownerUserId: number | null },
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into todo_items (institution_id, coach_id, todo_list_id, title, description, due_date,
                             staff_created, owner_user_id, position)
     values ($1, $2, $3::int, $4, $5, $6::date, $7, $8,
             coalesce((select max(position) + 1 from todo_items
                        where coach_id = $2 and todo_list_id is not distinct from $3::int
                          and owner_user_id is not distinct from $8::int), 0))
     returning id`,
    [
      scope.institutionId,
      scope.coachId,
      f.listId,
      f.title,
      f.description,
      f.dueDate,
      by.staffCreated,
      by.ownerUserId,
    ],
  );
  return row!.id;
}

/** Who wrote the coach's item `itemId` (staff or a student's own), locked; undefined when there is none. */
export async function lockItem(
  q: Query,
  coachId: number,
  itemId: number,
): Promise<Pick<typeof todoItems.$inferSelect, 'staff_created' | 'owner_user_id'> | undefined> {
  const [row] = await q<{ staff_created: boolean; owner_user_id: number | null }>(
    'select staff_created, owner_user_id from todo_items where coach_id = $1 and id = $2 for update',
    [coachId, itemId],
  );
  return row;
}

/** The list item `itemId` is in (null: its owner's own list), or undefined when there is no such item. */
export async function selectItemList(
  q: Query,
  itemId: number,
): Promise<{ todo_list_id: number | null } | undefined> {
  const [row] = await q<{ todo_list_id: number | null }>(
    'select todo_list_id from todo_items where id = $1',
    [itemId],
  );
  return row;
}

/** Replaces the coach's item `itemId`'s fields. */
export async function updateItemRow(q: Query, coachId: number, itemId: number, f: ItemFields): Promise<void> {
  await q(
    `update todo_items set todo_list_id = $3::int, title = $4, description = $5, due_date = $6::date,
                           updated_at = now()
      where coach_id = $1 and id = $2`,
    [coachId, itemId, f.listId, f.title, f.description, f.dueDate],
  );
}

/** The coach's item `itemId`'s title and owner (null: a staff item), or undefined. */
export async function selectItemTitle(
  q: Query,
  coachId: number,
  itemId: number,
): Promise<{ title: string; owner_user_id: number | null } | undefined> {
  const [row] = await q<{ title: string; owner_user_id: number | null }>(
    'select title, owner_user_id from todo_items where coach_id = $1 and id = $2',
    [coachId, itemId],
  );
  return row;
}

/** Deletes the coach's item `itemId`. */
export async function deleteItemRow(q: Query, coachId: number, itemId: number): Promise<void> {
  await q('delete from todo_items where coach_id = $1 and id = $2', [coachId, itemId]);
}

/** A student's completion of an item as stored. */
export interface CompletionRow {
  id: number;
  item: number;
  completed: boolean;
  completed_at: string | null;
}

/**
 * Sets the user's completion of item `itemId`: completing keeps the first completion time, un-completing
 * clears it.
 */
export async function upsertCompletion(
  q: Query,
  institutionId: number,
  itemId: number,
  userId: number,
  completed: boolean,
): Promise<CompletionRow> {
  const [row] = await q<CompletionRow>(
    `insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at)
     values ($1, $2, $3, $4, case when $4 then now() end)
     on conflict (item_id, user_id) do update
       set completed = excluded.completed,
           completed_at = case when not excluded.completed then null
                               when account_todo_items.completed then account_todo_items.completed_at
                               else now() end
     returning id, item_id as item, completed, completed_at`,
    [institutionId, itemId, userId, completed],
  );
  return row!;
}
