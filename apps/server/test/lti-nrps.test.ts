import { ACCOUNT_API, LIS, LTI_API } from '@course-coach/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CANVAS_ADMIN_ROLES,
  CANVAS_STUDENT_ROLES,
  CANVAS_TEACHER_ROLES,
} from '../src/modules/lms/canvas-lti-standin.ts';
import type { NrpsStandin } from '../src/modules/lms/canvas-nrps-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { resolveLmsSettings } from '../src/modules/lms/settings.ts';
import { syncRoster } from '../src/modules/lti/nrps.ts';
import { freshUser } from './accounts-helpers.ts';
import { Browser, getTestContext, type TestContext } from './helpers.ts';
import { createLtiWorld, type LtiWorld, linkCourse } from './lti-fixture.ts';
import { launch, standinRegistration } from './lti-helpers.ts';

/**
 * Roster sync over LTI Names and Role Provisioning Services 2.0 (docs/lti.md, Roster): the Canvas stand-in
 * is the platform (token endpoint checking our client assertion against our JWKS URL, paged membership
 * container), the sync is the job's own function, and its outcome is read through the LMS (LTI) page's API.
 */

const COURSE = FIRST_COURSE_ID + 5;
const FAST = { attempts: 3, backoffMs: 10 };

let ctx: TestContext;
let w: LtiWorld;
let nrps: NrpsStandin;
let contextRowId: number;
let key: Buffer;

const learner = (name: string, email: string, status?: 'Active' | 'Inactive' | 'Deleted') => ({
  name,
  email,
  roles: CANVAS_STUDENT_ROLES,
  ...(status ? { status } : {}),
});

beforeAll(async () => {
  ctx = await getTestContext();
  // The tool's signing key is made once per database and encrypted with the LMS_TOKEN_KEY of the app that
  // made it. Start from none, so this suite's app makes it with the test configuration's key.
  await ctx.database.query('delete from lti_tool_keys');
  w = await createLtiWorld(ctx, 'lti-nrps');
  key = resolveLmsSettings(ctx.config).tokenKey;
  nrps = w.t.standin.lti!.nrps;
  // The token URL is entered on the registration (the API validates it).
  const bad = await w.staff.request('PUT', LTI_API.registration(w.institutionId, w.registrationId), {
    json: standinRegistration(w.t.standin, { token_url: 'ftp://nope' }),
  });
  expect(bad.status).toBe(400);
  expect((bad.body as Record<string, string[]>).token_url).toEqual([
    'Enter the platform’s token URL, starting with https://.',
  ]);
  const saved = await w.staff.request('PUT', LTI_API.registration(w.institutionId, w.registrationId), {
    json: standinRegistration(w.t.standin, { token_url: `${w.t.standin.url}/login/oauth2/token` }),
  });
  expect(saved.status, saved.text).toBe(200);
  expect((saved.body as { token_url: string }).token_url).toBe(`${w.t.standin.url}/login/oauth2/token`);
  // Linked course; the teacher's launch records the NRPS endpoint (and enrolls the teacher).
  await linkCourse(ctx, w, COURSE, w.coachId);
  const teacher = await launch(new Browser(w.t.baseUrl), w.t.standin, 'teacher', COURSE);
  expect(teacher.status, teacher.text).toBe(303);
  const [row] = await ctx.database.query<{ id: number; nrps_url: string }>(
    'select id, nrps_url from lti_contexts where registration_id = $1 and nrps_url is not null',
    [w.registrationId],
  );
  expect(row!.nrps_url).toBe(`${w.t.standin.url}/api/lti/courses/${COURSE}/names_and_roles`);
  contextRowId = row!.id;
});

afterAll(async () => {
  await w?.dispose();
});

beforeEach(() => {
  nrps.pageSize = 50;
  nrps.failNext = 0;
  nrps.toolJwksUrl = `${w.t.baseUrl}${LTI_API.jwks}`;
});

