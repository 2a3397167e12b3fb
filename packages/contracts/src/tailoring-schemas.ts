import { z } from 'zod';
import { decimalNumber } from './numbers.ts';

/*
 * Tailoring (spec §2 cohort screens, §3 Cohort/Cohort group/Cohort rule/Dictionary data/Tailoring
 * distribution/Membership update task, §4, §5 Cohort, §7 Cohorts; docs/design.md "Tailoring semantics").
 *
 * Wire names are the spec's snake_case. Where the spec leaves a shape open, the choice is documented on
 * the schema.
 */

// ---------------------------------------------------------------------------------------------------
// Dictionary ("MTS")
// ---------------------------------------------------------------------------------------------------

/** One allowed value of a fixed-set characteristic. */
export const RestrictionValueSchema = z.object({ value: z.string(), label: z.string() });
export type RestrictionValue = z.infer<typeof RestrictionValueSchema>;

/** One allowed numeric range of a range characteristic (bounds inclusive). */
export const RestrictionRangeSchema = z.object({ min: z.number(), max: z.number() });
export type RestrictionRange = z.infer<typeof RestrictionRangeSchema>;

/**
 * A characteristic of the tailoring dictionary (spec §3 "Dictionary data"). `restrictionset.values`
 * non-empty: a fixed value set; `restrictionset.ranges` non-empty: a numeric range characteristic;
 * both empty: free text. `default` is what a student without a value has (a value equal to it is
 * shown as 'No Answer').
 */
export const CharacteristicSchema = z.object({
  name: z.string(),
  /** What screens show for the characteristic (never the code `name`); see `characteristicLabel`. */
  label: z.string().optional(),
  question: z.string(),
  /** `student` (institution-wide) or `enrolment` (one value per student and coach). */
  scope: z.enum(['student', 'enrolment']).optional(),
  sources: z.array(z.string()),
  is_multivalued: z.boolean(),
  /**
   * True for an ordinal characteristic (docs/characteristics.md): its restriction set's values are in a
   * defined order, and the comparisons (`greater than` …) compare by that order. Absent: not ordinal.
   */
  ordered: z.boolean().optional(),
  /**
   * True for an Insight Group's membership characteristic: the group's sync writes it, so no file or
   * form may (the guided import refuses it as a target). Absent: not one.
   */
  insight_group: z.boolean().optional(),
  default: z.string().nullable(),
  restrictionset: z.object({
    values: z.array(RestrictionValueSchema),
    ranges: z.array(RestrictionRangeSchema),
  }),
});
export type Characteristic = z.infer<typeof CharacteristicSchema>;

/** A source of characteristic data (e.g. `registrar`, `gradebook`, `course_coach`). */
export const TailoringSourceSchema = z.object({ name: z.string(), label: z.string() });
export type TailoringSource = z.infer<typeof TailoringSourceSchema>;

/** GET /api/v1/coach/{coachId}/mtsdictionarydata (spec §3 "Dictionary data"). */
export const DictionaryDataSchema = z.object({
  characteristics: z.array(CharacteristicSchema),
  sources: z.array(TailoringSourceSchema),
  /** The characteristics each source provides values for. */
  sourced_characteristics: z.array(z.object({ source: z.string(), characteristics: z.array(z.string()) })),
});
export type DictionaryData = z.infer<typeof DictionaryDataSchema>;

// ---------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------

/** Rule operations (spec §5), as they travel on the wire. */
export const OPERATIONS = [
  'equal to',
  'greater than',
  'greater than or equal to',
  'less than',
  'less than or equal to',
  'includes',
  'contains',
] as const;
export const OperationSchema = z.enum(OPERATIONS);
export type Operation = z.infer<typeof OperationSchema>;

/** Operations that take `values_for_include` (a checkbox set) rather than `value`. */
export const LIST_OPERATIONS: ReadonlyArray<Operation> = ['includes', 'contains'];

/** A cohort rule (spec §3 "Cohort rule"). Both `cohort_id` and `cohortId` are sent (the spec has both). */
export const CohortRuleSchema = z.object({
  id: z.number().int(),
  cohort_id: z.number().int(),
  cohortId: z.number().int(),
  characteristic: z.string(),
  operation: z.string(),
  /** The compared value for `equal to` and the four comparisons; null for includes/contains. */
  value: z.string().nullable(),
  /** The value list for includes/contains; empty otherwise. */
  values_for_include: z.array(z.string()),
  /** Enrolled students who satisfy this rule alone (as of the last sync or rule save). */
  qualifying_subjects_count: z.number().int(),
  /** False when the characteristic no longer exists or the value left its restriction set or range. */
  is_valid: z.boolean(),
});
export type CohortRule = z.infer<typeof CohortRuleSchema>;

