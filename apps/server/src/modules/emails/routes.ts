import { EMAIL_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { createEmail, deleteEmail, getEmail, listEmails, previewEmail, updateEmail } from './service.ts';

/**
 * Email routes (paths ours, see EMAIL_API), each registered from its description in the contracts
 * (`EMAIL_ENDPOINTS`; docs/architecture.md "An endpoint, described once"). Staff of the coach only (its
 * instructors, the institution's staff and admins): students 403, other institutions 404. The sending
 * itself is the email job (modules/emails/delivery.ts).
 */
export const emailRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }) => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  app.route({
    ...endpointRoute(EMAIL_ENDPOINTS.list),
    handler: async (request) => listEmails(database, scopeOf(request)),
  });

  app.route({
    ...endpointRoute(EMAIL_ENDPOINTS.create),
    handler: async (request, reply) =>
      reply.code(201).send(await createEmail(database, boss, scopeOf(request), request.body)),
  });

  app.route({
    ...endpointRoute(EMAIL_ENDPOINTS.get),
    handler: async (request) => getEmail(database.query, scopeOf(request), pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(EMAIL_ENDPOINTS.update),
    handler: async (request) =>
      updateEmail(database, boss, scopeOf(request), pathId(request.params.id), request.body),
  });

  app.route({
    ...endpointRoute(EMAIL_ENDPOINTS.remove),
    handler: async (request, reply) => {
      await deleteEmail(database, scopeOf(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(EMAIL_ENDPOINTS.preview),
    handler: async (request) =>
      previewEmail(database, scopeOf(request), pathId(request.params.id), request.query.user_id),
  });
};
