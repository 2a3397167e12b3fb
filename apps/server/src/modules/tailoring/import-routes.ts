/**
 * Routes of the tailoring CSV import (mts-import, mts-import/{id}; spec §7 "Cohorts"; docs/design.md
 * "Tailoring semantics", "Who may write what"): start an import or a dry run, and read an import's
 * progress. The CSV body parser is the tailoring plugin's (routes.ts). Staff of the coach only.
 */
import { API, ImportReportSchema, TAILORING_ENDPOINTS } from '@course-coach/contracts';
import { z } from 'zod';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest } from '../../http/errors.ts';
import { CoachParams } from '../../http/route-common.ts';
import { importCsv, importStatus } from './import.ts';
import {
  errors,
  id,
  scopeOf,
  staffOnly,
  type TailoringApp,
  type TailoringRouteContext,
  tags,
} from './route-helpers.ts';

/** Registers the CSV import routes on the tailoring plugin (the progress from its description). */
export function registerImportRoutes(app: TailoringApp, { database, runner }: TailoringRouteContext): void {
  // --- CSV import -------------------------------------------------------------------------------------

  /**
   * POST mts-import?source=…[&dry_run=true] with a text/csv body (see ImportReportSchema). Registered by
   * hand, not from a description in the contracts: its body is a CSV file (the plugin's text parser),
   * not JSON.
   */
  app.post(
    API.mtsImport(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        querystring: z.strictObject({
          source: z.string().trim().min(1, 'This field is required.').max(100),
          dry_run: z.enum(['true', 'false', '1', '0']).optional(),
        }),
        // The CSV file as text (checked in the handler); declared so that the route takes a body.
        body: z.unknown().describe('The CSV file (text/csv).'),
        response: { 200: ImportReportSchema, 202: ImportReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const dryRun = request.query.dry_run === 'true' || request.query.dry_run === '1';
      const body = request.body;
      if (typeof body !== 'string') throw badRequest({ non_field_errors: ['Send the file as text/csv.'] });
      // Instructors write only course facts of their own students (DESIGN.md "Who may write what").
      const caller = coachRequestContext(request);
      const report = await importCsv(runner, scopeOf(request), caller, request.query.source, body, dryRun);
      return reply.code(dryRun ? 200 : 202).send(report);
    },
  );

  /** GET mts-import/{id}: an import's progress and result. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.importStatus),
    handler: async (request) => importStatus(database, scopeOf(request), id(request.params.importId)),
  });
}
