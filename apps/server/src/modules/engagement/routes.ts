import { ENGAGEMENT_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import { myEngagement } from './mine.ts';

/**
 * GET /api/v1/coach/{coachId}/engagement/mine (ours; docs/engagement.md "My engagement"): the caller's
 * own clicks by week beside the class median, and the kinds of material they use. Students of the coach
 * only (staff 403, anyone else 404: the guard), and only ever their own: the student is the session's
 * user, never a parameter. Registered from its description in the contracts (`ENGAGEMENT_ENDPOINTS.mine`),
 * with its OpenAPI summary.
 */
export const engagementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...summarised(
      ENGAGEMENT_ENDPOINTS.mine,
      'My engagement: my clicks by week beside the class median, and my kinds of material',
    ),
    handler: async (request) => myEngagement(database.query, request.coach!.coachId, request.user!.userId),
  });
};
