import {
  type AccountItem,
  API,
  isoDateFromWire,
  shortDueDate,
  TODO_ERRORS,
  TODO_UI_TEXTS,
  type TodoItem,
  type TodoItemBody,
  type TodoList,
  type TodoListBody,
  type TodoListPage,
  type TodoTag,
} from '@course-coach/contracts';
import type { CoachContext } from '../../auth/access.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors.ts';
import { sanitizeRichText } from '../../http/html.ts';
import { deleteWiring, loadWiring, saveWiring, wiringVisibleForSql } from '../wiring/service.ts';

/**
 * Who is asking, as far as to-dos care (spec §6, docs/design.md Roles): staff (instructors of the coach,
 * institution staff and admins) manage lists, staff-created items and tags and see every list;
 * students see the published lists (neither queued nor under review), the staff-created items and
 * their own items in them, and only their own completions.
 */
export interface TodoCaller {
  coachId: number;
  institutionId: number;
  userId: number;
  isStaff: boolean;
}

/** Builds the caller from the guard's coach context. */
export function todoCaller(coach: CoachContext, userId: number): TodoCaller {
  return {
    coachId: coach.coachId,
    institutionId: coach.institutionId,
    userId,
    isStaff: coach.institutionRole !== null || coach.coachRole === 'instructor',
  };
}

/**
 * SQL condition (on alias `l`) for the lists the caller may see; `$1` is the coach id. A student sees
 * only the published lists meant for them: unwired, or wired to characteristics they match.
 */
function listVisibility(caller: TodoCaller): string {
  return caller.isStaff
    ? 'l.coach_id = $1'
    : `l.coach_id = $1 and not l.is_queued and not l.is_under_review
       and ${wiringVisibleForSql('l.id', 'todolist', caller.userId, caller.institutionId, caller.coachId)}`;
}

/** SQL condition (on alias `i`) for the items the caller may see; `$2` is the caller's user id. */
function itemVisibility(caller: TodoCaller): string {
  return caller.isStaff ? 'i.staff_created' : '(i.staff_created or i.owner_user_id = $2)';
}

interface ItemRow {
  id: number;
  title: string;
  description: string;
  due_date: string | null;
  todo_list: number | null;
  staff_created: boolean;
  tags: TodoTag[] | null;
  account_item: Array<{ id: number; item: number; completed: boolean; completed_at: string | null }> | null;
}

const ITEM_COLUMNS = `
  i.id, i.title, i.description, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.todo_list_id as todo_list,
  i.staff_created,
  (select json_agg(json_build_object('id', t.id, 'label', t.label) order by t.label, t.id)
     from todo_item_tags it join todo_tags t on t.id = it.tag_id where it.item_id = i.id) as tags,
  (select json_agg(json_build_object('id', a.id, 'item', a.item_id, 'completed', a.completed,
                                     'completed_at', a.completed_at))
     from account_todo_items a where a.item_id = i.id and a.user_id = $2) as account_item`;

const ITEM_ORDER = 'i.position, i.due_date nulls last, i.id';

function toItem(row: ItemRow): TodoItem {
  const tags = row.tags ?? [];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    due_date: row.due_date,
    due_date_short: shortDueDate(row.due_date),
    todo_list: row.todo_list,
    staff_created: row.staff_created,
    account_item: (row.account_item ?? []).map(toAccountItem),
    tags,
    item_tag_ids: tags.map((t) => t.id),
  };
}

function toAccountItem(a: {
  id: number;
  item: number;
  completed: boolean;
  completed_at: string | Date | null;
}): AccountItem {
  return {
    id: a.id,
    item: a.item,
    completed: a.completed,
    completed_at: a.completed_at ? new Date(a.completed_at).toISOString() : null,
  };
}

interface ListRow {
  id: number;
  coach: number;
  title: string;
  is_queued: boolean;
  is_under_review: boolean;
  position: number;
}

const LIST_COLUMNS = 'l.id, l.coach_id as coach, l.title, l.is_queued, l.is_under_review, l.position';

