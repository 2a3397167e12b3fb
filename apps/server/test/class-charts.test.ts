import { API, ChartSettingsSchema, GradeDistributionSchema, MY_DATA_API } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../src/db/client.ts';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * Class charts done right (docs/charts.md): the privacy floors, quartiles and the comparison median on
 * hand-built classes of 4 and 12 students, checked through the HTTP API. One assignment of weight 100
 * (due day 10, current day 30), so each student's score is their mark. Expected figures by hand:
 *
 * Class of 12: 12, 61, 62, 63, 64, 65, 66, 71, 72, 73, 74, 75 → bands 10–20: 1 (under the bar floor of 5,
 * hidden), 60–70: 6 (50 %), 70–80: 5 (41.67 %); median (65 + 66) / 2 = 65.5; Q1 at rank 11·¼ = 2.75 →
 * 62 + .75 = 62.75; Q3 at rank 8.25 → 72 + .25 = 72.25; the student with 71 has 7 below → 58th percentile.
 * Group "STEM majors" = the ten from 62 to 75 → its median (66 + 71) / 2 = 68.5.
 * Class of 4: 40, 50, 60, 70 → under the class floor of 10: students see no distribution.
 */

let ctx: TestContext;
const small = { staff: 0, s1: 0, s2: 0, s3: 0, s4: 0 };
const SMALL_MARKS = [40, 50, 60, 70];
const big: Record<string, number> = { staff: 0 };
const BIG_MARKS = [12, 61, 62, 63, 64, 65, 66, 71, 72, 73, 74, 75];
for (let i = 0; i < BIG_MARKS.length; i++) big[`s${i}`] = 0;
let smallCoach = 0;
let bigCoach = 0;
let stemGroup = 0;
let smallGroup = 0;

async function markClass(q: Query, inst: number, coach: number, students: number[], marks: number[]) {
  const book = await insertOne(
    q,
    `insert into gradebooks (institution_id, coach_id, title) values ($1, $2, 'Book')`,
    [inst, coach],
  );
  const assignment = await insertOne(
    q,
    `insert into assignments (institution_id, coach_id, gradebook_id, title, assessment_type, due_day, weight)
     values ($1, $2, $3, 'TMA 1', 'TMA', 10, 100)`,
    [inst, coach, book],
  );
  for (const [i, user] of students.entries()) {
    await q(
      `insert into scores (institution_id, assignment_id, user_id, submitted_day, score) values ($1, $2, $3, 5, $4)`,
      [inst, assignment, user, marks[i]],
    );
  }
}

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    const s = await insertOwnInstitution(q, hash, {
      tag: 'chsmall',
      course: 'CHS',
      term: '2099J',
      currentDay: 30,
      users: small,
    });
    smallCoach = s.coachId;
    await markClass(q, s.institutionId, smallCoach, [small.s1, small.s2, small.s3, small.s4], SMALL_MARKS);
    smallGroup = await insertOne(
      q,
      `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Other')`,
      [s.institutionId, smallCoach],
    );
    const b = await insertOwnInstitution(q, hash, {
      tag: 'chbig',
      course: 'CHB',
      term: '2099J',
      currentDay: 30,
      users: big,
    });
    bigCoach = b.coachId;
    const students = BIG_MARKS.map((_, i) => big[`s${i}`]!);
    await markClass(q, b.institutionId, bigCoach, students, BIG_MARKS);
    stemGroup = await insertOne(
      q,
      `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'STEM majors')`,
      [b.institutionId, bigCoach],
    );
    for (const user of students.slice(2)) {
      await q('insert into cohort_memberships (cohort_id, user_id) values ($1, $2)', [stemGroup, user]);
    }
  });
});

const put = async (email: string, url: string, json: unknown) =>
  (await ctx.signIn(email)).request('PUT', url, { json });
