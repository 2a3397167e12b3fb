import { SURVEY_RESULTS_API, SurveyResultsSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { errorResponses, pathId } from '../../http/route-common.ts';
import { resultsCsv, surveyResults } from './results.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const tags = ['surveys'];
const staffOnly = { access: access.coach(...COACH_STAFF) };

/**
 * Survey results routes (paths ours, see SURVEY_RESULTS_API; docs/emails-surveys.md "Survey results").
 * Staff of the coach only: students 403; a survey of another coach 404.
 */
export const surveyResultsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET surveys/{id}/results → per-question aggregates and (not anonymous) individual answers. */
  app.get(
    SURVEY_RESULTS_API.results(':coachId', ':id'),
    {
      config: staffOnly,
      schema: { tags, params: IdParams, response: { 200: SurveyResultsSchema, ...errorResponses } },
    },
    async (request) => surveyResults(database.query, coachRequestContext(request), pathId(request.params.id)),
  );

  /** GET surveys/{id}/results.csv → the results as formula-safe CSV. */
  app.get(
    SURVEY_RESULTS_API.resultsCsv(':coachId', ':id'),
    { config: staffOnly, schema: { tags, params: IdParams } },
    async (request, reply) => {
      const id = pathId(request.params.id);
      const results = await surveyResults(database.query, coachRequestContext(request), id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="survey-${id}-results.csv"`)
        .send(resultsCsv(results));
    },
  );
};
