import { API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgsStandin } from '../src/modules/lms/canvas-ags-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createServiceWorld, type LtiWorld, startTestQueue, type TestQueue } from './lti-fixture.ts';
import { launch } from './lti-helpers.ts';

/**
 * Line items up front (docs/lti.md, Grades), through pg-boss and the Canvas stand-in: the coach's
 * published for-credit bulletin, survey and playbook get their line items when a launch records the
 * course's grade service (backfill), before any student earns a credit; the stand-in's first answer is a
 * 500 and the job retries; a bulletin saved for credit by staff gets its own; saving it again or another
 * launch adds none.
 */
const COURSE = FIRST_COURSE_ID + 11;

let ctx: TestContext;
let queue: TestQueue;
let w: LtiWorld;
let ags: AgsStandin;

const mine = () => ags.lineItems.filter((l) => l.courseId === COURSE);
async function until(what: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !(await what())) await new Promise((r) => setTimeout(r, 200));
}
const rows = () =>
  ctx.database.query<{
    item_type: string;
    item_id: number;
    state: string;
    attempts: number;
    url: string | null;
  }>(
    `select l.item_type, l.item_id, l.state, l.attempts, l.url from lti_line_items l
       join lti_contexts x on x.id = l.context_row_id
      where x.registration_id = $1 order by l.item_type, l.item_id`,
    [w.registrationId],
  );

beforeAll(async () => {
  ctx = await getTestContext();
  queue = await startTestQueue(ctx, { attempts: 1, retryBaseMs: 300 });
  w = await createServiceWorld(ctx, 'lti-ags-items', COURSE, queue.boss);
  ags = w.t.standin.lti!.ags;
});

afterAll(async () => {
  await w?.dispose();
  await queue?.stop();
});

describe('AGS line items up front', () => {
  it('one line item per published for-credit item, exactly once after a 500 and a retry', async () => {
    const q = (sql: string, params: unknown[]) =>
      ctx.database.query<{ id: number }>(sql, params).then((r) => r[0]!.id);
    const inst = w.institutionId;
    const coach = w.coachId;
    const bulletin = await q(
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp, related_credit)
       values ($1, $2, 'Week 1 for credit', true, now(), true) returning id`,
      [inst, coach],
    );
    // Not for credit, not published, another coach's: no line item.
    await q(
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp, related_credit)
       values ($1, $2, 'Plain', true, now(), false), ($1, $2, 'Draft for credit', false, now(), true),
              ($1, $3, 'Chemistry for credit', true, now(), true) returning id`,
      [inst, coach, w.otherCoachId],
    );
    const survey = await q(
      `insert into surveys (institution_id, coach_id, title, is_published, related_credit)
       values ($1, $2, 'Survey for credit', true, true) returning id`,
      [inst, coach],
    );
    const playbook = await q(
      `insert into playbooks (institution_id, coach_id, title, is_released, related_credit)
       values ($1, $2, 'Exam plan for credit', true, true) returning id`,
      [inst, coach],
    );
    await q(
      `insert into playbooks (institution_id, coach_id, title, is_released, related_credit)
       values ($1, $2, 'Unreleased for credit', false, true) returning id`,
      [inst, coach],
    );
    expect(await rows()).toEqual([]);
    ags.failNext = 1;
    const student = new Browser(w.t.baseUrl);
    expect((await launch(student, w.t.standin, 'student', COURSE)).status).toBe(303);
    await until(async () => (await rows()).filter((r) => r.url).length === 3);
    expect(
      mine()
        .map((l) => [l.resourceId, l.label, l.scoreMaximum, l.tag])
        .sort(),
      queue.logs.join(' | '),
    ).toEqual([
      [`bulletin-${bulletin}`, 'Week 1 for credit', 1, 'course-coach-credit'],
      [`playbook-${playbook}`, 'Exam plan for credit', 1, 'course-coach-credit'],
      [`survey-${survey}`, 'Survey for credit', 1, 'course-coach-credit'],
    ]);
    const stored = await rows();
    expect(stored.map((r) => [r.item_type, r.item_id, r.state])).toEqual([
      ['bulletin', bulletin, 'created'],
      ['playbook', playbook, 'created'],
      ['survey', survey, 'created'],
    ]);
    // The first AGS request got the 500: one row took two attempts, the others one.
    expect(stored.map((r) => r.attempts).sort()).toEqual([1, 1, 2]);
    expect(ags.requests.filter((r) => r.endsWith(' 500'))).toHaveLength(1);
    expect(new Set(stored.map((r) => r.url))).toEqual(new Set(mine().map((l) => l.id)));
  });

  it('a bulletin saved for credit gets its line item; saving again, another launch or a credit add none', async () => {
    const body = {
      title: 'Week 2 for credit',
      status: 'Published',
      publish_timestamp: new Date(Date.now() - 60_000).toISOString(),
      related_credit: true,
      pages: [{ title: 'One', body: '<p>Read me</p>' }],
    };
    const created = await w.staff.post<{ id: number }>(API.bulletins(w.coachId), body);
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;
    await until(() => mine().length === 4);
    expect(mine().filter((l) => l.resourceId === `bulletin-${id}`)).toMatchObject([
      { label: 'Week 2 for credit', scoreMaximum: 1 },
    ]);
    const again = await w.staff.request('PUT', API.bulletin(w.coachId, id), { json: body });
    expect(again.status, again.text).toBe(200);
    const student = new Browser(w.t.baseUrl);
    expect((await launch(student, w.t.standin, 'student', COURSE)).status).toBe(303);
    const viewed = await student.post(API.messageView(w.coachId, id), {});
    expect(viewed.status, viewed.text).toBe(200);
    await until(() => ags.scores.length === 1);
    expect(ags.scores.map((s) => [s.lineItemId, s.body.userId])).toEqual([
      [mine().find((l) => l.resourceId === `bulletin-${id}`)!.id, 'standin-user-student'],
    ]);
    await queue.boss.send('lti-score-post', {});
    await new Promise((r) => setTimeout(r, 2000));
    expect(mine()).toHaveLength(4);
    expect((await rows()).length).toBe(4);
    expect(ags.requests.filter((r) => r.startsWith('POST') && r.includes('/line_items ')).length).toBe(4);
  });
});
