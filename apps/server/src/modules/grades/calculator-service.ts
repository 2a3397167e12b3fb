import {
  type CalculatorAssignment,
  DEFAULT_LETTER_BOUNDARIES,
  type GradeCalculatorData,
  type GradeCalculatorSettings,
  type LetterBoundary,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import {
  selectCalculatorAssignments,
  selectCalculatorCoach,
  selectCalculatorSettings,
  updateCalculatorSettings,
} from './queries.ts';

/**
 * The Grade Calculator's data (docs/grades.md "The Grade Calculator"): reads the student's assignments
 * with the same definitions as gradeDataFor (service.ts): an assignment is graded ("past") when due by the
 * coach's current day and marked for someone by then; the student's result counts when scored and submitted
 * by then (banked results always). The projection itself is projectGrade in packages/contracts.
 */

/** OULAD marks are out of 100 (docs/grades.md), and so is every assignment here. */
const MAX_SCORE = 100;

/** A stored boundary list, or the defaults when the coach has none (column `coaches.letter_boundaries`). */
function boundariesOrDefault(stored: unknown): LetterBoundary[] {
  return Array.isArray(stored) && stored.length > 0
    ? (stored as LetterBoundary[])
    : DEFAULT_LETTER_BOUNDARIES;
}

/**
 * The calculator data of student `userId` in coach `coachId`: every assignment, due order, graded ones
 * with the student's counted score (null: none, counts 0), remaining ones without; the coach's letters.
 * @returns null when the coach has no such student.
 */
export async function gradeCalculatorFor(
  database: Database,
  coachId: number,
  userId: number,
): Promise<GradeCalculatorData | null> {
  const coach = await selectCalculatorCoach(database.query, coachId, userId);
  if (!coach) return null;
  const rows = await selectCalculatorAssignments(database.query, coachId, userId, coach.current_day);
  const assignments: CalculatorAssignment[] = rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    assessment_type: r.assessment_type,
    due_day: Number(r.due_day),
    weight: Number(r.weight),
    status: r.past ? 'graded' : 'remaining',
    score: r.past && r.score !== null ? Number(r.score) : null,
    max_score: MAX_SCORE,
  }));
  return {
    coach: { id: coachId, label: coach.name },
    calculator_active: coach.calculator_active,
    current_day: Number(coach.current_day),
    letter_boundaries: boundariesOrDefault(coach.letter_boundaries),
    assignments,
  };
}

/** The coach's calculator settings (calculator_active and letters, defaults when unset); null: no coach. */
export async function calculatorSettingsOf(
  database: Database,
  coachId: number,
): Promise<GradeCalculatorSettings | null> {
  const row = await selectCalculatorSettings(database.query, coachId);
  if (!row) return null;
  return {
    calculator_active: row.calculator_active,
    letter_boundaries: boundariesOrDefault(row.letter_boundaries),
  };
}

/**
 * Saves the coach's calculator settings (already validated by GradeCalculatorSettingsSchema); letters are
 * stored trimmed, lowest first. Returns what is now stored.
 */
export async function saveCalculatorSettings(
  database: Database,
  coachId: number,
  settings: GradeCalculatorSettings,
): Promise<GradeCalculatorSettings> {
  const letters = settings.letter_boundaries.map((b) => ({ letter: b.letter.trim(), min: b.min }));
  await updateCalculatorSettings(database.query, coachId, settings.calculator_active, letters);
  return { calculator_active: settings.calculator_active, letter_boundaries: letters };
}
