import { API, GradeDataSchema, GradeDistributionSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
  userIdOf,
} from './helpers.ts';
import { type CsvRow, presentationOf, subsetOf } from './oulad-reference.ts';

/**
 * The grade distribution chart data (spec §3) checked against the class computed here from the OULAD CSV
 * files alone: every registered student's current score at the demo's current day (half the presentation
 * length), with the grade rules of docs/grades.md; students with no graded work are
 * left out; ten 10-point bands (the last holds 100).
 */
const data = subsetOf(TEST_PRESENTATIONS);
const round2 = (n: number) => Math.round(n * 100) / 100;

function classScores(presentation: string): Map<string, number> {
  const course = data.courses.find((c) => presentationOf(c) === presentation)!;
  const length = Number(course.module_presentation_length);
  const day = Math.floor(length / 2);
  const counts = (r: CsvRow) => r.score !== '?' && (r.is_banked === '1' || Number(r.date_submitted) <= day);
  const assessments = data.assessments.filter((a) => presentationOf(a) === presentation);
  const results = new Map<string, CsvRow[]>();
  for (const r of data.studentAssessments) {
    if (!assessments.some((a) => a.id_assessment === r.id_assessment)) continue;
    results.set(r.id_assessment!, [...(results.get(r.id_assessment!) ?? []), r]);
  }
  const past = assessments.filter((a) => {
    const due = a.date === '?' ? length : Number(a.date);
    return due <= day && (results.get(a.id_assessment!) ?? []).some(counts);
  });
  const out = new Map<string, number>();
  const students = data.registrations
    .filter((r) => presentationOf(r) === presentation)
    .map((r) => r.id_student!);
  for (const id of students) {
    let earned = 0;
    let lost = 0;
    for (const a of past) {
      const w = Number(a.weight);
      const mine = (results.get(a.id_assessment!) ?? []).find((r) => r.id_student === id);
      if (mine && counts(mine)) {
        earned += (w * Number(mine.score)) / 100;
        lost += (w * (100 - Number(mine.score))) / 100;
      } else lost += w;
    }
    if (earned + lost > 0) out.set(id, round2((earned / (earned + lost)) * 100));
  }
  return out;
}

