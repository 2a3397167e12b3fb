import { z } from 'zod';
import type { FieldErrors } from './errors.ts';
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

// ---------------------------------------------------------------------------------------------------
// Pure rule helpers (shared by the rule form and the server)
// ---------------------------------------------------------------------------------------------------

export type CharacteristicKind = 'range' | 'set' | 'multiset' | 'text';

/** The kind of a characteristic: range (numeric bounds), set, multivalued set, or free text. */
export function characteristicKind(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset'>,
): CharacteristicKind {
  if (c.restrictionset.ranges.length > 0) return 'range';
  if (c.restrictionset.values.length > 0) return c.is_multivalued ? 'multiset' : 'set';
  return 'text';
}

/** The comparison operations (spec §5): numeric on ranges, by the values' order on ordinals. */
export const COMPARISON_OPERATIONS: ReadonlyArray<Operation> = [
  'greater than',
  'greater than or equal to',
  'less than',
  'less than or equal to',
];

/** True for `greater than`, `greater than or equal to`, `less than`, `less than or equal to`. */
export function isComparison(operation: string): boolean {
  return (COMPARISON_OPERATIONS as readonly string[]).includes(operation);
}

/**
 * Operations allowed for a characteristic (spec §5): range → equal and the four comparisons; fixed set
 * → equal and includes, plus the four comparisons when the set is ordinal (`ordered`, compared by the
 * values' order; docs/characteristics.md); multivalued set → only contains; free text → equal.
 */
export function operationsFor(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset' | 'ordered'>,
): Operation[] {
  switch (characteristicKind(c)) {
    case 'range':
      return ['equal to', ...COMPARISON_OPERATIONS];
    case 'set':
      return c.ordered ? ['equal to', ...COMPARISON_OPERATIONS, 'includes'] : ['equal to', 'includes'];
    case 'multiset':
      return ['contains'];
    default:
      return ['equal to'];
  }
}

/**
 * The values of an ordinal characteristic that satisfy `operation value` by the defined order of its
 * restriction set (e.g. `greater than or equal to 5-10h` → `5-10h`, `>10h`), in that order. No Answer
 * (`__no_answer__`) is never among them, and a value outside the set (or a non-comparison) matches
 * nothing (docs/characteristics.md "Missing answers").
 */
export function ordinalMatches(
  c: Pick<Characteristic, 'restrictionset'>,
  operation: string,
  value: string,
): string[] {
  const order = c.restrictionset.values.map((v) => v.value);
  const at = order.indexOf(value);
  if (at < 0 || value === NO_ANSWER_VALUE) return [];
  const keep = (i: number): boolean => {
    switch (operation) {
      case 'equal to':
        return i === at;
      case 'greater than':
        return i > at;
      case 'greater than or equal to':
        return i >= at;
      case 'less than':
        return i < at;
      case 'less than or equal to':
        return i <= at;
      default:
        return false;
    }
  };
  return order.filter((v, i) => v !== NO_ANSWER_VALUE && keep(i));
}

/** True when the operation takes `values_for_include` (includes, contains). */
export function usesValuesForInclude(operation: string): boolean {
  return (LIST_OPERATIONS as readonly string[]).includes(operation);
}

/** Spec §5: a value equal to the characteristic default is labelled 'No Answer'. */
export const NO_ANSWER = 'No Answer';

/**
 * The reserved "no answer" value (DESIGN.md "Characteristic definitions"): a characteristic whose
 * default is this value treats a missing answer as an explicit No Answer. Rules name it with `equal to`,
 * `includes` or `contains`; comparisons (`greater than` …) never match it, and it is never stored.
 */
export const NO_ANSWER_VALUE = '__no_answer__';

