import { CHECKLIST_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import {
  createChecklistItem,
  deleteChecklistItem,
  getChecklist,
  reorderChecklist,
  setChecklistCompletion,
  updateChecklistItem,
} from './service.ts';

/**
 * Checklist routes (docs/faq-checklists.md; paths ours), each registered from its description in the
 * contracts (`CHECKLIST_ENDPOINTS`): members read the coach's checklist with their own ticks; staff
 * (instructors, institution staff and admins) create, edit, reorder and delete items; students tick items
 * off. An item of another coach answers 404 with a sentence.
 */
export const checklistRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(CHECKLIST_ENDPOINTS.get),
    handler: async (request) => getChecklist(database, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(CHECKLIST_ENDPOINTS.create),
    handler: async (request, reply) =>
      reply.code(201).send(await createChecklistItem(database, coachRequestContext(request), request.body)),
  });

  app.route({
    ...endpointRoute(CHECKLIST_ENDPOINTS.reorder),
    handler: async (request) => reorderChecklist(database, coachRequestContext(request), request.body.ids),
  });

  app.route({
    ...endpointRoute(CHECKLIST_ENDPOINTS.update),
    handler: async (request) =>
      updateChecklistItem(database, coachRequestContext(request), pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(CHECKLIST_ENDPOINTS.remove),
    handler: async (request, reply) => {
      await deleteChecklistItem(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(CHECKLIST_ENDPOINTS.complete),
    handler: async (request) =>
      setChecklistCompletion(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body.completed,
      ),
  });
};
