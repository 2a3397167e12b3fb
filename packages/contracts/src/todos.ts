import { format, isValid, parse } from 'date-fns';
import { z } from 'zod';
import { WiringItemSchema, WiringListSchema } from './wiring.ts';

/** User-visible to-do texts, verbatim from the spec (§2 To-Dos card, To-Do form, §6). */
export const TODO_TEXTS = {
  cardTitle: 'To-Dos',
  previousList: 'Previous List',
  nextList: 'Next List',
  scheduled: 'Scheduled',
  drafted: 'Drafted',
  noListTitle: 'No list title',
  addYourOwn: 'Add Your Own',
  selfCreated: 'Self-created',
  edit: 'Edit',
  empty: 'There are currently no To-Do items.',
  modalAddTitle: 'Add Your Own To-Do Item',
  modalEditTitle: 'Edit Your To-Do Item',
  pageAddTitle: 'Add Your Own To-Do Item(s)',
  pageEditTitle: 'Edit Your To-Do Item',
  delete: 'Delete',
  title: 'Title',
  description: 'Description',
  dueDate: 'Due Date',
  tags: 'Tags',
  save: 'Save',
  cancel: 'Cancel',
} as const;

/** Our texts around the spec's (the student's own list, the form's several rows). */
export const TODO_UI_TEXTS = {
  /** The list of a student's own items that are in no staff list (a coach may have none). */
  ownListTitle: 'Your own to-dos',
  addAnother: 'Add another item',
  removeRow: (n: number) => `Remove item ${n}`,
  row: (n: number) => `Item ${n}`,
} as const;

/** Most items one "Add Your Own To-Do Item(s)" save may add. */
export const TODO_BATCH_MAX = 20;

/** Texts the spec leaves to us (validation and refusals of to-do writes). */
export const TODO_ERRORS = {
  required: 'This field is required.',
  dueDate: 'Enter a valid date in MM/dd/yyyy format.',
  titleTooLong: 'Ensure this field has no more than 200 characters.',
  unknownList: 'Select a valid to-do list of this coach.',
  noList: 'This coach has no to-do list to add an item to yet.',
  unknownTag: 'Select valid tags of this coach.',
  staffCreatedByStudent: 'Only staff can create staff items.',
  staffItemsOnly: 'Items created by staff are always staff-created.',
  readOnly: 'Items created by staff cannot be changed by students.',
  staffCannotComplete: 'Only students complete to-do items.',
  duplicateTag: 'A tag with this label already exists in this coach.',
  batchEmpty: 'Add at least one item.',
  batchTooMany: 'Add at most 20 items at a time.',
} as const;

/** The form's date format (spec §9 "to-do form MM/dd/yyyy"). */
export const TODO_DATE_FORMAT = 'MM/dd/yyyy';
/** Largest title length (characters). */
export const TODO_TITLE_MAX = 200;
/** Largest description length (characters of HTML). */
export const TODO_DESCRIPTION_MAX = 20_000;

/**
 * Parses the Due Date field as typed (spec §5): `MM/dd/yyyy` becomes an ISO date (`yyyy-MM-dd`),
 * an empty field becomes null, and anything unparsable is kept as typed (the server then answers
 * with a field error under `due_date`). One- or two-digit month and day, a four-digit year.
 */
export function parseDueDate(typed: string | null | undefined): string | null {
  if (typed == null) return null;
  const text = typed.trim();
  if (text === '') return null;
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text)) return typed;
  const date = parse(text, TODO_DATE_FORMAT, new Date(2000, 0, 1));
  return isValid(date) ? format(date, 'yyyy-MM-dd') : typed;
}

/** The parts of a valid ISO calendar date (`yyyy-MM-dd`, optionally followed by a time), else null. */
function isoParts(iso: string): [string, string, string] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const valid = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return valid ? [m[1]!, m[2]!, m[3]!] : null;
}

/** Shows an ISO date (`yyyy-MM-dd`) as the form's `MM/dd/yyyy`; '' for null. */
export function formatDueDate(iso: string | null | undefined): string {
  const parts = iso ? isoParts(iso) : null;
  return parts ? `${parts[1]}/${parts[2]}/${parts[0]}` : '';
}

/** The short due date of an item row (spec §3 due_date_short): `MM/dd`; null without a date. */
export function shortDueDate(iso: string | null | undefined): string | null {
  const parts = iso ? isoParts(iso) : null;
  return parts ? `${parts[1]}/${parts[2]}` : null;
}

/**
 * Reads a due date as the server receives it: null or '' means none; an ISO date (`yyyy-MM-dd`,
 * optionally followed by an ISO time, whose date part is used) is a date; anything else is invalid
 * (`undefined`).
 */
export function isoDateFromWire(value: string | null | undefined): string | null | undefined {
  if (value == null || value.trim() === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!m || !isoParts(m[1]!) || Number(m[1]!.slice(0, 4)) < 1900) return undefined;
  return m[1]!;
}

/** A to-do tag (spec §3 item tags: id, label). */
export const TodoTagSchema = z.object({ id: z.number().int(), label: z.string() });
export type TodoTag = z.infer<typeof TodoTagSchema>;
/** GET todo-tags answer: the coach's tags, by label. */
export const TodoTagListSchema = z.array(TodoTagSchema);

