import { MY_DATA_API, MY_DATA_ENDPOINTS, MyDataSchema } from '@course-coach/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { resolveStudent, StudentQuery } from '../analytics/index.ts';
import { setOptOut } from '../charts/index.ts';
import { selectGroupVisibility, updateGroupVisibility } from './queries.ts';
import { MY_DATA_CSV_COLUMNS, myData, myDataCsvRows } from './service.ts';
import { whyAnswer } from './why.ts';

const tags = ['my-data'];

/**
 * My data (docs/my-data.md; paths ours):
 *
 * - GET …/my-data → MyDataSchema: a student's own characteristics, visible groups and peer-comparison
 *   choice; staff and instructors name a student with `?user_id=` (400 without). A student asking for
 *   another gets 403, a user who is not a student of the coach 404 (analytics resolveStudent).
 * - GET …/my-data.json and …/my-data.csv: the same as file downloads (the CSV formula-safe).
 * - GET …/why?kind=&id= → WhyAnswerSchema: why the student sees a tailored item (404 for an item not in
 *   the coach or not meant for them).
 * - PUT …/peer-comparison `{ opt_out }`: a student's own choice (students only).
 * - GET …/cohort-visibility: the coach's Insight Groups and their visibility (staff and instructors).
 * - PUT …/cohort/{cohortId}/visibility `{ visible_to_students }`: staff and instructors; 404 for a group
 *   of another coach (nothing written).
 *
 * Registered from their descriptions in the contracts (`MY_DATA_ENDPOINTS`), with their OpenAPI
 * summaries; the JSON and CSV downloads by hand (they answer files, with a Content-Disposition).
 */
export const myDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  const load = async (request: Parameters<typeof resolveStudent>[0]) => {
    const userId = (await resolveStudent(request, database))!;
    return myData(database, request.coach!, userId);
  };
  const readSchema = (summary: string, ok: z.ZodType) => ({
    config: { access: access.coach(...COACH_ANY) },
    schema: {
      tags,
      summary,
      params: CoachParams,
      querystring: StudentQuery,
      response: { 200: ok, ...errorResponses },
    },
  });

  app.route({ ...summarised(MY_DATA_ENDPOINTS.myData, 'My data'), handler: load });

  // The two downloads below are registered by hand (not described in the contracts): they answer files.

  app.get(
    MY_DATA_API.myDataJson(':coachId'),
    readSchema('My data as a JSON file', MyDataSchema),
    async (request, reply) => {
      const data = await load(request);
      return reply
        .header('content-disposition', `attachment; filename="my-data-coach-${data.coach.id}.json"`)
        .send(data);
    },
  );

  app.get(
    MY_DATA_API.myDataCsv(':coachId'),
    readSchema('My data as a CSV file', z.string()),
    async (request, reply) => {
      const data = await load(request);
      // Cells starting with = + - @ tab or CR are prefixed with ' (csv-stringify's escape_formulas, as
      // the members export): a spreadsheet shows them as text instead of running them.
      const csv = stringify(myDataCsvRows(data), {
        header: true,
        columns: [...MY_DATA_CSV_COLUMNS],
        escape_formulas: true,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-coach-${data.coach.id}.csv"`)
        .send(csv);
    },
  );

  app.route({
    ...summarised(MY_DATA_ENDPOINTS.why, 'Why am I seeing this? (a tailored item’s wiring in words)'),
    handler: async (request) => {
      const userId = (await resolveStudent(request, database))!;
      return whyAnswer(database, request.coach!, request.query.kind, request.query.id, userId);
    },
  });

  app.route({
    ...summarised(MY_DATA_ENDPOINTS.peerComparison, 'Opt out of (or back into) peer comparison'),
    handler: async (request) => {
      await setOptOut(database, request.coach!.coachId, request.user!.userId, request.body.opt_out);
      return request.body;
    },
  });

  app.route({
    ...summarised(MY_DATA_ENDPOINTS.cohortVisibilityList, 'The Insight Groups and whether students see them'),
    handler: async (request) => selectGroupVisibility(database.query, request.coach!.coachId),
  });

  app.route({
    ...summarised(MY_DATA_ENDPOINTS.cohortVisibility, 'Show or hide an Insight Group to its members'),
    handler: async (request) => {
      const found = await updateGroupVisibility(
        database.query,
        request.coach!.coachId,
        pathId(request.params.cohortId),
        request.body.visible_to_students,
      );
      if (!found) throw notFound();
      return request.body;
    },
  });
};
