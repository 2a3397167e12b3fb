import { SURVEY_ENDPOINTS, SURVEY_RESULTS_API } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { resultsCsv, surveyResults } from './results.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });

/**
 * Survey results routes (paths ours, see SURVEY_RESULTS_API; docs/emails-surveys.md "Survey results").
 * Staff of the coach only: students 403; a survey of another coach 404. The results are registered from
 * their description (`SURVEY_ENDPOINTS.results`); the CSV, a file download rather than JSON, by hand.
 */
export const surveyResultsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.results),
    handler: async (request) =>
      surveyResults(database.query, coachRequestContext(request), pathId(request.params.id)),
  });

  /** GET surveys/{id}/results.csv → the results as formula-safe CSV (by hand: a file, not JSON). */
  app.get(
    SURVEY_RESULTS_API.resultsCsv(':coachId', ':id'),
    { config: { access: access.coach(...COACH_STAFF) }, schema: { tags: ['surveys'], params: IdParams } },
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
