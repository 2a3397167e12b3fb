import { HOME_API, MyEngagementSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { CoachParams, errorResponses } from '../../http/route-common.ts';
import { myEngagement } from './mine.ts';

/**
 * GET /api/v1/coach/{coachId}/engagement/mine (ours; docs/engagement.md "My engagement"): the caller's
 * own clicks by week beside the class median, and the kinds of material they use. Students of the coach
 * only (staff 403, anyone else 404: the guard), and only ever their own: the student is the session's
 * user, never a parameter.
 */
export const engagementRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    HOME_API.myEngagement(':coachId'),
    {
      config: { access: access.coach('student') },
      schema: {
        tags: ['engagement'],
        summary: 'My engagement: my clicks by week beside the class median, and my kinds of material',
        params: CoachParams,
        response: { 200: MyEngagementSchema, ...errorResponses },
      },
    },
    async (request) => myEngagement(database.query, request.coach!.coachId, request.user!.userId),
  );
};
