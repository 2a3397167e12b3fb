import { API } from '@course-coach/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgsStandin } from '../src/modules/lms/canvas-ags-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { resolveLmsSettings } from '../src/modules/lms/settings.ts';
import { noteCredit, postDueScores } from '../src/modules/lti/index.ts';
import { nrpsAccessToken } from '../src/modules/lti/nrps.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createServiceWorld, type LtiWorld, linkCourse } from './lti-fixture.ts';
import { LTI_CLIENT_ID, launch } from './lti-helpers.ts';

/**
 * Grades to the LMS over LTI Assignment and Grade Services 2.0 (docs/lti.md, Grades): a student launched
 * from the Canvas stand-in views a for-credit bulletin through the API; the score job (its own function,
 * with short backoffs) makes the line item and posts the score; the stand-in records what it received.
 */

const COURSE = FIRST_COURSE_ID + 7;
const NO_AGS_COURSE = FIRST_COURSE_ID + 8;
const FAST = { attempts: 1, retryBaseMs: 20, maxAttempts: 5 };
const SCOPE_LINEITEM = 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem';
const SCOPE_SCORE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';

let ctx: TestContext;
let w: LtiWorld;
let ags: AgsStandin;
let key: Buffer;
let student: Browser;
let student2: Browser;
let contextRowId: number;

const run = () => postDueScores(ctx.database, key, FAST);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A published bulletin of `coachId`: for credit unless told, due in a week unless told. */
async function bulletin(
  coachId: number,
  title: string,
  credit = true,
  deadline: string | null = "now() + interval '7 days'",
) {
  const [row] = await ctx.database.query<{ id: number }>(
    `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp, related_credit, credit_deadline)
     values ($1, $2, $3, true, now() - interval '1 hour', $4, ${deadline ?? 'null'}) returning id`,
    [w.institutionId, coachId, title, credit],
  );
  return row!.id;
}

const view = async (browser: Browser, coachId: number, id: number) => {
  const answer = await browser.post(API.messageView(coachId, id), {});
  expect(answer.status, answer.text).toBe(200);
};

const posts = (itemId: number) =>
  ctx.database.query<{ user_id: number; state: string; attempts: number; error: string | null }>(
    `select user_id, state, attempts, error from lti_score_posts
      where item_type = 'bulletin' and item_id = $1 order by user_id`,
    [itemId],
  );

const scoresOf = (itemId: number) =>
  ags.scores.filter(
    (s) => ags.lineItems.find((l) => l.id === s.lineItemId)?.resourceId === `bulletin-${itemId}`,
  );

beforeAll(async () => {
  ctx = await getTestContext();
  w = await createServiceWorld(ctx, 'lti-ags', COURSE);
  key = resolveLmsSettings(ctx.config).tokenKey;
  ags = w.t.standin.lti!.ags;
  await linkCourse(ctx, w, NO_AGS_COURSE, w.otherCoachId);
  student = new Browser(w.t.baseUrl);
  expect((await launch(student, w.t.standin, 'student', COURSE)).status).toBe(303);
  student2 = new Browser(w.t.baseUrl);
  expect((await launch(student2, w.t.standin, 'student2', COURSE)).status).toBe(303);
  w.t.standin.lti!.offerAgs = false;
  const noAgs = new Browser(w.t.baseUrl);
  expect((await launch(noAgs, w.t.standin, 'student', NO_AGS_COURSE)).status).toBe(303);
  w.t.standin.lti!.offerAgs = true;
  const [row] = await ctx.database.query<{ id: number; ags: { lineitems: string } }>(
    `select id, ags from lti_contexts where registration_id = $1 and coach_id = $2`,
    [w.registrationId, w.coachId],
  );
  expect(row!.ags.lineitems).toBe(`${w.t.standin.url}/api/lti/courses/${COURSE}/line_items`);
  contextRowId = row!.id;
});

afterAll(async () => {
  await w?.dispose();
});

beforeEach(() => {
  ags.failNext = 0;
});

