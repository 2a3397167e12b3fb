import { z } from 'zod';
import { StudentQuerySchema } from './analytics.ts';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { ChartSettingsSchema } from './my-data.ts';
import { MY_DATA_API } from './my-data-texts.ts';
import { API } from './paths.ts';

export { CHART_TEXTS, ordinal } from './charts-texts.ts';

/**
 * Distribution chart data (spec §3): label, distribution (entries with label, percent, min_value,
 * max_value), student.grade, percentile, median (label, percent, min_value, max_value, grade_label),
 * curved, noline.
 *
 * Computed from the class's real scores: every enrolled student's current score (the grade definition of
 * docs/grades.md, as of the coach's current day), for the students who have graded
 * work. The scores fall into ten bands of 10 points (0–10, 10–20, …, 90–100; a band holds its minimum and
 * the last one also 100). `percent` is the share of those students in the band.
 */
export const DistributionEntrySchema = z.object({
  label: z.string(),
  percent: z.number().min(0).max(100),
  min_value: z.number(),
  max_value: z.number(),
  /** Extra: the number of students in the band (0 when hidden). */
  count: z.number().int().min(0),
  /**
   * Extra: true when the band has students but fewer than the coach's smallest bar (docs/charts.md,
   * privacy floor); its count and percent are then 0.
   */
  hidden: z.boolean(),
});
export type DistributionEntry = z.infer<typeof DistributionEntrySchema>;

export const GradeDistributionSchema = z.object({
  /** The coach's label. */
  label: z.string(),
  distribution: z.array(DistributionEntrySchema),
  /** The student the chart is for; null when staff look at the class without choosing a student. */
  student: z.object({ grade: z.number().nullable() }).nullable(),
  /**
   * Percent of the class (with a grade) whose score is below the student's, as a whole number; null
   * without a student grade.
   */
  percentile: z.number().int().min(0).max(100).nullable(),
  /** The band holding the class median, with the median itself in grade_label; null with no grades. */
  median: z
    .object({
      label: z.string(),
      percent: z.number(),
      min_value: z.number(),
      max_value: z.number(),
      grade_label: z.string(),
      /** Extra: the median score itself. */
      value: z.number(),
    })
    .nullable(),
  curved: z.boolean(),
  noline: z.boolean(),
  /** Extra: how many students have a grade. */
  students_count: z.number().int().min(0),
  /** Extra: the first and third quartiles of the scores (linear interpolation); null with no grades. */
  quartiles: z.object({ q1: z.number(), q3: z.number() }).nullable(),
  /**
   * Extra: the comparison median drawn on the charts (docs/charts.md): the median of the Insight Group
   * staff chose (`cohort_id`), else of the class; null with no grades or when the distribution is hidden.
   */
  comparison: z
    .object({ label: z.string(), value: z.number(), cohort_id: z.number().int().nullable() })
    .nullable(),
  /**
   * Extra: why the class distribution is hidden from this student (too few students, or they opted out
   * of peer comparison); null when it is shown. When set, `distribution` has every band hidden and
   * `percentile`, `median`, `quartiles` and `comparison` are null: only the student's own grade remains.
   */
  hidden_reason: z.enum(['too_few_students', 'opted_out']).nullable(),
  /** Extra: the coach's privacy floors (docs/charts.md). */
  privacy: z.object({ min_bar_students: z.number().int(), min_class_students: z.number().int() }),
});
export type GradeDistribution = z.infer<typeof GradeDistributionSchema>;

/** The ten grade bands: [0,10), [10,20), …, [90,100]. */
export const GRADE_BANDS = Array.from({ length: 10 }, (_, i) => ({
  min_value: i * 10,
  max_value: i * 10 + 10,
  label: `${i * 10}–${i * 10 + 10}%`,
}));

/** Index of the band a score falls in (100 is in the last band). */
export function gradeBandIndex(score: number): number {
  return Math.min(9, Math.max(0, Math.floor(score / 10)));
}

/** Chart constants (spec §9); the texts are in charts-texts.ts. */
export const CHART = {
  paddingInner: 0.3,
  paddingOuter: 0.3,
  ticks: 5,
  margin: { top: 28, right: 16, bottom: 56, left: 56 },
} as const;

/**
 * The class charts' endpoints (spec §7 "Charts: GET the widget's data-src URL"; docs/charts.md; paths
 * ours): the grade distribution (a student's own view, or staff's with `?user_id=` or none), and the
 * chart settings everyone in the coach reads and staff change.
 */
export const CHART_ENDPOINTS = {
  /** GET grade-distribution?user_id= → distribution chart data of the coach's class (spec §3). */
  gradeDistribution: defineEndpoint({
    method: 'GET',
    path: API.gradeDistribution(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['charts'],
    query: StudentQuerySchema,
    responses: { 200: GradeDistributionSchema },
  }),
  /** GET chart-settings → the privacy floors and the comparison group. */
  settings: defineEndpoint({
    method: 'GET',
    path: MY_DATA_API.chartSettings(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['charts'],
    responses: { 200: ChartSettingsSchema },
  }),
  /** PUT chart-settings → the saved settings (staff); 400 on a floor out of range or a foreign group. */
  saveSettings: defineEndpoint({
    method: 'PUT',
    path: MY_DATA_API.chartSettings(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: ['charts'],
    body: ChartSettingsSchema,
    responses: { 200: ChartSettingsSchema },
  }),
};
