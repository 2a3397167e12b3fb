import {
  API,
  BulletinAnalyticsSchema,
  CoachUserAnalyticsSchema,
  DetailErrorSchema,
  FieldErrorsSchema,
  PlaybookAnalyticsSchema,
  SurveyAnalyticsSchema,
  TodoAnalyticsSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import type { Database } from '../../db/client.ts';
import {
  bulletinAnalytics,
  coachUserAnalytics,
  playbookAnalytics,
  surveyAnalytics,
  todoAnalytics,
} from './service.ts';
import { CoachParams, resolveStudent, StudentQuery } from './student.ts';

type Compute = (database: Database, coachId: number, userId: number) => Promise<unknown>;

/**
 * The activity analytics of spec §7 ("Activity: GETs with {coachId} for … coach user analytics, bulletin
 * analytics, survey analytics, to-do analytics and exam playbook analytics"; the paths are ours):
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
  const route = (path: string, response: z.ZodType, compute: Compute, summary: string) =>
    app.get(
      path,
      {
        config: { access: access.coach(...COACH_ANY) },
        schema: {
          tags: ['analytics'],
          summary,
          params: CoachParams,
          querystring: StudentQuery,
          response: {
            200: response,
            400: FieldErrorsSchema,
            403: DetailErrorSchema,
            404: DetailErrorSchema,
          },
        },
      },
      async (request) => {
        const userId = (await resolveStudent(request, database))!;
        return compute(database, request.coach!.coachId, userId);
      },
    );

  route(
    API.coachUserAnalytics(':coachId'),
    CoachUserAnalyticsSchema,
    coachUserAnalytics,
    'Coach user analytics',
  );
  route(API.bulletinAnalytics(':coachId'), BulletinAnalyticsSchema, bulletinAnalytics, 'Bulletin analytics');
  route(API.surveyAnalytics(':coachId'), SurveyAnalyticsSchema, surveyAnalytics, 'Survey analytics');
  route(API.todoAnalytics(':coachId'), TodoAnalyticsSchema, todoAnalytics, 'To-do analytics');
  route(
    API.examPlaybookAnalytics(':coachId'),
    PlaybookAnalyticsSchema,
    playbookAnalytics,
    'Exam playbook analytics',
  );
};
