import { API, LTI_API, LTI_SCORE_ERRORS, type LtiFailedScoresAnswer } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgsStandin } from '../src/modules/lms/canvas-ags-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { resolveLmsSettings } from '../src/modules/lms/settings.ts';
import { postDueScores } from '../src/modules/lti/index.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createServiceWorld, type LtiWorld } from './lti-fixture.ts';
import { launch } from './lti-helpers.ts';

/**
 * Failed score posts shown to staff (docs/lti.md, Grades): a score the stand-in keeps answering 500 to
 * fails after its attempts; the LMS (LTI) page's list shows it; “Retry now” puts it back (audited) and the
 * next run posts it once; a retry of a post that is not failed, or not the institution's, changes nothing.
 */

const COURSE = FIRST_COURSE_ID + 12;

let ctx: TestContext;
let w: LtiWorld;
let ags: AgsStandin;
let key: Buffer;
let student: Browser;

const failed = async () => {
  const answer = await w.staff.get<LtiFailedScoresAnswer>(LTI_API.failedScores(w.institutionId));
  expect(answer.status, answer.text).toBe(200);
  return answer.body.scores;
};
const audits = () =>
  ctx.database.query<{ action: string; target: string; before: unknown; after: unknown }>(
    `select action, target, before, after from audit_log where institution_id = $1 and action = 'lti.score.retry'`,
    [w.institutionId],
  );
const post = (id: number) =>
  ctx.database.query<{ state: string; attempts: number }>(
    'select state, attempts from lti_score_posts where id = $1',
    [id],
  );

beforeAll(async () => {
  ctx = await getTestContext();
  w = await createServiceWorld(ctx, 'lti-ags-failed', COURSE);
  key = resolveLmsSettings(ctx.config).tokenKey;
  ags = w.t.standin.lti!.ags;
  student = new Browser(w.t.baseUrl);
  expect((await launch(student, w.t.standin, 'student', COURSE)).status).toBe(303);
});

afterAll(async () => {
  await w?.dispose();
});

describe('failed score posts', () => {
  it('lists a post refused after its attempts, retries it now (audited) and it is posted once', async () => {
    expect(await failed()).toEqual([]);
    const [b] = await ctx.database.query<{ id: number }>(
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp, related_credit)
       values ($1, $2, 'Week 7: for credit', true, now() - interval '1 hour', true) returning id`,
      [w.institutionId, w.coachId],
    );
    const viewed = await student.post(API.messageView(w.coachId, b!.id), {});
    expect(viewed.status, viewed.text).toBe(200);
    ags.failNext = 2;
    const fast = { attempts: 1, retryBaseMs: 1, maxAttempts: 2 };
    expect(await postDueScores(ctx.database, key, fast)).toEqual({ posted: 0, retrying: 1, failed: 0 });
    await new Promise((r) => setTimeout(r, 20));
    expect(await postDueScores(ctx.database, key, fast)).toEqual({ posted: 0, retrying: 0, failed: 1 });
    const [course] = await ctx.database.query<{ title: string }>(
      'select title from lti_contexts where registration_id = $1 and coach_id = $2',
      [w.registrationId, w.coachId],
    );
    const list = await failed();
    expect(list).toEqual([
      {
        id: expect.any(Number),
        student_name: 'Lia Learner',
        student_email: 'lia.learner@lti-test.edu',
        item_type: 'bulletin',
        item_title: 'Week 7: for credit',
        course_title: course!.title,
        coach_name: 'Biology Coach',
        error: 'The learning platform answered 500 when asked for the course’s line items, 1 times.',
        attempts: 2,
        last_attempt_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    const id = list[0]!.id;
    expect(Date.now() - Date.parse(list[0]!.last_attempt_at!)).toBeLessThan(60_000);

    // Unknown or another institution's post: 404; nothing changed.
    const unknown = await w.staff.post(LTI_API.scoreRetry(w.institutionId, 2_000_000_000), {});
    expect(unknown.status).toBe(404);
    expect(await audits()).toEqual([]);

    const retried = await w.staff.post(LTI_API.scoreRetry(w.institutionId, id), {});
    expect(retried.status, retried.text).toBe(204);
    expect(await post(id)).toEqual([{ state: 'pending', attempts: 0 }]);
    expect(await audits()).toEqual([
      {
        action: 'lti.score.retry',
        target: `LMS score post ${id} (bulletin ${b!.id}, user ${await userId()})`,
        before: {
          state: 'failed',
          attempts: 2,
          error: 'The learning platform answered 500 when asked for the course’s line items, 1 times.',
        },
        after: { state: 'pending', attempts: 0 },
      },
    ]);
    expect(await failed()).toEqual([]);

    // Not failed any more: 400 on the state, nothing changed, no second audit row.
    const again = await w.staff.post(LTI_API.scoreRetry(w.institutionId, id), {});
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ state: [LTI_SCORE_ERRORS.notFailed] });
    expect(await post(id)).toEqual([{ state: 'pending', attempts: 0 }]);
    expect(await audits()).toHaveLength(1);

    expect(await postDueScores(ctx.database, key, fast)).toEqual({ posted: 1, retrying: 0, failed: 0 });
    expect(ags.scores.map((s) => s.body.userId)).toEqual(['standin-user-student']);
    expect(await post(id)).toEqual([{ state: 'posted', attempts: 1 }]);
    expect(ags.lineItems.filter((l) => l.resourceId === `bulletin-${b!.id}`)).toHaveLength(1);
  });
});

async function userId() {
  const [u] = await ctx.database.query<{ id: number }>('select id from users where email = $1', [
    'lia.learner@lti-test.edu',
  ]);
  return u!.id;
}
