import { API, CreditItemListSchema, DetailErrorSchema, FieldErrorsSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { CoachParams, resolveStudent, StudentQuery } from '../analytics/index.ts';
import { userActivity, userCredits } from './service.ts';

const schema = {
  tags: ['history'],
  params: CoachParams,
  querystring: StudentQuery,
  response: {
    200: CreditItemListSchema,
    400: FieldErrorsSchema,
    403: DetailErrorSchema,
    404: DetailErrorSchema,
  },
};

/**
 * The Completion History Overview's calls (spec §7 "user credits, other user activity"; paths ours):
 *
 * - GET /api/v1/coach/{coachId}/user-credits → the 'For Credit Items' table
 * - GET /api/v1/coach/{coachId}/user-activity → the 'Other Items' table
 *
 * Both answer a list of credit or activity items (spec §3). A student gets their own; instructors, staff
 * and admins pass `?user_id=` for a student of the coach.
 */
export const historyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    API.userCredits(':coachId'),
    { config: { access: access.coach(...COACH_ANY) }, schema: { ...schema, summary: 'User credits' } },
    async (request) =>
      userCredits(database, request.coach!.coachId, (await resolveStudent(request, database))!),
  );
  app.get(
    API.userActivity(':coachId'),
    { config: { access: access.coach(...COACH_ANY) }, schema: { ...schema, summary: 'Other user activity' } },
    async (request) =>
      userActivity(database, request.coach!.coachId, (await resolveStudent(request, database))!),
  );
};
