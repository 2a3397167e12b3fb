import { INSTITUTION_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { parseId } from '../../auth/guard.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { cachedCoachActivityBreakdown } from './activity.ts';
import { selectCoach, selectCoachEntries } from './queries.ts';

/**
 * Institution routes (staff and admins of the institution only; other tenants get 404):
 *
 * GET /api/v1/institution/{institutionId}/coaches → the institution's coaches as coach list entries
 * (spec §3: id, label), newest term first.
 *
 * GET /api/v1/institution/{institutionId}/coach-activity/{coachId} → the Coach Activity Breakdown of one
 * of the institution's coaches (spec §2); a coach of another institution, or no coach, answers 404.
 * Answered from the coach activity cache while nothing it depends on has changed (docs/activity.md).
 *
 * Both registered from their descriptions in the contracts (`INSTITUTION_ENDPOINTS`).
 */
export const institutionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(INSTITUTION_ENDPOINTS.coaches),
    handler: async (request) => selectCoachEntries(database.query, request.institution!.institutionId),
  });

  app.route({
    ...endpointRoute(INSTITUTION_ENDPOINTS.coachActivity),
    handler: async (request) => {
      const coachId = parseId(request.params.coachId);
      if (coachId === null) throw notFound();
      const coach = await selectCoach(database.query, coachId, request.institution!.institutionId);
      if (!coach) throw notFound();
      return cachedCoachActivityBreakdown(database, coach);
    },
  });
};
