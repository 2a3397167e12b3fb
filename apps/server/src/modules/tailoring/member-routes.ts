/**
 * Routes of an Insight Group's population and membership task (spec §7 "Cohorts"; spec §2 "Cohort
 * manager", §3 "Tailoring distribution", §4 "Cohort sync"): the members a page at a time, the members
 * as CSV, the tailoring distribution, and the membership update task (status, Sync Now). Staff of the
 * coach only. Registered by routes.ts.
 */
import { API, DISTRIBUTION_PAGE_SIZE, TAILORING_ENDPOINTS } from '@course-coach/contracts';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest } from '../../http/errors.ts';
import { cohortMembersForExport, cohortUsers, tailoringDistribution } from './distribution.ts';
import { characteristicExists } from './distribution-queries.ts';
import {
  CohortParams,
  errors,
  id,
  scopeOf,
  staffOnly,
  type TailoringApp,
  type TailoringRouteContext,
  tags,
} from './route-helpers.ts';
import { getCohort } from './service.ts';
import { taskStatus, triggerSync } from './sync.ts';

/** Registers the member, distribution and membership task routes on the tailoring plugin. */
export function registerMemberRoutes(app: TailoringApp, { database, runner }: TailoringRouteContext): void {
  // --- Members, distribution -------------------------------------------------------------------------

  /** GET cohort/{id}/users?page=N: the members, 50 a page. */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.users),
    handler: async (request) =>
      cohortUsers(database, scopeOf(request), id(request.params.cohortId), request.query.page ?? 1),
  });

  /**
   * GET cohort/{id}/users.csv: every member as CSV (student_id, name, email). Registered by hand, not
   * from a description in the contracts: it answers a CSV file, not JSON.
   */
  app.get(
    API.cohortUsersCsv(':coachId', ':cohortId'),
    { config: staffOnly, schema: { tags, params: CohortParams, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const cohortId = id(request.params.cohortId);
      const rows = await cohortMembersForExport(database, scopeOf(request), cohortId);
      const csv = stringify(
        rows.map((r) => [r.external_id ?? '', r.name, r.email]),
        // Cells starting with = + - @ tab or CR are prefixed with ' so spreadsheets show them as text
        // instead of running them as formulas (OWASP "CSV injection"; csv-stringify's escape_formulas).
        { header: true, columns: ['student_id', 'name', 'email'], escape_formulas: true },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="insight-group-${cohortId}-members.csv"`)
        .send(csv);
    },
  );

  /**
   * GET cohort/{id}/tailoring-distribution[?characteristic=name][&page=N][&page_size=M]: the spec's
   * characteristic → `source__value` → students, one page of each list, plus the counts per key (see
   * TailoringDistributionSchema). A page past the end gives empty lists with the counts; page_size=0
   * asks for the counts alone (empty lists, no student query). A page or
   * page_size that is not a whole number in range is a 400 on that field.
   */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.distribution),
    handler: async (request) => {
      const scope = scopeOf(request);
      const name = request.query.characteristic;
      if (name !== undefined) {
        if (!(await characteristicExists(database.query, scope.institutionId, name)))
          throw badRequest({
            characteristic: [`“${name}” is not a characteristic in the tailoring dictionary.`],
          });
      }
      return tailoringDistribution(database, scope, id(request.params.cohortId), name, {
        page: request.query.page ?? 1,
        page_size: request.query.page_size ?? DISTRIBUTION_PAGE_SIZE,
      });
    },
  });

  // --- Membership update task (spec §7: under /Dashboard) -------------------------------------------

  /** GET cohort-membership-update/{id}: the task's state (started/success with date_done). */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.membershipTask),
    handler: async (request) => {
      const cohortId = id(request.params.cohortId);
      await getCohort(database, scopeOf(request), cohortId);
      return taskStatus(database.query, cohortId);
    },
  });

  /** POST cohort-membership-update/{id}: starts a sync (202), or does nothing while one is started (200). */
  app.route({
    ...endpointRoute(TAILORING_ENDPOINTS.syncMembership),
    handler: async (request, reply) => {
      const cohortId = id(request.params.cohortId);
      await getCohort(database, scopeOf(request), cohortId);
      const started = await triggerSync(runner, cohortId);
      return reply.code(started ? 202 : 200).send(await taskStatus(database.query, cohortId));
    },
  });
}
