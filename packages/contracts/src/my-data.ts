import { z } from 'zod';
import { StudentQuerySchema } from './analytics.ts';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { MY_DATA_API } from './my-data-texts.ts';
import { OPERATIONS, type Operation } from './tailoring-schemas.ts';

export * from './my-data-texts.ts';

/*
 * "My data" (docs/my-data.md): what the institution holds about a student in a coach, the Insight Groups
 * staff show to students, the student's peer-comparison choice, and the class charts' privacy settings
 * (docs/charts.md). Paths and pages are ours.
 */

/** One value the institution holds about the student (a multivalued characteristic gives several). */
export const MyCharacteristicSchema = z.object({
  /** Code name of the characteristic. */
  name: z.string(),
  label: z.string(),
  /** The stored value and its label ('No Answer' for the default). */
  value: z.string(),
  value_label: z.string(),
  /** Source code name and label (registrar, gradebook, course_coach, …). */
  source: z.string(),
  source_label: z.string(),
  /** `student`: institution-wide; `enrolment`: this course only. */
  scope: z.enum(['student', 'enrolment']),
  /** When the value was recorded (ISO 8601). */
  recorded_at: z.string(),
});
export type MyCharacteristic = z.infer<typeof MyCharacteristicSchema>;

/** An Insight Group the student is in that staff marked visible to students, with its rules in words. */
export const MyGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Every valid rule of the group as a plain sentence ("Disability is Yes"); all of them hold. */
  rules: z.array(z.string()),
});
export type MyGroup = z.infer<typeof MyGroupSchema>;

/** GET …/my-data. */
export const MyDataSchema = z.object({
  coach: z.object({ id: z.number().int(), label: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  characteristics: z.array(MyCharacteristicSchema),
  groups: z.array(MyGroupSchema),
  /** True when the student chose not to be compared with other students in this coach. */
  peer_comparison_opt_out: z.boolean(),
});
export type MyData = z.infer<typeof MyDataSchema>;

/** PUT …/peer-comparison body and answer. */
export const PeerComparisonSchema = z.strictObject({ opt_out: z.boolean() });
export type PeerComparison = z.infer<typeof PeerComparisonSchema>;

/** The tailored items a student can ask about, and the table each lives in. */
export const WHY_KINDS = ['bulletin', 'survey', 'todolist', 'playbook_planning', 'checklist_item'] as const;
export type WhyKind = (typeof WHY_KINDS)[number];

/** GET …/why query: the item's kind and id (plus `user_id` for staff, as on every per-student route). */
export const WhyQuerySchema = z.strictObject({
  kind: z.enum(WHY_KINDS, { message: `Choose one of: ${WHY_KINDS.join(', ')}.` }),
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Enter a valid item id.')
    .pipe(z.coerce.number<string>().int().positive().max(2_147_483_647, 'Enter a valid item id.')),
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Enter a valid user id.')
    .pipe(z.coerce.number<string>().int().positive().max(2_147_483_647, 'Enter a valid user id.'))
    .optional(),
});

/**
 * GET …/why: the item's wiring in plain words, one sentence per characteristic ("Declared disability is
 * Yes"; all hold for the student); empty when the item is for everyone in the course.
 */
export const WhyAnswerSchema = z.object({ reasons: z.array(z.string()) });
export type WhyAnswer = z.infer<typeof WhyAnswerSchema>;

/** Bounds of the privacy floors (ours). */
export const PRIVACY_LIMITS = { min: 1, max: 1000 } as const;

const floor = (what: string) =>
  z
    .number({ message: `Enter the ${what} as a whole number.` })
    .int(`Enter the ${what} as a whole number.`)
    .min(PRIVACY_LIMITS.min, `The ${what} must be at least ${PRIVACY_LIMITS.min}.`)
    .max(PRIVACY_LIMITS.max, `The ${what} must be at most ${PRIVACY_LIMITS.max}.`);

/**
 * A coach's class chart settings (docs/charts.md): no bar for fewer than `min_bar_students` students;
 * the whole distribution hidden when fewer than `min_class_students` have graded work; the comparison
 * median of Insight Group `comparison_cohort_id` (null: the class median).
 */
export const ChartSettingsSchema = z
  .strictObject({
    min_bar_students: floor('smallest bar'),
    min_class_students: floor('smallest class'),
    comparison_cohort_id: z.number().int().positive().nullable(),
  })
  .refine((s) => s.min_class_students >= s.min_bar_students, {
    path: ['min_class_students'],
    message: 'The smallest class must be at least the smallest bar.',
  });
export type ChartSettings = z.infer<typeof ChartSettingsSchema>;

/** The defaults: the floors of docs/charts.md, compared with the class median. */
export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  min_bar_students: 5,
  min_class_students: 10,
  comparison_cohort_id: null,
};

/** PUT …/cohort/{id}/visibility body and answer. */
export const CohortVisibilitySchema = z.strictObject({ visible_to_students: z.boolean() });
export type CohortVisibility = z.infer<typeof CohortVisibilitySchema>;

/** GET …/cohort-visibility: every Insight Group of the coach, by name. */
export const CohortVisibilityListSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), visible_to_students: z.boolean() }),
);
export type CohortVisibilityList = z.infer<typeof CohortVisibilityListSchema>;

