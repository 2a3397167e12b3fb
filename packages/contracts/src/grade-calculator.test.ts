import { describe, expect, it } from 'vitest';
import {
  type CalculatorAssignment,
  DEFAULT_LETTER_BOUNDARIES,
  LetterBoundariesSchema,
  letterFor,
  parseWhatIfScore,
  projectGrade,
} from './grade-calculator.ts';

type A = Pick<CalculatorAssignment, 'id' | 'weight' | 'status' | 'score' | 'max_score'>;
const graded = (id: number, weight: number, score: number | null): A => ({
  id,
  weight,
  status: 'graded',
  score,
  max_score: 100,
});
const remaining = (id: number, weight: number): A => ({
  id,
  weight,
  status: 'remaining',
  score: null,
  max_score: 100,
});
const L = DEFAULT_LETTER_BOUNDARIES; // F 0, D 60, C 70, B 80, A 90

describe('projectGrade (docs/grades.md "The Grade Calculator"), hand-computed', () => {
  it('normal weights: what-if, letter and the average needed', () => {
    // Weights 20, 30, 50 (T = 100). Graded: 80 on #1, 50 on #2.
    // secured = 20×0.80 + 30×0.50 = 16 + 15 = 31 %; best = 31 + 50 = 81 %.
    // What-if 90 on #3: projected = 31 + 50×0.90 = 31 + 45 = 76 % → C (70 ≤ 76 < 80).
    // Needed for B: (80 − 31) / 50 × 100 = 98 %. For C: (70 − 31) / 50 × 100 = 78 %.
    const p = projectGrade([graded(1, 20, 80), graded(2, 30, 50), remaining(3, 50)], { 3: 90 }, L);
    expect(p.equalWeighting).toBe(false);
    expect(p.shares).toEqual({ 1: 20, 2: 30, 3: 50 });
    expect(p.securedPercent).toBe(31);
    expect(p.bestPercent).toBe(81);
    expect(p.projectedPercent).toBe(76);
    expect(p.projectedLetter).toBe('C');
    expect(p.complete).toBe(true);
    expect(p.needed.B).toEqual({ kind: 'needed', average: 98 });
    expect(p.needed.C).toEqual({ kind: 'needed', average: 78 });
    // F starts at 0: always secured.
    expect(p.needed.F).toEqual({ kind: 'secured' });
  });

  it('a letter out of reach says the best still possible', () => {
    // Same course: A needs (90 − 31) / 50 × 100 = 118 % > 100 → unreachable; best = 81 % → B.
    const p = projectGrade([graded(1, 20, 80), graded(2, 30, 50), remaining(3, 50)], {}, L);
    expect(p.needed.A).toEqual({ kind: 'unreachable', best: 81, bestLetter: 'B' });
    // Nothing entered: the remaining 50 % counts 0, so projected = secured = 31 % → F; not complete.
    expect(p.projectedPercent).toBe(31);
    expect(p.projectedLetter).toBe('F');
    expect(p.complete).toBe(false);
  });

  it('already secured: the graded work alone reaches the letter', () => {
    // Weights 50, 30, 20: graded 100 and 100 → secured = 50 + 30 = 80 % → B secured, and C, D, F too.
    // A needs (90 − 80) / 20 × 100 = 50 %.
    const p = projectGrade([graded(1, 50, 100), graded(2, 30, 100), remaining(3, 20)], {}, L);
    expect(p.needed.B).toEqual({ kind: 'secured' });
    expect(p.needed.D).toEqual({ kind: 'secured' });
    expect(p.needed.A).toEqual({ kind: 'needed', average: 50 });
  });

  it('OULAD weights that do not add up to 100 are normalised by their total', () => {
    // AAA-like: 4 TMAs of 25 (coursework 100) and an exam of 100: T = 200, each TMA 12.5 %, exam 50 %.
    // TMAs graded 80, 60, null (not submitted: 0), 100 → secured = 12.5×(0.8 + 0.6 + 0 + 1) = 12.5×2.4 = 30 %.
    // What-if 70 on the exam: projected = 30 + 50×0.7 = 65 % → D. Needed for C: (70 − 30)/50×100 = 80 %.
    const list = [
      graded(1, 25, 80),
      graded(2, 25, 60),
      graded(3, 25, null),
      graded(4, 25, 100),
      remaining(5, 100),
    ];
    const p = projectGrade(list, { 5: 70 }, L);
    expect(p.shares[1]).toBe(12.5);
    expect(p.shares[5]).toBe(50);
    expect(p.securedPercent).toBe(30);
    expect(p.projectedPercent).toBe(65);
    expect(p.projectedLetter).toBe('D');
    expect(p.needed.C).toEqual({ kind: 'needed', average: 80 });
  });

  it('all weights zero (GGG coursework): every assignment counts equally', () => {
    // GGG's coursework weighs 0. Four zero-weight assignments: each counts 1/4 = 25 %.
    // Graded 60 and 90 → secured = 25×0.6 + 25×0.9 = 15 + 22.5 = 37.5 %; best = 37.5 + 50 = 87.5 % (B).
    // Needed for C: (70 − 37.5) / 50 × 100 = 65 %. A: (90 − 37.5) / 50 × 100 = 105 % → unreachable.
    // What-if 100 and 40: projected = 37.5 + 25 + 10 = 72.5 % → C.
    const p = projectGrade(
      [graded(1, 0, 60), graded(2, 0, 90), remaining(3, 0), remaining(4, 0)],
      { 3: 100, 4: 40 },
      L,
    );
    expect(p.equalWeighting).toBe(true);
    expect(p.shares).toEqual({ 1: 25, 2: 25, 3: 25, 4: 25 });
    expect(p.securedPercent).toBe(37.5);
    expect(p.needed.C).toEqual({ kind: 'needed', average: 65 });
    expect(p.needed.A).toEqual({ kind: 'unreachable', best: 87.5, bestLetter: 'B' });
    expect(p.projectedPercent).toBe(72.5);
    expect(p.projectedLetter).toBe('C');
  });

  it('GGG as imported: zero-weight coursework graded, the exam (100) alone decides', () => {
    // Coursework 0 + 0 graded (any score counts 0 %), exam 100 remaining → secured 0 %, exam is 100 %.
    // Needed for B: (80 − 0) / 100 × 100 = 80 %.
    const p = projectGrade([graded(1, 0, 95), graded(2, 0, 70), remaining(3, 100)], {}, L);
    expect(p.equalWeighting).toBe(false);
    expect(p.securedPercent).toBe(0);
    expect(p.needed.B).toEqual({ kind: 'needed', average: 80 });
  });

  it('nothing remaining: a letter is either secured or unreachable', () => {
    // Weights 50, 50 graded 70 and 80 → 35 + 40 = 75 % (C): C secured, B unreachable (best 75).
    const p = projectGrade([graded(1, 50, 70), graded(2, 50, 80)], {}, L);
    expect(p.needed.C).toEqual({ kind: 'secured' });
    expect(p.needed.B).toEqual({ kind: 'unreachable', best: 75, bestLetter: 'C' });
    expect(p.complete).toBe(true);
  });

  it('rounds the needed average up, so that reaching it is enough', () => {
    // Weights 1, 3 (T = 4): graded 0 → secured 0; remaining share 75 %. C: 70 / 75 × 100 = 93.333… → 93.34.
    const p = projectGrade([graded(1, 1, 0), remaining(2, 3)], {}, L);
    expect(p.needed.C).toEqual({ kind: 'needed', average: 93.34 });
  });
});

