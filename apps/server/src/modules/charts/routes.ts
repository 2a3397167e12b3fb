import { API, DetailErrorSchema, FieldErrorsSchema, GradeDistributionSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, resolveStudent, StudentQuery } from '../analytics/index.ts';
import { gradeDistribution } from './service.ts';

/**
 * GET /api/v1/coach/{coachId}/grade-distribution (spec §7 "Charts: GET the widget's data-src URL"; the
 * path is ours) → distribution chart data (spec §3) of the coach's class from the real scores. A student
 * gets it with their own grade and percentile; instructors, staff and admins get the class alone, or with
 * a student of the coach named by `?user_id=`.
 */
export const chartRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    API.gradeDistribution(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['charts'],
        summary: 'Grade distribution chart data',
        params: CoachParams,
        querystring: StudentQuery,
        response: {
          200: GradeDistributionSchema,
          400: FieldErrorsSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const userId = await resolveStudent(request, database, { optional: true });
      const data = await gradeDistribution(database, request.coach!.coachId, userId);
      if (!data) throw notFound();
      return data;
    },
  );
};