/** A student's completion of an item (spec §3 account_item entry). */
export const AccountItemSchema = z.object({
  id: z.number().int(),
  item: z.number().int(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
});
export type AccountItem = z.infer<typeof AccountItemSchema>;

/** A to-do item (spec §3 "To-do item"). `account_item` holds the caller's completion (0 or 1 entry). */
export const TodoItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  due_date: z.string().nullable(),
  due_date_short: z.string().nullable(),
  todo_list: z.number().int().nullable(),
  staff_created: z.boolean(),
  account_item: z.array(AccountItemSchema),
  tags: z.array(TodoTagSchema),
  item_tag_ids: z.array(z.number().int()),
});
export type TodoItem = z.infer<typeof TodoItemSchema>;

/** A to-do list (spec §3 "To-do list"). */
export const TodoListSchema = z.object({
  id: z.number().int(),
  coach: z.number().int(),
  title: z.string(),
  is_queued: z.boolean(),
  is_under_review: z.boolean(),
  position: z.number().int(),
  items: z.array(TodoItemSchema),
  /**
   * True on the student's own list: their items that are in no staff list (id 0, never queued or under
   * review). A student can always keep their own to-dos, even in a coach without a staff list (spec §1).
   */
  own: z.boolean().optional(),
  /** The list's characteristic wiring; staff only. A student sees only lists meant for them. */
  characteristics: z.array(WiringItemSchema).optional(),
});
export type TodoList = z.infer<typeof TodoListSchema>;

/** GET todo-lists?page= answer (spec §7: results, page, next, previous); one list per page. */
export const TodoListPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(TodoListSchema),
});
export type TodoListPage = z.infer<typeof TodoListPageSchema>;

const id = z.number().int().positive().max(2_147_483_647);

/**
 * POST todo-items / PUT todo-items/{id} body (spec §7: title, description, due_date, todo_list,
 * staff_created, account_item, item_tag_ids; PUT sends "the full item", so the read-only fields of an
 * item are accepted and ignored). `due_date` is an ISO date or null.
 */
export const TodoItemBodySchema = z.strictObject({
  id: id.optional(),
  title: z
    .string({ error: TODO_ERRORS.required })
    .trim()
    .min(1, TODO_ERRORS.required)
    .max(TODO_TITLE_MAX, TODO_ERRORS.titleTooLong),
  description: z.string().max(TODO_DESCRIPTION_MAX).nullable().optional(),
  due_date: z
    .string()
    .max(40, TODO_ERRORS.dueDate)
    .nullable()
    .optional()
    .refine((v) => isoDateFromWire(v) !== undefined, TODO_ERRORS.dueDate),
  todo_list: id.nullable().optional(),
  staff_created: z.boolean().optional(),
  account_item: z.array(z.unknown()).max(10).nullable().optional(),
  tags: z.array(z.unknown()).max(100).optional(),
  item_tag_ids: z.array(id).max(50).optional(),
  due_date_short: z.string().max(40).nullable().optional(),
});
export type TodoItemBody = z.input<typeof TodoItemBodySchema>;

/**
 * POST todo-items/batch body: several items added in one go ('Add Your Own To-Do Item(s)', spec §2).
 * All or nothing: an error in item 2's title answers `items.2.title`.
 */
export const TodoItemsBatchBodySchema = z.strictObject({
  items: z
    .array(TodoItemBodySchema, { error: TODO_ERRORS.batchEmpty })
    .min(1, TODO_ERRORS.batchEmpty)
    .max(TODO_BATCH_MAX, TODO_ERRORS.batchTooMany),
});
export type TodoItemsBatchBody = z.input<typeof TodoItemsBatchBodySchema>;

/** POST account-todo-items body (spec §7 "To-do completion post: item"); `completed` defaults to true. */
export const CompletionBodySchema = z.strictObject({
  item: id,
  completed: z.boolean().optional(),
});
export type CompletionBody = z.infer<typeof CompletionBodySchema>;

/** POST todo-lists / PUT todo-lists/{id} body (staff). */
export const TodoListBodySchema = z.strictObject({
  id: id.optional(),
  title: z.string().trim().max(TODO_TITLE_MAX, TODO_ERRORS.titleTooLong).optional(),
  is_queued: z.boolean().optional(),
  is_under_review: z.boolean().optional(),
  position: z.number().int().min(0).max(100_000).optional(),
  coach: z.number().int().optional(),
  items: z.array(z.unknown()).optional(),
  /** Replaces the list's characteristic wiring when given (`label: value` pairs). */
  characteristics: WiringListSchema.optional(),
});
export type TodoListBody = z.infer<typeof TodoListBodySchema>;

/** POST todo-tags / PUT todo-tags/{id} body (staff). */
export const TodoTagBodySchema = z.strictObject({
  id: id.optional(),
  label: z.string({ error: TODO_ERRORS.required }).trim().min(1, TODO_ERRORS.required).max(60),
});
export type TodoTagBody = z.infer<typeof TodoTagBodySchema>;
