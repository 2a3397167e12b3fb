/**
 * To-dos' SQL on the staff side (spec §7 "To-do lists", "To-do item tags"; docs/todos-tips-images.md): the writes of
 * the coach's lists and tags. The checks, the wiring, the trash and the audit are ./lists.ts's; the reads
 * are ./queries.ts's.
 */
import type { TodoTag } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';

/** A list's fields as staff write them (`position` null: at the end on create, unchanged on update). */
export interface ListFields {
  title: string;
  is_queued: boolean;
  is_under_review: boolean;
  position: number | null;
}

/** Creates a list of the coach (at the end of its lists unless `position` is given); returns its id. */
export async function insertList(
  q: Query,
  scope: { institutionId: number; coachId: number },
  f: ListFields,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into todo_lists (institution_id, coach_id, title, is_queued, is_under_review, position)
     values ($1, $2, $3, $4, $5,
             coalesce($6, (select coalesce(max(position) + 1, 0) from todo_lists where coach_id = $2)))
     returning id`,
    [scope.institutionId, scope.coachId, f.title, f.is_queued, f.is_under_review, f.position],
  );
  return row!.id;
}

/** Replaces the coach's list `listId`'s fields; false when the coach has no such list. */
export async function updateListRow(
  q: Query,
  coachId: number,
  listId: number,
  f: ListFields,
): Promise<boolean> {
  const rows = await q(
    `update todo_lists set title = $3, is_queued = $4, is_under_review = $5,
                           position = coalesce($6, position)
      where coach_id = $1 and id = $2 returning id`,
    [coachId, listId, f.title, f.is_queued, f.is_under_review, f.position],
  );
  return rows.length > 0;
}

/** Deletes the coach's list `listId` (its items cascade); its title, or undefined when there is none. */
export async function deleteListRow(
  q: Query,
  coachId: number,
  listId: number,
): Promise<{ title: string } | undefined> {
  const [row] = await q<{ title: string }>(
    'delete from todo_lists where coach_id = $1 and id = $2 returning title',
    [coachId, listId],
  );
  return row;
}

/** Creates a tag of the coach (a label it has already: the unique violation, SQLSTATE 23505). */
export async function insertTag(
  q: Query,
  scope: { institutionId: number; coachId: number },
  label: string,
): Promise<TodoTag> {
  const [row] = await q<TodoTag>(
    `insert into todo_tags (institution_id, coach_id, label) values ($1, $2, $3) returning id, label`,
    [scope.institutionId, scope.coachId, label],
  );
  return row!;
}

/** The coach's tag `tagId`'s label, locked for the transaction; undefined when there is none. */
export async function lockTag(
  q: Query,
  coachId: number,
  tagId: number,
): Promise<{ label: string } | undefined> {
  const [row] = await q<{ label: string }>(
    'select label from todo_tags where coach_id = $1 and id = $2 for update',
    [coachId, tagId],
  );
  return row;
}

/** Renames the coach's tag (a label it has already: the unique violation). */
export async function renameTag(q: Query, coachId: number, tagId: number, label: string): Promise<TodoTag> {
  const [row] = await q<TodoTag>(
    'update todo_tags set label = $3 where coach_id = $1 and id = $2 returning id, label',
    [coachId, tagId, label],
  );
  return row!;
}

/** Deletes the coach's tag (taken off every item); its label, or undefined when there is none. */
export async function deleteTagRow(
  q: Query,
  coachId: number,
  tagId: number,
): Promise<{ label: string } | undefined> {
  const [row] = await q<{ label: string }>(
    'delete from todo_tags where coach_id = $1 and id = $2 returning label',
    [coachId, tagId],
  );
  return row;
}
