import { TIP_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { createTip, deleteTip, listTips, reorderTips, updateTip } from './service.ts';

/**
 * Tips of the Week (spec §2, §3 "Tip: html", §7 "Tips: GET a tips document"; the paths are ours), each
 * route registered from its description in the contracts (`TIP_ENDPOINTS`: method, path, access, body
 * and answers). Everyone in the coach reads them; staff (instructors, institution staff and admins)
 * create, edit, reorder and delete them. HTML is stored sanitised.
 */
export const tipRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(TIP_ENDPOINTS.list),
    handler: async (request) => ({ content: await listTips(database, request.coach!.coachId) }),
  });

  app.route({
    ...endpointRoute(TIP_ENDPOINTS.create),
    handler: async (request, reply) => {
      const { coachId, institutionId } = request.coach!;
      return reply.code(201).send(await createTip(database, { coachId, institutionId }, request.body));
    },
  });

  app.route({
    ...endpointRoute(TIP_ENDPOINTS.reorder),
    handler: async (request) => ({
      content: await reorderTips(database, request.coach!.coachId, request.body.ids),
    }),
  });

  app.route({
    ...endpointRoute(TIP_ENDPOINTS.update),
    handler: async (request) =>
      updateTip(database, request.coach!.coachId, pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(TIP_ENDPOINTS.remove),
    handler: async (request, reply) => {
      await deleteTip(database, request.coach!.coachId, pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};
