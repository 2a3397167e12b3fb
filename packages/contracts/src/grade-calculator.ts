import { z } from 'zod';
import { decimalNumber } from './numbers.ts';

/**
 * The student's Grade Calculator (spec §2 grade card: "when calculator_active, a hint to play with the
 * Grade Calculator"; the calculator itself is ours, documented in docs/grades.md "The Grade Calculator").
 * Everything the browser and the server both need lives here: the wire shapes, the letter boundaries and
 * their validation, the what-if score validator and the projection (one pure function, projectGrade).
 */

/** Texts of the shared validators (ours). */
export const GRADE_CALCULATOR_ERRORS = {
  whatIfRange: (max: number) => `Enter a score from 0 to ${max}.`,
  whatIfNumber: (max: number) => `Enter a number from 0 to ${max}, like 75 or 82.5.`,
  letterRequired: 'Enter a letter.',
  letterTooLong: 'Use at most 3 characters for a letter.',
  letterDuplicate: 'Each letter may be used only once.',
  minRange: 'Enter a minimum from 0 to 100.',
  minOrder: 'Each minimum must be above the one of the letter below it.',
  lowestZero: 'The lowest letter must start at 0, so that every percentage gets a letter.',
  countRange: 'Give from 2 to 12 letters.',
} as const;

/** One letter and the lowest final percentage (0–100) that earns it. */
export const LetterBoundarySchema = z.strictObject({
  letter: z
    .string()
    .trim()
    .min(1, GRADE_CALCULATOR_ERRORS.letterRequired)
    .max(3, GRADE_CALCULATOR_ERRORS.letterTooLong),
  min: z.number().min(0, GRADE_CALCULATOR_ERRORS.minRange).max(100, GRADE_CALCULATOR_ERRORS.minRange),
});
export type LetterBoundary = z.infer<typeof LetterBoundarySchema>;

/**
 * A coach's letter boundaries, lowest letter first. Rules (docs/grades.md): 2–12 letters; letters unique
 * (ignoring case); minimums 0–100 and strictly rising (two letters with the same minimum would make the
 * lower one unreachable); the lowest letter starts at 0. Errors name the entry and field, e.g.
 * `letter_boundaries.2.min`.
 */
export const LetterBoundariesSchema = z
  .array(LetterBoundarySchema)
  .min(2, GRADE_CALCULATOR_ERRORS.countRange)
  .max(12, GRADE_CALCULATOR_ERRORS.countRange)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((b, i) => {
      const key = b.letter.toUpperCase();
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, 'letter'],
          message: GRADE_CALCULATOR_ERRORS.letterDuplicate,
        });
      seen.add(key);
      if (i > 0 && b.min <= list[i - 1]!.min)
        ctx.addIssue({ code: 'custom', path: [i, 'min'], message: GRADE_CALCULATOR_ERRORS.minOrder });
    });
    if (list[0] && list[0].min !== 0)
      ctx.addIssue({ code: 'custom', path: [0, 'min'], message: GRADE_CALCULATOR_ERRORS.lowestZero });
  });

/** Letter boundaries a coach starts with (docs/grades.md): F below 60, D 60, C 70, B 80, A 90. */
export const DEFAULT_LETTER_BOUNDARIES: LetterBoundary[] = [
  { letter: 'F', min: 0 },
  { letter: 'D', min: 60 },
  { letter: 'C', min: 70 },
  { letter: 'B', min: 80 },
  { letter: 'A', min: 90 },
];

/** GET/PUT /api/v1/coach/{coachId}/grade-calculator/settings: whether students see it, and the letters. */
export const GradeCalculatorSettingsSchema = z.strictObject({
  calculator_active: z.boolean(),
  letter_boundaries: LetterBoundariesSchema,
});
export type GradeCalculatorSettings = z.infer<typeof GradeCalculatorSettingsSchema>;

/**
 * One assignment as the calculator sees it. `graded`: past (docs/grades.md: due and marked for someone),
 * with the student's counted score, or null when they have none (it counts as 0). `remaining`: to come,
 * score null. Scores and `max_score` are in points out of `max_score` (OULAD marks are out of 100).
 */
export const CalculatorAssignmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  assessment_type: z.string(),
  due_day: z.number().int(),
  weight: z.number(),
  status: z.enum(['graded', 'remaining']),
  score: z.number().nullable(),
  max_score: z.number(),
});
export type CalculatorAssignment = z.infer<typeof CalculatorAssignmentSchema>;

/** GET /api/v1/coach/{coachId}/grade-calculator: the student's assignments and the coach's letters. */
export const GradeCalculatorDataSchema = z.object({
  coach: z.object({ id: z.number().int(), label: z.string() }),
  calculator_active: z.boolean(),
  current_day: z.number().int(),
  letter_boundaries: z.array(LetterBoundarySchema),
  assignments: z.array(CalculatorAssignmentSchema),
});
export type GradeCalculatorData = z.infer<typeof GradeCalculatorDataSchema>;

