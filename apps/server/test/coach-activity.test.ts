import { API, BREAKDOWN_KINDS, CoachActivityBreakdownSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/seed/content.ts';
import {
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
} from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne } from './own-institution.ts';

/**
 * Coach Activity Breakdown (spec §2) over HTTP. An institution of our own with hand-counted rows (the
 * expected figures below are worked out by hand from the inserts), and a demo coach whose figures are
 * recounted in the test from the raw rows, one student at a time, in plain JavaScript.
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let ctx: TestContext;
let inst: number;
/** k1: the coach under test; k2: a coach without students; k3: another coach of the same institution. */
const coach = { k1: 0, k2: 0, k3: 0 };
const users = { a: 0, b: 0, c: 0, d: 0, instructor: 0, staff: 0 };
const emails = {
  a: 'brk-a@brk.edu',
  b: 'brk-b@brk.edu',
  c: 'brk-c@brk.edu',
  /** A student of k3 only. */
  d: 'brk-d@brk.edu',
  instructor: 'brk-instructor@brk.edu',
  /** Institution role 'staff' (the demo staff@demo.edu is 'admin'). */
  staff: 'brk-staff@brk.edu',
};

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    inst = await insertOne(q, `insert into institutions (name, slug) values ('Brk U', 'brk-u')`, []);
    for (const [key, term] of [
      ['k1', '2026A'],
      ['k2', '2026B'],
      ['k3', '2026C'],
    ] as const) {
      coach[key] = await insertOne(
        q,
        `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
         values ($1, $2, 'BRK', $3, 200, 100)`,
        [inst, `BRK ${term}`, term],
      );
    }
    for (const key of Object.keys(users) as Array<keyof typeof users>) {
      const person = { email: emails[key], name: `Brk ${key}` };
      users[key] = await insertMember(
        q,
        inst,
        hash,
        key === 'staff'
          ? { ...person, role: 'staff' }
          : {
              ...person,
              role: key === 'instructor' ? 'instructor' : 'student',
              coachId: key === 'd' ? coach.k3 : coach.k1,
            },
      );
    }

    // Bulletins: B1, B2 live; B3 queued; B4 publishes in 3 days; B5 live in k3.
    const bulletin = (c: number, opts: { queued?: boolean; publish?: string } = {}) =>
      insertOne(
        q,
        `insert into bulletins (institution_id, coach_id, title, is_published, is_queued, publish_timestamp)
         values ($1, $2, 'B', true, $3, $4)`,
        [inst, c, opts.queued ?? false, opts.publish ?? at(-5)],
      );
    const b1 = await bulletin(coach.k1);
    const b2 = await bulletin(coach.k1);
    const b3 = await bulletin(coach.k1, { queued: true });
    await bulletin(coach.k1, { publish: at(3) });
    const b5 = await bulletin(coach.k3);
    for (const [b, u] of [
      [b1, users.a],
      [b2, users.a],
      [b1, users.b],
      [b3, users.a], // not live
      [b5, users.d], // another coach
      [b1, users.instructor], // not a student
    ]) {
      await q(`insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)`, [
        inst,
        b,
        u,
      ]);
    }

    // Surveys: S1 live, S2 under review (Drafted).
    const survey = (review: boolean) =>
      insertOne(
        q,
        `insert into surveys (institution_id, coach_id, title, is_published, under_review, publish_timestamp)
         values ($1, $2, 'S', true, $3, $4)`,
        [inst, coach.k1, review, at(-5)],
      );
    const s1 = await survey(false);
    const s2 = await survey(true);
    for (const [s, u] of [
      [s1, users.c],
      [s2, users.a],
    ]) {
      await q(`insert into survey_responses (institution_id, survey_id, user_id) values ($1, $2, $3)`, [
        inst,
        s,
        u,
      ]);
    }

    // Playbooks: P1, P2 released; P3 not.
    const playbook = (released: boolean) =>
      insertOne(
        q,
        `insert into playbooks (institution_id, coach_id, title, assignment_type, is_released)
         values ($1, $2, 'P', 'exam', $3)`,
        [inst, coach.k1, released],
      );
    const p1 = await playbook(true);
    const p2 = await playbook(true);
    const p3 = await playbook(false);
    for (const [p, u, done] of [
      [p1, users.a, true],
      [p1, users.b, false], // started, not completed
      [p3, users.a, true], // not released
      [p2, users.c, true],
    ] as const) {
      await q(
        `insert into playbook_plans (institution_id, playbook_id, user_id, started_at, completed_at)
         values ($1, $2, $3, $4, $5)`,
        [inst, p, u, at(-2), done ? at(-1) : null],
      );
    }

    // To-dos: L1 live, L2 queued. T1 in L1, T2 in no list, T3 in L2 (staff); T4 a's own; T5 the instructor's own.
    const l1 = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'L1')`,
      [inst, coach.k1],
    );
    const l2 = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, 'L2', true)`,
      [inst, coach.k1],
    );
    const item = (list: number | null, owner: number | null) =>
      insertOne(
        q,
        `insert into todo_items (institution_id, coach_id, todo_list_id, title, staff_created, owner_user_id)
         values ($1, $2, $3, 'T', $4, $5)`,
        [inst, coach.k1, list, owner === null, owner],
      );
    const t1 = await item(l1, null);
    const t2 = await item(null, null);
    const t3 = await item(l2, null);
    const t4 = await item(null, users.a);
    const t5 = await item(null, users.instructor);
    for (const [t, u, done] of [
      [t1, users.a, true],
      [t1, users.b, false],
      [t2, users.c, true],
      [t3, users.a, true], // queued list
      [t4, users.a, true],
      [t4, users.b, true], // not b's item
      [t5, users.instructor, true], // not a student
    ] as const) {
      await q(
        `insert into account_todo_items (institution_id, item_id, user_id, completed) values ($1, $2, $3, $4)`,
        [inst, t, u, done],
      );
    }
  });
});

