import { GRADE_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { calculatorSettingsOf, gradeCalculatorFor, saveCalculatorSettings } from './calculator-service.ts';
import { studentOf } from './routes.ts';

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
 *
 * Each registered from its description in the contracts (`GRADE_ENDPOINTS`).
 */
export const gradeCalculatorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(GRADE_ENDPOINTS.calculator),
    handler: async (request) => {
      const coach = coachRequestContext(request);
      const userId = studentOf(coach, request.query.user_id);
      const data = await gradeCalculatorFor(database, coach.coachId, userId);
      if (!data) throw notFound();
      return data;
    },
  });

  app.route({
    ...endpointRoute(GRADE_ENDPOINTS.calculatorSettings),
    handler: async (request) => {
      const settings = await calculatorSettingsOf(database, request.coach!.coachId);
      if (!settings) throw notFound();
      return settings;
    },
  });

  app.route({
    ...endpointRoute(GRADE_ENDPOINTS.saveCalculatorSettings),
    handler: async (request) => saveCalculatorSettings(database, request.coach!.coachId, request.body),
  });
};
