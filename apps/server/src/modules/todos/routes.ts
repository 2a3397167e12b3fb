import { TODO_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { pathId } from '../../http/route-common.ts';
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

/**
 * To-do routes (spec §2 To-Dos card and form, §4 paging and completion, §6, §7), each registered from its
 * description in the contracts (`TODO_ENDPOINTS`; the paths are ours, the spec: "exact paths not shown").
 * Students read the published lists and manage their own items and completions; staff manage lists,
 * staff items and tags.
 */
export const todoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(TODO_ENDPOINTS.listPage),
    handler: async (request) => {
      const caller = coachRequestContext(request);
      const page = await listPage(database, caller, request.query.page ?? 1, request.query.page_size ?? 1);
      if (!page) throw notFound('Invalid page.');
      return page;
    },
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.createList),
    handler: async (request, reply) => {
      const caller = coachRequestContext(request);
      return reply.code(201).send(await createList(database, caller, request.body));
    },
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.list),
    handler: async (request) => {
      const caller = coachRequestContext(request);
      const list = await getList(database, caller, pathId(request.params.id));
      if (!list) throw notFound();
      return list;
    },
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.updateList),
    handler: async (request) =>
      updateList(database, coachRequestContext(request), pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.removeList),
    handler: async (request, reply) => {
      await deleteList(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.createItem),
    handler: async (request, reply) =>
      reply.code(201).send(await createItem(database, coachRequestContext(request), request.body)),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.createItems),
    handler: async (request, reply) =>
      reply.code(201).send(await createItems(database, coachRequestContext(request), request.body.items)),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.item),
    handler: async (request) => {
      const item = await getItem(database, coachRequestContext(request), pathId(request.params.id));
      if (!item) throw notFound();
      return item;
    },
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.updateItem),
    handler: async (request) =>
      updateItem(database, coachRequestContext(request), pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.removeItem),
    handler: async (request, reply) => {
      await deleteItem(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.complete),
    handler: async (request) =>
      setCompletion(
        database,
        coachRequestContext(request),
        request.body.item,
        request.body.completed ?? true,
      ),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.tagList),
    handler: async (request) => listTags(database, request.coach!.coachId),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.createTag),
    handler: async (request, reply) =>
      reply.code(201).send(await createTag(database, coachRequestContext(request), request.body.label)),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.updateTag),
    handler: async (request) =>
      updateTag(database, coachRequestContext(request), pathId(request.params.id), request.body.label),
  });

  app.route({
    ...endpointRoute(TODO_ENDPOINTS.removeTag),
    handler: async (request, reply) => {
      await deleteTag(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};