describe('AGS scores', () => {
  it('a for-credit bulletin viewed in time: one line item and one score with the credit’s values', async () => {
    const id = await bulletin(w.coachId, 'Week 1: study plan');
    const before = Date.now();
    await view(student, w.coachId, id);
    expect(await posts(id)).toMatchObject([{ state: 'pending', attempts: 0 }]);
    expect(await run()).toEqual({ posted: 1, retrying: 0, failed: 0 });
    const items = ags.lineItems.filter((l) => l.resourceId === `bulletin-${id}`);
    expect(items).toEqual([
      {
        id: `${w.t.standin.url}/api/lti/courses/${COURSE}/line_items/${items[0]!.id.split('/').pop()}`,
        courseId: COURSE,
        scoreMaximum: 1,
        label: 'Week 1: study plan',
        resourceId: `bulletin-${id}`,
        tag: 'course-coach-credit',
      },
    ]);
    const [viewed] = await ctx.database.query<{ viewed_at: Date | string }>(
      'select viewed_at from bulletin_views where bulletin_id = $1',
      [id],
    );
    const at = new Date(viewed!.viewed_at);
    expect(at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(scoresOf(id)).toEqual([
      {
        lineItemId: items[0]!.id,
        courseId: COURSE,
        body: {
          userId: 'standin-user-student',
          scoreGiven: 1,
          scoreMaximum: 1,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          timestamp: at.toISOString(),
        },
      },
    ]);
    expect(await posts(id)).toMatchObject([{ state: 'posted', attempts: 1, error: null }]);
  });

  it('is not posted twice: the job runs again, the bulletin is viewed again, two runs race', async () => {
    const id = await bulletin(w.coachId, 'Week 2: office hours');
    await view(student, w.coachId, id);
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.posted + b.posted).toBe(1);
    await view(student, w.coachId, id);
    expect(await run()).toEqual({ posted: 0, retrying: 0, failed: 0 });
    expect(await posts(id)).toHaveLength(1);
    expect(scoresOf(id)).toHaveLength(1);
  });

  it('the line item is made once per item; each student gets their own score', async () => {
    const id = await bulletin(w.coachId, 'Week 3: midterm');
    await view(student, w.coachId, id);
    await run();
    await view(student2, w.coachId, id);
    expect(await run()).toEqual({ posted: 1, retrying: 0, failed: 0 });
    expect(ags.lineItems.filter((l) => l.resourceId === `bulletin-${id}`)).toHaveLength(1);
    expect(scoresOf(id).map((s) => s.body.userId)).toEqual(['standin-user-student', 'standin-user-student2']);
    // Our stored line item gone (e.g. restored backup): found again by resourceId, not made anew.
    await ctx.database.query(`delete from lti_line_items where item_type = 'bulletin' and item_id = $1`, [
      id,
    ]);
    await ctx.database.query(`update lti_score_posts set state = 'pending' where item_id = $1`, [id]);
    expect(await run()).toEqual({ posted: 2, retrying: 0, failed: 0 });
    expect(ags.lineItems.filter((l) => l.resourceId === `bulletin-${id}`)).toHaveLength(1);
  });

  it('retried with backoff after the platform answers 500, then accepted once', async () => {
    const id = await bulletin(w.coachId, 'Week 4: lab');
    await view(student, w.coachId, id);
    ags.failNext = 2;
    expect(await run()).toEqual({ posted: 0, retrying: 1, failed: 0 });
    expect(await posts(id)).toMatchObject([
      {
        state: 'pending',
        attempts: 1,
        error: 'The learning platform answered 500 when asked for the course’s line items, 1 times.',
      },
    ]);
    // Not due yet: the next attempt waits 20 ms, the one after 40 ms.
    const [due] = await ctx.database.query<{ wait: number }>(
      `select extract(epoch from next_attempt_at - now()) * 1000 as wait from lti_score_posts where item_id = $1`,
      [id],
    );
    expect(Number(due!.wait)).toBeLessThanOrEqual(20);
    await sleep(30);
    expect(await run()).toEqual({ posted: 0, retrying: 1, failed: 0 });
    await sleep(60);
    expect(await run()).toEqual({ posted: 1, retrying: 0, failed: 0 });
    expect(await posts(id)).toMatchObject([{ state: 'posted', attempts: 3, error: null }]);
    expect(scoresOf(id)).toHaveLength(1);
    expect(ags.lineItems.filter((l) => l.resourceId === `bulletin-${id}`)).toHaveLength(1);
  });

  it('a survey answered and a playbook planned in time are credits too (the outbox rule per type)', async () => {
    const [user] = await ctx.database.query<{ id: number }>(
      `select user_id as id from sso_identities where subject = 'standin-user-student'`,
    );
    const [survey] = await ctx.database.query<{ id: number }>(
      `insert into surveys (institution_id, coach_id, title, related_credit, due_at)
       values ($1, $2, 'Survey for credit', true, now() + interval '1 day') returning id`,
      [w.institutionId, w.coachId],
    );
    const [playbook] = await ctx.database.query<{ id: number }>(
      `insert into playbooks (institution_id, coach_id, title, is_released, related_credit)
       values ($1, $2, 'Exam plan', true, true) returning id`,
      [w.institutionId, w.coachId],
    );
    const note = (type: 'survey' | 'playbook', id: number) =>
      ctx.database.transaction((q) => noteCredit(q, user!.id, type, id));
    // Not completed yet: nothing.
    expect(await note('survey', survey!.id)).toBe(0);
    await ctx.database.query(
      `insert into playbook_plans (institution_id, playbook_id, user_id) values ($1, $2, $3)`,
      [w.institutionId, playbook!.id, user!.id],
    );
    expect(await note('playbook', playbook!.id)).toBe(0);
    await ctx.database.query(
      `insert into survey_responses (institution_id, survey_id, user_id, completed_at)
       values ($1, $2, $3, '2026-03-04T05:06:07.089Z')`,
      [w.institutionId, survey!.id, user!.id],
    );
    await ctx.database.query(
      `update playbook_plans set completed_at = '2026-03-05T00:00:00.001Z' where playbook_id = $1`,
      [playbook!.id],
    );
    expect(await note('survey', survey!.id)).toBe(1);
    expect(await note('survey', survey!.id)).toBe(0);
    expect(await note('playbook', playbook!.id)).toBe(1);
    expect(await run()).toEqual({ posted: 2, retrying: 0, failed: 0 });
    const got = (resourceId: string) => {
      const item = ags.lineItems.find((l) => l.resourceId === resourceId)!;
      return {
        label: item.label,
        at: ags.scores.filter((x) => x.lineItemId === item.id).map((x) => x.body.timestamp),
      };
    };
    expect(got(`survey-${survey!.id}`)).toEqual({
      label: 'Survey for credit',
      at: ['2026-03-04T05:06:07.089Z'],
    });
    expect(got(`playbook-${playbook!.id}`)).toEqual({ label: 'Exam plan', at: ['2026-03-05T00:00:00.001Z'] });
  });

  it('nothing for an item not for credit, a credit missed (viewed after the deadline) or a coach without AGS', async () => {
    const plain = await bulletin(w.coachId, 'Not for credit', false);
    const late = await bulletin(w.coachId, 'Deadline passed', true, "now() - interval '1 day'");
    const otherCoach = await bulletin(w.otherCoachId, 'Chemistry week 1');
    const sent = ags.requests.length;
    await view(student, w.coachId, plain);
    await view(student, w.coachId, late);
    await view(student, w.otherCoachId, otherCoach);
    for (const id of [plain, late, otherCoach]) expect(await posts(id)).toEqual([]);
    expect(await run()).toEqual({ posted: 0, retrying: 0, failed: 0 });
    expect(ags.requests.length).toBe(sent);
  });

  it('an endpoint off the platform’s origin, missing scopes or a forged line item are refused; nothing is sent', async () => {
    const id = await bulletin(w.coachId, 'Week 5: forged');
    const [saved] = await ctx.database.query<{ ags: unknown }>('select ags from lti_contexts where id = $1', [
      contextRowId,
    ]);
    try {
      await ctx.database.query(`update lti_contexts set ags = $2::jsonb where id = $1`, [
        contextRowId,
        JSON.stringify({
          scope: [SCOPE_LINEITEM, SCOPE_SCORE],
          lineitems: 'http://127.0.0.1:9/api/lti/courses/1/line_items',
        }),
      ]);
      await view(student, w.coachId, id);
      const sent = ags.requests.length;
      expect(await run()).toEqual({ posted: 0, retrying: 0, failed: 1 });
      expect(await posts(id)).toMatchObject([
        {
          state: 'failed',
          error:
            'The course’s line items address is not on the learning platform’s origin; nothing was sent.',
        },
      ]);
      await ctx.database.query(`update lti_contexts set ags = $2::jsonb where id = $1`, [
        contextRowId,
        JSON.stringify({
          scope: [SCOPE_LINEITEM],
          lineitems: `${w.t.standin.url}/api/lti/courses/${COURSE}/line_items`,
        }),
      ]);
      await ctx.database.query(`update lti_score_posts set state = 'pending' where item_id = $1`, [id]);
      expect(await run()).toEqual({ posted: 0, retrying: 0, failed: 1 });
      expect(await posts(id)).toMatchObject([
        { error: 'The learning platform did not grant the line item and score scopes.' },
      ]);
      expect(ags.requests.length).toBe(sent);
    } finally {
      await ctx.database.query(`update lti_contexts set ags = $2::jsonb where id = $1`, [
        contextRowId,
        JSON.stringify(saved!.ags),
      ]);
    }
    // The platform's answer names a line item on another origin: not posted to.
    ags.lineItems.push({
      id: 'http://127.0.0.1:9/line_items/1',
      courseId: COURSE,
      scoreMaximum: 1,
      label: 'x',
      resourceId: `bulletin-${id}`,
      tag: 'course-coach-credit',
    });
    await ctx.database.query(`update lti_score_posts set state = 'pending' where item_id = $1`, [id]);
    expect(await run()).toEqual({ posted: 0, retrying: 0, failed: 1 });
    expect(await posts(id)).toMatchObject([
      { state: 'failed', error: 'The platform’s line item is on another origin.' },
    ]);
    expect(scoresOf(id)).toEqual([]);
  });

  it('the stand-in platform refuses a score without the score scope, a wrong media type or a bad body', async () => {
    const base = `${w.t.standin.url}/api/lti/courses/${COURSE}/line_items`;
    const item = ags.lineItems.find((l) => l.courseId === COURSE && l.id.startsWith(w.t.standin.url))!;
    // The stand-in's token endpoint needs our signed client assertion: the job's own token code.
    const token = (scope: string) =>
      nrpsAccessToken(
        ctx.database,
        key,
        { client_id: LTI_CLIENT_ID, token_url: `${w.t.standin.url}/login/oauth2/token` },
        {},
        scope,
      );
    const lineitemOnly = await token(SCOPE_LINEITEM);
    const both = await token(`${SCOPE_LINEITEM} ${SCOPE_SCORE}`);
    const score = {
      userId: 'u',
      scoreGiven: 1,
      scoreMaximum: 1,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: new Date().toISOString(),
    };
    const post = (bearer: string, body: unknown, type = 'application/vnd.ims.lis.v1.score+json') =>
      fetch(`${item.id}/scores`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': type },
        body: JSON.stringify(body),
      }).then((r) => r.status);
    const count = ags.scores.length;
    expect(await post('forged-token', score)).toBe(401);
    expect(await post(lineitemOnly, score)).toBe(403);
    expect(await post(both, score, 'application/json')).toBe(415);
    expect(await post(both, { ...score, gradingProgress: 'Done' })).toBe(422);
    expect(await post(both, { ...score, timestamp: 'yesterday' })).toBe(422);
    expect(ags.scores.length).toBe(count);
    const list = await fetch(base, { headers: { authorization: `Bearer ${lineitemOnly}` } });
    expect(list.status).toBe(200);
  });
});
