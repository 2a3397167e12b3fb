import { HISTORY_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import { resolveStudent } from '../analytics/index.ts';
import { userActivity, userCredits } from './service.ts';

/**
 * The Completion History Overview's calls (spec §7 "user credits, other user activity"; paths ours),
 * each registered from its description in the contracts (`HISTORY_ENDPOINTS`), with its OpenAPI summary:
 *
 * - GET /api/v1/coach/{coachId}/user-credits → the 'For Credit Items' table
 * - GET /api/v1/coach/{coachId}/user-activity → the 'Other Items' table
 *
 * Both answer a list of credit or activity items (spec §3). A student gets their own; instructors, staff
 * and admins pass `?user_id=` for a student of the coach.
 */
export const historyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...summarised(HISTORY_ENDPOINTS.credits, 'User credits'),
    handler: async (request) =>
      userCredits(database, request.coach!.coachId, (await resolveStudent(request, database))!),
  });
  app.route({
    ...summarised(HISTORY_ENDPOINTS.activity, 'Other user activity'),
    handler: async (request) =>
      userActivity(database, request.coach!.coachId, (await resolveStudent(request, database))!),
  });
};
