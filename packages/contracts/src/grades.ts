import { z } from 'zod';
import { StudentQuerySchema } from './analytics.ts';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { GradeCalculatorDataSchema, GradeCalculatorSettingsSchema } from './grade-calculator.ts';
import { API } from './paths.ts';

/**
 * Grade data (spec §3): current_score, grade_earned, grade_lost, grade_remaining, calculator_active.
 * The three grade_* values are percentages of the course's total weight (0–100) and add up to 100;
 * current_score is the percent scored on the graded work so far (null while nothing is graded).
 * See docs/grades.md for the full definition.
 */
export const GradeDataSchema = z.object({
  coach: z.object({ id: z.number().int(), label: z.string() }),
  current_score: z.number().nullable(),
  grade_earned: z.number(),
  grade_lost: z.number(),
  grade_remaining: z.number(),
  calculator_active: z.boolean(),
  current_day: z.number().int(),
});
export type GradeData = z.infer<typeof GradeDataSchema>;

/** The three segments of the grade bar, rounded per spec §9. */
export interface GradeBar {
  earned: number;
  missed: number;
  remaining: number;
}

/**
 * Rounds the grade bar per spec §9: "Grade remaining rounded to a whole number; missed percent
 * rounded to 2 decimals." Earned is shown to 2 decimals as well. Inputs and outputs are
 * percentages of the course's total weight (0–100).
 */
export function gradeBar(data: Pick<GradeData, 'grade_earned' | 'grade_lost' | 'grade_remaining'>): GradeBar {
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    earned: round2(data.grade_earned),
    missed: round2(data.grade_lost),
    remaining: Math.round(data.grade_remaining),
  };
}

const GRADE_TAGS = ['grades'];

/**
 * The grade endpoints (spec §7 "Grade data"; docs/grades.md "The Grade Calculator"; the paths are ours).
 * A student gets their own grade data and calculator; instructors, staff and admins pass `?user_id=` for a
 * student of the coach. The calculator's settings: everyone in the coach reads them, staff set them.
 */
export const GRADE_ENDPOINTS = {
  /** GET grade-data?user_id= → the student's grade data; 404 when the coach or the student is not there. */
  data: defineEndpoint({
    method: 'GET',
    path: API.gradeData(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: GRADE_TAGS,
    query: StudentQuerySchema,
    responses: { 200: GradeDataSchema },
  }),
  /** GET grade-calculator?user_id= → the student's assignments and the coach's letter boundaries. */
  calculator: defineEndpoint({
    method: 'GET',
    path: API.gradeCalculator(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: GRADE_TAGS,
    query: StudentQuerySchema,
    responses: { 200: GradeCalculatorDataSchema },
  }),
  /** GET grade-calculator/settings → calculator_active and the letter boundaries (everyone in the coach). */
  calculatorSettings: defineEndpoint({
    method: 'GET',
    path: API.gradeCalculatorSettings(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: GRADE_TAGS,
    responses: { 200: GradeCalculatorSettingsSchema },
  }),
  /** PUT grade-calculator/settings → the saved settings (staff); 400 `letter_boundaries.n.min` and the like. */
  saveCalculatorSettings: defineEndpoint({
    method: 'PUT',
    path: API.gradeCalculatorSettings(':coachId'),
    access: access.coach(...COACH_STAFF),
    tags: GRADE_TAGS,
    body: GradeCalculatorSettingsSchema,
    responses: { 200: GradeCalculatorSettingsSchema },
  }),
};
