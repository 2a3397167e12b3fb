import { PLAYBOOK_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { playbookPlanRoutes } from './plan-routes.ts';
import { deletePlaybook, getPlaybook, listPlaybooks, savePlaybook } from './service.ts';

/**
 * Playbook authoring (paths ours), each route registered from its description (`PLAYBOOK_ENDPOINTS`):
 * list, create, read, replace (with the three wirings) and delete. Staff of the coach only; students
 * plan and reflect through plan-routes.ts. 400 (field errors from `savePlaybook`) and 404 (a bad or
 * foreign id) as the services throw them.
 */
export const playbookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  // The student's playbook and the staff aggregates (plan-routes.ts).
  await app.register(playbookPlanRoutes, deps);

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.list),
    handler: async (request) => listPlaybooks(database, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.create),
    handler: async (request, reply) =>
      reply.code(201).send(await savePlaybook(database, coachRequestContext(request), null, request.body)),
  });

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.get),
    handler: async (request) =>
      getPlaybook(database.query, coachRequestContext(request), pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.update),
    handler: async (request) =>
      savePlaybook(database, coachRequestContext(request), pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(PLAYBOOK_ENDPOINTS.remove),
    handler: async (request, reply) => {
      await deletePlaybook(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};
