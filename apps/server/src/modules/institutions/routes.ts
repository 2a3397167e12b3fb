import {
  API,
  CoachActivityBreakdownSchema,
  CoachListEntrySchema,
  DetailErrorSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { parseId } from '../../auth/guard.ts';
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
 */
export const institutionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    API.institutionCoaches(':institutionId'),
    {
      config: { access: access.institution('staff', 'admin') },
      schema: {
        tags: ['institutions'],
        params: z.object({ institutionId: z.string() }),
        response: { 200: z.array(CoachListEntrySchema), 403: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => selectCoachEntries(database.query, request.institution!.institutionId),
  );

  app.get(
    API.institutionCoachActivity(':institutionId', ':coachId'),
    {
      config: { access: access.institution('staff', 'admin') },
      schema: {
        tags: ['institutions'],
        params: z.object({ institutionId: z.string(), coachId: z.string() }),
        response: { 200: CoachActivityBreakdownSchema, 403: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request) => {
      const coachId = parseId(request.params.coachId);
      if (coachId === null) throw notFound();
      const coach = await selectCoach(database.query, coachId, request.institution!.institutionId);
      if (!coach) throw notFound();
      return cachedCoachActivityBreakdown(database, coach);
    },
  );
};
