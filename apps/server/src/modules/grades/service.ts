import type { GradeData } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { selectGradeSums } from './queries.ts';

/**
 * Grade progress of one student in one coach as of the coach's current day (spec §3 "Grade data").
 * The definition, also in docs/grades.md:
 *
 * - Every assignment of the coach has a weight; the coach's total weight T is the sum of all weights
 *   (OULAD weights do not always add up to 100: coursework usually sums to 100 and the exam weighs 100 on
 *   its own, so T = 200 and the exam is half the grade).
 * - An assignment is *past* when its due day ≤ the current day and at least one result for it was
 *   recorded by the current day. An assignment nobody has a result for yet (an exam not marked, or one
 *   whose marks the institution never published) stays *to come*.
 * - A student's result counts when it has a score and was submitted by the current day (banked results
 *   always count). On a past assignment the student earns weight × score / 100 and loses the rest; with no
 *   counted result they lose the whole weight.
 * - grade_earned, grade_lost and grade_remaining are those sums over T, in percent (they add up to 100).
 *   current_score is earned / (earned + lost) in percent: the mark on the graded work so far, or null
 *   when nothing is graded yet. All values are rounded to 2 decimals here; the card rounds for display
 *   per spec §9.
 *
 * @returns null when the coach has no such student.
 */
export async function gradeDataFor(
  database: Database,
  coachId: number,
  userId: number,
): Promise<GradeData | null> {
  const row = await selectGradeSums(database.query, coachId, userId);
  if (!row) return null;
  const total = Number(row.total ?? 0);
  const pct = (v: number | null) => (total > 0 ? round2((Number(v ?? 0) / total) * 100) : 0);
  const earned = Number(row.earned ?? 0);
  const lost = Number(row.lost ?? 0);
  return {
    coach: { id: coachId, label: row.label },
    current_score: earned + lost > 0 ? round2((earned / (earned + lost)) * 100) : null,
    grade_earned: pct(row.earned),
    grade_lost: pct(row.lost),
    grade_remaining: pct(row.remaining),
    calculator_active: row.calculator_active,
    current_day: row.current_day,
  };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