const chartOf = async (email: string, coach: number, query = '') => {
  const res = await (await ctx.signIn(email)).get(`${API.gradeDistribution(coach)}${query}`);
  expect(res.status).toBe(200);
  return GradeDistributionSchema.parse(res.body);
};
const settingsOf = async (coach: number, email: string) =>
  ChartSettingsSchema.parse((await (await ctx.signIn(email)).get(MY_DATA_API.chartSettings(coach))).body);

describe('class charts: privacy floor', () => {
  it('a class of 4: students see their own grade and no distribution; staff see the class', async () => {
    const d = await chartOf('chsmall-s2@chsmall.edu', smallCoach);
    expect(d.students_count).toBe(4);
    expect(d.student).toEqual({ grade: 50 });
    expect(d.hidden_reason).toBe('too_few_students');
    expect(d.privacy).toEqual({ min_bar_students: 5, min_class_students: 10 });
    expect(d.distribution.map((b) => [b.count, b.percent, b.hidden])).toEqual(
      [0, 0, 0, 0, 1, 1, 1, 1, 0, 0].map((c) => [0, 0, c === 1]),
    );
    expect([d.percentile, d.median, d.quartiles, d.comparison]).toEqual([null, null, null, null]);

    const staff = await chartOf('chsmall-staff@chsmall.edu', smallCoach);
    expect(staff.hidden_reason).toBeNull();
    expect(staff.distribution.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0, 0]);
    // 40, 50, 60, 70: median 55, Q1 at rank .75 → 47.5, Q3 at rank 2.25 → 62.5.
    expect(staff.median?.value).toBe(55);
    expect(staff.quartiles).toEqual({ q1: 47.5, q3: 62.5 });
  });

  it('a class of 12: bars under 5 students are hidden; median, quartiles, percentile shown', async () => {
    const d = await chartOf('chbig-s7@chbig.edu', bigCoach);
    expect(d.students_count).toBe(12);
    expect(d.hidden_reason).toBeNull();
    expect(d.distribution.map((b) => [b.count, b.percent, b.hidden])).toEqual([
      [0, 0, false],
      [0, 0, true],
      [0, 0, false],
      [0, 0, false],
      [0, 0, false],
      [0, 0, false],
      [6, 50, false],
      [5, 41.67, false],
      [0, 0, false],
      [0, 0, false],
    ]);
    expect(d.student).toEqual({ grade: 71 });
    expect(d.percentile).toBe(58);
    expect(d.median).toMatchObject({ value: 65.5, label: '60–70%', grade_label: 'Median: 65.5%' });
    expect(d.quartiles).toEqual({ q1: 62.75, q3: 72.25 });
    expect(d.comparison).toEqual({ label: 'Class median', value: 65.5, cohort_id: null });
  });

  it('staff lower the floors: the class of 4 shows, then its bars of 1', async () => {
    const staff = 'chsmall-staff@chsmall.edu';
    let res = await put(staff, MY_DATA_API.chartSettings(smallCoach), {
      min_bar_students: 5,
      min_class_students: 5,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ comparison_cohort_id: ['This field is required.'] });
    res = await put(staff, MY_DATA_API.chartSettings(smallCoach), {
      min_bar_students: 1,
      min_class_students: 4,
      comparison_cohort_id: null,
    });
    expect(res.status).toBe(200);
    const d = await chartOf('chsmall-s1@chsmall.edu', smallCoach);
    expect(d.hidden_reason).toBeNull();
    expect(d.distribution.map((b) => b.count)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0, 0]);
    expect(d.percentile).toBe(0);
    expect(d.median?.value).toBe(55);
    res = await put(staff, MY_DATA_API.chartSettings(smallCoach), {
      min_bar_students: 2,
      min_class_students: 4,
      comparison_cohort_id: null,
    });
    expect(res.status).toBe(200);
    const d2 = await chartOf('chsmall-s1@chsmall.edu', smallCoach);
    expect(d2.distribution.map((b) => b.hidden)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0, 0].map((c) => c === 1));
  });

  it('the comparison median of a group staff choose; refused: floors out of range, another coach’s group', async () => {
    const staff = 'chbig-staff@chbig.edu';
    const before = await settingsOf(bigCoach, staff);
    expect(before).toEqual({ min_bar_students: 5, min_class_students: 10, comparison_cohort_id: null });
    const bad: Array<[unknown, Record<string, string[]>]> = [
      [
        { min_bar_students: 0, min_class_students: 10, comparison_cohort_id: null },
        { min_bar_students: ['The smallest bar must be at least 1.'] },
      ],
      [
        { min_bar_students: 5, min_class_students: 1001, comparison_cohort_id: null },
        { min_class_students: ['The smallest class must be at most 1000.'] },
      ],
      [
        { min_bar_students: 6, min_class_students: 5, comparison_cohort_id: null },
        { min_class_students: ['The smallest class must be at least the smallest bar.'] },
      ],
      [
        { min_bar_students: 2.5, min_class_students: 10, comparison_cohort_id: null },
        { min_bar_students: ['Enter the smallest bar as a whole number.'] },
      ],
      [
        { min_bar_students: 5, min_class_students: 10, comparison_cohort_id: smallGroup },
        { comparison_cohort_id: ['Choose an Insight Group of this course.'] },
      ],
    ];
    for (const [body, errors] of bad) {
      const res = await put(staff, MY_DATA_API.chartSettings(bigCoach), body);
      expect([res.status, res.body]).toEqual([400, errors]);
    }
    const student = await put('chbig-s0@chbig.edu', MY_DATA_API.chartSettings(bigCoach), before);
    expect(student.status).toBe(403);
    expect(await settingsOf(bigCoach, staff)).toEqual(before);
    const [rows] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from chart_settings where coach_id = $1',
      [bigCoach],
    );
    expect(rows!.n).toBe(0);

    const ok = await put(staff, MY_DATA_API.chartSettings(bigCoach), {
      ...before,
      comparison_cohort_id: stemGroup,
    });
    expect(ok.status).toBe(200);
    const d = await chartOf('chbig-s7@chbig.edu', bigCoach);
    expect(d.comparison).toEqual({ label: 'STEM majors median', value: 68.5, cohort_id: stemGroup });
    expect(d.median?.value).toBe(65.5);
    // A floor above the group's 10 graded members: students fall back to the class median.
    await put(staff, MY_DATA_API.chartSettings(bigCoach), {
      min_bar_students: 5,
      min_class_students: 11,
      comparison_cohort_id: stemGroup,
    });
    expect((await chartOf('chbig-s7@chbig.edu', bigCoach)).comparison).toEqual({
      label: 'Class median',
      value: 65.5,
      cohort_id: null,
    });
    await put(staff, MY_DATA_API.chartSettings(bigCoach), before);
  });

  it('a student who opts out of peer comparison sees only their own grade', async () => {
    const email = 'chbig-s3@chbig.edu';
    let res = await put(email, MY_DATA_API.peerComparison(bigCoach), { opt_out: true });
    expect([res.status, res.body]).toEqual([200, { opt_out: true }]);
    const d = await chartOf(email, bigCoach);
    expect(d.hidden_reason).toBe('opted_out');
    expect(d.student).toEqual({ grade: 63 });
    expect(d.distribution.every((b) => b.count === 0 && b.percent === 0)).toBe(true);
    expect([d.percentile, d.median, d.quartiles, d.comparison]).toEqual([null, null, null, null]);
    // Others are unaffected.
    expect((await chartOf('chbig-s7@chbig.edu', bigCoach)).hidden_reason).toBeNull();
    res = await put(email, MY_DATA_API.peerComparison(bigCoach), { opt_out: 'yes' });
    expect(res.status).toBe(400);
    res = await put(email, MY_DATA_API.peerComparison(bigCoach), { opt_out: false });
    expect(res.status).toBe(200);
    expect((await chartOf(email, bigCoach)).percentile).toBe(25);
  });
});
