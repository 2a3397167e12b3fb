import { CHART_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import { notFound } from '../../http/errors.ts';
import { resolveStudent } from '../analytics/index.ts';
import { gradeDistribution } from './service.ts';
import { loadChartSettings, optedOut, saveChartSettings } from './settings.ts';

/**
 * GET /api/v1/coach/{coachId}/grade-distribution (spec §7 "Charts: GET the widget's data-src URL"; the
 * path is ours) → distribution chart data (spec §3) of the coach's class from the real scores. A student
 * gets it with their own grade and percentile, under the coach's privacy floors and their own
 * peer-comparison choice (docs/charts.md); instructors, staff and admins get the class alone, or with a
 * student of the coach named by `?user_id=`, without floors.
 *
 * GET/PUT /api/v1/coach/{coachId}/chart-settings (ours): the floors and the comparison group; everyone
 * in the coach reads them, staff and instructors change them (400 on a floor out of 1–1000, a class
 * floor below the bar floor, or an Insight Group of another coach; nothing is written then).
 *
 * Each registered from its description in the contracts (`CHART_ENDPOINTS`), with its OpenAPI summary.
 */
export const chartRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...summarised(CHART_ENDPOINTS.gradeDistribution, 'Grade distribution chart data'),
    handler: async (request) => {
      const coachId = request.coach!.coachId;
      const userId = await resolveStudent(request, database, { optional: true });
      const asStudent = userId === request.user!.userId && request.coach!.coachRole === 'student';
      const settings = await loadChartSettings(database, coachId);
      const view = {
        asStudent,
        settings,
        optedOut: asStudent && (await optedOut(database, coachId, userId!)),
      };
      const data = await gradeDistribution(database, coachId, userId, view);
      if (!data) throw notFound();
      return data;
    },
  });

  app.route({
    ...summarised(CHART_ENDPOINTS.settings, 'Class chart settings'),
    handler: async (request) => {
      const { min_bar_students, min_class_students, comparison_cohort_id } = await loadChartSettings(
        database,
        request.coach!.coachId,
      );
      return { min_bar_students, min_class_students, comparison_cohort_id };
    },
  });

  app.route({
    ...summarised(CHART_ENDPOINTS.saveSettings, 'Change the class chart settings'),
    handler: async (request) => saveChartSettings(database, request.coach!.coachId, request.body),
  });
};
