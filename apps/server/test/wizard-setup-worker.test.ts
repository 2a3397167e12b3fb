import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { WIZARD_API, WizardStepResponseSchema } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/password.ts';
import { REPO_ROOT } from '../src/config.ts';
import { createQueue, startWorkers } from '../src/jobs/queue.ts';
import {
  COACH_SETUP_QUEUE,
  resumeSetups,
  runSetup,
  setupTestHooks,
} from '../src/modules/wizard/setup-job.ts';
import { seedWizardReference } from '../src/seed/wizard.ts';
import { postgresAdminUrl } from './file-database.ts';
import { Browser, DEMO_PASSWORD, getTestContext, type TestContext } from './helpers.ts';

/**
 * The coach setup wizard's set-up job through pg-boss, on the test database (PGlite
 * through pg-boss's adapter, or PostgreSQL): saving the content calendar queues the job, the mts step
 * reports it until complete; a failure (a course characteristic already there, or a failure injected
 * after everything was written) rolls everything back and shows the error; saving the calendar again
 * retries; a failed set-up can be discarded; duplicate, late and interrupted jobs are harmless. In an
 * institution of its own, so that its tailoring dictionary starts empty. On PostgreSQL, also a set-up
 * queued by a web instance without workers and run by a separate `npm run worker` process.
 */
const url = postgresAdminUrl();
const STAFF = 'staff@setup-worker.edu';
const ADMIN = 'admin@setup-worker.edu';

let ctx: TestContext;
let boss: PgBoss;
let app: FastifyInstance;
let baseUrl: string;
let staff: Browser;
let institutionId: number;
const refs: Record<string, number> = {};
const logs: string[] = [];

