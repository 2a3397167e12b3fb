import { HOME_API, IMPORT_API, type MyEngagement, MyEngagementSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestContext, studentEmailOf, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertOwnInstitution } from './own-institution.ts';

/**
 * My engagement (docs/engagement.md "My engagement") over the HTTP API: a hand-built class of six
 * students on day 20 with a hand-written click log, the student's weekly clicks and the class median of
 * each week worked out by hand below; a class of four gets no median; access is the student's own only.
 */

let ctx: TestContext;
const big = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, staff: 0 };
const small = { p: 0, q: 0, r: 0, s: 0 };
let bigCoach = 0;
let smallCoach = 0;

// (student, day, type, clicks). Today is day 20: week −1 is days −7…−1, week 0 days 0…6, week 1 7…13,
// week 2 14…20.
type Row = [keyof typeof big, number, string, number];
const LOG: Row[] = [
  ['a', -3, 'resource', 4], // a: week −1: 4
  ['a', 0, 'quiz', 2],
  ['a', 6, 'resource', 3], // a: week 0: 5
  ['a', 7, 'forumng', 10], // a: week 1: 10
  ['a', 20, 'oucontent', 1], // a: week 2: 1
  ['a', 21, 'quiz', 100], // after today: ignored
  ['b', 1, 'quiz', 1], // b: w0 1
  ['b', 8, 'resource', 2], // b: w1 2
  ['c', 2, 'resource', 7], // c: w0 7
  ['c', 14, 'resource', 3], // c: w2 3
  ['d', 15, 'page', 6], // d: w2 6
  ['e', 3, 'resource', 4], // e: w0 4
  ['e', 16, 'quiz', 8], // e: w2 8
  ['f', -1, 'resource', 2], // f: w−1 2
  ['f', 9, 'resource', 5],
  ['f', 10, 'url', 5], // f: w1 10
];
// Week −1: 4,0,0,0,0,2 → sorted 0,0,0,0,2,4 → median 0.  Week 0: 5,1,7,0,4,0 → 0,0,1,4,5,7 → 2.5.
// Week 1: 10,2,0,0,0,10 → 0,0,0,2,10,10 → 1.            Week 2: 1,0,3,6,8,0 → 0,0,1,3,6,8 → 2.
const MEDIANS = [0, 2.5, 1, 2];

beforeAll(async () => {
  ctx = await getTestContext();
  const q = ctx.database.query;
  const hash = await demoPasswordHash(ctx);
  bigCoach = (
    await insertOwnInstitution(q, hash, {
      tag: 'myeng',
      course: 'ENG',
      term: '2030J',
      currentDay: 20,
      users: big,
    })
  ).coachId;
  smallCoach = (
    await insertOwnInstitution(q, hash, {
      tag: 'myengsmall',
      course: 'ENS',
      term: '2030J',
      currentDay: 20,
      users: small,
    })
  ).coachId;
  // The big class's log comes in as the generic CSV (staff), which derives the stored weekly medians.
  const staff = await ctx.signIn('myeng-staff@myeng.edu');
  const csv = [
    'student,date,activity_type,count',
    ...LOG.map(([who, day, type, clicks]) => `myeng-${who}@myeng.edu,${day},${type},${clicks}`),
  ].join('\n');
  const upload = await staff.request('POST', IMPORT_API.activity(bigCoach), {
    body: csv,
    contentType: 'text/csv',
  });
  expect(upload.status, upload.text).toBe(202);
  // The small class's log is written straight into the table (no derivation: medians computed live).
  for (const [who, clicks] of [
    ['p', 3],
    ['q', 5],
  ] as const) {
    await q(
      `insert into engagement_activity (coach_id, user_id, day, activity_type, clicks) values ($1, $2, 2, 'resource', $3)`,
      [smallCoach, small[who], clicks],
    );
  }
});

async function mine(email: string, coachId: number): Promise<MyEngagement> {
  const browser = await ctx.signIn(email);
  const res = await browser.get(HOME_API.myEngagement(coachId));
  expect(res.status, res.text).toBe(200);
  return MyEngagementSchema.parse(res.body);
}

