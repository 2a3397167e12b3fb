import {
  API,
  BulletinAnalyticsSchema,
  CoachUserAnalyticsSchema,
  CreditItemListSchema,
  PlaybookAnalyticsSchema,
  SurveyAnalyticsSchema,
  TodoAnalyticsSchema,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
  userIdOf,
} from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne } from './own-institution.ts';

/**
 * Activity analytics and the completion history over HTTP, on a coach of our own (so nothing of the demo
 * touches it): the test inserts students, bulletins, surveys, playbooks and to-dos with
 * known completions, and the expected figures below are worked out by hand from those rows.
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);
/** A UTC calendar date `days` from today (yyyy-MM-dd). */
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
const users = { a: 0, b: 0, instructor: 0, c: 0, staff: 0 };
const emails = {
  a: 'act-student-a@act.edu',
  b: 'act-student-b@act.edu',
  instructor: 'act-instructor@act.edu',
  /** A student of the institution's other coach only. */
  c: 'act-student-c@act.edu',
  staff: 'act-staff@act.edu',
};
const ids: Record<string, number> = {};
const times: Record<string, Date> = {};

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    // An institution of its own (the demo institution's staff are another tenant here), with two coaches.
    const inst = await insertOne(q, `insert into institutions (name, slug) values ('Act U', 'act-u')`, []);
    coachId = await insertOne(
      q,
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, 'ACT 2026A', 'ACT', '2026A', 200, 100)`,
      [inst],
    );
    otherCoachId = await insertOne(
      q,
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, 'ACT 2026B', 'ACT', '2026B', 200, 100)`,
      [inst],
    );
    for (const key of ['a', 'b', 'instructor', 'c', 'staff'] as const) {
      const person = { email: emails[key], name: `Act ${key}` };
      users[key] = await insertMember(
        q,
        inst,
        hash,
        key === 'staff'
          ? { ...person, role: 'staff' }
          : {
              ...person,
              role: key === 'instructor' ? 'instructor' : 'student',
              coachId: key === 'c' ? otherCoachId : coachId,
            },
      );
    }
    // Bulletins: two topics; b1–b5 live; b6–b9 not live; b10 in another coach.
    const exams = await insertOne(
      q,
      `insert into bulletin_topics (institution_id, coach_id, name) values ($1, $2, 'Exams')`,
      [inst, coachId],
    );
    const skills = await insertOne(
      q,
      `insert into bulletin_topics (institution_id, coach_id, name) values ($1, $2, 'Study Skills')`,
      [inst, coachId],
    );
    const bulletin = (
      key: string,
      coach: number,
      topic: number | null,
      opts: {
        published?: boolean;
        queued?: boolean;
        review?: boolean;
        publish?: Date;
        credit?: Date | null;
      } = {},
    ) =>
      insertOne(
        q,
        `insert into bulletins (institution_id, coach_id, topic_id, title, is_published, is_queued, under_review,
                                publish_timestamp, related_credit, credit_deadline)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          inst,
          coach,
          topic,
          `Bulletin ${key}`,
          opts.published ?? true,
          opts.queued ?? false,
          opts.review ?? false,
          (opts.publish ?? at(-10)).toISOString(),
          opts.credit !== undefined,
          opts.credit ? opts.credit.toISOString() : null,
        ],
      ).then((id) => {
        ids[key] = id;
      });
    await bulletin('b1', coachId, exams);
    await bulletin('b2', coachId, exams);
    await bulletin('b3', coachId, skills);
    await bulletin('b4', coachId, null, { credit: at(5) });
    await bulletin('b5', coachId, null, { credit: at(-2) });
    await bulletin('b6', coachId, exams, { queued: true });
    await bulletin('b7', coachId, skills, { review: true });
    await bulletin('b8', coachId, null, { published: false });
    await bulletin('b9', coachId, null, { publish: at(3) });
    await bulletin('b10', otherCoachId, null);
    times.b1 = at(-4);
    times.b3 = at(-3.5);
    times.b4 = at(-1);
    for (const [key, user, when] of [
      ['b1', users.a, times.b1],
      ['b3', users.a, times.b3],
      ['b4', users.a, times.b4],
      ['b6', users.a, at(-1)],
      ['b10', users.a, at(-1)],
      ['b2', users.b, at(-1)],
    ] as const) {
      await q(
        `insert into bulletin_views (institution_id, bulletin_id, user_id, viewed_at) values ($1, $2, $3, $4)`,
        [inst, ids[key], user, when.toISOString()],
      );
    }

    // Surveys: s1, s2, s4, s5 live (s4, s5 for credit); s3 queued.
    const survey = async (key: string, opts: { queued?: boolean; due?: Date } = {}) => {
      ids[key] = await insertOne(
        q,
        `insert into surveys (institution_id, coach_id, title, is_published, is_queued, publish_timestamp,
                              related_credit, due_at)
         values ($1, $2, $3, true, $4, $5, $6, $7)`,
        [
          inst,
          coachId,
          `Survey ${key}`,
          opts.queued ?? false,
          at(-10).toISOString(),
          opts.due !== undefined,
          opts.due?.toISOString() ?? null,
        ],
      );
    };
    await survey('s1');
    await survey('s2');
    await survey('s3', { queued: true });
    await survey('s4', { due: at(-1) });
    await survey('s5', { due: at(6) });
    times.s1 = at(-3);
    for (const [key, when] of [
      ['s1', times.s1],
      ['s3', at(-2)],
    ] as const) {
      await q(
        `insert into survey_responses (institution_id, survey_id, user_id, completed_at) values ($1, $2, $3, $4)`,
        [inst, ids[key], users.a, when.toISOString()],
      );
    }

    // Playbooks: p1 (exam, dated, plan completed), p2 (quiz, no date) released; p3 not released.
    ids.p1 = await insertOne(
      q,
      `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, is_released, planning_opens_on)
       values ($1, $2, 'Midterm Exam', 'exam', $3, true, $4)`,
      [inst, coachId, dateIn(10), dateIn(-10)],
    );
    ids.p2 = await insertOne(
      q,
      `insert into playbooks (institution_id, coach_id, title, assignment_type, custom_date_message, is_released)
       values ($1, $2, 'Weekly Quiz', 'quiz', 'Date to be announced', true)`,
      [inst, coachId],
    );
    ids.p3 = await insertOne(
      q,
      `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, is_released)
       values ($1, $2, 'Final Exam', 'exam', $3, false)`,
      [inst, coachId, dateIn(40)],
    );
    // p4: its exam day has passed (0 days left, the whole window used); p5: 1 day left of a 4-day window.
    ids.p4 = await insertOne(
      q,
      `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, is_released, planning_opens_on)
       values ($1, $2, 'Unit Test', 'assessment', $3, true, $4)`,
      [inst, coachId, dateIn(-1), dateIn(-5)],
    );
    ids.p5 = await insertOne(
      q,
      `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, is_released, planning_opens_on)
       values ($1, $2, 'Essay', 'assessment', $3, true, $4)`,
      [inst, coachId, dateIn(1), dateIn(-3)],
    );
    times.p1 = at(-2);
    await q(
      `insert into playbook_plans (institution_id, playbook_id, user_id, started_at, completed_at) values
         ($1, $2, $3, $4, $5), ($1, $6, $3, $4, null), ($1, $7, $3, $4, $4)`,
      [inst, ids.p1, users.a, times.p1.toISOString(), times.p1.toISOString(), ids.p2, ids.p3],
    );

    // To-dos: list L1 live, L2 queued; tags Reading and Practice.
    const l1 = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'Week 1')`,
      [inst, coachId],
    );
    const l2 = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, 'Week 2', true)`,
      [inst, coachId],
    );
    const reading = await insertOne(
      q,
      `insert into todo_tags (institution_id, coach_id, label) values ($1, $2, 'Reading')`,
      [inst, coachId],
    );
    const practice = await insertOne(
      q,
      `insert into todo_tags (institution_id, coach_id, label) values ($1, $2, 'Practice')`,
      [inst, coachId],
    );
    const item = async (
      key: string,
      list: number | null,
      owner: number | null,
      due: string | null,
      tags: number[],
    ) => {
      ids[key] = await insertOne(
        q,
        `insert into todo_items (institution_id, coach_id, todo_list_id, title, due_date, staff_created, owner_user_id)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [inst, coachId, list, `To-do ${key}`, due, owner === null, owner],
      );
      for (const tag of tags) {
        await q(`insert into todo_item_tags (institution_id, item_id, tag_id) values ($1, $2, $3)`, [
          inst,
          ids[key],
          tag,
        ]);
      }
    };
    await item('i1', l1, null, null, [reading]);
    await item('i2', l1, null, null, [reading, practice]);
    await item('i3', l1, null, dateIn(-3), []);
    await item('i4', l2, null, null, [reading]);
    await item('i5', null, users.a, null, []);
    await item('i6', null, users.b, null, [practice]);
    times.i1 = at(-0.5);
    times.i3 = at(-3.2);
    for (const [key, user, completed, when] of [
      ['i1', users.a, true, times.i1],
      ['i2', users.a, false, null],
      ['i3', users.a, true, times.i3],
      ['i4', users.a, true, at(-1)],
      ['i6', users.b, true, at(-1)],
    ] as const) {
      await q(
        `insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at)
         values ($1, $2, $3, $4, $5)`,
        [inst, ids[key], user, completed, when?.toISOString() ?? null],
      );
    }
  });
});

