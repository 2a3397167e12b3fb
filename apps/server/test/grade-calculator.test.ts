import {
  API,
  DEFAULT_LETTER_BOUNDARIES,
  GradeCalculatorDataSchema,
  GradeCalculatorSettingsSchema,
  GradeDataSchema,
  projectGrade,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
  userIdOf,
} from './helpers.ts';

/**
 * The Grade Calculator's API over HTTP (docs/grades.md "The Grade Calculator"): the student's assignments
 * agree with their grade data (same definition), GGG's zero-weight coursework leaves the exam to decide,
 * and the letter boundaries are read by members and set by staff with field errors on bad input.
 */
let ctx: TestContext;
let aaa: number;
let ggg: number;
beforeAll(async () => {
  ctx = await getTestContext();
  aaa = await coachIdOf(ctx, 'AAA-2013J');
  ggg = await coachIdOf(ctx, 'GGG-2013J');
});

afterAll(async () => {
  // The test context is shared by every server test file: put the coaches back as imported.
  await ctx.database.query(
    'update coaches set calculator_active = false, letter_boundaries = null where id = any($1)',
    [[aaa, ggg]],
  );
});

describe('GET grade-calculator', () => {
  it('a student gets every assignment; graded and remaining agree with their grade data', async () => {
    const student = await ctx.signIn(studentEmailOf('11391'));
    const res = await student.get(API.gradeCalculator(aaa));
    expect(res.status).toBe(200);
    const data = GradeCalculatorDataSchema.parse(res.body);
    expect(data.coach).toEqual({ id: aaa, label: expect.stringContaining('AAA') });
    expect(data.letter_boundaries).toEqual(DEFAULT_LETTER_BOUNDARIES);
    // AAA 2013J: 5 TMAs and an exam (OULAD assessments.csv).
    expect(data.assignments).toHaveLength(6);
    const graded = data.assignments.filter((a) => a.status === 'graded');
    expect(graded.length).toBeGreaterThan(0);
    expect(graded.every((a) => a.score !== null && a.score >= 0 && a.score <= 100)).toBe(true);
    expect(data.assignments.filter((a) => a.status === 'remaining').every((a) => a.score === null)).toBe(
      true,
    );

    const grade = GradeDataSchema.parse((await student.get(API.gradeData(aaa))).body);
    const p = projectGrade(data.assignments, {}, data.letter_boundaries);
    // Secured = earned over the total weight, i.e. grade_earned; the remaining shares add up to grade_remaining.
    expect(p.securedPercent).toBeCloseTo(grade.grade_earned, 1);
    const remainingShare = data.assignments
      .filter((a) => a.status === 'remaining')
      .reduce((sum, a) => sum + p.shares[a.id]!, 0);
    expect(remainingShare).toBeCloseTo(grade.grade_remaining, 1);
  });

  it('GGG: the coursework weighs 0, the exam (weight 100) decides; needed for B is 80', async () => {
    const student = await ctx.signIn(studentEmailOf('559919'));
    const data = GradeCalculatorDataSchema.parse((await student.get(API.gradeCalculator(ggg))).body);
    const exam = data.assignments.filter((a) => a.assessment_type === 'Exam');
    expect(exam).toHaveLength(1);
    expect(exam[0]).toMatchObject({ weight: 100, status: 'remaining' });
    expect(data.assignments.filter((a) => a.assessment_type !== 'Exam').every((a) => a.weight === 0)).toBe(
      true,
    );
    const p = projectGrade(data.assignments, {}, data.letter_boundaries);
    // Secured 0 % (all graded work weighs 0); the exam is 100 % of the grade: B needs 80 / 100 × 100 = 80.
    expect(p.securedPercent).toBe(0);
    expect(p.equalWeighting).toBe(false);
    expect(p.needed.B).toEqual({ kind: 'needed', average: 80 });
  });

  it('a student sees only their own data: another student’s id is refused', async () => {
    const student = await ctx.signIn(studentEmailOf('11391'));
    const other = await userIdOf(ctx, studentEmailOf('30268'));
    const res = await student.get(`${API.gradeCalculator(aaa)}?user_id=${other}`);
    expect(res.status).toBe(403);
    // A coach they are not enrolled in: 404, nothing about it is told.
    const outside = await student.get(API.gradeCalculator(ggg));
    expect(outside.status).toBe(404);
  });

  it('staff name the student with ?user_id, and must name one', async () => {
    const staff = await ctx.signIn(STAFF_EMAIL);
    expect((await staff.get(API.gradeCalculator(aaa))).status).toBe(400);
    const id = await userIdOf(ctx, studentEmailOf('11391'));
    const res = await staff.get(`${API.gradeCalculator(aaa)}?user_id=${id}`);
    expect(res.status).toBe(200);
    expect(GradeCalculatorDataSchema.parse(res.body).assignments).toHaveLength(6);
  });
});

