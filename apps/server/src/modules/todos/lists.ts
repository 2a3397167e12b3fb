/**
 * To-dos: the staff commands on lists (with their characteristics wiring, docs/design.md) and on the
 * coach's tags (spec §7 "To-do item tags").
 */
import { TODO_ERRORS, type TodoList, type TodoListBody, type TodoTag } from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { moveToTrash } from '../trash/index.ts';
import { deleteWiring, saveWiring } from '../wiring/index.ts';
import {
  deleteListRow,
  deleteTagRow,
  insertList,
  insertTag,
  type ListFields,
  lockTag,
  renameTag,
  updateListRow,
} from './list-queries.ts';
import { readList } from './queries.ts';

/** Creates a list (staff); audited `todo_list.create` (docs/audit-log.md). */
export async function createList(
  database: Database,
  caller: CoachCaller,
  body: TodoListBody,
): Promise<TodoList> {
  return database.transaction(async (query) => {
    const listId = await insertList(query, caller, listFields(body));
    if (body.characteristics) await saveWiring(query, wiringTarget(caller, listId), body.characteristics);
    const after = (await readList(query, caller, listId))!;
    await recordAudit(query, {
      kind: 'content',
      action: 'todo_list.create',
      target: `coach ${caller.coachId}, to-do list ${listId} (${after.title})`,
      after: auditPick(after as unknown as Record<string, unknown>, ['items']),
    });
    return after;
  });
}

/** Replaces a list's title, flags and position (staff; audited `todo_list.update`); 404 when the coach has no such list. */
export async function updateList(
  database: Database,
  caller: CoachCaller,
  listId: number,
  body: TodoListBody,
): Promise<TodoList> {
  return database.transaction(async (query) => {
    const before = await readList(query, caller, listId);
    if (!(await updateListRow(query, caller.coachId, listId, listFields(body)))) throw notFound();
    if (body.characteristics) await saveWiring(query, wiringTarget(caller, listId), body.characteristics);
    const after = (await readList(query, caller, listId))!;
    await recordAudit(query, {
      kind: 'content',
      action: 'todo_list.update',
      target: `coach ${caller.coachId}, to-do list ${listId} (${after.title})`,
      ...auditDiff(
        (before ?? {}) as unknown as Record<string, unknown>,
        after as unknown as Record<string, unknown>,
        ['items'],
      ),
    });
    return after;
  });
}

/** Deletes a list with all its items, students' own items included (staff). */
export async function deleteList(database: Database, caller: CoachCaller, listId: number): Promise<void> {
  await database.transaction(async (query) => {
    await moveToTrash(query, {
      coachId: caller.coachId,
      kind: 'todo_list',
      itemId: listId,
      title: (row) => String(row.title) || 'No list title',
      rows: [
        { table: 'todo_lists', where: 't.coach_id = $1 and t.id = $2', params: [caller.coachId, listId] },
        {
          table: 'content_characteristics',
          where: 't.coach_id = $1 and t.content_kind = $2 and t.content_id = $3',
          params: [caller.coachId, 'todolist', listId],
        },
      ],
    });
    const deleted = await deleteListRow(query, caller.coachId, listId);
    if (!deleted) throw notFound();
    await recordAudit(query, {
      kind: 'content',
      action: 'todo_list.delete',
      target: `coach ${caller.coachId}, to-do list ${listId} (${deleted.title})`,
      before: { title: deleted.title },
    });
    await deleteWiring(query, caller.coachId, 'todolist', [listId]);
  });
}

/** A list body's stored fields (defaults: no title, not queued, not under review, position as it is). */
function listFields(body: TodoListBody): ListFields {
  return {
    title: body.title ?? '',
    is_queued: body.is_queued ?? false,
    is_under_review: body.is_under_review ?? false,
    position: body.position ?? null,
  };
}

/** The wiring target of a list of the caller's coach. */
function wiringTarget(caller: CoachCaller, listId: number) {
  return {
    institutionId: caller.institutionId,
    coachId: caller.coachId,
    kind: 'todolist' as const,
    contentId: listId,
  };
}

/** Whether `error` is PostgreSQL's unique violation (SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** Creates a tag (staff); 400 when the coach already has the label. */
export async function createTag(database: Database, caller: CoachCaller, label: string): Promise<TodoTag> {
  try {
    return await database.transaction(async (query) => {
      const row = await insertTag(query, caller, label);
      await recordAudit(query, {
        kind: 'content',
        action: 'todo_tag.create',
        target: `coach ${caller.coachId}, tag ${row.id} (${row.label})`,
        after: { label: row.label },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ label: [TODO_ERRORS.duplicateTag] });
    throw error;
  }
}

/** Renames a tag (staff; audited `todo_tag.update`); 404 when the coach has no such tag, 400 for a label it has. */
export async function updateTag(
  database: Database,
  caller: CoachCaller,
  tagId: number,
  label: string,
): Promise<TodoTag> {
  try {
    return await database.transaction(async (query) => {
      const before = await lockTag(query, caller.coachId, tagId);
      if (!before) throw notFound();
      const row = await renameTag(query, caller.coachId, tagId, label);
      await recordAudit(query, {
        kind: 'content',
        action: 'todo_tag.update',
        target: `coach ${caller.coachId}, tag ${tagId} (${row.label})`,
        ...auditDiff(before, { label: row.label }),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ label: [TODO_ERRORS.duplicateTag] });
    throw error;
  }
}

/** Deletes a tag, removing it from every item (staff). */
export async function deleteTag(database: Database, caller: CoachCaller, tagId: number): Promise<void> {
  await database.transaction(async (query) => {
    await moveToTrash(query, {
      coachId: caller.coachId,
      kind: 'todo_tag',
      itemId: tagId,
      title: (row) => String(row.label),
      rows: [{ table: 'todo_tags', where: 't.coach_id = $1 and t.id = $2', params: [caller.coachId, tagId] }],
    });
    const deleted = await deleteTagRow(query, caller.coachId, tagId);
    if (!deleted) throw notFound();
    await recordAudit(query, {
      kind: 'content',
      action: 'todo_tag.delete',
      target: `coach ${caller.coachId}, tag ${tagId} (${deleted.label})`,
      before: { label: deleted.label },
    });
  });
}
