import { ANALYTICS_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import {
  bulletinAnalytics,
  coachUserAnalytics,
  playbookAnalytics,
  surveyAnalytics,
  todoAnalytics,
} from './service.ts';
import { resolveStudent } from './student.ts';

/**
 * The activity analytics of spec §7 ("Activity: GETs with {coachId} for … coach user analytics, bulletin
 * analytics, survey analytics, to-do analytics and exam playbook analytics"; the paths are ours), each
 * registered from its description in the contracts (`ANALYTICS_ENDPOINTS`), with its OpenAPI summary
 * (`summarised`):
 *
 * - GET /api/v1/coach/{coachId}/user-analytics → coach user analytics (overall count)
 * - GET /api/v1/coach/{coachId}/bulletin-analytics
 * - GET /api/v1/coach/{coachId}/survey-analytics
 * - GET /api/v1/coach/{coachId}/todo-analytics
 * - GET /api/v1/coach/{coachId}/exam-playbook-analytics
 *
 * A student gets their own figures; instructors, staff and admins pass `?user_id=` for a student of the
 * coach (400 without it, 404 when that user is not a student of the coach). Students asking for someone
 * else get 403.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const student = async (request: FastifyRequest) => (await resolveStudent(request, database))!;

  app.route({
    ...summarised(ANALYTICS_ENDPOINTS.coachUser, 'Coach user analytics'),
    handler: async (request) => coachUserAnalytics(database, request.coach!.coachId, await student(request)),
  });
  app.route({
    ...summarised(ANALYTICS_ENDPOINTS.bulletins, 'Bulletin analytics'),
    handler: async (request) => bulletinAnalytics(database, request.coach!.coachId, await student(request)),
  });
  app.route({
    ...summarised(ANALYTICS_ENDPOINTS.surveys, 'Survey analytics'),
    handler: async (request) => surveyAnalytics(database, request.coach!.coachId, await student(request)),
  });
  app.route({
    ...summarised(ANALYTICS_ENDPOINTS.todos, 'To-do analytics'),
    handler: async (request) => todoAnalytics(database, request.coach!.coachId, await student(request)),
  });
  app.route({
    ...summarised(ANALYTICS_ENDPOINTS.playbooks, 'Exam playbook analytics'),
    handler: async (request) => playbookAnalytics(database, request.coach!.coachId, await student(request)),
  });
};
