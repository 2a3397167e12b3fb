import {
  API,
  CohortBodySchema,
  CohortGroupBodySchema,
  CohortGroupListEntrySchema,
  CohortGroupSchema,
  CohortRuleBodySchema,
  CohortRuleSchema,
  CohortSchema,
  CohortUsersPageSchema,
  DISTRIBUTION_MAX_PAGE_SIZE,
  DISTRIBUTION_PAGE_SIZE,
  DictionaryDataSchema,
  EnrollmentDetailsSchema,
  ImportReportSchema,
  MembershipTaskSchema,
  TailoringDistributionSchema,
} from '@course-coach/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { parseId } from '../../auth/guard.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses } from '../../http/route-common.ts';
import { dictionaryData } from './dictionary.ts';
import {
  cohortMembersForExport,
  cohortUsers,
  enrollmentCount,
  tailoringDistribution,
} from './distribution.ts';
import { importCsv, importStatus } from './import.ts';
import { createRule, deleteRule, listRules, updateRule } from './rules.ts';
import {
  type CoachScope,
  createCohort,
  createCohortGroup,
  deleteCohort,
  deleteCohortGroup,
  getCohort,
  listCohortGroups,
  listCohorts,
  updateCohort,
  updateCohortGroup,
} from './service.ts';
import { taskStatus, triggerSync } from './sync.ts';

const GroupParams = z.object({ coachId: z.string(), cohortGroupId: z.string() });
const CohortParams = z.object({ coachId: z.string(), cohortId: z.string() });
const RuleParams = z.object({ coachId: z.string(), cohortId: z.string(), ruleId: z.string() });
const ImportParams = z.object({ coachId: z.string(), importId: z.string() });

/** Largest CSV upload (bytes). */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const errors = errorResponses;
const staffOnly = { access: access.coach(...COACH_STAFF) };
const tags = ['tailoring'];

/** A path id as a number, or 404 (like the guard does for coachId). */
function id(value: string): number {
  const n = parseId(value);
  if (n === null) throw notFound();
  return n;
}

/**
 * Tailoring routes (spec §7 "Cohorts"): the dictionary, Insight Group Collections, Insight Groups,
 * rules, members, enrollment details, distribution, the membership update task, and CSV import/export.
 * Every route is for the coach's staff (its instructors, the institution's staff and admins): students
 * get 403, anybody outside the institution 404 (the guard). Objects of another coach answer 404.
 */