async function itemsOfLists(
  query: Query,
  caller: TodoCaller,
  listIds: number[],
): Promise<Map<number, TodoItem[]>> {
  const byList = new Map<number, TodoItem[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return byList;
  const rows = await query<ItemRow>(
    `select ${ITEM_COLUMNS} from todo_items i
      where i.coach_id = $1 and i.todo_list_id = any($3::int[]) and ${itemVisibility(caller)}
      order by ${ITEM_ORDER}`,
    [caller.coachId, caller.userId, listIds],
  );
  for (const row of rows) byList.get(row.todo_list!)?.push(toItem(row));
  return byList;
}

/**
 * One page of the caller's to-do lists (spec §7 "To-do list: GET the list URL with query page"):
 * `page_size` lists (1 by default: the card shows one list at a time) with their items, and the
 * URLs of the next and previous pages, or null. Lists run in `position` order, then by id.
 *
 * @returns null when the page is past the last one (answered as 404, as Django REST Framework does).
 */
export async function listPage(
  database: Database,
  caller: TodoCaller,
  page: number,
  pageSize: number,
): Promise<TodoListPage | null> {
  const [counts] = await database.query<{ lists: number; own: number }>(
    `select (select count(*)::int from todo_lists l where ${listVisibility(caller)}) as lists,
            (select count(*)::int from todo_items i
              where i.coach_id = $1 and i.todo_list_id is null and i.owner_user_id = $2 and $3) as own`,
    [caller.coachId, caller.userId, !caller.isStaff],
  );
  const staffLists = counts?.lists ?? 0;
  // A student's items in no staff list make one more list, after the staff lists (spec §1: a student
  // can always keep their own to-dos, even in a coach without a staff list).
  const hasOwn = (counts?.own ?? 0) > 0;
  const count = staffLists + (hasOwn ? 1 : 0);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (page > pages) return null;
  const offset = (page - 1) * pageSize;
  const rows = await database.query<ListRow>(
    `select ${LIST_COLUMNS} from todo_lists l where ${listVisibility(caller)}
      order by l.position, l.id limit $2 offset $3`,
    [caller.coachId, pageSize, offset],
  );
  const items = await itemsOfLists(
    database.query,
    caller,
    rows.map((l) => l.id),
  );
  const results: TodoList[] = rows.map((l) => ({ ...l, items: items.get(l.id) ?? [] }));
  if (hasOwn && offset + pageSize > staffLists) results.push(await ownList(database.query, caller));
  const url = (p: number) =>
    `${API.todoLists(caller.coachId)}?page=${p}${pageSize !== 1 ? `&page_size=${pageSize}` : ''}`;
  return {
    count,
    page,
    next: page < pages ? url(page + 1) : null,
    previous: page > 1 ? url(page - 1) : null,
    results,
  };
}

/** The student's own list: their items that are in no staff list (id 0, `own` true). */
async function ownList(query: Query, caller: TodoCaller): Promise<TodoList> {
  const rows = await query<ItemRow>(
    `select ${ITEM_COLUMNS} from todo_items i
      where i.coach_id = $1 and i.todo_list_id is null and i.owner_user_id = $2
      order by ${ITEM_ORDER}`,
    [caller.coachId, caller.userId],
  );
  return {
    id: 0,
    coach: caller.coachId,
    title: TODO_UI_TEXTS.ownListTitle,
    is_queued: false,
    is_under_review: false,
    position: 0,
    own: true,
    items: rows.map(toItem),
  };
}

/** One list the caller may see, with its items; null when there is none. */
export async function getList(
  database: Database,
  caller: TodoCaller,
  listId: number,
): Promise<TodoList | null> {
  return readList(database.query, caller, listId);
}

async function readList(query: Query, caller: TodoCaller, listId: number): Promise<TodoList | null> {
  const [list] = await query<ListRow>(
    `select ${LIST_COLUMNS} from todo_lists l where ${listVisibility(caller)} and l.id = $2`,
    [caller.coachId, listId],
  );
  if (!list) return null;
  const items = await itemsOfLists(query, caller, [list.id]);
  if (!caller.isStaff) return { ...list, items: items.get(list.id) ?? [] };
  const wiring = await loadWiring(query, caller.coachId, 'todolist', [list.id]);
  return { ...list, items: items.get(list.id) ?? [], characteristics: wiring.get(list.id) ?? [] };
}

/** One item the caller may see; null when there is none. */
export async function getItem(
  database: Database,
  caller: TodoCaller,
  itemId: number,
): Promise<TodoItem | null> {
  return readItem(database.query, caller, itemId);
}

async function readItem(query: Query, caller: TodoCaller, itemId: number): Promise<TodoItem | null> {
  // A student's own items may be in no list (their own list, see ownList).
  const [row] = await query<ItemRow>(
    `select ${ITEM_COLUMNS} from todo_items i
       left join todo_lists l on l.id = i.todo_list_id
      where i.id = $3 and i.coach_id = $1
        and ((l.id is not null and ${listVisibility(caller)} and ${itemVisibility(caller)})
             or (i.todo_list_id is null and not i.staff_created and i.owner_user_id = $2 and $4))`,
    [caller.coachId, caller.userId, itemId, !caller.isStaff],
  );
  return row ? toItem(row) : null;
}

/** The coach's tags, by label (spec §7 "To-do item tags": the form's checkbox options). */
export async function listTags(database: Database, coachId: number): Promise<TodoTag[]> {
  return database.query<TodoTag>('select id, label from todo_tags where coach_id = $1 order by label, id', [
    coachId,
  ]);
}

/**
 * Checks the fields of an item write that need the database and returns what to store:
 * the list (the given one, which must be one the caller sees; else the caller's first list, or for a
 * student without any list, or editing an item of their own list, none: their own list), the
 * tags (all of this coach), the sanitised description and the ISO due date. Throws 400 with field
 * errors, or 403 when a student claims a staff item.
 */
async function checkItemBody(
  query: Query,
  caller: TodoCaller,
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
    const [row] = await query<{ id: number }>(
      `select l.id from todo_lists l where ${listVisibility(caller)} and l.id = $2`,
      [caller.coachId, body.todo_list],
    );
    if (row) listId = row.id;
    else errors.todo_list = [TODO_ERRORS.unknownList];
  } else if (!caller.isStaff && keepOwn) {
    listId = null;
  } else {
    const [row] = await query<{ id: number }>(
      `select l.id from todo_lists l where ${listVisibility(caller)} order by l.position, l.id limit 1`,
      [caller.coachId],
    );
    if (row) listId = row.id;
    // A student's item goes to their own list when the coach has no list for them (spec §1: a student
    // can always keep their own to-dos); staff items need a list.
    else if (!caller.isStaff) listId = null;
    else errors.todo_list = [TODO_ERRORS.noList];
  }
  const tagIds = [...new Set(body.item_tag_ids ?? [])];
  if (tagIds.length > 0) {
    const [row] = await query<{ n: number }>(
      'select count(*)::int as n from todo_tags where coach_id = $1 and id = any($2::int[])',
      [caller.coachId, tagIds],
    );
    if ((row?.n ?? 0) !== tagIds.length) errors.item_tag_ids = [TODO_ERRORS.unknownTag];
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

async function setTags(query: Query, caller: TodoCaller, itemId: number, tagIds: number[]): Promise<void> {
  await query('delete from todo_item_tags where item_id = $1', [itemId]);
  if (tagIds.length > 0) {
    await query(
      `insert into todo_item_tags (institution_id, item_id, tag_id)
       select $1, $2, unnest($3::int[])`,
      [caller.institutionId, itemId, tagIds],
    );
  }
}

/** Inserts a checked item with its tags and returns its id. */
async function insertItem(
  query: Query,
  caller: TodoCaller,
  v: Awaited<ReturnType<typeof checkItemBody>>,
): Promise<number> {
  const [row] = await query<{ id: number }>(
    `insert into todo_items (institution_id, coach_id, todo_list_id, title, description, due_date,
                             staff_created, owner_user_id, position)
     values ($1, $2, $3::int, $4, $5, $6::date, $7, $8,
             coalesce((select max(position) + 1 from todo_items
                        where coach_id = $2 and todo_list_id is not distinct from $3::int
                          and owner_user_id is not distinct from $8::int), 0))
     returning id`,
    [
      caller.institutionId,
      caller.coachId,
      v.listId,
      v.title,
      v.description,
      v.dueDate,
      caller.isStaff,
      caller.isStaff ? null : caller.userId,
    ],
  );
  await setTags(query, caller, row!.id, v.tagIds);
  return row!.id;
}

/**
 * Creates an item (spec §7 "Create to-do item"). A student's item is self-created (owned by them,
 * `staff_created` false; without a list it goes to their own list); a staff member's item is
 * staff-created. One transaction.
 */
export async function createItem(
  database: Database,
  caller: TodoCaller,
  body: TodoItemBody,
): Promise<TodoItem> {
  return database.transaction(async (query) => {
    const v = await checkItemBody(query, caller, body);
    const id = await insertItem(query, caller, v);
    return (await readItem(query, caller, id))!;
  });
}

/**
 * Creates several items in one go ('Add Your Own To-Do Item(s)', spec §2), all or nothing: every item
 * is checked first, and the field errors of item n answer as `items.n.<field>`; nothing is written
 * unless every item is valid. One transaction.
 */
export async function createItems(
  database: Database,
  caller: TodoCaller,
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
    for (const v of checked) items.push((await readItem(query, caller, await insertItem(query, caller, v)))!);
    return items;
  });
}