function expected(presentation: string, idStudent: string | null) {
  const scores = classScores(presentation);
  const values = [...scores.values()].sort((a, b) => a - b);
  const n = values.length;
  const bands = Array.from(
    { length: 10 },
    (_, i) => values.filter((v) => Math.min(9, Math.floor(v / 10)) === i).length,
  );
  const median =
    n === 0 ? null : n % 2 ? values[(n - 1) / 2]! : round2((values[n / 2 - 1]! + values[n / 2]!) / 2);
  const grade = idStudent === null ? null : (scores.get(idStudent) ?? null);
  return {
    n,
    bands,
    percents: bands.map((c) => (n ? round2((c / n) * 100) : 0)),
    median,
    grade,
    percentile: grade === null ? null : Math.round((values.filter((v) => v < grade).length / n) * 100),
  };
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

describe('GET grade-distribution (spec §3 distribution chart data)', () => {
  it('AAA 2013J for student 11391: bands, median, their grade and percentile from the CSV files', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const want = expected('AAA-2013J', '11391');
    expect(want.n).toBeGreaterThan(300);
    const res = await (await ctx.signIn(studentEmailOf('11391'))).get(API.gradeDistribution(coachId));
    expect(res.status).toBe(200);
    const body = GradeDistributionSchema.parse(res.body);
    expect(body.label).toBe('AAA 2013J');
    expect(body.students_count).toBe(want.n);
    // A student sees the privacy floor (docs/charts.md): no bar for fewer than 5 students.
    const shown = (c: number) => c === 0 || c >= 5;
    expect(body.distribution.map((d) => d.count)).toEqual(want.bands.map((c) => (shown(c) ? c : 0)));
    expect(body.distribution.map((d) => d.percent)).toEqual(
      want.percents.map((p, i) => (shown(want.bands[i]!) ? p : 0)),
    );
    expect(body.distribution.map((d) => d.hidden)).toEqual(want.bands.map((c) => !shown(c)));
    expect(body.hidden_reason).toBeNull();
    expect(body.distribution.map((d) => [d.label, d.min_value, d.max_value])).toEqual(
      Array.from({ length: 10 }, (_, i) => [`${i * 10}–${i * 10 + 10}%`, i * 10, i * 10 + 10]),
    );
    expect(body.student).toEqual({ grade: want.grade });
    expect(body.student?.grade).toBe(81.6);
    expect(body.percentile).toBe(want.percentile);
    const medianBand = Math.min(9, Math.floor(want.median! / 10));
    expect(body.median).toEqual({
      label: `${medianBand * 10}–${medianBand * 10 + 10}%`,
      percent: shown(want.bands[medianBand]!) ? want.percents[medianBand] : 0,
      min_value: medianBand * 10,
      max_value: medianBand * 10 + 10,
      grade_label: `Median: ${want.median}%`,
      value: want.median,
    });
    expect(body.curved).toBe(false);
    expect(body.noline).toBe(false);
    // The student's grade is the same current score the grade card shows.
    const grade = await (await ctx.signIn(studentEmailOf('11391'))).get(API.gradeData(coachId));
    expect(GradeDataSchema.parse(grade.body).current_score).toBe(body.student?.grade);
  });

  it('DDD 2013B: banked and late results; staff see the class with no student, or a student with ?user_id=', async () => {
    const coachId = await coachIdOf(ctx, 'DDD-2013B');
    const want = expected('DDD-2013B', '472949');
    const staff = await ctx.signIn(STAFF_EMAIL);
    const plain = GradeDistributionSchema.parse((await staff.get(API.gradeDistribution(coachId))).body);
    expect(plain.student).toBeNull();
    expect(plain.percentile).toBeNull();
    expect(plain.distribution.map((d) => d.count)).toEqual(want.bands);
    const userId = await userIdOf(ctx, studentEmailOf('472949'));
    const withStudent = GradeDistributionSchema.parse(
      (await staff.get(`${API.gradeDistribution(coachId)}?user_id=${userId}`)).body,
    );
    expect(withStudent.student).toEqual({ grade: want.grade });
    expect(withStudent.percentile).toBe(want.percentile);
    const instructor = await ctx.signIn(instructorEmailOf('DDD-2013B'));
    expect((await instructor.get(API.gradeDistribution(coachId))).body).toEqual(plain);
  });

  it('a student with nothing handed in scores 0; in GGG (coursework weighs 0) nobody has a grade yet', async () => {
    const aaa = await coachIdOf(ctx, 'AAA-2013J');
    const none = GradeDistributionSchema.parse(
      (await (await ctx.signIn(studentEmailOf('30268'))).get(API.gradeDistribution(aaa))).body,
    );
    expect(expected('AAA-2013J', '30268').grade).toBe(0);
    expect(none.student).toEqual({ grade: 0 });
    expect(none.percentile).toBe(0);

    const ggg = await coachIdOf(ctx, 'GGG-2013J');
    const gggStudent = data.registrations.find((r) => presentationOf(r) === 'GGG-2013J')!.id_student!;
    const want = expected('GGG-2013J', gggStudent);
    expect(want.n).toBe(0);
    const body = GradeDistributionSchema.parse(
      (await (await ctx.signIn(studentEmailOf(gggStudent))).get(API.gradeDistribution(ggg))).body,
    );
    expect(body.students_count).toBe(0);
    expect(body.distribution.map((d) => d.percent)).toEqual(Array(10).fill(0));
    expect(body.median).toBeNull();
    expect(body.student).toEqual({ grade: null });
    expect(body.percentile).toBeNull();
  });

  it('refuses: anonymous 401, another coach’s student 404, a student asking for another 403, bad user_id 400', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const path = API.gradeDistribution(coachId);
    expect((await ctx.browser().get(path)).status).toBe(401);
    // s472949 studies DDD 2013B, not AAA.
    expect((await (await ctx.signIn(studentEmailOf('472949'))).get(path)).status).toBe(404);
    const other = await userIdOf(ctx, studentEmailOf('30268'));
    const res = await (await ctx.signIn(studentEmailOf('11391'))).get(`${path}?user_id=${other}`);
    expect(res.status).toBe(403);
    const staff = await ctx.signIn(STAFF_EMAIL);
    expect((await staff.get(`${path}?user_id=abc`)).status).toBe(400);
    expect((await staff.get(`${path}?user_id=999999999`)).status).toBe(404);
    expect((await staff.get(API.gradeDistribution(999999))).status).toBe(404);
  });
});
