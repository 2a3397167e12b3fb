import { API, GradeDistributionSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * The grade distribution's class score cache (charts/service.ts cachedClassScores) stays correct when
 * grades change behind the app's back: every change below is made straight in SQL, as another instance
 * or an import would, and the next request must show it. Expected grades are worked out by hand from
 * the inserts: two assignments of weight 50 (due days 10 and 20), current day 30; score = earned /
 * (earned + lost) of the past weight.
 */

let ctx: TestContext;
let inst = 0;
let coach = 0;
const a = { one: 0, two: 0 };
const u = { s1: 0, s2: 0, s3: 0, staff: 0 };

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    ({ institutionId: inst, coachId: coach } = await insertOwnInstitution(q, hash, {
      tag: 'gcache',
      course: 'GCX',
      term: '2099J',
      currentDay: 30,
      users: u,
    }));
    const book = await insertOne(
      q,
      `insert into gradebooks (institution_id, coach_id, title) values ($1, $2, 'Book')`,
      [inst, coach],
    );
    for (const [key, due] of [
      ['one', 10],
      ['two', 20],
    ] as const) {
      a[key] = await insertOne(
        q,
        `insert into assignments (institution_id, coach_id, gradebook_id, title, assessment_type, due_day, weight)
         values ($1, $2, $3, $4, 'TMA', $5, 50)`,
        [inst, coach, book, `A ${key}`, due],
      );
    }
    // s1: 80 and 60 → 70 %; s2: 40 and nothing → 20 %; s3: 100 and 100 → 100 %.
    for (const [user, assignment, score] of [
      [u.s1, a.one, 80],
      [u.s1, a.two, 60],
      [u.s2, a.one, 40],
      [u.s3, a.one, 100],
      [u.s3, a.two, 100],
    ] as const) {
      await q(
        `insert into scores (institution_id, assignment_id, user_id, submitted_day, score)
         values ($1, $2, $3, 5, $4)`,
        [inst, assignment, user, score],
      );
    }
  });
});

describe('grade distribution cache', () => {
  /** GET the distribution as staff for `user`; also checks that the answer was stored for the version. */
  const distribution = async (user: number) => {
    const staff = await ctx.signIn('gcache-staff@gcache.edu');
    const res = await staff.get(`${API.gradeDistribution(coach)}?user_id=${user}`);
    expect(res.status).toBe(200);
    const [row] = await ctx.database.query<{ cached: string; current: string }>(
      `select k.grades_version::text as cached, c.grades_version::text as current
         from coaches c join class_score_cache k on k.coach_id = c.id where c.id = $1`,
      [coach],
    );
    expect(row?.cached).toBe(row?.current);
    return GradeDistributionSchema.parse(res.body);
  };

  it('follows changes to scores, assignments, enrollments and the current day made in SQL', async () => {
    let d = await distribution(u.s1);
    expect([d.students_count, d.student?.grade, d.percentile]).toEqual([3, 70, 33]);
    // Served from the cache: the same answer again.
    expect(await distribution(u.s1)).toEqual(d);

    // Scores: s2 gets 100 on both (an update and an insert) → s1 is now the lowest.
    await ctx.database.query('update scores set score = 100 where user_id = $1 and assignment_id = $2', [
      u.s2,
      a.one,
    ]);
    await ctx.database.query(
      `insert into scores (institution_id, assignment_id, user_id, submitted_day, score)
       values ($1, $2, $3, 5, 100)`,
      [inst, a.two, u.s2],
    );
    d = await distribution(u.s1);
    expect([d.students_count, d.student?.grade, d.percentile]).toEqual([3, 70, 0]);

    // A delete: s3 loses every result → 0 %, below s1.
    await ctx.database.query('delete from scores where user_id = $1', [u.s3]);
    d = await distribution(u.s1);
    expect([d.students_count, d.student?.grade, d.percentile]).toEqual([3, 70, 33]);

    // Assignments: A two is now due on day 40, after the current day → s1 80 % (40 of 50).
    await ctx.database.query('update assignments set due_day = 40 where id = $1', [a.two]);
    d = await distribution(u.s1);
    expect([d.students_count, d.student?.grade, d.percentile]).toEqual([3, 80, 33]);

    // Enrollments: a fourth student with no results scores 0 → two of four below s1.
    const s4 = await insertOne(
      ctx.database.query,
      `insert into users (institution_id, email, name, password_hash) values ($1, 'gcache-s4@gcache.edu', 'S4', 'x')`,
      [inst],
    );
    await ctx.database.query(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student')`,
      [inst, coach, s4],
    );
    d = await distribution(u.s1);
    expect([d.students_count, d.student?.grade, d.percentile]).toEqual([4, 80, 50]);

    // The current day: day 5, before every due day → nobody has a grade yet.
    await ctx.database.query('update coaches set current_day = 5 where id = $1', [coach]);
    d = await distribution(u.s1);
    expect([d.students_count, d.student?.grade, d.percentile]).toEqual([0, null, null]);
  });

  it('a coach deleted with its cache takes the cache row with it', async () => {
    await distribution(u.s1);
    const [before] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from class_score_cache where coach_id = $1',
      [coach],
    );
    expect(before!.n).toBe(1);
    await ctx.database.query('delete from institutions where id = $1', [inst]);
    const [after] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from class_score_cache where coach_id = $1',
      [coach],
    );
    expect(after!.n).toBe(0);
  });
});