/**
 * Finds the item `itemId` of the coach for a write and checks the caller may change it:
 * students only their own items (staff-created ones answer 403, other students' 404), staff only
 * staff-created items (students' own items are private: 404).
 */
async function itemForWrite(query: Query, caller: TodoCaller, itemId: number): Promise<void> {
  const [row] = await query<{ staff_created: boolean; owner_user_id: number | null }>(
    'select staff_created, owner_user_id from todo_items where coach_id = $1 and id = $2 for update',
    [caller.coachId, itemId],
  );
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
  caller: TodoCaller,
  itemId: number,
  body: TodoItemBody,
): Promise<TodoItem> {
  return database.transaction(async (query) => {
    await itemForWrite(query, caller, itemId);
    // An item of the student's own list stays there unless a list is named.
    const [current] = await query<{ todo_list_id: number | null }>(
      'select todo_list_id from todo_items where id = $1',
      [itemId],
    );
    const v = await checkItemBody(query, caller, body, current?.todo_list_id === null);
    await query(
      `update todo_items set todo_list_id = $3::int, title = $4, description = $5, due_date = $6::date,
                             updated_at = now()
        where coach_id = $1 and id = $2`,
      [caller.coachId, itemId, v.listId, v.title, v.description, v.dueDate],
    );
    await setTags(query, caller, itemId, v.tagIds);
    return (await readItem(query, caller, itemId))!;
  });
}