describe('GET /api/v1/institution/{institutionId}/coach-activity/{coachId}', () => {
  it('sums every student’s assigned and completed content, per kind (hand-counted)', async () => {
    const browser = await ctx.signIn(emails.staff);
    const res = await browser.get(API.institutionCoachActivity(inst, coach.k1));
    expect(res.status).toBe(200);
    // 3 students. Bulletins 2 live × 3 = 6, read 3 (a: B1, B2; b: B1). Surveys 1 × 3 = 3, answered 1 (c).
    // Playbooks 2 × 3 = 6, completed 2 (a: P1; c: P2). To-dos (T1, T2) × 3 + a's T4 = 7, done 3 (a: T1, T4; c: T2).
    expect(CoachActivityBreakdownSchema.parse(res.body)).toEqual({
      coach_id: coach.k1,
      label: 'BRK 2026A',
      student_count: 3,
      total_completed_assignments: 9,
      total_assignments_count: 22,
      incomplete_assignment_count: 13,
      assignment_completed_percentage: 40.91,
      content_breakdown: [
        {
          kind: 'bulletins',
          label: 'Bulletins',
          completed_count: 3,
          total_count: 6,
          completed_percentage: 50,
        },
        {
          kind: 'surveys',
          label: 'Surveys',
          completed_count: 1,
          total_count: 3,
          completed_percentage: 33.33,
        },
        {
          kind: 'playbooks',
          label: 'Playbooks',
          completed_count: 2,
          total_count: 6,
          completed_percentage: 33.33,
        },
        { kind: 'todos', label: 'To-Dos', completed_count: 3, total_count: 7, completed_percentage: 42.86 },
        {
          kind: 'checklist',
          label: 'Checklist Items',
          completed_count: 0,
          total_count: 0,
          completed_percentage: 0,
        },
      ],
    });
  });

  it('a coach without students has nothing assigned (0 %, no division by zero)', async () => {
    const browser = await ctx.signIn(emails.staff);
    const body = CoachActivityBreakdownSchema.parse(
      (await browser.get(API.institutionCoachActivity(inst, coach.k2))).body,
    );
    expect(body.student_count).toBe(0);
    expect(body.total_assignments_count).toBe(0);
    expect(body.assignment_completed_percentage).toBe(0);
    expect(body.content_breakdown.map((r) => [r.kind, r.total_count, r.completed_percentage])).toEqual(
      BREAKDOWN_KINDS.map((k) => [k, 0, 0]),
    );
  });

  it('a new read changes the figures', async () => {
    const browser = await ctx.signIn(emails.staff);
    const before = CoachActivityBreakdownSchema.parse(
      (await browser.get(API.institutionCoachActivity(inst, coach.k3))).body,
    );
    expect(before.content_breakdown[0]).toMatchObject({ completed_count: 1, total_count: 1 });
    const [b] = await ctx.database.query<{ id: number }>(
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
       values ($1, $2, 'New', true, $3) returning id`,
      [inst, coach.k3, at(-1)],
    );
    const after = CoachActivityBreakdownSchema.parse(
      (await browser.get(API.institutionCoachActivity(inst, coach.k3))).body,
    );
    expect(after.content_breakdown[0]).toMatchObject({
      completed_count: 1,
      total_count: 2,
      completed_percentage: 50,
    });
    await ctx.database.query('delete from bulletins where id = $1', [b!.id]);
  });

  it('a demo coach matches a per-student recount of the raw rows', async () => {
    await seedDemoContent(ctx.database, ctx.institutionId);
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const q = <T>(sql: string) => ctx.database.query<T>(sql, [coachId]);
    const students = (
      await q<{ user_id: number }>(`select user_id from enrollments where coach_id = $1 and role = 'student'`)
    ).map((r) => r.user_id);
    const now = Date.now();
    const live = (
      rows: Array<{
        id: number;
        is_published: boolean;
        is_queued: boolean;
        under_review: boolean;
        publish_timestamp: Date | string;
      }>,
    ) =>
      new Set(
        rows
          .filter(
            (r) =>
              r.is_published &&
              !r.is_queued &&
              !r.under_review &&
              new Date(r.publish_timestamp).getTime() <= now,
          )
          .map((r) => r.id),
      );
    const liveBulletins = live(await q(`select * from bulletins where coach_id = $1`));
    const liveSurveys = live(await q(`select * from surveys where coach_id = $1`));
    const released = new Set(
      (
        await q<{ id: number; is_released: boolean }>(
          `select id, is_released from playbooks where coach_id = $1`,
        )
      )
        .filter((p) => p.is_released)
        .map((p) => p.id),
    );
    const lists = new Map(
      (
        await q<{ id: number; is_queued: boolean; is_under_review: boolean }>(
          `select * from todo_lists where coach_id = $1`,
        )
      ).map((l) => [l.id, !l.is_queued && !l.is_under_review]),
    );
    const items = await q<{
      id: number;
      todo_list_id: number | null;
      staff_created: boolean;
      owner_user_id: number | null;
    }>(`select id, todo_list_id, staff_created, owner_user_id from todo_items where coach_id = $1`);
    const pairs = async (sql: string) =>
      new Set((await q<{ c: number; u: number }>(sql)).map((r) => `${r.c}:${r.u}`));
    const views = await pairs(
      `select v.bulletin_id as c, v.user_id as u from bulletin_views v join bulletins b on b.id = v.bulletin_id where b.coach_id = $1`,
    );
    const responses = await pairs(
      `select r.survey_id as c, r.user_id as u from survey_responses r join surveys s on s.id = r.survey_id where s.coach_id = $1`,
    );
    const plans = await pairs(
      `select pp.playbook_id as c, pp.user_id as u from playbook_plans pp join playbooks p on p.id = pp.playbook_id
        where p.coach_id = $1 and pp.completed_at is not null`,
    );
    const done = await pairs(
      `select a.item_id as c, a.user_id as u from account_todo_items a join todo_items i on i.id = a.item_id
        where i.coach_id = $1 and a.completed`,
    );
    const checklist = (await q<{ id: number }>(`select id from checklist_items where coach_id = $1`)).map(
      (r) => r.id,
    );
    const ticked = await pairs(
      `select a.item_id as c, a.user_id as u from account_checklist_items a
         join checklist_items i on i.id = a.item_id where i.coach_id = $1`,
    );
    const expected = Object.fromEntries(
      BREAKDOWN_KINDS.map((k) => [k, { completed: 0, total: 0 }]),
    ) as Record<(typeof BREAKDOWN_KINDS)[number], { completed: number; total: number }>;
    const tally = (kind: keyof typeof expected, ids: Iterable<number>, completed: Set<string>, u: number) => {
      for (const id of ids) {
        expected[kind].total += 1;
        if (completed.has(`${id}:${u}`)) expected[kind].completed += 1;
      }
    };
    for (const u of students) {
      tally('bulletins', liveBulletins, views, u);
      tally('surveys', liveSurveys, responses, u);
      tally('playbooks', released, plans, u);
      const mine = items
        .filter((i) =>
          i.staff_created
            ? i.todo_list_id === null || lists.get(i.todo_list_id) === true
            : i.owner_user_id === u,
        )
        .map((i) => i.id);
      tally('todos', mine, done, u);
      tally('checklist', checklist, ticked, u);
    }
    expect(expected.bulletins.total).toBeGreaterThan(0);
    expect(expected.bulletins.completed).toBeGreaterThan(0);

    const browser = await ctx.signIn(STAFF_EMAIL);
    const res = await browser.get(API.institutionCoachActivity(ctx.institutionId, coachId));
    expect(res.status).toBe(200);
    const body = CoachActivityBreakdownSchema.parse(res.body);
    expect(body.student_count).toBe(students.length);
    expect(body.content_breakdown.map((r) => [r.kind, r.completed_count, r.total_count])).toEqual(
      BREAKDOWN_KINDS.map((k) => [k, expected[k].completed, expected[k].total]),
    );
    const total = BREAKDOWN_KINDS.reduce((s, k) => s + expected[k].total, 0);
    const completed = BREAKDOWN_KINDS.reduce((s, k) => s + expected[k].completed, 0);
    expect(body.total_assignments_count).toBe(total);
    expect(body.total_completed_assignments).toBe(completed);
    expect(body.incomplete_assignment_count).toBe(total - completed);
    expect(body.assignment_completed_percentage).toBeCloseTo((100 * completed) / total, 2);
  });

  it('anonymous → 401', async () => {
    const res = await ctx.browser().get(API.institutionCoachActivity(inst, coach.k1));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('students and instructors of the institution → 403, even for their own coach', async () => {
    for (const email of [emails.a, emails.d, emails.instructor]) {
      const res = await (await ctx.signIn(email)).get(API.institutionCoachActivity(inst, coach.k1));
      expect(res.status, email).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    const demo = await coachIdOf(ctx, 'AAA-2013J');
    for (const email of [studentEmailOf(11391), instructorEmailOf('AAA-2013J')]) {
      const res = await (await ctx.signIn(email)).get(API.institutionCoachActivity(ctx.institutionId, demo));
      expect(res.status, email).toBe(403);
    }
  });

  it('another institution’s staff → 404, by either institution id', async () => {
    const demoStaff = await ctx.signIn(STAFF_EMAIL);
    const ours = await ctx.signIn(emails.staff);
    const demo = await coachIdOf(ctx, 'AAA-2013J');
    for (const [browser, path] of [
      [demoStaff, API.institutionCoachActivity(inst, coach.k1)],
      [demoStaff, API.institutionCoachActivity(ctx.institutionId, coach.k1)],
      [ours, API.institutionCoachActivity(ctx.institutionId, demo)],
      [ours, API.institutionCoachActivity(inst, demo)],
      [studentEmailOf(11391), API.institutionCoachActivity(inst, coach.k1)],
    ] as const) {
      const b = typeof browser === 'string' ? await ctx.signIn(browser) : browser;
      const res = await b.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('a coach id that is no coach → 404', async () => {
    const [row] = await ctx.database.query<{ max: number }>('select max(id) as max from coaches');
    const browser = await ctx.signIn(emails.staff);
    for (const id of [String(row!.max + 1), 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await browser.get(API.institutionCoachActivity(inst, id));
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });
});