/**
 * Reads a typed what-if score (the shared validator the page and any server use): empty text is "no
 * what-if" (`{ value: null }`); a plain decimal from 0 to `max` is the value; anything else is refused
 * with a message saying what to enter.
 */
export function parseWhatIfScore(text: string, max: number): { value: number | null } | { error: string } {
  if (text.trim() === '') return { value: null };
  const n = decimalNumber(text);
  if (Number.isNaN(n)) return { error: GRADE_CALCULATOR_ERRORS.whatIfNumber(max) };
  if (n < 0 || n > max) return { error: GRADE_CALCULATOR_ERRORS.whatIfRange(max) };
  return { value: n };
}

/** The letter a final percentage earns: the highest letter whose minimum it reaches (lowest letter else). */
export function letterFor(percent: number, boundaries: readonly LetterBoundary[]): string {
  let letter = boundaries[0]?.letter ?? '';
  for (const b of boundaries) if (percent + EPS >= b.min) letter = b.letter;
  return letter;
}

/** What reaching a letter takes on the remaining work. */
export type Needed =
  | { kind: 'secured' }
  | { kind: 'needed'; average: number }
  | { kind: 'unreachable'; best: number; bestLetter: string };

export interface GradeProjection {
  /** True when every weight is 0: each assignment then counts equally. */
  equalWeighting: boolean;
  /** Each assignment's share of the final grade in percent, by id. */
  shares: Record<number, number>;
  /** The final percentage already secured: graded work only, remaining work at 0. */
  securedPercent: number;
  /** The best final percentage still possible: remaining work at full marks. */
  bestPercent: number;
  /** The final percentage with the what-if scores (remaining work left blank counts 0). */
  projectedPercent: number;
  projectedLetter: string;
  /** True when every remaining assignment has a what-if score. */
  complete: boolean;
  /** Per letter, what the remaining work needs (the average percentage over all of it, by weight). */
  needed: Record<string, Needed>;
}

const EPS = 1e-9;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Projects the final grade (docs/grades.md "The Grade Calculator"). Takes the assignments (graded with
 * their score, null counting 0; remaining), what-if scores by assignment id for remaining ones (already
 * validated: 0..max_score; others are ignored) and the letter boundaries, lowest first. Each assignment
 * counts weight / total weight; when all weights are 0 every assignment counts equally. The needed
 * average for a letter L with minimum m, secured percentage S and remaining share R (percent) is
 * (m − S) / R × 100, rounded up to 2 decimals: "secured" when m ≤ S, "unreachable" when it is above 100
 * (or nothing remains). Percentages are rounded to 2 decimals; letters use the unrounded values.
 */
export function projectGrade(
  assignments: readonly Pick<CalculatorAssignment, 'id' | 'weight' | 'status' | 'score' | 'max_score'>[],
  whatIf: Readonly<Record<number, number | null | undefined>>,
  boundaries: readonly LetterBoundary[],
): GradeProjection {
  const totalWeight = assignments.reduce((sum, a) => sum + Math.max(0, a.weight), 0);
  const equalWeighting = totalWeight <= 0;
  const weightOf = (a: { weight: number }) => (equalWeighting ? 1 : Math.max(0, a.weight));
  const total = equalWeighting ? assignments.length : totalWeight;
  const shares: Record<number, number> = {};
  let secured = 0;
  let remainingShare = 0;
  let whatIfPart = 0;
  let complete = true;
  for (const a of assignments) {
    const share = total > 0 ? (weightOf(a) / total) * 100 : 0;
    shares[a.id] = round2(share);
    const fraction = (score: number | null) =>
      a.max_score > 0 ? Math.min(1, Math.max(0, (score ?? 0) / a.max_score)) : 0;
    if (a.status === 'graded') {
      secured += share * fraction(a.score);
    } else {
      remainingShare += share;
      const w = whatIf[a.id];
      if (w === null || w === undefined || Number.isNaN(w)) complete = false;
      else whatIfPart += share * fraction(w);
    }
  }
  const projected = secured + whatIfPart;
  const best = secured + remainingShare;
  const needed: Record<string, Needed> = {};
  for (const b of boundaries) {
    if (b.min <= secured + EPS) needed[b.letter] = { kind: 'secured' };
    else if (remainingShare <= EPS || b.min > best + EPS)
      needed[b.letter] = { kind: 'unreachable', best: round2(best), bestLetter: letterFor(best, boundaries) };
    else {
      const average = ((b.min - secured) / remainingShare) * 100;
      needed[b.letter] = { kind: 'needed', average: Math.min(100, Math.ceil(average * 100 - 1e-6) / 100) };
    }
  }
  return {
    equalWeighting,
    shares,
    securedPercent: round2(secured),
    bestPercent: round2(best),
    projectedPercent: round2(projected),
    projectedLetter: letterFor(projected, boundaries),
    complete,
    needed,
  };
}