/** Deletes an item with its tags and completions (spec §7 "Delete"). */
export async function deleteItem(database: Database, caller: TodoCaller, itemId: number): Promise<void> {
  await database.transaction(async (query) => {
    await itemForWrite(query, caller, itemId);
    await query('delete from todo_items where coach_id = $1 and id = $2', [caller.coachId, itemId]);
  });
}

/**
 * Records a student's completion of an item they can see (spec §4 "Completing an item", §7 "Complete").
 * `completed` false un-checks it. `completed_at` keeps the first time it was checked while it stays
 * checked. Staff do not complete items (403).
 */
export async function setCompletion(
  database: Database,
  caller: TodoCaller,
  itemId: number,
  completed: boolean,
): Promise<AccountItem> {
  if (caller.isStaff) throw forbidden(TODO_ERRORS.staffCannotComplete);
  return database.transaction(async (query) => {
    const item = await readItem(query, caller, itemId);
    if (!item) throw badRequest({ item: ['Select a valid to-do item.'] });
    const [row] = await query<{ id: number; item: number; completed: boolean; completed_at: string | null }>(
      `insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at)
       values ($1, $2, $3, $4, case when $4 then now() end)
       on conflict (item_id, user_id) do update
         set completed = excluded.completed,
             completed_at = case when not excluded.completed then null
                                 when account_todo_items.completed then account_todo_items.completed_at
                                 else now() end
       returning id, item_id as item, completed, completed_at`,
      [caller.institutionId, itemId, caller.userId, completed],
    );
    return toAccountItem(row!);
  });
}