/** The coach's enrollments by e-mail address: role and source. */
async function enrolled(): Promise<Record<string, { role: string; source: string | null }>> {
  const rows = await ctx.database.query<{ email: string; role: string; source: string | null }>(
    `select u.email, e.role, e.source from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 order by u.email`,
    [w.coachId],
  );
  return Object.fromEntries(rows.map((r) => [r.email, { role: r.role, source: r.source }]));
}

/** The course's line on the LMS (LTI) page's API. */
async function courseLine() {
  const answer = await w.staff.get<{
    courses: Array<{
      id: number;
      roster_result: unknown;
      roster_error: string | null;
      roster_synced_at: string | null;
    }>;
  }>(LTI_API.registrations(w.institutionId));
  expect(answer.status).toBe(200);
  return answer.body.courses.find((c) => c.id === contextRowId)!;
}

describe('NRPS roster sync', () => {
  it('adds the roster’s students, then removes the one no longer active, following the pages', async () => {
    nrps.roster = {
      teacher: { name: 'Ian Instructor', email: 'ian.instructor@lti-test.edu', roles: CANVAS_TEACHER_ROLES },
      'nrps-ann': learner('Ann Roster', 'ann.roster@lti-test.edu'),
      'nrps-bob': learner('Bob Roster', 'bob.roster@lti-test.edu'),
    };
    nrps.pageSize = 1;
    const before = nrps.requests.roster;
    const first = await syncRoster(ctx.database, key, contextRowId, FAST);
    expect(first).toEqual({ ok: true, added: 2, removed: 0, unchanged: 1 });
    expect(nrps.requests.roster - before).toBe(3); // three pages of one member
    expect(await enrolled()).toEqual({
      'ann.roster@lti-test.edu': { role: 'student', source: 'lti' },
      'bob.roster@lti-test.edu': { role: 'student', source: 'lti' },
      'ian.instructor@lti-test.edu': { role: 'instructor', source: 'lti' },
    });
    // New accounts have no usable password and are linked to the platform user.
    const [ann] = await ctx.database.query<{ password_hash: string; subject: string }>(
      `select u.password_hash, s.subject from users u join sso_identities s on s.user_id = u.id
        where u.email = 'ann.roster@lti-test.edu'`,
    );
    expect(ann!.subject).toBe('standin-user-nrps-ann');
    expect(ann!.password_hash.startsWith('$')).toBe(false);
    expect(await courseLine()).toMatchObject({
      roster_result: { added: 2, removed: 0, unchanged: 1 },
      roster_error: null,
    });

    nrps.roster['nrps-bob']!.status = 'Inactive';
    const second = await syncRoster(ctx.database, key, contextRowId, FAST);
    expect(second).toEqual({ ok: true, added: 0, removed: 1, unchanged: 2 });
    expect(Object.keys(await enrolled())).toEqual(['ann.roster@lti-test.edu', 'ian.instructor@lti-test.edu']);
    expect((await courseLine()).roster_result).toEqual({ added: 0, removed: 1, unchanged: 2 });
  });

  it('retries a platform 500 and then succeeds', async () => {
    nrps.failNext = 2;
    const tokens = nrps.requests.token;
    const outcome = await syncRoster(ctx.database, key, contextRowId, FAST);
    expect(outcome.ok).toBe(true);
    expect(nrps.requests.token - tokens).toBe(3);
  });

  it('a client assertion the platform cannot verify is refused: a plain error is recorded and nothing changes', async () => {
    nrps.roster['nrps-cat'] = learner('Cat Roster', 'cat.roster@lti-test.edu');
    const before = await enrolled();
    // The platform checks our assertion against keys that are not ours (a wrong key).
    nrps.toolJwksUrl = `${w.t.standin.url}/api/lti/security/jwks`;
    const outcome = await syncRoster(ctx.database, key, contextRowId, FAST);
    expect(outcome).toEqual({
      ok: false,
      error:
        'The learning platform refused Course Coach’s credentials when asked for an access token (401). Check the client id, the token URL and that the platform has Course Coach’s public key URL.',
    });
    expect(await enrolled()).toEqual(before);
    const line = await courseLine();
    expect(line.roster_error).toBe(outcome.ok ? null : outcome.error);
    expect(line.roster_synced_at).not.toBeNull();
    delete nrps.roster['nrps-cat'];
  });

  it('an Administrator role in the roster never grants staff', async () => {
    nrps.roster['nrps-admin'] = {
      name: 'Adam Admin',
      email: 'adam.nrps@lti-test.edu',
      roles: CANVAS_ADMIN_ROLES,
    };
    nrps.roster['nrps-sysadmin'] = {
      name: 'Sys Admin',
      email: 'sys.nrps@lti-test.edu',
      roles: [LIS.institutionAdmin, LIS.systemAdmin, LIS.contextAdmin],
    };
    const outcome = await syncRoster(ctx.database, key, contextRowId, FAST);
    expect(outcome).toMatchObject({ ok: true, added: 1 });
    const all = await enrolled();
    expect(all['adam.nrps@lti-test.edu']).toEqual({ role: 'instructor', source: 'lti' });
    expect(all['sys.nrps@lti-test.edu']).toBeUndefined();
    const staff = await ctx.database.query(
      `select 1 from institution_memberships m join users u on u.id = m.user_id
        where u.email in ('adam.nrps@lti-test.edu', 'sys.nrps@lti-test.edu')`,
    );
    expect(staff).toEqual([]);
    delete nrps.roster['nrps-admin'];
    delete nrps.roster['nrps-sysadmin'];
  });

  it('a student enrolled by staff or a CSV import (not through LTI) is not removed', async () => {
    const manual = await freshUser(ctx, w.institutionId, null, 'nrps-manual');
    const enrol = await w.staff.request(
      'PUT',
      ACCOUNT_API.userEnrollment(w.institutionId, manual.id, w.coachId),
      {
        json: { role: 'student' },
      },
    );
    expect(enrol.status, enrol.text).toBe(200);
    // Ann leaves the LMS course (Deleted); the manually enrolled student was never in its roster.
    nrps.roster['nrps-ann']!.status = 'Deleted';
    const outcome = await syncRoster(ctx.database, key, contextRowId, FAST);
    expect(outcome).toMatchObject({ ok: true, removed: 1 });
    const all = await enrolled();
    expect(all[manual.email]).toEqual({ role: 'student', source: null });
    expect(all['ann.roster@lti-test.edu']).toBeUndefined();
  });

  it('“Sync roster now”: staff sync a linked course at once, audited; others are refused', async () => {
    nrps.roster = {
      teacher: { name: 'Ian Instructor', email: 'ian.instructor@lti-test.edu', roles: CANVAS_TEACHER_ROLES },
      'nrps-now': learner('Nora Now', 'nora.now@lti-test.edu'),
    };
    const before = nrps.requests.roster;
    const answer = await w.staff.post<{ id: number; roster_result: unknown; roster_error: string | null }>(
      LTI_API.courseSync(w.institutionId, contextRowId),
      {},
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: contextRowId, roster_error: null });
    expect(nrps.requests.roster - before).toBe(1);
    expect(await enrolled()).toHaveProperty(['nora.now@lti-test.edu'], { role: 'student', source: 'lti' });
    expect(await courseLine()).toEqual(answer.body);
    const [entry] = await ctx.database.query<{ kind: string; target: string; after: { ok: boolean } }>(
      `select kind, target, after from audit_log where institution_id = $1 and action = 'lti.roster.sync'
        order by id desc limit 1`,
      [w.institutionId],
    );
    expect(entry).toMatchObject({ kind: 'settings', after: { ok: true } });
    expect(entry!.target).toMatch(new RegExp(`^LMS course ${contextRowId} `));
    // Not a linked course of this institution: 404, nothing synced; a student: 403.
    const missing = await w.staff.post(LTI_API.courseSync(w.institutionId, contextRowId + 100000), {});
    expect(missing.status).toBe(404);
    const { email } = await freshUser(ctx, w.institutionId, null, 'ltisync');
    const student = new Browser(w.t.baseUrl);
    expect((await student.signIn(email)).status).toBe(200);
    expect((await student.post(LTI_API.courseSync(w.institutionId, contextRowId), {})).status).toBe(403);
    expect(nrps.requests.roster - before).toBe(1);
  });
});