const OPERATION_WORDS: Record<Operation, string> = {
  'equal to': 'is',
  'greater than': 'is more than',
  'greater than or equal to': 'is at least',
  'less than': 'is less than',
  'less than or equal to': 'is at most',
  includes: 'is one of',
  contains: 'includes one of',
};

/**
 * A rule in plain words, with labels: ("Disability", "equal to", ["Yes"]) → "Disability is Yes";
 * ("Age band", "includes", ["0–35", "35–55"]) → "Age band is one of 0–35 or 35–55".
 */
export function ruleSentence(label: string, operation: string, valueLabels: ReadonlyArray<string>): string {
  const words = (OPERATIONS as readonly string[]).includes(operation)
    ? OPERATION_WORDS[operation as Operation]
    : operation;
  const values =
    valueLabels.length <= 1
      ? (valueLabels[0] ?? '')
      : `${valueLabels.slice(0, -1).join(', ')} or ${valueLabels[valueLabels.length - 1]}`;
  return `${label} ${words} ${values}`.trim();
}

const MY_DATA_TAGS = ['my-data'];

/**
 * My data's described endpoints (docs/my-data.md; paths ours). The same data as JSON and CSV file
 * downloads (`MY_DATA_API.myDataJson`, `myDataCsv`) are registered by hand: they answer files.
 */
export const MY_DATA_ENDPOINTS = {
  /** GET my-data?user_id= → a student's own characteristics, visible groups and peer-comparison choice. */
  myData: defineEndpoint({
    method: 'GET',
    path: MY_DATA_API.myData(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: MY_DATA_TAGS,
    query: StudentQuerySchema,
    responses: { 200: MyDataSchema },
  }),
  /** GET why?kind=&id= → why the student sees a tailored item. */
  why: defineEndpoint({
    method: 'GET',
    path: MY_DATA_API.why(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: MY_DATA_TAGS,
    query: WhyQuerySchema,
    responses: { 200: WhyAnswerSchema },
  }),
  /** PUT peer-comparison `{ opt_out }` → the saved choice (a student, for themselves). */
  peerComparison: defineEndpoint({
    method: 'PUT',
    path: MY_DATA_API.peerComparison(':coachId'),
    access: access.coach('student'),
    tags: MY_DATA_TAGS,
    body: PeerComparisonSchema,
    responses: { 200: PeerComparisonSchema },
  }),
  /** GET cohort-visibility → the coach's Insight Groups and whether students see them (staff). */
  cohortVisibilityList: defineEndpoint({
    method: 'GET',
    path: MY_DATA_API.cohortVisibilityList(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: MY_DATA_TAGS,
    responses: { 200: CohortVisibilityListSchema },
  }),
  /** PUT cohort/{cohortId}/visibility `{ visible_to_students }` → the saved flag (staff); 404 for another coach's group. */
  cohortVisibility: defineEndpoint({
    method: 'PUT',
    path: MY_DATA_API.cohortVisibility(':coachId', ':cohortId'),
    access: access.coach(...COACH_STAFF),
    tags: MY_DATA_TAGS,
    body: CohortVisibilitySchema,
    responses: { 200: CohortVisibilitySchema },
  }),
};
