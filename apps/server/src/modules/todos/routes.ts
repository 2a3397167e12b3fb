import {
  AccountItemSchema,
  API,
  CompletionBodySchema,
  TodoItemBodySchema,
  TodoItemSchema,
  TodoItemsBatchBodySchema,
  TodoListBodySchema,
  TodoListPageSchema,
  TodoListSchema,
  TodoTagBodySchema,
  TodoTagSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import {
  createItem,
  createItems,
  createList,
  createTag,
  deleteItem,
  deleteList,
  deleteTag,
  getItem,
  getList,
  listPage,
  listTags,
  setCompletion,
  updateItem,
  updateList,
  updateTag,
} from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const PageQuery = z.strictObject({
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

const errors = errorResponses;

/**
 * To-do routes (spec §2 To-Dos card and form, §4 paging and completion, §6, §7). The paths are ours
 * (the spec: "exact paths not shown"); see `API` in packages/contracts. Students read the published
 * lists and manage their own items and completions; staff manage lists, staff items and tags.
 */
export const todoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET todo-lists?page=&page_size= → one page of lists with items (spec §7: results, page, next, previous). */
  app.get(
    API.todoLists(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['todos'],
        params: CoachParams,
        querystring: PageQuery,
        response: { 200: TodoListPageSchema, ...errors },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      const page = await listPage(database, caller, request.query.page ?? 1, request.query.page_size ?? 1);
      if (!page) throw notFound('Invalid page.');
      return page;
    },
  );

  /** POST todo-lists → a new list (staff). */
  app.post(
    API.todoLists(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['todos'],
        params: CoachParams,
        body: TodoListBodySchema,
        response: { 201: TodoListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      return reply.code(201).send(await createList(database, caller, request.body));
    },
  );

  /** GET todo-lists/{id} → one list the caller may see, with its items. */
  app.get(
    API.todoList(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['todos'], params: IdParams, response: { 200: TodoListSchema, ...errors } },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      const list = await getList(database, caller, pathId(request.params.id));
      if (!list) throw notFound();
      return list;
    },
  );

  /** PUT todo-lists/{id} → the list with new title, queued/under-review flags and position (staff). */
  app.put(
    API.todoList(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['todos'],
        params: IdParams,
        body: TodoListBodySchema,
        response: { 200: TodoListSchema, ...errors },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      return updateList(database, caller, pathId(request.params.id), request.body);
    },
  );

  /** DELETE todo-lists/{id} → 204; the list's items go with it (staff). */
  app.delete(
    API.todoList(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags: ['todos'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      await deleteList(database, caller, pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  /** POST todo-items → a new item: self-created for a student, staff-created for staff. */
  app.post(
    API.todoItems(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['todos'],
        params: CoachParams,
        body: TodoItemBodySchema,
        response: { 201: TodoItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      return reply.code(201).send(await createItem(database, caller, request.body));
    },
  );

  /**
   * POST todo-items/batch {items: [...]} → the new items, in order ('Add Your Own To-Do Item(s)', spec §2).
   * All or nothing: 400 with `items.n.<field>` errors and nothing written when any item is invalid.
   */
  app.post(
    API.todoItemsBatch(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['todos'],
        params: CoachParams,
        body: TodoItemsBatchBodySchema,
        response: { 201: z.array(TodoItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      return reply.code(201).send(await createItems(database, caller, request.body.items));
    },
  );

  /** GET todo-items/{id} → one item the caller may see (spec §7 "Single to-do item"). */
  app.get(
    API.todoItem(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['todos'], params: IdParams, response: { 200: TodoItemSchema, ...errors } },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      const item = await getItem(database, caller, pathId(request.params.id));
      if (!item) throw notFound();
      return item;
    },
  );

  /**
   * PUT todo-items/{id} → the updated item. Students: own items only (staff-created 403, another
   * student's 404); staff: staff-created items only.
   */
  app.put(
    API.todoItem(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['todos'],
        params: IdParams,
        body: TodoItemBodySchema,
        response: { 200: TodoItemSchema, ...errors },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      return updateItem(database, caller, pathId(request.params.id), request.body);
    },
  );

  /** DELETE todo-items/{id} → 204, with the same rules as PUT. */
  app.delete(
    API.todoItem(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['todos'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      await deleteItem(database, caller, pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  /** POST account-todo-items {item, completed?} → the caller's completion of the item (students). */
  app.post(
    API.accountTodoItems(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['todos'],
        params: CoachParams,
        body: CompletionBodySchema,
        response: { 200: AccountItemSchema, ...errors },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      return setCompletion(database, caller, request.body.item, request.body.completed ?? true);
    },
  );

  /** GET todo-tags → the coach's tags (spec §7: the form's checkbox options). */
  app.get(
    API.todoTags(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags: ['todos'], params: CoachParams, response: { 200: z.array(TodoTagSchema), ...errors } },
    },
    async (request) => listTags(database, request.coach!.coachId),
  );

  /** POST todo-tags {label} → a new tag (staff). */
  app.post(
    API.todoTags(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['todos'],
        params: CoachParams,
        body: TodoTagBodySchema,
        response: { 201: TodoTagSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      return reply.code(201).send(await createTag(database, caller, request.body.label));
    },
  );

  /** PUT todo-tags/{id} {label} → the renamed tag (staff). */
  app.put(
    API.todoTag(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['todos'],
        params: IdParams,
        body: TodoTagBodySchema,
        response: { 200: TodoTagSchema, ...errors },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      return updateTag(database, caller, pathId(request.params.id), request.body.label);
    },
  );

  /** DELETE todo-tags/{id} → 204 (staff). */
  app.delete(
    API.todoTag(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags: ['todos'], params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const caller = coachRequestContext(request);
      await deleteTag(database, caller, pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );
};