describe('letters and validators', () => {
  it('letterFor picks the highest letter reached', () => {
    expect(letterFor(59.99, L)).toBe('F');
    expect(letterFor(60, L)).toBe('D');
    expect(letterFor(89.999, L)).toBe('B');
    expect(letterFor(100, L)).toBe('A');
  });

  it.each([
    ['', { value: null }],
    ['  ', { value: null }],
    ['0', { value: 0 }],
    ['82.5', { value: 82.5 }],
    ['100', { value: 100 }],
    ['100.01', { error: 'Enter a score from 0 to 100.' }],
    ['-1', { error: 'Enter a score from 0 to 100.' }],
    ['1e2', { error: 'Enter a number from 0 to 100, like 75 or 82.5.' }],
    ['abc', { error: 'Enter a number from 0 to 100, like 75 or 82.5.' }],
  ])('parseWhatIfScore(%j, 100) → %j', (text, expected) => {
    expect(parseWhatIfScore(text, 100)).toEqual(expected);
  });

  it('letter boundaries: defaults pass; order, range, duplicates and the lowest start are refused', () => {
    expect(LetterBoundariesSchema.safeParse(L).success).toBe(true);
    const issues = (v: unknown) =>
      (LetterBoundariesSchema.safeParse(v).error?.issues ?? []).map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    expect(
      issues([
        { letter: 'F', min: 0 },
        { letter: 'A', min: 101 },
      ]),
    ).toEqual(['1.min: Enter a minimum from 0 to 100.']);
    expect(
      issues([
        { letter: 'F', min: 0 },
        { letter: 'B', min: 80 },
        { letter: 'A', min: 80 },
      ]),
    ).toEqual(['2.min: Each minimum must be above the one of the letter below it.']);
    expect(
      issues([
        { letter: 'F', min: 0 },
        { letter: 'f', min: 50 },
      ]),
    ).toEqual(['1.letter: Each letter may be used only once.']);
    expect(
      issues([
        { letter: 'D', min: 10 },
        { letter: 'A', min: 90 },
      ]),
    ).toEqual(['0.min: The lowest letter must start at 0, so that every percentage gets a letter.']);
  });
});
