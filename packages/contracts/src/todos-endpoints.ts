import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';
import {
  AccountItemSchema,
  CompletionBodySchema,
  TodoItemBodySchema,
  TodoItemSchema,
  TodoItemsBatchBodySchema,
  TodoListBodySchema,
  TodoListPageSchema,
  TodoListSchema,
  TodoTagBodySchema,
  TodoTagSchema,
} from './todos.ts';

/*
 * The to-do endpoints, apart from todos.ts (its schemas and texts) so that each file stays under the
 * size limit. The paths are ours (spec §7: "exact paths not shown").
 */

/** GET todo-lists query (spec §7: page; ours: page_size up to 100), both given as digits. */
export const TodoPageQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'Enter a valid page number.')
    .pipe(z.coerce.number<string>().int().positive())
    .optional(),
  page_size: z
    .string()
    .regex(/^[1-9][0-9]{0,2}$/, 'Enter a page size from 1 to 100.')
    .pipe(z.coerce.number<string>().int().min(1).max(100, 'Enter a page size from 1 to 100.'))
    .optional(),
});

const TAGS = ['todos'];
const ANY = access.coach(...COACH_ANY);
const STAFF = access.coach(...COACH_STAFF);

/**
 * The to-do endpoints (spec §2 To-Dos card and form, §4 paging and completion, §6, §7). Students read the
 * published lists and manage their own items and completions; staff manage lists, staff items and tags
 * (the item rules by caller are the service's: a student's own items, staff's staff-created ones).
 */
export const TODO_ENDPOINTS = {
  /** GET todo-lists?page=&page_size= → one page of lists with items (spec §7: results, page, next, previous). */
  listPage: defineEndpoint({
    method: 'GET',
    path: API.todoLists(':coachId'),
    access: ANY,
    tags: TAGS,
    query: TodoPageQuerySchema,
    responses: { 200: TodoListPageSchema },
  }),
  /** POST todo-lists → a new list (staff). */
  createList: defineEndpoint({
    method: 'POST',
    path: API.todoLists(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: TodoListBodySchema,
    responses: { 201: TodoListSchema },
  }),
  /** GET todo-lists/{id} → one list the caller may see, with its items. */
  list: defineEndpoint({
    method: 'GET',
    path: API.todoList(':coachId', ':id'),
    access: ANY,
    tags: TAGS,
    responses: { 200: TodoListSchema },
  }),
  /** PUT todo-lists/{id} → the list with new title, queued/under-review flags and position (staff). */
  updateList: defineEndpoint({
    method: 'PUT',
    path: API.todoList(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: TodoListBodySchema,
    responses: { 200: TodoListSchema },
  }),
  /** DELETE todo-lists/{id} → 204; the list's items go with it (staff). */
  removeList: defineEndpoint({
    method: 'DELETE',
    path: API.todoList(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** POST todo-items → a new item: self-created for a student, staff-created for staff. */
  createItem: defineEndpoint({
    method: 'POST',
    path: API.todoItems(':coachId'),
    access: ANY,
    tags: TAGS,
    body: TodoItemBodySchema,
    responses: { 201: TodoItemSchema },
  }),
  /** POST todo-items/batch `{ items }` → the new items, in order; all or nothing (`items.n.<field>` errors). */
  createItems: defineEndpoint({
    method: 'POST',
    path: API.todoItemsBatch(':coachId'),
    access: ANY,
    tags: TAGS,
    body: TodoItemsBatchBodySchema,
    responses: { 201: z.array(TodoItemSchema) },
  }),
  /** GET todo-items/{id} → one item the caller may see (spec §7 "Single to-do item"). */
  item: defineEndpoint({
    method: 'GET',
    path: API.todoItem(':coachId', ':id'),
    access: ANY,
    tags: TAGS,
    responses: { 200: TodoItemSchema },
  }),
  /** PUT todo-items/{id} → the updated item (students: own items; staff: staff-created ones). */
  updateItem: defineEndpoint({
    method: 'PUT',
    path: API.todoItem(':coachId', ':id'),
    access: ANY,
    tags: TAGS,
    body: TodoItemBodySchema,
    responses: { 200: TodoItemSchema },
  }),
  /** DELETE todo-items/{id} → 204, with the same rules as PUT. */
  removeItem: defineEndpoint({
    method: 'DELETE',
    path: API.todoItem(':coachId', ':id'),
    access: ANY,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** POST account-todo-items `{ item, completed? }` → the caller's completion of the item (students). */
  complete: defineEndpoint({
    method: 'POST',
    path: API.accountTodoItems(':coachId'),
    access: ANY,
    tags: TAGS,
    body: CompletionBodySchema,
    responses: { 200: AccountItemSchema },
  }),
  /** GET todo-tags → the coach's tags (spec §7: the form's checkbox options). */
  tagList: defineEndpoint({
    method: 'GET',
    path: API.todoTags(':coachId'),
    access: ANY,
    tags: TAGS,
    responses: { 200: z.array(TodoTagSchema) },
  }),
  /** POST todo-tags `{ label }` → a new tag (staff). */
  createTag: defineEndpoint({
    method: 'POST',
    path: API.todoTags(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: TodoTagBodySchema,
    responses: { 201: TodoTagSchema },
  }),
  /** PUT todo-tags/{id} `{ label }` → the renamed tag (staff). */
  updateTag: defineEndpoint({
    method: 'PUT',
    path: API.todoTag(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: TodoTagBodySchema,
    responses: { 200: TodoTagSchema },
  }),
  /** DELETE todo-tags/{id} → 204 (staff). */
  removeTag: defineEndpoint({
    method: 'DELETE',
    path: API.todoTag(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
};
