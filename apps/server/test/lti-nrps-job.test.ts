import { LTI_API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANVAS_STUDENT_ROLES } from '../src/modules/lms/canvas-lti-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createServiceWorld, type LtiWorld, startTestQueue, type TestQueue } from './lti-fixture.ts';
import { LTI_USERS, launch } from './lti-helpers.ts';

/**
 * The roster sync's job (docs/lti.md, Roster) through pg-boss on the test database: a launch into a linked
 * course queues `lti-roster-sync`, the worker fetches the stand-in's roster and enrolls it, and the LMS
 * (LTI) page's API shows the result. The launch itself does not wait for the platform.
 */
const COURSE = FIRST_COURSE_ID + 6;

let ctx: TestContext;
let queue: TestQueue;
let w: LtiWorld;

beforeAll(async () => {
  ctx = await getTestContext();
  queue = await startTestQueue(ctx);
  w = await createServiceWorld(ctx, 'lti-nrps-job', COURSE, queue.boss);
});

afterAll(async () => {
  await w?.dispose();
  await queue?.stop();
});

describe('NRPS roster job', () => {
  it('a launch into a linked course queues the roster sync, which enrolls the roster', async () => {
    w.t.standin.lti!.nrps.roster = {
      student: { ...LTI_USERS.student!, email: LTI_USERS.student!.email!, roles: CANVAS_STUDENT_ROLES },
      'job-dana': { name: 'Dana Job', email: 'dana.job@lti-test.edu', roles: CANVAS_STUDENT_ROLES },
    };
    const answer = await launch(new Browser(w.t.baseUrl), w.t.standin, 'student', COURSE);
    expect(answer.status, answer.text).toBe(303);
    const deadline = Date.now() + 60_000;
    let line: { roster_result: unknown; roster_error: string | null } | undefined;
    while (Date.now() < deadline) {
      const list = await w.staff.get<{
        courses: Array<{ roster_result: unknown; roster_error: string | null }>;
      }>(LTI_API.registrations(w.institutionId));
      line = list.body.courses.find((c) => c.roster_result !== null || c.roster_error !== null);
      if (line) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(line, queue.logs.join(' | ')).toMatchObject({
      roster_result: { added: 1, removed: 0, unchanged: 1 },
      roster_error: null,
    });
    const emails = await ctx.database.query<{ email: string }>(
      `select u.email from enrollments e join users u on u.id = e.user_id where e.coach_id = $1 order by u.email`,
      [w.coachId],
    );
    expect(emails.map((r) => r.email)).toEqual(['dana.job@lti-test.edu', 'lia.learner@lti-test.edu']);
  });
});
