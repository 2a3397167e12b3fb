/**
 * The to-do form's values (spec §2 To-Do form, §5 due dates, §7 "Create to-do item"): starting values
 * of an item, the save body, and a 400's field errors split by row.
 */
import { formatDueDate, NON_FIELD_ERRORS, parseDueDate, type TodoItem } from '@course-coach/contracts';
import type { TodoSave } from './todos-api.ts';

/** One item's fields as the form holds them. */
export interface TodoFormValues {
  title: string;
  description: string;
  /** The Due Date field as typed (MM/dd/yyyy). */
  dueText: string;
  tagIds: string[];
}

/** The form's starting values for an item (or an empty form). */
export function initialValues(item: TodoItem | null | undefined): TodoFormValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    dueText: formatDueDate(item?.due_date),
    tagIds: (item?.item_tag_ids ?? []).map(String),
  };
}

/**
 * The save body of the form (spec §7 "Create to-do item": title, description, due_date, todo_list,
 * staff_created, account_item, item_tag_ids). The due date is parsed per spec §5.
 */
export function saveBody(
  values: TodoFormValues,
  item: TodoItem | null | undefined,
  listId: number | null,
  staffCreated = false,
): TodoSave {
  return {
    ...(item ? { id: item.id } : {}),
    title: values.title,
    description: values.description,
    due_date: parseDueDate(values.dueText),
    todo_list: item?.todo_list ?? listId,
    staff_created: staffCreated,
    account_item: item?.account_item ?? [],
    item_tag_ids: values.tagIds.map(Number),
  };
}

/** The fields an item row shows errors beside. */
const KNOWN_FIELDS = ['title', 'description', 'due_date', 'item_tag_ids'];

/** Splits a 400's field errors by row (`items.n.<field>`; plain fields belong to row 0) and the rest. */
export function rowErrors(
  fields: Record<string, string[]>,
  rows: number,
): { perRow: Array<Record<string, string[]>>; others: string[] } {
  const perRow: Array<Record<string, string[]>> = Array.from({ length: rows }, () => ({}));
  const others: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const m = /^items\.(\d+)\.(.+)$/.exec(key);
    const row = m ? Number(m[1]) : 0;
    const field = m ? m[2]! : key;
    if (row < rows && KNOWN_FIELDS.includes(field)) perRow[row]![field] = messages;
    else if (key === NON_FIELD_ERRORS) others.push(...messages);
    else others.push(...messages.map((msg) => `${field}: ${msg}`));
  }
  return { perRow, others };
}