describe('grade-calculator settings', () => {
  const letters = [
    { letter: 'F', min: 0 },
    { letter: 'C', min: 50 },
    { letter: 'B', min: 65 },
    { letter: 'A', min: 85 },
  ];

  it('members read the defaults; a student may not change them', async () => {
    const student = await ctx.signIn(studentEmailOf('11391'));
    const res = await student.get(API.gradeCalculatorSettings(aaa));
    expect(res.status).toBe(200);
    expect(GradeCalculatorSettingsSchema.parse(res.body)).toEqual({
      calculator_active: false,
      letter_boundaries: DEFAULT_LETTER_BOUNDARIES,
    });
    const put = await student.request('PUT', API.gradeCalculatorSettings(aaa), {
      json: { calculator_active: true, letter_boundaries: letters },
    });
    expect(put.status).toBe(403);
  });

  it('the instructor saves letters and turns the calculator on; students see both', async () => {
    const instructor = await ctx.signIn(instructorEmailOf('AAA-2013J'));
    const put = await instructor.request('PUT', API.gradeCalculatorSettings(aaa), {
      json: { calculator_active: true, letter_boundaries: [{ letter: ' F ', min: 0 }, ...letters.slice(1)] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ calculator_active: true, letter_boundaries: letters });

    const student = await ctx.signIn(studentEmailOf('11391'));
    const data = GradeCalculatorDataSchema.parse((await student.get(API.gradeCalculator(aaa))).body);
    expect(data.calculator_active).toBe(true);
    expect(data.letter_boundaries).toEqual(letters);
    expect(GradeDataSchema.parse((await student.get(API.gradeData(aaa))).body).calculator_active).toBe(true);
  });

  it.each([
    [
      'minimums out of order',
      [
        { letter: 'F', min: 0 },
        { letter: 'B', min: 80 },
        { letter: 'A', min: 70 },
      ],
      { 'letter_boundaries.2.min': ['Each minimum must be above the one of the letter below it.'] },
    ],
    [
      'a minimum above 100',
      [
        { letter: 'F', min: 0 },
        { letter: 'A', min: 101 },
      ],
      { 'letter_boundaries.1.min': ['Enter a minimum from 0 to 100.'] },
    ],
    [
      'a letter twice',
      [
        { letter: 'F', min: 0 },
        { letter: 'A', min: 50 },
        { letter: 'a', min: 90 },
      ],
      { 'letter_boundaries.2.letter': ['Each letter may be used only once.'] },
    ],
    [
      'an empty letter',
      [
        { letter: 'F', min: 0 },
        { letter: ' ', min: 50 },
      ],
      { 'letter_boundaries.1.letter': ['Enter a letter.'] },
    ],
    [
      'a lowest letter above 0',
      [
        { letter: 'D', min: 10 },
        { letter: 'A', min: 90 },
      ],
      {
        'letter_boundaries.0.min': [
          'The lowest letter must start at 0, so that every percentage gets a letter.',
        ],
      },
    ],
  ])('bad letters (%s) answer 400 with field errors and change nothing', async (_, bad, errors) => {
    const staff = await ctx.signIn(STAFF_EMAIL);
    const before = (await staff.get(API.gradeCalculatorSettings(aaa))).body;
    const res = await staff.request('PUT', API.gradeCalculatorSettings(aaa), {
      json: { calculator_active: true, letter_boundaries: bad },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errors);
    expect((await staff.get(API.gradeCalculatorSettings(aaa))).body).toEqual(before);
  });

  it('wrong types and a missing field answer 400, never 500', async () => {
    const staff = await ctx.signIn(STAFF_EMAIL);
    const res = await staff.request('PUT', API.gradeCalculatorSettings(aaa), {
      json: { letter_boundaries: [{ letter: 'F', min: '0' }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      calculator_active: ['This field is required.'],
      'letter_boundaries.0.min': [expect.any(String)],
    });
  });
});
