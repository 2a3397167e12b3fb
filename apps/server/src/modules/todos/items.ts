/**
 * To-dos: the item commands (spec §7 "Create to-do item", "Update", "Delete", "Complete"): checking an
 * item body against the database, writing items with their tags, and students' completions.
 */
import {
  type AccountItem,
  isoDateFromWire,
  TODO_ERRORS,
  type TodoItem,
  type TodoItemBody,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { sanitizeRichText } from '../../http/html.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { moveToTrash } from '../trash/index.ts';
import {
  countCoachTags,
  deleteItemRow,
  insertItemRow,
  lockItem,
  replaceItemTags,
  selectFirstVisibleList,
  selectItemList,
  selectItemTitle,
  selectVisibleList,
  updateItemRow,
  upsertCompletion,
} from './item-queries.ts';
import { readItem } from './queries.ts';
import { toAccountItem } from './rows.ts';

/**
 * Checks the fields of an item write that need the database and returns what to store:
 * the list (the given one, which must be one the caller sees; else the caller's first list, or for a
 * student without any list, or editing an item of their own list, none: their own list), the
 * tags (all of this coach), the sanitised description and the ISO due date. Throws 400 with field
 * errors, or 403 when a student claims a staff item.
 */
async function checkItemBody(
  query: Query,
  caller: CoachCaller,
  body: TodoItemBody,
  keepOwn = false,
): Promise<{
  listId: number | null;
  tagIds: number[];
  description: string;
  dueDate: string | null;
  title: string;
}> {
  if (!caller.isStaff && body.staff_created === true) throw forbidden(TODO_ERRORS.staffCreatedByStudent);
  const errors: Record<string, string[]> = {};
  if (caller.isStaff && body.staff_created === false) errors.staff_created = [TODO_ERRORS.staffItemsOnly];
  const dueDate = isoDateFromWire(body.due_date);
  if (dueDate === undefined) errors.due_date = [TODO_ERRORS.dueDate];
  let listId: number | null | undefined;
  if (body.todo_list != null) {
    const found = await selectVisibleList(query, caller, body.todo_list);
    if (found !== undefined) listId = found;
    else errors.todo_list = [TODO_ERRORS.unknownList];
  } else if (!caller.isStaff && keepOwn) {
    listId = null;
  } else {
    const first = await selectFirstVisibleList(query, caller);
    if (first !== undefined) listId = first;
    // A student's item goes to their own list when the coach has no list for them (spec §1: a student
    // can always keep their own to-dos); staff items need a list.
    else if (!caller.isStaff) listId = null;
    else errors.todo_list = [TODO_ERRORS.noList];
  }
  const tagIds = [...new Set(body.item_tag_ids ?? [])];
  if (tagIds.length > 0) {
    if ((await countCoachTags(query, caller.coachId, tagIds)) !== tagIds.length)
      errors.item_tag_ids = [TODO_ERRORS.unknownTag];
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return {
    listId: listId ?? null,
    tagIds,
    description: sanitizeRichText(body.description ?? ''),
    dueDate: dueDate ?? null,
    title: body.title.trim(),
  };
}

/** Replaces the tags of item `itemId` with `tagIds` (already checked to be the coach's). */
async function setTags(query: Query, caller: CoachCaller, itemId: number, tagIds: number[]): Promise<void> {
  await replaceItemTags(query, caller.institutionId, itemId, tagIds);
}

/** Inserts a checked item with its tags and returns its id. */
async function insertItem(
  query: Query,
  caller: CoachCaller,
  v: Awaited<ReturnType<typeof checkItemBody>>,
): Promise<number> {
  const id = await insertItemRow(query, caller, v, {
    staffCreated: caller.isStaff,
    ownerUserId: caller.isStaff ? null : caller.userId,
  });
  await setTags(query, caller, id, v.tagIds);
  return id;
}

/**
 * Creates an item (spec §7 "Create to-do item"). A student's item is self-created (owned by them,
 * `staff_created` false; without a list it goes to their own list); a staff member's item is
 * staff-created. One transaction.
 */
export async function createItem(
  database: Database,
  caller: CoachCaller,
  body: TodoItemBody,
): Promise<TodoItem> {
  return database.transaction(async (query) => {
    const v = await checkItemBody(query, caller, body);
    const id = await insertItem(query, caller, v);
    const after = (await readItem(query, caller, id))!;
    await auditStaffItem(query, caller, 'create', id, null, after);
    return after;
  });
}

/**
 * Creates several items in one go ('Add Your Own To-Do Item(s)', spec §2), all or nothing: every item
 * is checked first, and the field errors of item n answer as `items.n.<field>`; nothing is written
 * unless every item is valid. One transaction.
 */
export async function createItems(
  database: Database,
  caller: CoachCaller,
  bodies: TodoItemBody[],
): Promise<TodoItem[]> {
  return database.transaction(async (query) => {
    const checked: Array<Awaited<ReturnType<typeof checkItemBody>>> = [];
    const errors: Record<string, string[]> = {};
    for (const [n, body] of bodies.entries()) {
      try {
        checked.push(await checkItemBody(query, caller, body));
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 400) throw error;
        for (const [field, messages] of Object.entries(error.body as Record<string, string[]>))
          errors[`items.${n}.${field}`] = messages;
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const items: TodoItem[] = [];
    for (const v of checked) {
      const id = await insertItem(query, caller, v);
      const after = (await readItem(query, caller, id))!;
      await auditStaffItem(query, caller, 'create', id, null, after);
      items.push(after);
    }
    return items;
  });
}

/**
 * Finds the item `itemId` of the coach for a write and checks the caller may change it:
 * students only their own items (staff-created ones answer 403, other students' 404), staff only
 * staff-created items (students' own items are private: 404).
 */
async function itemForWrite(query: Query, caller: CoachCaller, itemId: number): Promise<void> {
  const row = await lockItem(query, caller.coachId, itemId);
  if (!row) throw notFound();
  if (caller.isStaff) {
    if (!row.staff_created) throw notFound();
    return;
  }
  if (row.staff_created) {
    // A student sees staff items only in published lists; elsewhere the item does not exist for them.
    const visible = await readItem(query, caller, itemId);
    if (!visible) throw notFound();
    throw forbidden(TODO_ERRORS.readOnly);
  }
  if (row.owner_user_id !== caller.userId) throw notFound();
}

/** Replaces an item's fields and tags (spec §7 "Update: PUT ... with the full item"). */
export async function updateItem(
  database: Database,
  caller: CoachCaller,
  itemId: number,
  body: TodoItemBody,
): Promise<TodoItem> {
  return database.transaction(async (query) => {
    await itemForWrite(query, caller, itemId);
    const before = caller.isStaff ? await readItem(query, caller, itemId) : null;
    // An item of the student's own list stays there unless a list is named.
    const current = await selectItemList(query, itemId);
    const v = await checkItemBody(query, caller, body, current?.todo_list_id === null);
    await updateItemRow(query, caller.coachId, itemId, v);
    await setTags(query, caller, itemId, v.tagIds);
    const after = (await readItem(query, caller, itemId))!;
    await auditStaffItem(query, caller, 'update', itemId, before, after);
    return after;
  });
}

/**
 * Audits a staff member's creation or edit of a staff to-do item (`todo_item.create`, `todo_item.update`,
 * docs/audit-log.md); a student's own items are theirs and never recorded.
 */
async function auditStaffItem(
  query: Query,
  caller: CoachCaller,
  verb: 'create' | 'update',
  itemId: number,
  before: TodoItem | null,
  after: TodoItem,
): Promise<void> {
  if (!caller.isStaff) return;
  const row = (item: TodoItem) => item as unknown as Record<string, unknown>;
  const omit = ['account_item', 'due_date_short', 'tags'];
  await recordAudit(query, {
    kind: 'content',
    action: `todo_item.${verb}`,
    target: `coach ${caller.coachId}, to-do item ${itemId} (${after.title})`,
    ...(before ? auditDiff(row(before), row(after), omit) : { after: auditPick(row(after), omit) }),
  });
}

/** Deletes an item with its tags and completions (spec §7 "Delete"). */
export async function deleteItem(database: Database, caller: CoachCaller, itemId: number): Promise<void> {
  await database.transaction(async (query) => {
    await itemForWrite(query, caller, itemId);
    const item = await selectItemTitle(query, caller.coachId, itemId);
    const own = item?.owner_user_id ?? null;
    await moveToTrash(query, {
      coachId: caller.coachId,
      kind: own === null ? 'todo_item' : 'own_todo',
      itemId,
      ownerUserId: own,
      title: (row) => String(row.title),
      rows: [
        { table: 'todo_items', where: 't.coach_id = $1 and t.id = $2', params: [caller.coachId, itemId] },
      ],
    });
    await deleteItemRow(query, caller.coachId, itemId);
    if (own === null) {
      await recordAudit(query, {
        kind: 'content',
        action: 'todo_item.delete',
        target: `coach ${caller.coachId}, to-do item ${itemId} (${item?.title ?? ''})`,
        before: { title: item?.title ?? '' },
      });
    }
  });
}

/**
 * Records a student's completion of an item they can see (spec §4 "Completing an item", §7 "Complete").
 * `completed` false un-checks it. `completed_at` keeps the first time it was checked while it stays
 * checked. Staff do not complete items (403).
 */
export async function setCompletion(
  database: Database,
  caller: CoachCaller,
  itemId: number,
  completed: boolean,
): Promise<AccountItem> {
  if (caller.isStaff) throw forbidden(TODO_ERRORS.staffCannotComplete);
  return database.transaction(async (query) => {
    const item = await readItem(query, caller, itemId);
    if (!item) throw badRequest({ item: ['Select a valid to-do item.'] });
    const row = await upsertCompletion(query, caller.institutionId, itemId, caller.userId, completed);
    return toAccountItem(row);
  });
}