/** The label a screen shows for a characteristic: its label, else its code name made readable. */
export function characteristicLabel(c: Pick<Characteristic, 'name' | 'label'>): string {
  if (c.label && c.label.trim() !== '') return c.label;
  const words = c.name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label shown for a value: 'No Answer' for the default, the restriction set's label, else the value. */
export function valueLabel(c: Pick<Characteristic, 'default' | 'restrictionset'>, value: string): string {
  if (value === NO_ANSWER_VALUE) return NO_ANSWER;
  if (c.default !== null && value === c.default) return NO_ANSWER;
  return c.restrictionset.values.find((v) => v.value === value)?.label ?? value;
}

/**
 * The checkbox options for includes/contains: the restriction set, default labelled 'No Answer', and
 * the explicit No Answer value last when the characteristic has one.
 */
export function valueOptions(c: Pick<Characteristic, 'default' | 'restrictionset'>): RestrictionValue[] {
  const options = c.restrictionset.values.map((v) => ({ value: v.value, label: valueLabel(c, v.value) }));
  if (c.default === NO_ANSWER_VALUE) options.push({ value: NO_ANSWER_VALUE, label: NO_ANSWER });
  return options;
}

/** Rule validation messages (the spec names the checks, not the words). */
export const RULE_MESSAGES = {
  required: 'This field is required.',
  unknownCharacteristic: (name: string) => `“${name}” is not a characteristic in the tailoring dictionary.`,
  operationNotAllowed: (op: string, name: string, allowed: string[]) =>
    `“${op}” cannot be used with ${name}. Choose one of: ${allowed.join(', ')}.`,
  notANumber: 'Enter a number.',
  outOfRange: (ranges: RestrictionRange[]) =>
    `Enter a number ${ranges.map((r) => `from ${r.min} to ${r.max}`).join(' or ')}.`,
  notInSet: (value: string, name: string) => `“${value}” is not an allowed value of ${name}.`,
  selectValues: 'Select at least one value.',
  noAnswerCompared: 'No Answer can only be used with “equal to”, “includes” or “contains”.',
  notOrdinal: (op: string, label: string) =>
    `“${op}” compares values by their order, and the values of ${label} have none (it is not ordinal). Choose “equal to” or “includes”.`,
} as const;

/** Does `value` lie in the characteristic's restriction set or range? (Free text: any non-empty value.) */
export function valueAllowed(
  c: Pick<Characteristic, 'is_multivalued' | 'restrictionset'> & { default?: string | null },
  value: string,
): boolean {
  // The explicit No Answer is a value a rule may name, on characteristics that have it.
  if (value === NO_ANSWER_VALUE) return c.default === NO_ANSWER_VALUE;
  const kind = characteristicKind(c);
  if (kind === 'range') {
    if (value.trim() === '') return false;
    const n = decimalNumber(value);
    return Number.isFinite(n) && c.restrictionset.ranges.some((r) => n >= r.min && n <= r.max);
  }
  if (kind === 'text') return value.trim() !== '';
  return c.restrictionset.values.some((v) => v.value === value);
}

export interface RuleInput {
  characteristic: string;
  operation: string;
  value: string;
  values_for_include: string[] | null;
}

/**
 * Checks a rule against the dictionary (spec §5): characteristic, operation and value (or
 * values_for_include) required; the operation allowed for the characteristic's kind; a numeric value
 * inside a range; set values inside the restriction set. Returns field errors (empty object: valid).
 * Errors about the characteristic itself go under `characteristic`; the rule form also shows
 * `non_field_errors`.
 */
export function validateRule(dictionary: ReadonlyArray<Characteristic>, input: RuleInput): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const name = input.characteristic.trim();
  const op = input.operation.trim();
  if (!name) add('characteristic', RULE_MESSAGES.required);
  if (!op) add('operation', RULE_MESSAGES.required);
  else if (!(OPERATIONS as readonly string[]).includes(op))
    add('operation', `“${op}” is not a valid choice.`);
  const c = name ? dictionary.find((d) => d.name === name) : undefined;
  if (name && !c) add('characteristic', RULE_MESSAGES.unknownCharacteristic(name));
  const list = usesValuesForInclude(op);
  const values = (input.values_for_include ?? []).map((v) => v.trim());
  if (op && list && values.length === 0) add('values_for_include', RULE_MESSAGES.selectValues);
  if (op && !list && (OPERATIONS as readonly string[]).includes(op) && input.value.trim() === '')
    add('value', RULE_MESSAGES.required);
  if (!c || !op || !(OPERATIONS as readonly string[]).includes(op)) return errors;
  const allowed = operationsFor(c);
  const label = characteristicLabel(c);
  if (!allowed.includes(op as Operation)) {
    // A comparison on an unordered value set: say why (only ordinal values have an order).
    if (isComparison(op) && characteristicKind(c) === 'set')
      add('operation', RULE_MESSAGES.notOrdinal(op, label));
    else add('operation', RULE_MESSAGES.operationNotAllowed(op, label, allowed));
    return errors;
  }
  const kind = characteristicKind(c);
  const comparison = !list && op !== 'equal to';
  if (comparison && input.value.trim() === NO_ANSWER_VALUE) {
    add('value', RULE_MESSAGES.noAnswerCompared);
    return errors;
  }
  if (list) {
    for (const v of values)
      if (!valueAllowed(c, v)) add('values_for_include', RULE_MESSAGES.notInSet(v, label));
  } else if (input.value.trim() !== '') {
    const v = input.value.trim();
    if (kind === 'range' && v !== NO_ANSWER_VALUE) {
      if (!Number.isFinite(decimalNumber(v))) add('value', RULE_MESSAGES.notANumber);
      else if (!valueAllowed(c, v)) add('value', RULE_MESSAGES.outOfRange(c.restrictionset.ranges));
    } else if (!valueAllowed(c, v)) add('value', RULE_MESSAGES.notInSet(v, label));
  }
  return errors;
}

