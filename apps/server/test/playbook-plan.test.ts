import {
  API,
  CreditItemSchema,
  PLAYBOOK_PLAN_MESSAGES as M,
  MyPlaybookDetailSchema,
  MyPlaybookSchema,
  PLAYBOOK_PLAN_API,
  PlaybookSummarySchema,
} from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendPlaybookReminders } from '../src/modules/playbooks/reminders.ts';
import { seedPlaybookQuestions } from '../src/seed/playbook-questions.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
type J = any;

/**
 * The student's Exam Playbook (docs/playbooks.md) through the real HTTP API and database: planning,
 * then reflection after the exam; answers become enrolment-scoped characteristic values from the source
 * `playbook`; completing the plan earns the credit the history shows; refusals write nothing; reminders
 * go out once per student and kind; staff see per-question aggregates.
 */

let ctx: TestContext;
let staff: Browser;
let student: Browser;
let other: Browser;
let coachId: number;
let otherCoachId: number;
let studentId: number;
let otherStudentId: number;
let playbookId: number;
let hiddenId: number;
let foreignId: number;
let cohortId: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const setExam = (offset: number) =>
  ctx.database.query('update playbooks set exam_date = $2 where id = $1', [playbookId, day(offset)]);

async function valuesOf(userId: number) {
  return ctx.database.query<{ name: string; value: string; coach_id: number; source: string }>(
    `select c.name, v.value, v.coach_id, s.name as source from student_characteristic_values v
       join characteristics c on c.id = v.characteristic_id join tailoring_sources s on s.id = v.source_id
      where v.user_id = $1 and s.name = 'playbook' order by c.name, v.value`,
    [userId],
  );
}
async function writes() {
  const [row] = await ctx.database.query<{ n: string }>(
    `select (select count(*) from student_characteristic_values)::text || '/' ||
            (select count(*) from playbook_answers)::text || '/' ||
            (select count(*) from playbook_plans where completed_at is not null or reflection_completed_at is not null)::text as n`,
  );
  return row!.n;
}

const body = (wiring: Array<[string, string]>) => wiring.map(([label, value]) => ({ label, value }));