describe('My engagement', () => {
  it('gives a student their clicks by week beside the class median computed by hand', async () => {
    const me = await mine('myeng-a@myeng.edu', bigCoach);
    expect(me.current_day).toBe(20);
    expect(me.has_log).toBe(true);
    expect(me.class_size).toBe(6);
    expect(me.median_available).toBe(true);
    expect(me.weeks).toEqual([
      { week: -1, first_day: -7, last_day: -1, clicks: 4, class_median: MEDIANS[0] },
      { week: 0, first_day: 0, last_day: 6, clicks: 5, class_median: MEDIANS[1] },
      { week: 1, first_day: 7, last_day: 13, clicks: 10, class_median: MEDIANS[2] },
      { week: 2, first_day: 14, last_day: 20, clicks: 1, class_median: MEDIANS[3] },
    ]);
    // a up to today: forumng 10, resource 7, quiz 2, oucontent 1 of 20 clicks.
    expect(me.total_clicks).toBe(20);
    expect(me.kinds).toEqual([
      { activity_type: 'forumng', label: 'Discussion forums', clicks: 10, share: 50 },
      { activity_type: 'resource', label: 'Files and documents', clicks: 7, share: 35 },
      { activity_type: 'quiz', label: 'Quizzes', clicks: 2, share: 10 },
      { activity_type: 'oucontent', label: 'Course content pages', clicks: 1, share: 5 },
    ]);
  });

  it('gives each student their own figures, the same medians, and zeros for a week without activity', async () => {
    const d = await mine('myeng-d@myeng.edu', bigCoach);
    expect(d.weeks.map((w) => w.clicks)).toEqual([0, 0, 0, 6]);
    expect(d.weeks.map((w) => w.class_median)).toEqual(MEDIANS);
    expect(d.kinds).toEqual([{ activity_type: 'page', label: 'Web pages', clicks: 6, share: 100 }]);
  });

  it('computes the same medians live while the stored ones are stale, ignoring users no longer enrolled', async () => {
    const stored = await mine('myeng-a@myeng.edu', bigCoach);
    const [rows] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from engagement_class_weeks where coach_id = $1 and as_of_day = 20 and class_size = 6',
      [bigCoach],
    );
    expect(rows!.n).toBe(4);
    await ctx.database.query('update engagement_class_weeks set as_of_day = 19 where coach_id = $1', [
      bigCoach,
    ]);
    await ctx.database.query(
      `insert into engagement_activity (coach_id, user_id, day, activity_type, clicks) values ($1, 99999999, 0, 'quiz', 50)`,
      [bigCoach],
    );
    expect(await mine('myeng-a@myeng.edu', bigCoach)).toEqual(stored);
  });

  it('shows no median for a class of fewer than five students', async () => {
    const p = await mine('myengsmall-p@myengsmall.edu', smallCoach);
    expect(p.class_size).toBe(4);
    expect(p.median_available).toBe(false);
    expect(p.weeks.map((w) => [w.week, w.clicks, w.class_median])).toEqual([
      [0, 3, null],
      [1, 0, null],
      [2, 0, null],
    ]);
    const r = await mine('myengsmall-r@myengsmall.edu', smallCoach);
    expect(r.total_clicks).toBe(0);
    expect(r.kinds).toEqual([]);
  });

  it('says a coach has no log', async () => {
    const q = ctx.database.query;
    const [inst] = await q<{ institution_id: number }>('select institution_id from coaches where id = $1', [
      smallCoach,
    ]);
    const [empty] = await q<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, 'ENN 2030J', 'ENN', '2030J', 200, 20) returning id`,
      [inst!.institution_id],
    );
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student')`,
      [inst!.institution_id, empty!.id, small.p],
    );
    const none = await mine('myengsmall-p@myengsmall.edu', empty!.id);
    expect(none).toMatchObject({ has_log: false, weeks: [], kinds: [], total_clicks: 0, class_size: 1 });
  });

  it('is a student’s own only: staff 403, a student of another coach or institution 404, signed out 401', async () => {
    const staff = await ctx.signIn('myeng-staff@myeng.edu');
    expect((await staff.get(HOME_API.myEngagement(bigCoach))).status).toBe(403);
    const other = await ctx.signIn('myengsmall-p@myengsmall.edu');
    expect((await other.get(HOME_API.myEngagement(bigCoach))).status).toBe(404);
    const demo = await ctx.signIn(studentEmailOf(11391));
    expect((await demo.get(HOME_API.myEngagement(bigCoach))).status).toBe(404);
    expect((await ctx.browser().get(HOME_API.myEngagement(bigCoach))).status).toBe(401);
  });
});