/** Creates a list (staff). */
export async function createList(
  database: Database,
  caller: TodoCaller,
  body: TodoListBody,
): Promise<TodoList> {
  return database.transaction(async (query) => {
    const [row] = await query<{ id: number }>(
      `insert into todo_lists (institution_id, coach_id, title, is_queued, is_under_review, position)
       values ($1, $2, $3, $4, $5,
               coalesce($6, (select coalesce(max(position) + 1, 0) from todo_lists where coach_id = $2)))
       returning id`,
      [
        caller.institutionId,
        caller.coachId,
        body.title ?? '',
        body.is_queued ?? false,
        body.is_under_review ?? false,
        body.position ?? null,
      ],
    );
    if (body.characteristics) await saveWiring(query, wiringTarget(caller, row!.id), body.characteristics);
    return (await readList(query, caller, row!.id))!;
  });
}

/** Replaces a list's title, flags and position (staff); 404 when the coach has no such list. */
export async function updateList(
  database: Database,
  caller: TodoCaller,
  listId: number,
  body: TodoListBody,
): Promise<TodoList> {
  return database.transaction(async (query) => {
    const rows = await query(
      `update todo_lists set title = $3, is_queued = $4, is_under_review = $5,
                             position = coalesce($6, position)
        where coach_id = $1 and id = $2 returning id`,
      [
        caller.coachId,
        listId,
        body.title ?? '',
        body.is_queued ?? false,
        body.is_under_review ?? false,
        body.position ?? null,
      ],
    );
    if (rows.length === 0) throw notFound();
    if (body.characteristics) await saveWiring(query, wiringTarget(caller, listId), body.characteristics);
    return (await readList(query, caller, listId))!;
  });
}

/** Deletes a list with all its items, students' own items included (staff). */
export async function deleteList(database: Database, caller: TodoCaller, listId: number): Promise<void> {
  await database.transaction(async (query) => {
    const rows = await query('delete from todo_lists where coach_id = $1 and id = $2 returning id', [
      caller.coachId,
      listId,
    ]);
    if (rows.length === 0) throw notFound();
    await deleteWiring(query, caller.coachId, 'todolist', [listId]);
  });
}

/** The wiring target of a list of the caller's coach. */
function wiringTarget(caller: TodoCaller, listId: number) {
  return {
    institutionId: caller.institutionId,
    coachId: caller.coachId,
    kind: 'todolist' as const,
    contentId: listId,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** Creates a tag (staff); 400 when the coach already has the label. */
export async function createTag(database: Database, caller: TodoCaller, label: string): Promise<TodoTag> {
  try {
    const [row] = await database.query<TodoTag>(
      `insert into todo_tags (institution_id, coach_id, label) values ($1, $2, $3) returning id, label`,
      [caller.institutionId, caller.coachId, label],
    );
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ label: [TODO_ERRORS.duplicateTag] });
    throw error;
  }
}

/** Renames a tag (staff). */
export async function updateTag(
  database: Database,
  caller: TodoCaller,
  tagId: number,
  label: string,
): Promise<TodoTag> {
  let rows: TodoTag[];
  try {
    rows = await database.query<TodoTag>(
      'update todo_tags set label = $3 where coach_id = $1 and id = $2 returning id, label',
      [caller.coachId, tagId, label],
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ label: [TODO_ERRORS.duplicateTag] });
    throw error;
  }
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Deletes a tag, removing it from every item (staff). */
export async function deleteTag(database: Database, caller: TodoCaller, tagId: number): Promise<void> {
  const rows = await database.query('delete from todo_tags where coach_id = $1 and id = $2 returning id', [
    caller.coachId,
    tagId,
  ]);
  if (rows.length === 0) throw notFound();
}