/**
 * POST .../rules and PUT .../rules/{ruleId}/ body. Shape only; the meaning (known characteristic,
 * allowed operation, value in the set or range) is checked against the dictionary by `validateRule`
 * on both sides, and the server answers 400 with the same messages.
 * `value` may be sent as a number for range characteristics.
 */
export const CohortRuleBodySchema = z.object({
  characteristic: z.string().trim().max(200).optional().default(''),
  operation: z.string().trim().max(50).optional().default(''),
  value: z
    .union([z.string().max(200), z.number()])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim())),
  values_for_include: z.array(z.string().max(200)).max(500).nullable().optional().default([]),
  /** Accepted and ignored (the path names the cohort). */
  cohort_id: z.unknown().optional(),
  cohortId: z.unknown().optional(),
  id: z.unknown().optional(),
});
export type CohortRuleBody = z.input<typeof CohortRuleBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Cohorts (Insight Groups) and cohort groups (Insight Group Collections)
// ---------------------------------------------------------------------------------------------------

/** A cohort group / Insight Group Collection (spec §3): id, name. */
export const CohortGroupSchema = z.object({ id: z.number().int(), name: z.string() });
export type CohortGroup = z.infer<typeof CohortGroupSchema>;

/**
 * An entry of GET .../cohort/groups: the collection plus `membership_count`, the students who are in
 * at least one of its groups (each counted once), for the list's Students columns (spec §2 Cohort
 * manager: Current, Total, Percent; Total is the coach's enrollment_count).
 */
export const CohortGroupListEntrySchema = CohortGroupSchema.extend({ membership_count: z.number().int() });
export type CohortGroupListEntry = z.infer<typeof CohortGroupListEntrySchema>;

/** POST .../cohort/groups and PUT .../cohort/groups/{id}/ body. Name required, trimmed. */
export const CohortGroupBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(255, 'Ensure this field has no more than 255 characters.'),
  id: z.unknown().optional(),
});
export type CohortGroupBody = z.input<typeof CohortGroupBodySchema>;

/**
 * A cohort / Insight Group (spec §3): id, name, coach_id, cohort_group (collection id or null), source
 * and characteristic (the membership characteristic written back to the dictionary, or null),
 * membership_count (as of the last successful sync), rules[].
 */
export const CohortSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  coach_id: z.number().int(),
  cohort_group: z.number().int().nullable(),
  source: z.string().nullable(),
  characteristic: z.string().nullable(),
  membership_count: z.number().int(),
  rules: z.array(CohortRuleSchema),
});
export type Cohort = z.infer<typeof CohortSchema>;

/**
 * POST .../cohort and PUT .../cohort/{cohortId}/ body (spec §3 "Cohort group form fields": name,
 * cohort_group, source, characteristic). Name required and trimmed. `characteristic` (optional) names
 * the membership characteristic: letters, digits, `_` and `-`; it needs a `source`.
 */
export const CohortBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(255, 'Ensure this field has no more than 255 characters.'),
  cohort_group: z
    .union([z.number().int(), z.string()])
    .nullable()
    .optional()
    .transform((v) =>
      v === '' || v === undefined || v === null ? null : typeof v === 'number' ? v : decimalNumber(v),
    )
    .refine((v) => v === null || Number.isSafeInteger(v), 'Enter a whole number.'),
  source: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  characteristic: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  id: z.unknown().optional(),
  coach_id: z.unknown().optional(),
  membership_count: z.unknown().optional(),
  rules: z.unknown().optional(),
});
export type CohortBody = z.input<typeof CohortBodySchema>;

/** GET /api/v1/coach/{coachId}/enrollment-details: the coach's enrolled students. */
export const EnrollmentDetailsSchema = z.object({ enrollment_count: z.number().int() });
export type EnrollmentDetails = z.infer<typeof EnrollmentDetailsSchema>;