export const tailoringRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database } = deps;
  const runner = { database, boss: deps.boss };
  // CSV uploads (this plugin only): read as text, up to IMPORT_BODY_LIMIT.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const scopeOf = (request: { coach: { coachId: number; institutionId: number } | null }): CoachScope => ({
    coachId: request.coach!.coachId,
    institutionId: request.coach!.institutionId,
  });

  /** GET mtsdictionarydata: the institution's tailoring dictionary (spec §3 "Dictionary data"). */
  app.get(
    API.mtsDictionaryData(':coachId'),
    {
      config: staffOnly,
      schema: { tags, params: CoachParams, response: { 200: DictionaryDataSchema, ...errors } },
    },
    async (request) => dictionaryData(database.query, request.coach!.institutionId),
  );

  /** GET enrollment-details: the coach's enrolled student count. */
  app.get(
    API.enrollmentDetails(':coachId'),
    {
      config: staffOnly,
      schema: { tags, params: CoachParams, response: { 200: EnrollmentDetailsSchema, ...errors } },
    },
    async (request) => ({ enrollment_count: await enrollmentCount(database.query, request.coach!.coachId) }),
  );

  // --- Collections -----------------------------------------------------------------------------

  /** GET cohort/groups: the coach's Insight Group Collections. */
  app.get(
    API.cohortGroups(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        response: { 200: z.array(CohortGroupListEntrySchema), ...errors },
      },
    },
    async (request) => listCohortGroups(database, scopeOf(request)),
  );

  /** POST cohort/groups: creates a collection (name required, trimmed). 201. */
  app.post(
    API.cohortGroups(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        body: CohortGroupBodySchema,
        response: { 201: CohortGroupSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCohortGroup(database, scopeOf(request), request.body.name)),
  );

  /** PUT cohort/groups/{id}/: renames a collection. */
  app.put(
    API.cohortGroup(':coachId', ':cohortGroupId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: GroupParams,
        body: CohortGroupBodySchema,
        response: { 200: CohortGroupSchema, ...errors },
      },
    },
    async (request) =>
      updateCohortGroup(database, scopeOf(request), id(request.params.cohortGroupId), request.body.name),
  );

  /** DELETE cohort/groups/{id}/: deletes a collection (its groups stay, outside any collection). 204. */
  app.delete(
    API.cohortGroup(':coachId', ':cohortGroupId'),
    { config: staffOnly, schema: { tags, params: GroupParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteCohortGroup(database, scopeOf(request), id(request.params.cohortGroupId));
      return reply.code(204).send(null);
    },
  );

  // --- Insight Groups ----------------------------------------------------------------------------

  /** GET cohort: the coach's Insight Groups with their rules. */
  app.get(
    API.cohorts(':coachId'),
    {
      config: staffOnly,
      schema: { tags, params: CoachParams, response: { 200: z.array(CohortSchema), ...errors } },
    },
    async (request) => listCohorts(database, scopeOf(request)),
  );

  /** POST cohort: creates an Insight Group and starts its first sync. 201. */
  app.post(
    API.cohorts(':coachId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CoachParams,
        body: CohortBodySchema,
        response: { 201: CohortSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCohort(runner, scopeOf(request), request.body)),
  );

  /** GET cohort/{id}/: one Insight Group. */
  app.get(
    API.cohort(':coachId', ':cohortId'),
    { config: staffOnly, schema: { tags, params: CohortParams, response: { 200: CohortSchema, ...errors } } },
    async (request) => getCohort(database, scopeOf(request), id(request.params.cohortId)),
  );

  /** PUT cohort/{id}/: updates an Insight Group's name, collection and membership characteristic. */
  app.put(
    API.cohort(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        body: CohortBodySchema,
        response: { 200: CohortSchema, ...errors },
      },
    },
    async (request) => updateCohort(runner, scopeOf(request), id(request.params.cohortId), request.body),
  );

  /** DELETE cohort/{id}/: deletes an Insight Group (and its membership characteristic). 204. */
  app.delete(
    API.cohort(':coachId', ':cohortId'),
    { config: staffOnly, schema: { tags, params: CohortParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteCohort(database, scopeOf(request), id(request.params.cohortId));
      return reply.code(204).send(null);
    },
  );

  // --- Rules ---------------------------------------------------------------------------------------

  /** GET cohort/{id}/rules: the group's rules. */
  app.get(
    API.cohortRules(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: { tags, params: CohortParams, response: { 200: z.array(CohortRuleSchema), ...errors } },
    },
    async (request) => listRules(database, scopeOf(request), id(request.params.cohortId)),
  );

  /** POST cohort/{id}/rules: adds a rule (400 with field errors when not valid), then re-syncs. 201. */
  app.post(
    API.cohortRules(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        body: CohortRuleBodySchema,
        response: { 201: CohortRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRule(runner, scopeOf(request), id(request.params.cohortId), request.body)),
  );

  /** PUT cohort/{id}/rules/{ruleId}/: replaces a rule, then re-syncs. */
  app.put(
    API.cohortRule(':coachId', ':cohortId', ':ruleId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: RuleParams,
        body: CohortRuleBodySchema,
        response: { 200: CohortRuleSchema, ...errors },
      },
    },
    async (request) =>
      updateRule(
        runner,
        scopeOf(request),
        id(request.params.cohortId),
        id(request.params.ruleId),
        request.body,
      ),
  );

  /** DELETE cohort/{id}/rules/{ruleId}/: deletes a rule, then re-syncs. 204. */
  app.delete(
    API.cohortRule(':coachId', ':cohortId', ':ruleId'),
    { config: staffOnly, schema: { tags, params: RuleParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteRule(runner, scopeOf(request), id(request.params.cohortId), id(request.params.ruleId));
      return reply.code(204).send(null);
    },
  );

  // --- Members, distribution -------------------------------------------------------------------------

  /** GET cohort/{id}/users?page=N: the members, 50 a page. */
  app.get(
    API.cohortUsers(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        querystring: z.strictObject({
          page: z
            .string()
            .regex(/^[1-9][0-9]{0,6}$/, 'Enter a valid page number.')
            .pipe(z.coerce.number<string>().int())
            .optional(),
        }),
        response: { 200: CohortUsersPageSchema, ...errors },
      },
    },
    async (request) =>
      cohortUsers(database, scopeOf(request), id(request.params.cohortId), request.query.page ?? 1),
  );

  /** GET cohort/{id}/users.csv: every member as CSV (student_id, name, email). */
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
  app.get(
    API.tailoringDistribution(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        querystring: z.strictObject({
          characteristic: z.string().max(200).optional(),
          page: z
            .string()
            .regex(/^[1-9][0-9]{0,6}$/, 'Enter a valid page number.')
            .pipe(z.coerce.number<string>().int())
            .optional(),
          page_size: z
            .string()
            .regex(/^(0|[1-9][0-9]{0,3})$/, 'Enter a whole number from 0.')
            .pipe(
              z.coerce
                .number<string>()
                .int()
                .max(
                  DISTRIBUTION_MAX_PAGE_SIZE,
                  `Ensure this value is at most ${DISTRIBUTION_MAX_PAGE_SIZE}.`,
                ),
            )
            .optional(),
        }),
        response: { 200: TailoringDistributionSchema, ...errors },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const name = request.query.characteristic;
      if (name !== undefined) {
        const known = await database.query(
          'select 1 from characteristics where institution_id = $1 and name = $2',
          [scope.institutionId, name],
        );
        if (known.length === 0)
          throw badRequest({
            characteristic: [`“${name}” is not a characteristic in the tailoring dictionary.`],
          });
      }
      return tailoringDistribution(database, scope, id(request.params.cohortId), name, {
        page: request.query.page ?? 1,
        page_size: request.query.page_size ?? DISTRIBUTION_PAGE_SIZE,
      });
    },
  );

  // --- Membership update task (spec §7: under /Dashboard) -------------------------------------------

  /** GET cohort-membership-update/{id}: the task's state (started/success with date_done). */
  app.get(
    API.cohortMembershipUpdate(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: { tags, params: CohortParams, response: { 200: MembershipTaskSchema, ...errors } },
    },
    async (request) => {
      const cohortId = id(request.params.cohortId);
      await getCohort(database, scopeOf(request), cohortId);
      return taskStatus(database.query, cohortId);
    },
  );

  /** POST cohort-membership-update/{id}: starts a sync (202), or does nothing while one is started (200). */
  app.post(
    API.cohortMembershipUpdate(':coachId', ':cohortId'),
    {
      config: staffOnly,
      schema: {
        tags,
        params: CohortParams,
        response: { 200: MembershipTaskSchema, 202: MembershipTaskSchema, ...errors },
      },
    },
    async (request, reply) => {
      const cohortId = id(request.params.cohortId);
      await getCohort(database, scopeOf(request), cohortId);
      const started = await triggerSync(runner, cohortId);
      return reply.code(started ? 202 : 200).send(await taskStatus(database.query, cohortId));
    },
  );

  // --- CSV import -------------------------------------------------------------------------------------

  /** POST mts-import?source=…[&dry_run=true] with a text/csv body (see ImportReportSchema). */
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
      const caller = { isInstitutionStaff: request.coach!.institutionRole !== null };
      const report = await importCsv(runner, scopeOf(request), caller, request.query.source, body, dryRun);
      return reply.code(dryRun ? 200 : 202).send(report);
    },
  );

  /** GET mts-import/{id}: an import's progress and result. */
  app.get(
    API.mtsImportStatus(':coachId', ':importId'),
    {
      config: staffOnly,
      schema: { tags, params: ImportParams, response: { 200: ImportReportSchema, ...errors } },
    },
    async (request) => importStatus(database, scopeOf(request), id(request.params.importId)),
  );
};
