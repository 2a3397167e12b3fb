import {
  API,
  DetailErrorSchema,
  FieldErrorsSchema,
  GradeCalculatorDataSchema,
  GradeCalculatorSettingsSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses } from '../../http/route-common.ts';
import { calculatorSettingsOf, gradeCalculatorFor, saveCalculatorSettings } from './calculator-service.ts';
import { StudentQuery, studentOf } from './routes.ts';

/**
 * The Grade Calculator's API (docs/grades.md "The Grade Calculator"; the paths are ours):
 *
 * - GET /api/v1/coach/{coachId}/grade-calculator: the student's own assignments (graded with their score,
 *   remaining ones) and the coach's letter boundaries; staff and instructors pass `?user_id=` as for
 *   grade-data. 404 when the coach has no such student.
 * - GET /api/v1/coach/{coachId}/grade-calculator/settings: calculator_active and the letter boundaries,
 *   for everyone in the coach.
 * - PUT the same path: staff and instructors of the coach set both; bad letters answer 400 with field
 *   errors such as `letter_boundaries.2.min` (LetterBoundariesSchema in packages/contracts).
 */
export const gradeCalculatorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    API.gradeCalculator(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['grades'],
        params: CoachParams,
        querystring: StudentQuery,
        response: {
          200: GradeCalculatorDataSchema,
          400: FieldErrorsSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const coach = coachRequestContext(request);
      const userId = studentOf(coach, request.query.user_id);
      const data = await gradeCalculatorFor(database, coach.coachId, userId);
      if (!data) throw notFound();
      return data;
    },
  );

  app.get(
    API.gradeCalculatorSettings(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['grades'],
        params: CoachParams,
        response: { 200: GradeCalculatorSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const settings = await calculatorSettingsOf(database, request.coach!.coachId);
      if (!settings) throw notFound();
      return settings;
    },
  );

  app.put(
    API.gradeCalculatorSettings(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['grades'],
        params: CoachParams,
        body: GradeCalculatorSettingsSchema,
        response: { 200: GradeCalculatorSettingsSchema, ...errorResponses },
      },
    },
    async (request) => saveCalculatorSettings(database, request.coach!.coachId, request.body),
  );
};
