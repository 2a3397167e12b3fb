import { LTI_API } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createQueue, startWorkers } from '../src/jobs/queue.ts';
import { CANVAS_STUDENT_ROLES } from '../src/modules/lms/canvas-lti-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { resolveLmsSettings } from '../src/modules/lms/settings.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createLtiWorld, type LtiWorld, linkCourse } from './lti-fixture.ts';
import { LTI_USERS, launch, standinRegistration } from './lti-helpers.ts';

/**
 * The roster sync's job (docs/lti.md, Roster) through pg-boss on the test database: a launch into a linked
 * course queues `lti-roster-sync`, the worker fetches the stand-in's roster and enrolls it, and the LMS
 * (LTI) page's API shows the result. The launch itself does not wait for the platform.
 */
const url = inject('databaseUrl');
const COURSE = FIRST_COURSE_ID + 6;

let ctx: TestContext;
let boss: PgBoss;
let w: LtiWorld;
const logs: string[] = [];

beforeAll(async () => {
  ctx = await getTestContext();
  // The tool's signing key is made once per database and encrypted with the LMS_TOKEN_KEY of the app that
  // made it; another suite's app (the access matrix's own key) may have made it in this shared database.
  // Start from none, so this suite's app makes it with the test configuration's key.
  await ctx.database.query('delete from lti_tool_keys');
  boss = createQueue(ctx.database, url || undefined);
  boss.on('error', () => undefined);
  await boss.start();
  await startWorkers(boss, ctx.database, (m) => logs.push(m), undefined, {
    tokenKey: resolveLmsSettings(ctx.config).tokenKey,
  });
  w = await createLtiWorld(ctx, 'lti-nrps-job', boss);
  const saved = await w.staff.request('PUT', LTI_API.registration(w.institutionId, w.registrationId), {
    json: standinRegistration(w.t.standin, { token_url: `${w.t.standin.url}/login/oauth2/token` }),
  });
  expect(saved.status, saved.text).toBe(200);
  await linkCourse(ctx, w, COURSE, w.coachId);
});

afterAll(async () => {
  await w?.dispose();
  await boss?.stop({ graceful: false }).catch(() => undefined);
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
    expect(line, logs.join(' | ')).toMatchObject({
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