const routes = () => [
  { name: 'user credits', path: API.userCredits(coachId) },
  { name: 'user activity', path: API.userActivity(coachId) },
  { name: 'coach user analytics', path: API.coachUserAnalytics(coachId) },
  { name: 'bulletin analytics', path: API.bulletinAnalytics(coachId) },
  { name: 'survey analytics', path: API.surveyAnalytics(coachId) },
  { name: 'to-do analytics', path: API.todoAnalytics(coachId) },
  { name: 'exam playbook analytics', path: API.examPlaybookAnalytics(coachId) },
];

async function asA(): Promise<Browser> {
  return ctx.signIn(emails.a);
}

describe('activity analytics (spec §3, §4)', () => {
  it('bulletin analytics count live bulletins per topic, and untopiced ones apart', async () => {
    const res = await (await asA()).get(API.bulletinAnalytics(coachId));
    expect(res.status).toBe(200);
    expect(BulletinAnalyticsSchema.parse(res.body)).toEqual({
      read_messages_count: 3,
      read_messages_percentage: 60,
      unread_messages_count: 2,
      total_messages_count: 5,
      total_message_topics_count: 2,
      message_topics: [
        { topic_name: 'Exams', num_messages: 2, read_percentage: 50, unread_percentage: 50 },
        { topic_name: 'Study Skills', num_messages: 1, read_percentage: 100, unread_percentage: 0 },
      ],
      message_without_topic: 2,
      messages_without_topic_read_percentage: 50,
      messages_without_topic_unread_percentage: 50,
      content_label: 'Bulletins',
    });
  });

  it('another student has their own reads', async () => {
    const res = await (await ctx.signIn(emails.b)).get(API.bulletinAnalytics(coachId));
    const body = BulletinAnalyticsSchema.parse(res.body);
    expect(body.read_messages_count).toBe(1);
    expect(body.message_topics[0]).toEqual({
      topic_name: 'Exams',
      num_messages: 2,
      read_percentage: 50,
      unread_percentage: 50,
    });
    expect(body.messages_without_topic_read_percentage).toBe(0);
  });

  it('to-do analytics count the student’s items per tag, untagged apart, skipping queued lists and others’ items', async () => {
    const res = await (await asA()).get(API.todoAnalytics(coachId));
    expect(res.status).toBe(200);
    const body = TodoAnalyticsSchema.parse(res.body);
    expect(body).toEqual({
      completed_todo_item_count: 2,
      completed_todo_item_percentage: 50,
      incomplete_todo_item_count: 2,
      total_todo_item_count: 4,
      tag_todoitem_count: 2,
      todoitems_without_tags: 2,
      todoitems_without_tags_completed_percentage: 50,
      todoitems_without_tags_incomplete_percentage: 50,
      todoitem_tags: [
        {
          id: expect.any(Number),
          label: 'Practice',
          num_items: 1,
          completed_percentage: 0,
          incomplete_percentage: 100,
        },
        {
          id: expect.any(Number),
          label: 'Reading',
          num_items: 2,
          completed_percentage: 50,
          incomplete_percentage: 50,
        },
      ],
      content_label: 'To-Dos',
    });
    // Student B sees the staff items of the live list plus their own item only.
    const b = TodoAnalyticsSchema.parse(
      (await (await ctx.signIn(emails.b)).get(API.todoAnalytics(coachId))).body,
    );
    expect(b.total_todo_item_count).toBe(4);
    expect(b.completed_todo_item_count).toBe(1);
  });

  it('survey analytics: responses to live surveys in percent', async () => {
    const res = await (await asA()).get(API.surveyAnalytics(coachId));
    expect(SurveyAnalyticsSchema.parse(res.body)).toEqual({
      survey_completed_percentage: 25,
      completed_surveys_count: 1,
      total_surveys_count: 4,
    });
  });

  it('exam playbook analytics list released playbooks only, with dates, remaining days and planning', async () => {
    const res = await (await asA()).get(API.examPlaybookAnalytics(coachId));
    expect(res.status).toBe(200);
    const body = PlaybookAnalyticsSchema.parse(res.body);
    expect(body.display_exam_playbook).toBe(true);
    expect(body.playbook_completed_percentage).toBe(25);
    // By exam date, undated last; the unreleased Final Exam is not listed.
    expect(body.user_playbook_list.map((p) => p.exam_name)).toEqual([
      'Unit Test',
      'Essay',
      'Midterm Exam',
      'Weekly Quiz',
    ]);
    expect(body.user_playbook_list[0]).toMatchObject({
      remaining_date: 0,
      planning_duration_percentage: 100,
      graph_message: 'Unit Test is here. Follow your plan.',
      assignment_type: 'assessment',
    });
    expect(body.user_playbook_list[1]).toMatchObject({
      remaining_date: 1,
      planning_duration_percentage: 75,
      graph_message: '1 day left to plan for Essay.',
    });
    expect(body.user_playbook_list[2]).toEqual({
      id: ids.p1,
      exam_name: 'Midterm Exam',
      is_released: true,
      exam_date: dateIn(10),
      custom_date_message: null,
      graph_message: 'You have completed your plan for Midterm Exam.',
      planning_duration_percentage: 50,
      remaining_date: 10,
      assignment_type: 'exam',
      completed: true,
    });
    expect(body.user_playbook_list[3]).toMatchObject({
      graph_message: 'Start planning for Weekly Quiz now.',
      exam_date: null,
      custom_date_message: 'Date to be announced',
      remaining_date: null,
      planning_duration_percentage: 0,
      assignment_type: 'quiz',
      completed: false,
    });
  });

  it('coach user analytics: the overall count over bulletins, surveys, playbooks and to-dos', async () => {
    const res = await (await asA()).get(API.coachUserAnalytics(coachId));
    // 5 bulletins (3 read) + 4 surveys (1) + 4 playbooks (1) + 4 to-dos (2).
    expect(CoachUserAnalyticsSchema.parse(res.body)).toEqual({
      total_completed_assignments: 7,
      total_assignments_count: 17,
      incomplete_assignment_count: 10,
      assignment_completed_percentage: 41.18,
    });
  });
});

