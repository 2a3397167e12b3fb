import { LTI_API } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import { expect } from 'vitest';
import { createQueue, startWorkers } from '../src/jobs/queue.ts';
import { standinContextId } from '../src/modules/lms/canvas-lti-standin.ts';
import { resolveLmsSettings } from '../src/modules/lms/settings.ts';
import type { ScoreJobOptions } from '../src/modules/lti/index.ts';
import { Browser, insertOtherInstitution, type TestContext } from './helpers.ts';
import { type LtiTestApp, standinRegistration, startLtiTestApp } from './lti-helpers.ts';

/** Staff of the LTI suites' institution; the stand-in's `staff` user has the same address. */
export const LTI_STAFF = 'lti-staff@lti-test.edu';

/** The LTI suites' world: an institution of their own with two set-up coaches and a registration. */
export interface LtiWorld {
  t: LtiTestApp;
  institutionId: number;
  coachId: number;
  otherCoachId: number;
  registrationId: number;
  staff: Browser;
  dispose(): Promise<void>;
}

/** Creates the institution, its staff member, coaches and the stand-in's registration (through the API); `boss` queues the app's jobs. */
export async function createLtiWorld(
  ctx: TestContext,
  slug: string,
  boss: PgBoss | null = null,
): Promise<LtiWorld> {
  const { institutionId } = await insertOtherInstitution(ctx, {
    name: `LTI Test University ${slug}`,
    slug,
    email: slug === 'lti-test' ? LTI_STAFF : `${slug}-staff@lti-test.edu`,
    userName: 'Stella Staff',
    role: 'staff',
  });
  const coach = async (name: string, code: string) => {
    const [row] = await ctx.database.query<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days)
       values ($1, $2, $3, '2026F', 120) returning id`,
      [institutionId, name, code],
    );
    return row!.id;
  };
  const coachId = await coach('Biology Coach', 'BIO 101');
  const otherCoachId = await coach('Chemistry Coach', 'CHEM 101');
  const t = await startLtiTestApp(ctx, ctx.config, boss);
  const staff = new Browser(t.baseUrl);
  const email = slug === 'lti-test' ? LTI_STAFF : `${slug}-staff@lti-test.edu`;
  expect((await staff.signIn(email)).status).toBe(200);
  const created = await staff.post(LTI_API.registrations(institutionId), standinRegistration(t.standin));
  expect(created.status, created.text).toBe(201);
  return {
    t,
    institutionId,
    coachId,
    otherCoachId,
    registrationId: (created.body as { id: number }).id,
    staff,
    dispose: async () => {
      await t.close();
      await ctx.database.query('delete from institutions where id = $1', [institutionId]);
    },
  };
}

/**
 * The world of the suites that reach the stand-in's grade or roster services: the tool's signing key
 * starts from none (another app of the file may have made it with another LMS_TOKEN_KEY in the file's
 * database, so this suite's app makes it with the test configuration's key), the registration gets the
 * stand-in's token URL, and the stand-in's `course` is linked to the world's first coach.
 */
export async function createServiceWorld(
  ctx: TestContext,
  slug: string,
  course: number,
  boss: PgBoss | null = null,
): Promise<LtiWorld> {
  await ctx.database.query('delete from lti_tool_keys');
  const w = await createLtiWorld(ctx, slug, boss);
  const saved = await w.staff.request('PUT', LTI_API.registration(w.institutionId, w.registrationId), {
    json: standinRegistration(w.t.standin, { token_url: `${w.t.standin.url}/login/oauth2/token` }),
  });
  expect(saved.status, saved.text).toBe(200);
  await linkCourse(ctx, w, course, w.coachId);
  return w;
}

/** pg-boss on the test database running the app's workers, as worker.ts does; their lines go to `logs`. */
export interface TestQueue {
  boss: PgBoss;
  logs: string[];
  /** Stops the queue at once (a suite's `afterAll`). */
  stop(): Promise<void>;
}

/** Starts pg-boss and the app's workers with the test configuration's LMS key; `scores` as the job's options. */
export async function startTestQueue(ctx: TestContext, scores?: ScoreJobOptions): Promise<TestQueue> {
  const logs: string[] = [];
  const boss = createQueue(ctx.database, ctx.config.DATABASE_URL);
  boss.on('error', () => undefined);
  await boss.start();
  await startWorkers(boss, ctx.database, (m) => logs.push(m), undefined, {
    tokenKey: resolveLmsSettings(ctx.config).tokenKey,
    ...(scores ? { scores } : {}),
  });
  return {
    boss,
    logs,
    stop: async () => {
      await boss.stop({ graceful: false }).catch(() => undefined);
    },
  };
}

/** Links the stand-in's course to a coach directly in the database (set-up of launch tests). */
export async function linkCourse(
  ctx: TestContext,
  w: LtiWorld,
  courseId: number,
  coachId: number,
): Promise<void> {
  await ctx.database.query(
    `insert into lti_contexts (registration_id, institution_id, deployment_id, context_id, coach_id)
     values ($1, $2, 'x', $3, $4)
     on conflict (registration_id, context_id) do update set coach_id = excluded.coach_id`,
    [w.registrationId, w.institutionId, standinContextId(courseId), coachId],
  );
}

/** Row counts of everything a launch could create. */
export async function launchCounts(ctx: TestContext) {
  const [row] = await ctx.database.query<{
    users: number;
    sessions: number;
    identities: number;
    memberships: number;
    enrollments: number;
    contexts: number;
    offers: number;
  }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from sessions) as sessions,
            (select count(*)::int from sso_identities) as identities,
            (select count(*)::int from institution_memberships) as memberships,
            (select count(*)::int from enrollments) as enrollments,
            (select count(*)::int from lti_contexts) as contexts,
            (select count(*)::int from lti_link_offers) as offers`,
  );
  return row!;
}
