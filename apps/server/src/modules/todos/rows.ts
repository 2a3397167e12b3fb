/**
 * To-dos: the database rows and their mapping to the wire shapes of packages/contracts (`TodoItem`,
 * `AccountItem`, `TodoList`). The column lists select exactly what `toItem` and the list rows need;
 * `$2` in `ITEM_COLUMNS` is the caller's user id (their own completions only).
 */
import { type AccountItem, shortDueDate, type TodoItem, type TodoTag } from '@course-coach/contracts';

/** A to-do item as `ITEM_COLUMNS` selects it. */
export interface ItemRow {
  id: number;
  title: string;
  description: string;
  due_date: string | null;
  todo_list: number | null;
  staff_created: boolean;
  tags: TodoTag[] | null;
  account_item: Array<{ id: number; item: number; completed: boolean; completed_at: string | null }> | null;
}

/** The columns of an item row (alias `i`); `$2` is the caller user id for their completion. */
export const ITEM_COLUMNS = `
  i.id, i.title, i.description, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.todo_list_id as todo_list,
  i.staff_created,
  (select json_agg(json_build_object('id', t.id, 'label', t.label) order by t.label, t.id)
     from todo_item_tags it join todo_tags t on t.id = it.tag_id where it.item_id = i.id) as tags,
  (select json_agg(json_build_object('id', a.id, 'item', a.item_id, 'completed', a.completed,
                                     'completed_at', a.completed_at))
     from account_todo_items a where a.item_id = i.id and a.user_id = $2) as account_item`;

/** The order of items within a list. */
export const ITEM_ORDER = 'i.position, i.due_date nulls last, i.id';

/** Maps an item row to the wire `TodoItem` (tags with their ids, the short due date). */
export function toItem(row: ItemRow): TodoItem {
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

/** Maps a completion row to the wire `AccountItem` (`completed_at` as ISO text). */
export function toAccountItem(a: {
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

/** A to-do list as `LIST_COLUMNS` selects it. */
export interface ListRow {
  id: number;
  coach: number;
  title: string;
  is_queued: boolean;
  is_under_review: boolean;
  position: number;
}

/** The columns of a list row (alias `l`). */
export const LIST_COLUMNS = 'l.id, l.coach_id as coach, l.title, l.is_queued, l.is_under_review, l.position';
