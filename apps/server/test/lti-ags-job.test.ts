import { API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createServiceWorld, type LtiWorld, startTestQueue, type TestQueue } from './lti-fixture.ts';
import { launch } from './lti-helpers.ts';

/**
 * The score job (docs/lti.md, Grades) through pg-boss on the test database: viewing a for-credit bulletin
 * after a launch queues `lti-score-post`; the platform's first answer is a 500, the job queues itself for
 * the retry, and the stand-in ends up with exactly one score.
 */
const COURSE = FIRST_COURSE_ID + 9;

let ctx: TestContext;
let queue: TestQueue;
let w: LtiWorld;

beforeAll(async () => {
  ctx = await getTestContext();
  queue = await startTestQueue(ctx, { attempts: 1, retryBaseMs: 300 });
  w = await createServiceWorld(ctx, 'lti-ags-job', COURSE, queue.boss);
});

afterAll(async () => {
  await w?.dispose();
  await queue?.stop();
});

describe('AGS score job', () => {
  it('a credit earned after a launch reaches the platform once, after a 500', async () => {
    const student = new Browser(w.t.baseUrl);
    expect((await launch(student, w.t.standin, 'student', COURSE)).status).toBe(303);
    const [b] = await ctx.database.query<{ id: number }>(
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp, related_credit)
       values ($1, $2, 'Job week', true, now() - interval '1 hour', true) returning id`,
      [w.institutionId, w.coachId],
    );
    const ags = w.t.standin.lti!.ags;
    ags.failNext = 1;
    const viewed = await student.post(API.messageView(w.coachId, b!.id), {});
    expect(viewed.status, viewed.text).toBe(200);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && ags.scores.length === 0) await new Promise((r) => setTimeout(r, 200));
    expect(
      ags.scores.map((s) => s.body.userId),
      queue.logs.join(' | '),
    ).toEqual(['standin-user-student']);
    const [row] = await ctx.database.query<{ state: string; attempts: number }>(
      'select state, attempts from lti_score_posts where item_id = $1',
      [b!.id],
    );
    // The 500 met the score post (which then retried: 2 attempts) or, when the launch's roster job had
    // already queued the bulletin's line item (lti-ags-lineitems), the line item's creation (1 attempt).
    expect(row?.state).toBe('posted');
    expect([1, 2]).toContain(row?.attempts);
    expect(ags.lineItems.filter((l) => l.resourceId === `bulletin-${b!.id}`)).toHaveLength(1);
    // The every-minute run and a queued run later find nothing to post.
    await queue.boss.send('lti-score-post', {});
    await new Promise((r) => setTimeout(r, 3000));
    expect(ags.scores).toHaveLength(1);
    expect(ags.requests.filter((r) => r.endsWith('500'))).toHaveLength(1);
  });
});
