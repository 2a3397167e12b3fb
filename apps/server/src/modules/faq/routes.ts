import { FAQ_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import {
  createFaqEntry,
  deleteFaqEntry,
  type FaqScope,
  getSupportEmail,
  listFaq,
  reorderFaq,
  setSupportEmail,
  updateFaqEntry,
} from './service.ts';

/** The list a coach route edits: the coach's own (guard-resolved ids). */
const coachScope = (request: FastifyRequest): FaqScope => ({
  institutionId: request.coach!.institutionId,
  coachId: request.coach!.coachId,
});
/** The list an institution route edits: the institution's own. */
const institutionScope = (request: FastifyRequest): FaqScope => ({
  institutionId: request.institution!.institutionId,
  coachId: null,
});

/**
 * FAQ routes (docs/faq-checklists.md; paths ours), each registered from its description in the contracts
 * (`FAQ_ENDPOINTS`: method, path, access, body and answers). Everyone in a coach reads its FAQ page (the
 * course list, the institution's list and the support e-mail); the coach's staff (instructors,
 * institution staff and admins) edit the course list and the support e-mail; the institution's staff and
 * admins edit the institution list. 400 with field errors for an empty question or answer; 404 with a
 * sentence for an entry of another list.
 */
export const faqRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.coach),
    handler: async (request) => {
      const { coachId, institutionId } = request.coach!;
      const [course, institution, support_email] = await Promise.all([
        listFaq(database, { institutionId, coachId }),
        listFaq(database, { institutionId, coachId: null }),
        getSupportEmail(database, coachId),
      ]);
      return { support_email, course, institution };
    },
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.coachCreate),
    handler: async (request, reply) =>
      reply.code(201).send(await createFaqEntry(database, coachScope(request), request.body)),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.coachReorder),
    handler: async (request) => ({
      entries: await reorderFaq(database, coachScope(request), request.body.ids),
    }),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.coachUpdate),
    handler: async (request) =>
      updateFaqEntry(database, coachScope(request), pathId(request.params.id), request.body),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.coachRemove),
    handler: async (request, reply) => {
      await deleteFaqEntry(database, coachScope(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.supportEmail),
    handler: async (request) => ({ support_email: await getSupportEmail(database, request.coach!.coachId) }),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.setSupportEmail),
    handler: async (request) => ({
      support_email: await setSupportEmail(database, request.coach!, request.body.support_email),
    }),
  });

  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.institution),
    handler: async (request) => ({ entries: await listFaq(database, institutionScope(request)) }),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.institutionCreate),
    handler: async (request, reply) =>
      reply.code(201).send(await createFaqEntry(database, institutionScope(request), request.body)),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.institutionReorder),
    handler: async (request) => ({
      entries: await reorderFaq(database, institutionScope(request), request.body.ids),
    }),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.institutionUpdate),
    handler: async (request) =>
      updateFaqEntry(database, institutionScope(request), pathId(request.params.id), request.body),
  });
  app.route({
    ...endpointRoute(FAQ_ENDPOINTS.institutionRemove),
    handler: async (request, reply) => {
      await deleteFaqEntry(database, institutionScope(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};
