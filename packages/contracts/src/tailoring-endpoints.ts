import { z } from 'zod';
import { access, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';
import {
  CohortBodySchema,
  CohortGroupBodySchema,
  CohortGroupListEntrySchema,
  CohortGroupSchema,
  CohortRuleBodySchema,
  CohortRuleSchema,
  CohortSchema,
  CohortUsersPageSchema,
  DISTRIBUTION_MAX_PAGE_SIZE,
  DictionaryDataSchema,
  EnrollmentDetailsSchema,
  ImportReportSchema,
  MembershipTaskSchema,
  TailoringDistributionSchema,
} from './tailoring-schemas.ts';

/*
 * The tailoring endpoints (spec §7 "Cohorts"), apart from tailoring-schemas.ts so that each file stays
 * under the size limit. Not here, registered by hand on the server: the CSV upload (POST mts-import,
 * a text/csv body) and the members as CSV (GET cohort/{id}/users.csv, a CSV answer).
 */

/** A page number given as digits (1 to 9999999). */
const PageNumber = z
  .string()
  .regex(/^[1-9][0-9]{0,6}$/, 'Enter a valid page number.')
  .pipe(z.coerce.number<string>().int());

/** GET cohort/{id}/users query: `page`, 50 members a page. */
export const CohortUsersQuerySchema = z.strictObject({ page: PageNumber.optional() });

/**
 * GET cohort/{id}/tailoring-distribution query: `characteristic` (one of the dictionary's names),
 * `page` and `page_size` (0 asks for the counts alone; at most DISTRIBUTION_MAX_PAGE_SIZE), as digits.
 */
export const TailoringDistributionQuerySchema = z.strictObject({
  characteristic: z.string().max(200).optional(),
  page: PageNumber.optional(),
  page_size: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,3})$/, 'Enter a whole number from 0.')
    .pipe(
      z.coerce
        .number<string>()
        .int()
        .max(DISTRIBUTION_MAX_PAGE_SIZE, `Ensure this value is at most ${DISTRIBUTION_MAX_PAGE_SIZE}.`),
    )
    .optional(),
});

const TAGS = ['tailoring'];
const STAFF = access.coach(...COACH_STAFF);

/**
 * The tailoring endpoints (spec §7 "Cohorts"; spec §2 "Cohort manager"; §3, §4 "Cohort sync", §5): the
 * dictionary, enrollment details, Insight Group Collections, Insight Groups, rules, members,
 * distribution, the membership update task and an import's progress. Every one is for the coach's staff
 * (its instructors, the institution's staff and admins): students get 403, anybody outside the
 * institution 404 (the guard); objects of another coach answer 404.
 */
