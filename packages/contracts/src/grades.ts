import { z } from 'zod';

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
