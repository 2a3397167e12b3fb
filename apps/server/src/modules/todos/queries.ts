/**
 * To-dos: the reads (spec §7 "To-do list", "To-do item tags"): pages of lists, one list, one item, the
 * coach's tags and the caller's next to-do for the home page (docs/homepage.md), each limited to what the
 * caller may see (./access.ts).
 */
import {
  API,
  TODO_UI_TEXTS,
  type TodoItem,
  type TodoList,
  type TodoListPage,
  type TodoTag,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import type { todoItems } from '../../db/schema/index.ts';
import { loadWiring } from '../wiring/index.ts';
import { itemVisibility, listVisibility, readableItemSql } from './access.ts';
import { ITEM_COLUMNS, ITEM_ORDER, type ItemRow, LIST_COLUMNS, type ListRow, toItem } from './rows.ts';

/** The items the caller may see of the lists `listIds`, by list id (every id present). */
async function itemsOfLists(
  query: Query,
  caller: CoachCaller,
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

/** A row of `listPage`'s statement: the counts, and a list of the page (all null when the page has none). */
type PageRow = { lists: number; own: number } & (ListRow | { [K in keyof ListRow]: null });

/**
 * One page of the caller's to-do lists (spec §7 "To-do list: GET the list URL with query page"):
 * `page_size` lists (1 by default: the card shows one list at a time) with their items, and the
 * URLs of the next and previous pages, or null. Lists run in `position` order, then by id.
 *
 * @returns null when the page is past the last one (answered as 404, as Django REST Framework does).
 */
export async function listPage(
  database: Database,
  caller: CoachCaller,
  page: number,
  pageSize: number,
): Promise<TodoListPage | null> {
  const offset = (Math.max(1, page) - 1) * pageSize;
  // One statement for the counts and the page: the visibility test (the student's values against each
  // list's wiring) is planned once, not once for the count and again for the page. A page past the end
  // still answers one row, with the counts and no list (the left join).
  const found = await database.query<PageRow>(
    `with visible as materialized (select ${LIST_COLUMNS} from todo_lists l where ${listVisibility(caller)}),
          counts as (
            select (select count(*)::int from visible) as lists,
                   (select count(*)::int from todo_items i
                     where i.coach_id = $1 and i.todo_list_id is null and i.owner_user_id = $2 and $3) as own)
     select counts.lists, counts.own, p.*
       from counts left join lateral (select * from visible order by position, id limit $4 offset $5) p on true`,
    [caller.coachId, caller.userId, !caller.isStaff, pageSize, offset],
  );
  const staffLists = found[0]?.lists ?? 0;
  // A student's items in no staff list make one more list, after the staff lists (spec §1: a student
  // can always keep their own to-dos, even in a coach without a staff list).
  const hasOwn = (found[0]?.own ?? 0) > 0;
  const count = staffLists + (hasOwn ? 1 : 0);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (page > pages) return null;
  const rows: ListRow[] = found
    .filter((r): r is PageRow & { id: number } => r.id !== null)
    .map(({ lists: _lists, own: _own, ...list }) => list);
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
async function ownList(query: Query, caller: CoachCaller): Promise<TodoList> {
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
  caller: CoachCaller,
  listId: number,
): Promise<TodoList | null> {
  return readList(database.query, caller, listId);
}

/** `getList` inside a transaction (`query`); staff also get the list's wiring. */
export async function readList(query: Query, caller: CoachCaller, listId: number): Promise<TodoList | null> {
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
  caller: CoachCaller,
  itemId: number,
): Promise<TodoItem | null> {
  return readItem(database.query, caller, itemId);
}

/** `getItem` inside a transaction (`query`). */
export async function readItem(query: Query, caller: CoachCaller, itemId: number): Promise<TodoItem | null> {
  // A student's own items may be in no list (their own list, see ownList).
  const [row] = await query<ItemRow>(
    `select ${ITEM_COLUMNS} from todo_items i
       left join todo_lists l on l.id = i.todo_list_id
      where i.id = $3 and ${readableItemSql(caller)}`,
    [caller.coachId, caller.userId, itemId],
  );
  return row ? toItem(row) : null;
}

/** The coach's tags, by label (spec §7 "To-do item tags": the form's checkbox options). */
export async function listTags(database: Database, coachId: number): Promise<TodoTag[]> {
  return database.query<TodoTag>('select id, label from todo_tags where coach_id = $1 order by label, id', [
    coachId,
  ]);
}

/** The caller's next to-do: its id, title and due date (YYYY-MM-DD). */
export type NextDueRow = Pick<typeof todoItems.$inferSelect, 'id' | 'title'> & {
  due_date: NonNullable<(typeof todoItems.$inferSelect)['due_date']>;
};

/**
 * The caller's next to-do in a coach: of the items they see (staff items of the lists they see, and
 * their own items, in a list or not; the visibility rules of ./access.ts), the one with the earliest due
 * date on or after `today` (YYYY-MM-DD) that they have not completed; ties by id. Null when none.
 */
export async function nextDueItem(
  query: Query,
  caller: CoachCaller,
  today: string,
): Promise<NextDueRow | null> {
  const [row] = await query<NextDueRow>(
    `select i.id, i.title, i.due_date::text as due_date
       from todo_items i
       left join todo_lists l on l.id = i.todo_list_id
      where i.coach_id = $1
        and i.due_date is not null and i.due_date >= $3::date
        and ((i.todo_list_id is null and i.owner_user_id = $2)
             or (l.id is not null and ${listVisibility(caller)} and ${itemVisibility(caller)}))
        and not exists (select 1 from account_todo_items a
                         where a.item_id = i.id and a.user_id = $2 and a.completed)
      order by i.due_date, i.id
      limit 1`,
    [caller.coachId, caller.userId, today],
  );
  return row ?? null;
}