describe('completion history (spec §2, §3)', () => {
  it('user credits list every live for-credit item with deadline, completion and credit status', async () => {
    const res = await (await asA()).get(API.userCredits(coachId));
    expect(res.status).toBe(200);
    const body = CreditItemListSchema.parse(res.body);
    expect(body.map((i) => [i.type, i.title, i.status])).toEqual([
      ['bulletin', 'Bulletin b5', 'fail'],
      ['survey', 'Survey s4', 'fail'],
      ['bulletin', 'Bulletin b4', 'success'],
      ['survey', 'Survey s5', 'pending'],
    ]);
    expect(body[0]).toMatchObject({
      id: ids.b5,
      completed: 'N/A',
      content_tag: 'bulletin',
      content_label: 'Bulletin',
    });
    expect(body[2]).toMatchObject({ id: ids.b4, completed: times.b4!.toISOString() });
    expect(new Date(body[2]!.due).getTime()).toBeGreaterThan(Date.now());
  });

  it('other user activity lists completed non-credit items, latest first', async () => {
    const res = await (await asA()).get(API.userActivity(coachId));
    expect(res.status).toBe(200);
    const body = CreditItemListSchema.parse(res.body);
    expect(body.map((i) => [i.type, i.id, i.completed, i.status])).toEqual([
      ['todo', ids.i1, times.i1!.toISOString(), 'success'],
      ['playbook', ids.p1, times.p1!.toISOString(), 'success'],
      ['survey', ids.s1, times.s1!.toISOString(), 'success'],
      ['todo', ids.i3, times.i3!.toISOString(), 'success'],
      ['bulletin', ids.b3, times.b3!.toISOString(), 'success'],
      ['bulletin', ids.b1, times.b1!.toISOString(), 'success'],
    ]);
    expect(body.find((i) => i.type === 'todo' && i.id === ids.i1)?.due).toBe('No Due Date');
    expect(body.find((i) => i.type === 'playbook')).toMatchObject({
      content_tag: 'playbook',
      content_label: 'Exam Playbook',
    });
    expect(body.find((i) => i.type === 'todo' && i.id === ids.i3)?.due).toBe(`${dateIn(-3)}T23:59:00.000Z`);
  });

  it('a to-do completed after its due date is marked late (fail); an uncompleted one is not listed', async () => {
    const late = at(-1);
    await ctx.database.query(
      'update account_todo_items set completed_at = $1 where item_id = $2 and user_id = $3',
      [late.toISOString(), ids.i3, users.a],
    );
    try {
      const body = (await (await asA()).get(API.userActivity(coachId))).body as Array<{
        type: string;
        id: number;
        status: string;
      }>;
      expect(body.find((i) => i.type === 'todo' && i.id === ids.i3)?.status).toBe('fail');
      expect(body.find((i) => i.type === 'todo' && i.id === ids.i2)).toBeUndefined();
    } finally {
      await ctx.database.query(
        'update account_todo_items set completed_at = $1 where item_id = $2 and user_id = $3',
        [times.i3!.toISOString(), ids.i3, users.a],
      );
    }
  });
});