export const TAILORING_ENDPOINTS = {
  /** GET mtsdictionarydata → the institution's tailoring dictionary (spec §3 "Dictionary data"). */
  dictionary: defineEndpoint({
    method: 'GET',
    path: API.mtsDictionaryData(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: DictionaryDataSchema },
  }),
  /** GET enrollment-details → the coach's enrolled student count. */
  enrollmentDetails: defineEndpoint({
    method: 'GET',
    path: API.enrollmentDetails(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: EnrollmentDetailsSchema },
  }),
  /** GET cohort/groups → the coach's Insight Group Collections. */
  groups: defineEndpoint({
    method: 'GET',
    path: API.cohortGroups(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: z.array(CohortGroupListEntrySchema) },
  }),
  /** POST cohort/groups → 201 with a new collection (name required, trimmed). */
  createGroup: defineEndpoint({
    method: 'POST',
    path: API.cohortGroups(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: CohortGroupBodySchema,
    responses: { 201: CohortGroupSchema },
  }),
  /** PUT cohort/groups/{id}/ → the renamed collection. */
  updateGroup: defineEndpoint({
    method: 'PUT',
    path: API.cohortGroup(':coachId', ':cohortGroupId'),
    access: STAFF,
    tags: TAGS,
    body: CohortGroupBodySchema,
    responses: { 200: CohortGroupSchema },
  }),
  /** DELETE cohort/groups/{id}/ → 204; its groups stay, outside any collection. */
  removeGroup: defineEndpoint({
    method: 'DELETE',
    path: API.cohortGroup(':coachId', ':cohortGroupId'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** GET cohort → the coach's Insight Groups with their rules. */
  cohorts: defineEndpoint({
    method: 'GET',
    path: API.cohorts(':coachId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: z.array(CohortSchema) },
  }),
  /** POST cohort → 201 with a new Insight Group; its first sync starts. */
  createCohort: defineEndpoint({
    method: 'POST',
    path: API.cohorts(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: CohortBodySchema,
    responses: { 201: CohortSchema },
  }),
  /** GET cohort/{id}/ → one Insight Group. */
  cohort: defineEndpoint({
    method: 'GET',
    path: API.cohort(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: CohortSchema },
  }),
  /** PUT cohort/{id}/ → the group with a new name, collection and membership characteristic. */
  updateCohort: defineEndpoint({
    method: 'PUT',
    path: API.cohort(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    body: CohortBodySchema,
    responses: { 200: CohortSchema },
  }),
  /** DELETE cohort/{id}/ → 204; the group and its membership characteristic are deleted. */
  removeCohort: defineEndpoint({
    method: 'DELETE',
    path: API.cohort(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** GET cohort/{id}/rules → the group's rules. */
  rules: defineEndpoint({
    method: 'GET',
    path: API.cohortRules(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: z.array(CohortRuleSchema) },
  }),
  /** POST cohort/{id}/rules → 201 with the new rule (400 with field errors when not valid); re-syncs. */
  createRule: defineEndpoint({
    method: 'POST',
    path: API.cohortRules(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    body: CohortRuleBodySchema,
    responses: { 201: CohortRuleSchema },
  }),
  /** PUT cohort/{id}/rules/{ruleId}/ → the replaced rule; re-syncs. */
  updateRule: defineEndpoint({
    method: 'PUT',
    path: API.cohortRule(':coachId', ':cohortId', ':ruleId'),
    access: STAFF,
    tags: TAGS,
    body: CohortRuleBodySchema,
    responses: { 200: CohortRuleSchema },
  }),
  /** DELETE cohort/{id}/rules/{ruleId}/ → 204; re-syncs. */
  removeRule: defineEndpoint({
    method: 'DELETE',
    path: API.cohortRule(':coachId', ':cohortId', ':ruleId'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** GET cohort/{id}/users?page=N → the members, 50 a page. */
  users: defineEndpoint({
    method: 'GET',
    path: API.cohortUsers(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    query: CohortUsersQuerySchema,
    responses: { 200: CohortUsersPageSchema },
  }),
  /**
   * GET cohort/{id}/tailoring-distribution[?characteristic=][&page=][&page_size=] → characteristic →
   * `source__value` → students, one page of each list, with the counts per key (TailoringDistributionSchema).
   */
  distribution: defineEndpoint({
    method: 'GET',
    path: API.tailoringDistribution(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    query: TailoringDistributionQuerySchema,
    responses: { 200: TailoringDistributionSchema },
  }),
  /** GET cohort-membership-update/{id} → the task's state (started/success with date_done). */
  membershipTask: defineEndpoint({
    method: 'GET',
    path: API.cohortMembershipUpdate(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: MembershipTaskSchema },
  }),
  /** POST cohort-membership-update/{id} → 202 when a sync starts, 200 while one is already started. */
  syncMembership: defineEndpoint({
    method: 'POST',
    path: API.cohortMembershipUpdate(':coachId', ':cohortId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: MembershipTaskSchema, 202: MembershipTaskSchema },
  }),
  /** GET mts-import/{id} → an import's progress and result (ImportReportSchema). */
  importStatus: defineEndpoint({
    method: 'GET',
    path: API.mtsImportStatus(':coachId', ':importId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: ImportReportSchema },
  }),
};