/**
 * GET /api/v1/coach/{coachId}/cohort/{cohortId}/tailoring-distribution[?characteristic=name][&page=N]
 * [&page_size=M] (spec §3 "Tailoring distribution": a map of characteristic to a map of `source__value`
 * key to a list of students, plus enrollment_count).
 *
 * - `distribution` is the spec's shape: characteristic → key → the group's members with that value
 *   (id, name, email; by name, then id). The key is `source__value`; members without a value of the
 *   characteristic are listed under its default value alone (no `__`, shown as 'No source').
 * - The lists are paged so that large classes stay small: every list is cut to page `page` (from 1) of
 *   `page_size` students (default {@link DISTRIBUTION_PAGE_SIZE}, at most {@link DISTRIBUTION_MAX_PAGE_SIZE}).
 *   A page past the end of a list gives an empty list (200), never an error: `counts` still says how
 *   many there are, so a client knows the list's pages. `page_size=0` asks for the counts alone (every
 *   list empty). A `page` or `page_size` that is not a whole number in range: 400 on that field.
 * - `counts` holds the totals the screen shows per key: `current` (members of this group with the
 *   value = the full length of the key's list) and `group_total` (enrolled students with it).
 *   Every key of `counts` is in `distribution` (with a possibly empty list) and the other way round.
 * - Without `characteristic`, every characteristic of the dictionary is included.
 */
export const DistributionStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type DistributionStudent = z.infer<typeof DistributionStudentSchema>;
export const TailoringDistributionEntrySchema = z.object({
  current: z.number().int(),
  group_total: z.number().int(),
});
export const TailoringDistributionSchema = z.object({
  enrollment_count: z.number().int(),
  membership_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  distribution: z.record(z.string(), z.record(z.string(), z.array(DistributionStudentSchema))),
  counts: z.record(z.string(), z.record(z.string(), TailoringDistributionEntrySchema)),
});
/** Students per value and page of the distribution when no page_size is asked for. */
export const DISTRIBUTION_PAGE_SIZE = 50;
/** The largest page_size the distribution accepts. */
export const DISTRIBUTION_MAX_PAGE_SIZE = 500;
export type TailoringDistribution = z.infer<typeof TailoringDistributionSchema>;

/** GET .../cohort/{cohortId}/users?page=N (page size 50): the members, paged like the to-do list. */
export const CohortUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export const CohortUsersPageSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  next: z.number().int().nullable(),
  previous: z.number().int().nullable(),
  results: z.array(CohortUserSchema),
});
export type CohortUsersPage = z.infer<typeof CohortUsersPageSchema>;
export const COHORT_USERS_PAGE_SIZE = 50;

// ---------------------------------------------------------------------------------------------------
// Membership update task
// ---------------------------------------------------------------------------------------------------

const DateDone = z.object({ date_done: z.string() });

/**
 * GET/POST /Dashboard/Coach/{coachId}/cohort-membership-update/{cohortId} (spec §3 "Membership update
 * task": started and success, each with date_done). `started` is set when a sync begins, `success`
 * when the latest one ended well; `state` says which is current ('started' = In-progress). A failed
 * sync leaves membership as it was and sets `failure`. POST answers 202 when it started a sync and 200
 * (nothing done) when one was already started.
 */
export const MembershipTaskSchema = z.object({
  state: z.enum(['never', 'started', 'success', 'failure']),
  started: DateDone.nullable(),
  success: DateDone.nullable(),
  failure: z.object({ date_done: z.string(), message: z.string() }).nullable(),
});
export type MembershipTask = z.infer<typeof MembershipTaskSchema>;

// ---------------------------------------------------------------------------------------------------
// CSV import / export
// ---------------------------------------------------------------------------------------------------

/**
 * POST /api/v1/coach/{coachId}/mts-import?source=name[&dry_run=true] with a `text/csv` body: the
 * first column `student` (a student's email or numeric id), then one column per characteristic name.
 * Multivalued cells separate values with `;`. An empty cell sets no value (the student has the default).
 * A dry run writes nothing and answers 200 with the report. A real import answers 400 with the report
 * if any row has an error (nothing written), else 202 with the report and the import `id`, whose
 * progress GET .../mts-import/{importId} reports; the values of the source's columns are replaced for
 * the listed students all at once, then membership of the coach's groups is recomputed.
 */
export const ImportRowErrorSchema = z.object({
  /** 1-based line number in the file (line 1 is the header). */
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportReportSchema = z.object({
  id: z.number().int().nullable(),
  dry_run: z.boolean(),
  source: z.string(),
  state: z.enum(['checked', 'started', 'success', 'failure']),
  rows_total: z.number().int(),
  rows_done: z.number().int(),
  characteristics: z.array(z.string()),
  errors: z.array(ImportRowErrorSchema),
  message: z.string().nullable(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
/** At most this many row errors are listed (the count of rows is still reported). */
export const IMPORT_MAX_ERRORS = 200;