describe('who may ask (every activity route)', () => {
  it('staff and the coach’s instructor get a student’s figures with ?user_id=, the same as the student', async () => {
    const a = await asA();
    const staff = await ctx.signIn(emails.staff);
    const instructor = await ctx.signIn(emails.instructor);
    for (const r of routes()) {
      const own = await a.get(r.path);
      expect(own.status, r.name).toBe(200);
      const viaSelf = await a.get(`${r.path}?user_id=${users.a}`);
      expect(viaSelf.body, `${r.name} ?user_id=self`).toEqual(own.body);
      for (const who of [staff, instructor]) {
        const res = await who.get(`${r.path}?user_id=${users.a}`);
        expect(res.status, r.name).toBe(200);
        expect(res.body, r.name).toEqual(own.body);
      }
    }
  });

  it('refuses: anonymous 401, another student 403, outsiders 404, staff without user_id 400, bad user_id 400', async () => {
    const anonymous = ctx.browser();
    const b = await ctx.signIn(emails.b);
    const sameInstitutionStudent = await ctx.signIn(emails.c);
    const outsiderStudent = await ctx.signIn(studentEmailOf('11391'));
    const otherInstructor = await ctx.signIn(instructorEmailOf('AAA-2013J'));
    // The demo institution's admin is staff of another tenant here.
    const foreignStaff = await ctx.signIn(STAFF_EMAIL);
    const staff = await ctx.signIn(emails.staff);
    const outsiderId = await userIdOf(ctx, studentEmailOf('11391'));
    for (const r of routes()) {
      expect((await anonymous.get(r.path)).status, r.name).toBe(401);
      const other = await b.get(`${r.path}?user_id=${users.a}`);
      expect(other.status, r.name).toBe(403);
      expect(other.body).toEqual({ detail: expect.any(String) });
      expect((await outsiderStudent.get(r.path)).status, r.name).toBe(404);
      expect((await sameInstitutionStudent.get(r.path)).status, r.name).toBe(404);
      expect((await otherInstructor.get(`${r.path}?user_id=${users.a}`)).status, r.name).toBe(404);
      expect((await foreignStaff.get(`${r.path}?user_id=${users.a}`)).status, r.name).toBe(404);
      // A user who is not a student of this coach: the instructor, and a student of another coach.
      expect((await staff.get(`${r.path}?user_id=${users.instructor}`)).status, r.name).toBe(404);
      expect((await staff.get(`${r.path}?user_id=${outsiderId}`)).status, r.name).toBe(404);
      expect((await staff.get(`${r.path}?user_id=${users.c}`)).status, r.name).toBe(404);
      expect((await staff.get(`${r.path}?user_id=999999999`)).status, r.name).toBe(404);
      const missing = await staff.get(r.path);
      expect(missing.status, r.name).toBe(400);
      expect(missing.body).toEqual({ user_id: ['This field is required.'] });
      for (const bad of ['abc', '0', '-1', '1e3', '99999999999']) {
        const res = await staff.get(`${r.path}?user_id=${bad}`);
        expect(res.status, `${r.name} user_id=${bad}`).toBe(400);
        expect(Object.keys(res.body as object)).toEqual(['user_id']);
      }
      const unknown = await staff.get(`${r.path}?user_id=${users.a}&foo=1`);
      expect(unknown.status, r.name).toBe(400);
      expect(unknown.body).toEqual({ foo: ['Unknown field.'] });
      expect((await staff.get(r.path.replace(`/${coachId}/`, '/999999/'))).status, r.name).toBe(404);
      expect((await staff.get(r.path.replace(`/${coachId}/`, '/abc/'))).status, r.name).toBe(404);
    }
  });

  it('writes are not allowed on these read-only routes', async () => {
    const a = await asA();
    for (const r of routes()) {
      const res = await a.post(r.path, {});
      expect([404, 405], r.name).toContain(res.status);
    }
  });
});