/**
 * Spec §9: "Membership percent = rounded membership count over enrollment count; 0 if no enrollment."
 * Returned as a whole percent (0–100).
 */
export function membershipPercent(membershipCount: number, enrollmentCount: number): number {
  if (enrollmentCount <= 0) return 0;
  return Math.round((membershipCount / enrollmentCount) * 100);
}

/**
 * Splits a distribution key `source__value`; a key without `__` has no source (shown 'No source'), and
 * so has the bare No Answer default `__no_answer__` (students without a value), whose `__` are its own.
 */
export function splitDistributionKey(key: string): { source: string | null; value: string } {
  if (key === NO_ANSWER_VALUE) return { source: null, value: key };
  const at = key.indexOf('__');
  if (at < 0) return { source: null, value: key };
  return { source: key.slice(0, at), value: key.slice(at + 2) };
}

/** The membership task state the cohort detail shows: In-progress while started, else Completed. */
export function syncInProgress(task: MembershipTask): boolean {
  return task.state === 'started';
}

/** Sync status polling interval (spec §9: 15 seconds). */
export const COHORT_SYNC_POLL_MS = 15_000;

// ---------------------------------------------------------------------------------------------------
// Texts (spec §2, §4, §5 verbatim)
// ---------------------------------------------------------------------------------------------------

export const TAILORING_TEXTS = {
  // §2 Cohort manager
  insightGroups: 'Insight Groups',
  addGroup: 'Add Group',
  insightGroupCollections: 'Insight Group Collections',
  addCollection: 'Add Collection',
  columnName: 'Name',
  columnStudents: 'Students',
  columnCurrent: 'Current',
  columnTotal: 'Total',
  columnPercent: 'Percent',
  columnAction: 'Action',
  details: 'Details',
  noCollections: 'No collections exist',
  noGroups: 'No groups have been created',
  noGroupsInCollection: 'No groups in collection',
  edit: 'Edit',
  addCollectionGroup: 'Add Collection Group',
  editCollectionGroup: 'Edit Collection Group',
  deleteCollectionGroup: 'Delete Collection Group',
  addRule: 'Add Rule',
  editRule: 'Edit Rule',
  delete: 'Delete',
  // §2 Cohort detail
  groupDetailsTitle: (name: string) => `Group Details | ${name}`,
  syncNow: 'Sync Now',
  membershipDataSyncStatus: 'Membership data sync status',
  completed: 'Completed',
  inProgress: 'In-progress',
  currently: 'Currently:',
  membershipCharacteristic: 'Membership Characteristic',
  noMtsCharacteristic: 'No MTS characteristic assigned',
  groupDistribution: 'Group Distribution',
  distributionSelect: 'Select a characteristic to see the student distribution within this group',
  columnSource: 'Source',
  columnValue: 'Value',
  columnGroupTotal: 'Group Total',
  noSource: 'No source',
  criteriaBreakdown: 'Criteria Breakdown',
  invalidCriteria: 'Invalid Criteria',
  noRulesAdded: 'No rules added',
  editGroup: 'Edit Group',
  deleteInsightGroupTitle: 'Delete Insight Group',
  deleteInsightGroupBody: (name: string) =>
    `Are you sure you want to delete the Insight Group: ${name}? This cannot be undone.`,
  cancel: 'Cancel',
  yesDelete: 'Yes, delete',
  // §4 Cohort group delete
  deleteCollectionGroupBody: (name: string) =>
    `Are you sure you want to delete the Insight Collection Group: “${name}”? This action cannot be undone.`,
  // §5 Cohort
  noAnswer: NO_ANSWER,
} as const;

/**
 * Texts the spec names but does not word (our words): the distribution hint, the tooltips.
 */
export const TAILORING_UI_TEXTS = {
  distributionHint:
    'Values or a range come from the tailoring system: a characteristic with a value set lists each value; a range characteristic lists each number students have.',
  invalidCriteriaTooltip:
    'These rules were created with errors and are ignored. Correct them to include all criteria in this group.',
  /** The Criteria Breakdown when every rule is invalid (DESIGN.md: a group with no valid rule has no members). */
  allRulesInvalid: (count: number) =>
    `None of this group’s ${count === 1 ? 'rule is' : `${count} rules are`} valid, so the group has no members. Correct the ${count === 1 ? 'rule' : 'rules'} under Invalid Criteria below (Edit Rule), or add a valid rule.`,
  syncStarted: (time: string) => `started at ${time}`,
  syncNever: 'Not synced yet',
  syncFailed: 'The last sync failed; membership is unchanged. Try Sync Now again.',
  addInsightGroup: 'Add Insight Group',
  editInsightGroup: 'Edit Insight Group',
  backToCollections: 'Back to collections',
  cardView: 'Card view',
  tableView: 'Table view',
  exportMembers: 'Export members (CSV)',
  importCharacteristics: 'Import characteristics (CSV)',
} as const;