beforeAll(async () => {
  ctx = await getTestContext();
  await ctx.database.transaction((q) => seedPlaybookQuestions(q, ctx.institutionId));
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, 'AAA-2013J');
  otherCoachId = await coachIdOf(ctx, 'DDD-2013B');
  const [s1, s2] = await firstStudentsOf(ctx, coachId, 2);
  studentId = s1!.id;
  otherStudentId = s2!.id;
  student = await ctx.signIn(s1!.email);
  other = await ctx.signIn(s2!.email);
  const create = async (coach: number, released: boolean) => {
    const res = await staff.post<J>(API.playbooks(coach), {
      title: released ? 'Midterm Playbook' : 'Hidden Playbook',
      assignment_type: 'exam',
      exam_date: day(5),
      custom_date_message: null,
      is_released: released,
      planning_characteristics: body([
        ['planned_resources', 'PracticeExam'],
        ['planned_resources', 'Notes'],
        ['planned_hours', '0'],
      ]),
      planning_emotions_characteristics: body([
        ['exam_feeling', 'Calm'],
        ['exam_feeling', 'Anxious'],
      ]),
      reflection_characteristics: body([
        ['exam_outcome', 'Well'],
        ['exam_outcome', 'NotWell'],
        ['used_resources', 'PracticeExam'],
        ['used_resources', 'Notes'],
        ['next_change', 'StartEarlier'],
        ['next_change', 'KeepPlan'],
      ]),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  playbookId = await create(coachId, true);
  hiddenId = await create(coachId, false);
  foreignId = await create(otherCoachId, true);
  await ctx.database.query(
    'update playbooks set related_credit = true, planning_opens_on = $2 where id = $1',
    [playbookId, day(-3)],
  );
  // An Insight Group reading an answer: the incremental membership sync must pick the answer up.
  const [cohort] = await ctx.database.query<{ id: number }>(
    `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Anxious planners (test)') returning id`,
    [ctx.institutionId, coachId],
  );
  cohortId = cohort!.id;
  await ctx.database.query(
    `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value)
     values ($1, $2, 'exam_feeling', 'equal to', 'Anxious')`,
    [ctx.institutionId, cohortId],
  );
});

afterAll(async () => {
  // The database is shared with the other test files: leave no group or playbook behind.
  for (const t of ['cohort_memberships', 'cohort_sync_pending', 'cohort_sync_tasks', 'cohort_rules'])
    await ctx.database.query(`delete from ${t} where cohort_id = $1`, [cohortId]);
  await ctx.database.query('delete from cohorts where id = $1', [cohortId]);
  await ctx.database.query('delete from playbooks where id = any($1::int[])', [
    [playbookId, hiddenId, foreignId],
  ]);
});

describe('the student’s Exam Playbook', () => {
  it('lists the released playbook in planning with its window and questions', async () => {
    const list = await student.get<J>(PLAYBOOK_PLAN_API.mine(coachId));
    expect(list.status).toBe(200);
    const mine = z
      .array(MyPlaybookSchema)
      .parse(list.body)
      .find((p) => p.id === playbookId)!;
    expect(mine).toMatchObject({
      stage: 'planning',
      planning_opens_on: day(-3),
      planning_closes_on: day(4),
      reflection_closes_on: day(18),
      planning_completed_at: null,
    });
    expect(
      z
        .array(MyPlaybookSchema)
        .parse(list.body)
        .some((p) => p.id === hiddenId),
    ).toBe(false);
    const one = MyPlaybookDetailSchema.parse(
      (await student.get(PLAYBOOK_PLAN_API.one(coachId, playbookId))).body,
    );
    expect(one.questions.map((x) => [x.section, x.characteristic, x.kind, x.multiple])).toEqual([
      ['planning', 'planned_resources', 'choice', true],
      ['planning', 'planned_hours', 'number', false],
      ['emotions', 'exam_feeling', 'choice', false],
      ['reflection', 'exam_outcome', 'choice', false],
      ['reflection', 'used_resources', 'choice', true],
      ['reflection', 'next_change', 'choice', true],
    ]);
    // Every value of the characteristic is offered (the wired value only names the question).
    expect(one.questions[0]!.options.map((o) => o.value)).toEqual([
      'PracticeExam',
      'PracticeProbs',
      'AskingQs',
      'OH',
      'Quizzes',
      'HW',
      'Readings',
      'Notes',
      'Tutoring',
      'Videos',
    ]);
    expect(one.questions[0]!.options[0]).toEqual({ value: 'PracticeExam', label: 'Practice exams' });
    expect(one.questions[1]).toMatchObject({ min: 0, max: 40, step: 1, options: [] });
  });

  it('refuses bad answers, closed phases, unreleased and foreign playbooks and staff, writing nothing', async () => {
    const before = await writes();
    const put = (b: Browser, id: number, phase: 'planning' | 'reflection', payload: unknown) =>
      b.request<J>('PUT', PLAYBOOK_PLAN_API.phase(coachId, id, phase), { json: payload });
    let res = await put(student, playbookId, 'planning', {
      answers: [
        { characteristic: 'planned_resources', value: ['Notes', 'Podcasts'] },
        { characteristic: 'planned_hours', value: '41' },
        { characteristic: 'exam_feeling', value: 'Furious' },
        { characteristic: 'gender', value: 'F' },
      ],
      submit: false,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      planned_resources: [M.notAnOption('Podcasts')],
      planned_hours: ['Enter a number from 0 to 40.'],
      exam_feeling: [M.notAnOption('Furious')],
      'answers.3.characteristic': [M.unknownQuestion],
    });
    res = await put(student, playbookId, 'planning', {
      answers: [
        { characteristic: 'exam_feeling', value: ['Calm', 'Anxious'] },
        { characteristic: 'planned_hours', value: '2.5' },
      ],
      submit: false,
    });
    expect(res.body).toEqual({
      exam_feeling: [M.oneValue],
      planned_hours: ['Enter a multiple of 1 from 0.'],
    });
    res = await put(student, playbookId, 'planning', {
      answers: [{ characteristic: 'planned_resources', value: ['Notes'] }],
      submit: true,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ planned_hours: [M.answerRequired], exam_feeling: [M.answerRequired] });
    res = await put(student, playbookId, 'reflection', { answers: [], submit: false });
    expect([res.status, res.body]).toEqual([403, { detail: M.reflectionNotOpen }]);
    res = await put(student, hiddenId, 'planning', { answers: [], submit: false });
    expect([res.status, res.body]).toEqual([404, { detail: M.notAvailable }]);
    res = await put(student, foreignId, 'planning', { answers: [], submit: false });
    expect([res.status, res.body]).toEqual([404, { detail: M.notAvailable }]);
    expect((await student.get(PLAYBOOK_PLAN_API.one(coachId, foreignId))).status).toBe(404);
    res = await put(staff, playbookId, 'planning', { answers: [], submit: false });
    expect(res.status).toBe(403);
    res = await put(student, playbookId, 'planning', { answers: [], submit: false, extra: 1 });
    expect(res.status).toBe(400);
    await ctx.database.query('update playbooks set planning_opens_on = $2 where id = $1', [
      playbookId,
      day(1),
    ]);
    res = await put(student, playbookId, 'planning', { answers: [], submit: false });
    expect([res.status, res.body]).toEqual([403, { detail: M.planningNotOpen(day(1)) }]);
    await ctx.database.query('update playbooks set planning_opens_on = $2 where id = $1', [
      playbookId,
      day(-3),
    ]);
    expect(await writes()).toBe(before);
  });

  it('saves progress, completes the plan as enrolment-scoped values and earns the credit', async () => {
    let res = await student.request<J>('PUT', PLAYBOOK_PLAN_API.phase(coachId, playbookId, 'planning'), {
      json: {
        answers: [{ characteristic: 'planned_resources', value: ['PracticeExam', 'Notes'] }],
        submit: false,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.planning_completed_at).toBeNull();
    expect(res.body.questions[0].answer).toEqual(['PracticeExam', 'Notes']);
    expect(await valuesOf(studentId)).toEqual([
      { name: 'planned_resources', value: 'Notes', coach_id: coachId, source: 'playbook' },
      { name: 'planned_resources', value: 'PracticeExam', coach_id: coachId, source: 'playbook' },
    ]);
    const credits = async () =>
      z
        .array(CreditItemSchema)
        .parse((await student.get(API.userCredits(coachId))).body)
        .find((c) => c.type === 'playbook' && c.id === playbookId)!;
    expect((await credits()).status).toBe('pending');
    res = await student.request<J>('PUT', PLAYBOOK_PLAN_API.phase(coachId, playbookId, 'planning'), {
      json: {
        answers: [
          { characteristic: 'planned_hours', value: '6' },
          { characteristic: 'exam_feeling', value: 'Anxious' },
        ],
        submit: true,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.planning_completed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await valuesOf(studentId)).toEqual([
      { name: 'exam_feeling', value: 'Anxious', coach_id: coachId, source: 'playbook' },
      { name: 'planned_hours', value: '6', coach_id: coachId, source: 'playbook' },
      { name: 'planned_resources', value: 'Notes', coach_id: coachId, source: 'playbook' },
      { name: 'planned_resources', value: 'PracticeExam', coach_id: coachId, source: 'playbook' },
    ]);
    const credit = await credits();
    expect([credit.status, credit.content_label]).toEqual(['success', 'Exam Playbook']);
    // The group reading exam_feeling = Anxious now has the student (the per-student sync ran).
    await expect
      .poll(
        async () =>
          (
            await ctx.database.query(
              'select 1 from cohort_memberships where cohort_id = $1 and user_id = $2',
              [cohortId, studentId],
            )
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    // The other student only saves progress: one answer, no completion.
    res = await other.request<J>('PUT', PLAYBOOK_PLAN_API.phase(coachId, playbookId, 'planning'), {
      json: { answers: [{ characteristic: 'exam_feeling', value: 'Calm' }], submit: false },
    });
    expect(res.status).toBe(200);
  });

  it('sends each reminder once per student: when planning opens and on its last day', async () => {
    const sent: Array<{ to: string; subject: string; key: string }> = [];
    const transport = {
      sendMail: async (m: { to: { address: string }; subject: string; headers: Record<string, string> }) => {
        sent.push({ to: m.to.address, subject: m.subject, key: m.headers['X-Course-Coach-Playbook']! });
        return { messageId: String(sent.length) };
      },
    } as unknown as Transporter;
    const ours = () => sent.filter((m) => m.key.startsWith(`${playbookId}/`));
    // The e-mail job runs every minute, a batch at a time; run it until it has nothing left to send (on
    // PostgreSQL the database also holds the other test files' playbooks).
    const drain = async () => {
      while ((await sendPlaybookReminders(ctx.database, { transport, from: 'coach@demo.edu' })).sent > 0);
    };
    const [{ n: students } = { n: 0 }] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
      [coachId],
    );
    await drain();
    // Everyone but the student who completed the plan gets the opening reminder; nobody the last-day one yet.
    expect(ours()).toHaveLength(students - 1);
    expect(ours().every((m) => m.subject === 'Plan for Midterm Playbook: your playbook is open')).toBe(true);
    expect(ours().some((m) => m.key === `${playbookId}/${studentId}/planning_open`)).toBe(false);
    await drain();
    expect(ours()).toHaveLength(students - 1);
    await setExam(1); // today is the last planning day
    await drain();
    await drain();
    const closing = ours().filter((m) => m.key.endsWith('/planning_closing'));
    expect(closing).toHaveLength(students - 1);
    expect(closing.filter((m) => m.key === `${playbookId}/${otherStudentId}/planning_closing`)).toHaveLength(
      1,
    );
    expect(closing[0]!.subject).toBe('Last day to plan for Midterm Playbook');
    expect(sent.some((m) => m.key.startsWith(`${hiddenId}/`))).toBe(false);
  }, 180_000);

  it('opens reflection on the exam day, closes planning, and closes reflection after 14 days', async () => {
    await setExam(0);
    const put = (phase: 'planning' | 'reflection', payload: unknown) =>
      student.request<J>('PUT', PLAYBOOK_PLAN_API.phase(coachId, playbookId, phase), { json: payload });
    let res = await put('planning', { answers: [], submit: false });
    expect([res.status, res.body]).toEqual([403, { detail: M.planningClosed }]);
    res = await put('reflection', {
      answers: [
        { characteristic: 'exam_outcome', value: 'Well' },
        { characteristic: 'used_resources', value: ['Notes'] },
        { characteristic: 'next_change', value: ['StartEarlier', 'KeepPlan'] },
      ],
      submit: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.stage).toBe('reflection');
    expect(res.body.reflection_completed_at).toMatch(/^\d{4}-/);
    expect(
      (await valuesOf(studentId)).filter((v) =>
        ['exam_outcome', 'used_resources', 'next_change'].includes(v.name),
      ),
    ).toEqual([
      { name: 'exam_outcome', value: 'Well', coach_id: coachId, source: 'playbook' },
      { name: 'next_change', value: 'KeepPlan', coach_id: coachId, source: 'playbook' },
      { name: 'next_change', value: 'StartEarlier', coach_id: coachId, source: 'playbook' },
      { name: 'used_resources', value: 'Notes', coach_id: coachId, source: 'playbook' },
    ]);
    await setExam(-14);
    const before = await writes();
    res = await put('reflection', {
      answers: [{ characteristic: 'exam_outcome', value: 'NotWell' }],
      submit: false,
    });
    expect([res.status, res.body]).toEqual([403, { detail: M.reflectionClosed }]);
    expect(await writes()).toBe(before);
    await setExam(-13);
    expect((await student.get<J>(PLAYBOOK_PLAN_API.one(coachId, playbookId))).body.stage).toBe('reflection');
  });

  it('shows staff per-question aggregates (hand-counted) and refuses students', async () => {
    const res = await staff.get(PLAYBOOK_PLAN_API.summary(coachId, playbookId));
    expect(res.status).toBe(200);
    const summary = PlaybookSummarySchema.parse(res.body);
    expect([summary.planning_completed_count, summary.reflection_completed_count]).toEqual([1, 1]);
    const q = (name: string) => summary.questions.find((x) => x.characteristic === name)!;
    // planned_resources: student 1 chose both; exam_feeling: student 1 Anxious, student 2 Calm.
    const counts = (name: string) => q(name).options.map((o) => `${o.value} ${o.count}`);
    expect(q('planned_resources').answered_count).toBe(1);
    expect(counts('planned_resources')).toEqual([
      'PracticeExam 1',
      'PracticeProbs 0',
      'AskingQs 0',
      'OH 0',
      'Quizzes 0',
      'HW 0',
      'Readings 0',
      'Notes 1',
      'Tutoring 0',
      'Videos 0',
    ]);
    expect(q('exam_feeling').answered_count).toBe(2);
    expect(counts('exam_feeling')).toEqual([
      'Confident 0',
      'Calm 1',
      'Unsure 0',
      'Anxious 1',
      'Overwhelmed 0',
    ]);
    expect(q('planned_hours')).toMatchObject({ kind: 'number', answered_count: 1, mean: 6 });
    expect(counts('next_change')).toEqual([
      'StartEarlier 1',
      'MorePractice 0',
      'AskMore 0',
      'OfficeHours 0',
      'StudyGroup 0',
      'KeepPlan 1',
    ]);
    expect((await student.get(PLAYBOOK_PLAN_API.summary(coachId, playbookId))).status).toBe(403);
    expect((await staff.get(PLAYBOOK_PLAN_API.summary(coachId, foreignId))).status).toBe(404);
  });
});