beforeAll(async () => {
  ctx = await getTestContext();
  const [inst] = await ctx.database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('Setup Worker University', 'setup-worker') returning id`,
  );
  institutionId = inst!.id;
  const [user] = await ctx.database.query<{ id: number }>(
    `insert into users (institution_id, email, name, password_hash) values ($1, $2, 'Setup Staff', $3) returning id`,
    [institutionId, STAFF, await hashPassword(DEMO_PASSWORD)],
  );
  await ctx.database.query(
    `insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'admin')`,
    [institutionId, user!.id],
  );
  await seedWizardReference(ctx.database, institutionId);
  for (const r of await ctx.database.query<{ code: string; id: number }>(
    `select code, id from institution_courses where institution_id = $1
     union all select code, id from institution_terms where institution_id = $1`,
    [institutionId],
  ))
    refs[r.code] = r.id;

  boss = createQueue(ctx.database, ctx.config.DATABASE_URL);
  boss.on('error', () => undefined);
  await boss.start();
  await startWorkers(boss, ctx.database, (m) => logs.push(m));
  app = await buildApp({ database: ctx.database, config: ctx.config, boss });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  staff = new Browser(baseUrl);
  expect((await staff.signIn(STAFF)).status).toBe(200);
});

afterEach(() => {
  setupTestHooks.beforeCommit = undefined;
});

afterAll(async () => {
  setupTestHooks.beforeCommit = undefined;
  await app?.close();
  await boss?.stop({ graceful: false }).catch(() => undefined);
  if (institutionId) await ctx.database.query('delete from institutions where id = $1', [institutionId]);
});

const until = async <T>(what: string, fn: () => Promise<T | undefined | false>, ms = 60_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; log: ${logs.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A set-up filled in up to the content calendar (basic_info through the API; the rest stored as saved). */
async function setupAt(course: string, term: string, name: string): Promise<number> {
  const res = await staff.post(WIZARD_API.start(institutionId), {
    step: 'basic_info',
    data: { coach_name: name, course_id: refs[course], term_id: refs[term], admins: [{ email: ADMIN }] },
  });
  expect(res.status, res.text).toBe(200);
  const coachId = (res.body as { coach_id: number }).coach_id;
  const formData = {
    canvas_auth: { lms_course_id: '101' },
    assessment_info: {
      assessment_type: 'exam',
      assessments: [
        { name: 'Final', type_characteristic: 'AssessmentFinal', exam_date: '2027-01-15', is_cumulative: 1 },
      ],
      study_resources: ['PracticeExam', 'OH'],
    },
    bulletin_info: { selected_bulletins: ['Homework'] },
    bulletin_followup: {
      ClassFormat: ['Lecture'],
      CommunicationChannels: ['LMS', 'Email'],
      HasTutoring: false,
      IsCurved: true,
      ExamPercentage: 50,
      ExamDrops: 0,
      HWPercentage: 30,
      HWDrops: 2,
      QuizPercentage: 20,
      QuizDrops: 1,
      HardTopic1: 'Integration',
      HardTopic2: 'Series',
      HardTopic3: 'Limits',
      HardTopic4: 'Vectors',
      Succeed1: 'Practice daily',
      Succeed2: 'Ask questions',
      Succeed3: 'Sleep',
    },
  };
  await ctx.database.query(
    `update coach_setups set form_data = form_data || $2::jsonb, step = 'content_calendar' where coach_id = $1`,
    [coachId, JSON.stringify(formData)],
  );
  return coachId;
}

/** Saves the proposed calendar (as the wizard page does): the answer's step. */
async function saveCalendar(coachId: number, saveOnly = false): Promise<{ status: number; body: unknown }> {
  const get = WizardStepResponseSchema.parse(
    (await staff.get(WIZARD_API.step(institutionId, coachId, 'content_calendar'))).body,
  );
  const res = await staff.post(WIZARD_API.coach(institutionId, coachId), {
    step: 'content_calendar',
    data: get.form_data,
    ...(saveOnly ? { action: 'save_only' } : {}),
  });
  return { status: res.status, body: res.body };
}

/** Polls the mts step every 100 ms (the page: every 3 s) until it is complete or shows an error. */
async function waitForSetup(coachId: number) {
  return until(`set-up of coach ${coachId}`, async () => {
    const r = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(institutionId, coachId, 'mts'))).body,
    );
    return r.step === 'complete' || r.error ? r : false;
  });
}

/** What a set-up creates for a coach, counted. */
async function contentOf(coachId: number) {
  const [row] = await ctx.database.query<Record<string, number>>(
    `select (select count(*)::int from bulletins where coach_id = $1) as bulletins,
            (select count(*)::int from bulletin_topics where coach_id = $1) as topics,
            (select count(*)::int from emails where coach_id = $1) as emails,
            (select count(*)::int from email_sections s join emails e on e.id = s.email_id where e.coach_id = $1) as sections,
            (select count(*)::int from playbooks where coach_id = $1) as playbooks,
            (select count(*)::int from course_characteristics where coach_id = $1) as course_characteristics,
            (select count(*)::int from content_characteristics where coach_id = $1) as wiring,
            (select count(*)::int from enrollments where coach_id = $1) as enrollments`,
    [coachId],
  );
  return row!;
}
const dictionarySize = async () =>
  (
    await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from characteristics where institution_id = $1',
      [institutionId],
    )
  )[0]!.n;
const setupRow = async (coachId: number) =>
  (
    await ctx.database.query<{ status: string; attempts: number; error: string | null }>(
      'select status, attempts, error from coach_setups where coach_id = $1',
      [coachId],
    )
  )[0];

const NOTHING = {
  bulletins: 0,
  topics: 0,
  emails: 0,
  sections: 0,
  playbooks: 0,
  course_characteristics: 0,
  wiring: 0,
  enrollments: 0,
};

describe('the set-up job through pg-boss', () => {
  it('an injected failure after everything was written rolls it all back and shows the §8 error text', async () => {
    const coachId = await setupAt('AAA', '2015J', 'Injected failure');
    let reached = false;
    setupTestHooks.beforeCommit = async (id, q) => {
      if (id !== coachId) return;
      // Everything was written inside the transaction...
      const [n] = await q<{ n: number }>('select count(*)::int as n from bulletins where coach_id = $1', [
        id,
      ]);
      reached = n!.n > 0;
      throw new Error('injected failure');
    };
    expect(await saveCalendar(coachId)).toEqual({ status: 200, body: { coach_id: coachId, step: 'mts' } });
    const mts = await waitForSetup(coachId);
    expect(reached).toBe(true);
    expect(mts).toMatchObject({ step: 'mts', status: 'failed', error: 'The set-up could not be completed.' });
    // ... and none of it stayed: not the content, not the dictionary, not the admin's enrollment.
    expect(await contentOf(coachId)).toEqual(NOTHING);
    expect(await dictionarySize()).toBe(0);
    const [coach] = await ctx.database.query<{ setup_status: string }>(
      'select setup_status from coaches where id = $1',
      [coachId],
    );
    expect(coach!.setup_status).toBe('in_progress');
    // Resume shows the failure too.
    const resume = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.coach(institutionId, coachId))).body,
    );
    expect(resume).toMatchObject({
      step: 'mts',
      current_step: 'mts',
      error: 'The set-up could not be completed.',
    });

    // Try again (re-saves the content calendar): completes, once.
    setupTestHooks.beforeCommit = undefined;
    expect((await saveCalendar(coachId)).body).toEqual({ coach_id: coachId, step: 'mts' });
    expect(await waitForSetup(coachId)).toMatchObject({ step: 'complete', status: 'complete' });
    // 6 Academic Skills bulletins + 1 homework bulletin; 5 + 1 emails; 1 playbook; 17 answers + 2;
    // the admin.
    expect(await contentOf(coachId)).toMatchObject({
      bulletins: 7,
      topics: 2,
      emails: 6,
      sections: 6,
      playbooks: 1,
      course_characteristics: 19,
      enrollments: 1,
    });
    expect(await dictionarySize()).toBe(19);
    expect(await setupRow(coachId)).toEqual({ status: 'complete', attempts: 2, error: null });
    const jobs = await ctx.database.query<{ state: string }>(
      `select state from pgboss.job where name = $1 and (data->>'coachId')::int = $2`,
      [COACH_SETUP_QUEUE, coachId],
    );
    expect(jobs.map((j) => j.state).sort()).toEqual(['completed', 'completed']);
  });

  it('a course characteristic that is already there fails the set-up with its name; removing it and trying again completes', async () => {
    const coachId = await setupAt('BBB', '2015J', 'Collision');
    await ctx.database.query(
      `insert into course_characteristics (institution_id, coach_id, title, status) values ($1, $2, 'CourseHWDrops', 'Draft')`,
      [institutionId, coachId],
    );
    await saveCalendar(coachId);
    const mts = await waitForSetup(coachId);
    expect(mts.error).toBe('The course characteristic “CourseHWDrops” already exists in this coach.');
    expect(await contentOf(coachId)).toEqual({ ...NOTHING, course_characteristics: 1 });
    // While failed, earlier steps can be changed and saved; saving the calendar again retries.
    await ctx.database.query(`delete from course_characteristics where coach_id = $1`, [coachId]);
    await saveCalendar(coachId);
    expect(await waitForSetup(coachId)).toMatchObject({ step: 'complete' });
    expect(await contentOf(coachId)).toMatchObject({
      bulletins: 7,
      emails: 6,
      playbooks: 1,
      course_characteristics: 19,
    });
  });

  it('a tailoring characteristic defined otherwise fails the set-up with its name', async () => {
    const coachId = await setupAt('CCC', '2015J', 'Dictionary clash');
    await ctx.database.query(
      `update characteristics set restriction_ranges = '[{"min":0,"max":10}]' where institution_id = $1 and name = 'CourseExamPercentage'`,
      [institutionId],
    );
    await saveCalendar(coachId);
    expect((await waitForSetup(coachId)).error).toBe(
      'The tailoring characteristic “CourseExamPercentage” already exists with a different definition.',
    );
    expect(await contentOf(coachId)).toEqual(NOTHING);
    await ctx.database.query(
      `update characteristics set restriction_ranges = '[{"min":0,"max":100}]' where institution_id = $1 and name = 'CourseExamPercentage'`,
      [institutionId],
    );
  });

  it('a failed set-up can be discarded: the coach goes, and a late job does nothing', async () => {
    const coachId = (
      await ctx.database.query<{ coach_id: number }>(
        `select s.coach_id from coach_setups s join coaches c on c.id = s.coach_id
          where s.institution_id = $1 and c.name = 'Dictionary clash'`,
        [institutionId],
      )
    )[0]!.coach_id;
    expect((await setupRow(coachId))!.status).toBe('failed');
    const del = await staff.request('DELETE', WIZARD_API.discard(institutionId, coachId));
    expect(del.status).toBe(204);
    expect(await ctx.database.query('select 1 from coaches where id = $1', [coachId])).toHaveLength(0);
    expect(await runSetup(ctx.database, coachId)).toEqual({ ok: true, ran: false });
    expect((await staff.get(WIZARD_API.coach(institutionId, coachId))).status).toBe(404);
  });

  it('duplicate jobs create the content once; a set-up left setting_up (a dead worker) is resumed', async () => {
    const coachId = await setupAt('DDD', '2015J', 'Duplicates');
    expect((await saveCalendar(coachId, true)).body).toEqual({ coach_id: coachId, step: 'content_calendar' });
    await ctx.database.query(
      `update coach_setups set status = 'setting_up', step = 'mts' where coach_id = $1`,
      [coachId],
    );
    const outcomes = await Promise.all([runSetup(ctx.database, coachId), runSetup(ctx.database, coachId)]);
    expect(outcomes.map((o) => (o.ok ? o.ran : 'failed')).sort()).toEqual([false, true]);
    expect(await contentOf(coachId)).toMatchObject({
      bulletins: 7,
      emails: 6,
      playbooks: 1,
      course_characteristics: 19,
    });

    const other = await setupAt('EEE', '2015J', 'Interrupted');
    await saveCalendar(other, true);
    // As a worker that died mid-job leaves it: setting_up, with no job queued.
    await ctx.database.query(
      `update coach_setups set status = 'setting_up', step = 'mts' where coach_id = $1`,
      [other],
    );
    expect(await resumeSetups({ boss, database: ctx.database })).toContain(other);
    expect(await waitForSetup(other)).toMatchObject({ step: 'complete' });
  });

  it('while the job runs, saves are refused (409)', async () => {
    const coachId = await setupAt('FFF', '2015J', 'Running');
    await ctx.database.query(
      `update coach_setups set status = 'setting_up', step = 'mts' where coach_id = $1`,
      [coachId],
    );
    const res = await staff.post(WIZARD_API.coach(institutionId, coachId), {
      step: 'basic_info',
      data: { coach_name: 'x', course_id: refs.FFF, term_id: refs['2015J'] },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'Your coach is being set up. Wait for it to finish.' });
    const mts = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.coach(institutionId, coachId))).body,
    );
    expect(mts).toMatchObject({ step: 'mts', error: null, status: 'setting_up' });
    await ctx.database.query(`update coach_setups set status = 'failed' where coach_id = $1`, [coachId]);
  });
});

describe.runIf(!!url)('a set-up run by a separate worker process (PostgreSQL)', () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });

  it('a web instance without workers queues it; `npm run worker` runs it', async () => {
    // This process stops working the queue: only the worker process may run the job.
    await boss.offWork(COACH_SETUP_QUEUE);
    const coachId = await setupAt('GGG', '2015J', 'Separate worker');
    expect((await saveCalendar(coachId)).body).toEqual({ coach_id: coachId, step: 'mts' });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await setupRow(coachId))!.status).toBe('setting_up');
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/worker.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: ctx.config.DATABASE_URL, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    const done = await waitForSetup(coachId).catch((e) => {
      throw new Error(`${e.message}; worker output: ${output}`);
    });
    expect(done).toMatchObject({ step: 'complete' });
    expect(await contentOf(coachId)).toMatchObject({ bulletins: 7, playbooks: 1 });
  });
});
