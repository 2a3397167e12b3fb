import { randomBytes } from 'node:crypto';
import {
  LMS_API,
  LMS_TEXTS,
  LmsAssignmentSchema,
  LmsCourseSchema,
  LmsStatusSchema,
  PAGES,
  RosterImportResultSchema,
  UI_TEXTS,
} from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { nextLink } from '../src/modules/lms/canvas-client.ts';
import { type CanvasStandin, FOREIGN_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { decryptToken, encryptToken } from '../src/modules/lms/crypto.ts';
import { createLmsService } from '../src/modules/lms/index.ts';
import { FALLBACK_TOKEN_KEY, resolveLmsSettings } from '../src/modules/lms/settings.ts';
import {
  Browser,
  cleanLoginFailuresAfterEach,
  DEMO_PASSWORD,
  getTestContext,
  insertOtherInstitution,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
  userIdOf,
} from './helpers.ts';
import {
  authorizeThroughStandin,
  canvasTestConfig,
  resetStandinKnobs,
  signInAt,
  startCanvasTestApp,
} from './lms-helpers.ts';

const KEY_B64 = randomBytes(32).toString('base64');
const KEY = Buffer.from(KEY_B64, 'base64');
const CLIENT_ID = '170000000000042';
const CLIENT_SECRET = 'lms-test-secret';
const COURSES = 250;
const OTHER_EMAIL = 'staff@other-lms.edu';
const KEYS = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenKey: KEY_B64 };

let ctx: TestContext;
let standin: CanvasStandin;
let app: FastifyInstance;
let baseUrl: string;
let otherInstitutionId: number;
let otherCoachId: number;
let coachId: number;

beforeAll(async () => {
  ctx = await getTestContext();
  ({ standin, app, baseUrl } = await startCanvasTestApp(ctx, KEYS, COURSES));

  // Another institution with a staff member and a coach, and a fresh coach in the demo institution.
  ({ institutionId: otherInstitutionId } = await insertOtherInstitution(ctx, {
    name: 'Other LMS University',
    slug: 'other-lms',
    email: OTHER_EMAIL,
    userName: 'Other Staff',
    role: 'staff',
  }));
  const [oc] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'Other', 'OTH', '2026F', 100) returning id`,
    [otherInstitutionId],
  );
  otherCoachId = oc!.id;
  const [c] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'Canvas Import', 'LMS', '2026F', 100) returning id`,
    [ctx.institutionId],
  );
  coachId = c!.id;
});

cleanLoginFailuresAfterEach();

afterEach(() => resetStandinKnobs(standin, COURSES));

afterAll(async () => {
  await app?.close();
  await standin?.close();
  if (coachId) await ctx.database.query('delete from coaches where id = $1', [coachId]);
  await ctx.database.query(`delete from users where email like '%@standin.example.edu'`);
  if (otherInstitutionId)
    await ctx.database.query('delete from institutions where id = $1', [otherInstitutionId]);
  await ctx.database.query('delete from lms_authorizations');
});

const signIn = (email: string) => signInAt(baseUrl, email);

/** Follows the whole authorization: our authorize route → the stand-in's page → our callback. */
const authorize = (
  browser: Browser,
  returnTo = '/Dashboard/Institution/1/CoachSetupWizard/7',
  institutionId = ctx.institutionId,
) => authorizeThroughStandin(browser, institutionId, returnTo);

async function authorizationRow(email: string) {
  const [row] = await ctx.database.query<{
    access_token_enc: string;
    refresh_token_enc: string | null;
    expires_at: Date | null;
    lms_user_id: string;
    user_id: number;
    institution_id: number;
  }>(`select a.* from lms_authorizations a join users u on u.id = a.user_id where u.email = $1`, [email]);
  return row;
}

describe('Canvas OAuth2 flow against the stand-in', () => {
  it('authorizes, stores the tokens encrypted, and goes back to the page', async () => {
    const browser = await signIn(STAFF_EMAIL);
    const before = (await browser.get(LMS_API.canvasStatus(ctx.institutionId))).body;
    expect(LmsStatusSchema.parse(before)).toMatchObject({
      configured: true,
      authorized: false,
      provider_name: 'Canvas',
    });

    const { canvasAuth, back, callback } = await authorize(browser);
    expect(`${canvasAuth.origin}${canvasAuth.pathname}`).toBe(`${standin.url}/login/oauth2/auth`);
    expect(canvasAuth.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(canvasAuth.searchParams.get('response_type')).toBe('code');
    expect(canvasAuth.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/v1/lms/canvas/callback',
    );
    expect(back.searchParams.get('state')).toBe(canvasAuth.searchParams.get('state'));
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(
      '/Dashboard/Institution/1/CoachSetupWizard/7?lms=connected',
    );

    const status = LmsStatusSchema.parse((await browser.get(LMS_API.canvasStatus(ctx.institutionId))).body);
    expect(status).toMatchObject({ authorized: true, lms_user: { id: '1', name: 'Casey Canvas' } });

    // Not in plaintext: every stand-in token starts with "standin~".
    const row = (await authorizationRow(STAFF_EMAIL))!;
    expect(row.access_token_enc).not.toContain('standin~');
    expect(row.refresh_token_enc).not.toContain('standin~');
    expect(row.access_token_enc).toMatch(/^v1\./);
    const context = `canvas:${row.institution_id}:${row.user_id}`;
    expect(decryptToken(KEY, row.access_token_enc, `${context}:access`)).toMatch(/^standin~/);
    expect(decryptToken(KEY, row.refresh_token_enc!, `${context}:refresh`)).toMatch(/^standin~/);
    // Bound to its row and field, and to the key.
    expect(decryptToken(KEY, row.access_token_enc, `${context}:refresh`)).toBeNull();
    expect(
      decryptToken(KEY, row.access_token_enc, `canvas:${row.institution_id}:${row.user_id + 1}:access`),
    ).toBeNull();
    expect(decryptToken(FALLBACK_TOKEN_KEY, row.access_token_enc, `${context}:access`)).toBeNull();
    expect(new Date(row.expires_at!).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
  });

  it('lists all 250 courses over three Link-header pages', async () => {
    const browser = await signIn(STAFF_EMAIL);
    const calls = standin.stats.apiCalls;
    const res = await browser.get(LMS_API.canvasCourses(ctx.institutionId));
    expect(res.status).toBe(200);
    const courses = z.array(LmsCourseSchema).parse(res.body);
    expect(courses).toHaveLength(250);
    const ids = courses.map((c) => Number(c.id)).sort((a, b) => a - b);
    expect(ids[0]).toBe(101);
    expect(ids[249]).toBe(350);
    expect(new Set(ids).size).toBe(250);
    expect(standin.stats.apiCalls - calls).toBe(3);
    expect(courses.find((c) => c.id === '101')).toMatchObject({
      name: 'BIOL 100: Biology (Fall 2026)',
      course_code: 'BIOL 100',
    });
  });

  it('lists the assignments of a course the user teaches', async () => {
    const browser = await signIn(STAFF_EMAIL);
    const res = await browser.get(LMS_API.canvasAssignments(ctx.institutionId, 101));
    expect(res.status).toBe(200);
    const list = z.array(LmsAssignmentSchema).parse(res.body);
    expect(list.map((a) => a.name)).toEqual([
      'Midterm Exam',
      'Homework 1',
      'Quiz 1',
      'Homework 3',
      'Homework 4',
    ]);
    expect(list[0]).toMatchObject({ id: '101001', points_possible: 100, due_at: '2026-09-07T04:59:00Z' });
    expect(list[1]!.due_at).toBeNull();
    expect(list[2]).toMatchObject({ is_quiz_assignment: true, submission_types: ['online_quiz'] });
  });

  it('refuses a course the user does not teach', async () => {
    const browser = await signIn(STAFF_EMAIL);
    for (const course of [FOREIGN_COURSE_ID, 9999]) {
      const res = await browser.get(LMS_API.canvasAssignments(ctx.institutionId, course));
      expect(res.status, String(course)).toBe(403);
      expect(res.body).toEqual({
        code: 'lms_course_not_authorized',
        detail: LMS_TEXTS.courseNotAuthorized(),
      });
    }
    const bad = await browser.get(LMS_API.canvasAssignments(ctx.institutionId, 'abc'));
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('courseId');
  });

  it('refreshes an access token that has expired, before using it', async () => {
    const browser = await signIn(STAFF_EMAIL);
    await ctx.database.query(
      `update lms_authorizations set expires_at = now() - interval '1 minute' where user_id = $1`,
      [await userIdOf(ctx, STAFF_EMAIL)],
    );
    const old = (await authorizationRow(STAFF_EMAIL))!;
    const refreshes = standin.stats.refreshGrants;
    const res = await browser.get(LMS_API.canvasCourses(ctx.institutionId));
    expect(res.status).toBe(200);
    expect(standin.stats.refreshGrants - refreshes).toBe(1);
    const row = (await authorizationRow(STAFF_EMAIL))!;
    expect(row.access_token_enc).not.toBe(old.access_token_enc);
    expect(row.refresh_token_enc).toBe(old.refresh_token_enc); // Canvas keeps the refresh token
    expect(new Date(row.expires_at!).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
  });

  it('refreshes once when Canvas answers 401 to a token it has expired', async () => {
    const browser = await signIn(STAFF_EMAIL);
    standin.expireTokens();
    const refreshes = standin.stats.refreshGrants;
    const res = await browser.get(LMS_API.canvasAssignments(ctx.institutionId, 102));
    expect(res.status).toBe(200);
    expect(standin.stats.refreshGrants - refreshes).toBe(1);
  });

  it('answers a 5xx from Canvas as "Canvas is not answering", keeping the authorization', async () => {
    const browser = await signIn(STAFF_EMAIL);
    for (const status of [500, 503]) {
      standin.knobs.failStatus = status;
      const res = await browser.get(LMS_API.canvasCourses(ctx.institutionId));
      expect(res.status).toBe(502);
      expect(res.body).toEqual({
        code: 'lms_unavailable',
        detail: 'Canvas is not answering right now. Try again in a few minutes.',
      });
    }
    standin.knobs.failStatus = null;
    expect(await authorizationRow(STAFF_EMAIL)).toBeDefined();
  });

  it('answers a Canvas that does not answer in time with a timeout error', async () => {
    const browser = await signIn(STAFF_EMAIL);
    standin.knobs.hang = true;
    const res = await browser.get(LMS_API.canvasCourses(ctx.institutionId));
    expect(res.status).toBe(504);
    expect(res.body).toEqual({
      code: 'lms_timeout',
      detail: 'Canvas took too long to answer. Try again in a few minutes.',
    });
    const roster = await browser.post(LMS_API.canvasRosterImport(coachId), { lms_course_id: '101' });
    expect(roster.status).toBe(504);
    expect(await enrollmentCount(coachId)).toBe(0);
  });

  it('an authorization revoked in Canvas answers "authorization required" and is forgotten', async () => {
    const browser = await signIn(STAFF_EMAIL);
    standin.revokeAll();
    const res = await browser.get(LMS_API.canvasCourses(ctx.institutionId));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'lms_authorization_required',
      detail: 'Canvas authorization is required to continue.',
    });
    expect(await authorizationRow(STAFF_EMAIL)).toBeUndefined();
    const status = LmsStatusSchema.parse((await browser.get(LMS_API.canvasStatus(ctx.institutionId))).body);
    expect(status.authorized).toBe(false);
    // Authorizing again works.
    const again = await authorize(browser);
    expect(again.callback.headers.get('location')).toMatch(/lms=connected$/);
  });

  it('without an authorization, every Canvas call answers "authorization required"', async () => {
    const other = await signIn(OTHER_EMAIL);
    for (const url of [
      LMS_API.canvasCourses(otherInstitutionId),
      LMS_API.canvasAssignments(otherInstitutionId, 101),
    ]) {
      const res = await other.get(url);
      expect(res.status, url).toBe(409);
      expect((res.body as { code: string }).code).toBe('lms_authorization_required');
    }
    const roster = await other.post(LMS_API.canvasRosterImport(otherCoachId), { lms_course_id: 101 });
    expect(roster.status).toBe(409);
  });

  it('a refusal at Canvas goes back with lms=denied and stores nothing', async () => {
    const other = await signIn(OTHER_EMAIL);
    standin.knobs.refuse = true;
    const { back, callback } = await authorize(other, '/somewhere?x=1', otherInstitutionId);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/somewhere?x=1&lms=denied');
    expect(await authorizationRow(OTHER_EMAIL)).toBeUndefined();
  });

  it('a token endpoint that fails goes back with lms=failed and the reason', async () => {
    const other = await signIn(OTHER_EMAIL);
    const start = await other.get(LMS_API.canvasAuthorize(otherInstitutionId));
    const atCanvas = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atCanvas.headers.get('location')!);
    standin.knobs.failStatus = 500;
    const callback = await other.get(`${back.pathname}${back.search}`);
    expect(callback.headers.get('location')).toBe(
      `${PAGES.institutionCoachDashboard(otherInstitutionId)}?lms=failed&lms_error=lms_unavailable`,
    );
    expect(await authorizationRow(OTHER_EMAIL)).toBeUndefined();
  });

  it('refuses a state that is forged, used twice, another session’s or another user’s', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const start = await staff.get(LMS_API.canvasAuthorize(ctx.institutionId));
    const atCanvas = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atCanvas.headers.get('location')!);
    const callbackPath = `${back.pathname}${back.search}`;
    const invalid = { non_field_errors: [LMS_TEXTS.invalidState()] };

    // Another user, and the same user in another session.
    const other = await signIn(OTHER_EMAIL);
    expect((await other.get(callbackPath)).body).toEqual(invalid);
    const staff2 = await signIn(STAFF_EMAIL);
    const res2 = await staff2.get(callbackPath);
    expect(res2.status).toBe(400);
    // A forged signature.
    const forged = new URL(callbackPath, baseUrl);
    forged.searchParams.set('state', `${back.searchParams.get('state')!.split('.')[0]}.AAAA`);
    expect((await staff.get(`${forged.pathname}${forged.search}`)).status).toBe(400);
    // The right one works once, then never again.
    expect((await staff.get(callbackPath)).status).toBe(302);
    const reused = await staff.get(callbackPath);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(invalid);
    // Missing state.
    expect((await staff.get(`${LMS_API.canvasCallback}?code=x`)).status).toBe(400);
  });

  it('without CANVAS_REDIRECT_URI, sends Canvas back to the address the browser used', async () => {
    const config = canvasTestConfig(ctx, standin.url, KEYS, false);
    const app3 = await buildApp({ database: ctx.database, config, boss: null });
    await app3.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base3 = `http://127.0.0.1:${(app3.server.address() as { port: number }).port}`;
      const browser = new Browser(base3);
      expect((await browser.signIn(OTHER_EMAIL)).status).toBe(200);
      const start = await browser.get(LMS_API.canvasAuthorize(otherInstitutionId));
      const canvasAuth = new URL(start.headers.get('location')!);
      expect(canvasAuth.searchParams.get('redirect_uri')).toBe(`${base3}/api/v1/lms/canvas/callback`);
      const atCanvas = await fetch(canvasAuth, { redirect: 'manual' });
      const back = new URL(atCanvas.headers.get('location')!);
      expect(back.origin).toBe(base3);
      const callback = await browser.get(`${back.pathname}${back.search}`);
      expect(callback.headers.get('location')).toBe(
        `${PAGES.institutionCoachDashboard(otherInstitutionId)}?lms=connected`,
      );
      expect(await authorizationRow(OTHER_EMAIL)).toBeDefined();
      await ctx.database.query('delete from lms_authorizations where user_id = $1', [
        await userIdOf(ctx, OTHER_EMAIL),
      ]);
    } finally {
      await app3.close();
    }
  });

  it('refuses a return_to outside this site', async () => {
    const staff = await signIn(STAFF_EMAIL);
    for (const target of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'relative',
      // Each resolves to `//evil.example…` (another host) once `..` is applied: checked after normalising.
      '/..//evil.example',
      '/a/../..//evil.example/x',
      '/%2e%2e//evil.example',
    ]) {
      const res = await staff.get(LMS_API.canvasAuthorize(ctx.institutionId, target));
      expect(res.status, target).toBe(400);
      expect(res.body).toEqual({ return_to: [LMS_TEXTS.badReturnTo] });
    }
  });

  it('comes back to the normalised return_to, and never to another host whatever is stored', async () => {
    const other = await signIn(OTHER_EMAIL);
    const { callback } = await authorize(other, '/a/b/../../somewhere/./x?y=1', otherInstitutionId);
    expect(callback.headers.get('location')).toBe('/somewhere/x?y=1&lms=connected');
    await ctx.database.query('delete from lms_authorizations where user_id = $1', [
      await userIdOf(ctx, OTHER_EMAIL),
    ]);
    // A state row holding an unsafe path (stored before paths were normalised) goes home instead.
    const start = await other.get(LMS_API.canvasAuthorize(otherInstitutionId, '/fine'));
    await ctx.database.query(
      `update lms_oauth_states set return_to = '/..//evil.example' where return_to = '/fine'`,
    );
    const atCanvas = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atCanvas.headers.get('location')!);
    const callback2 = await other.get(`${back.pathname}${back.search}`);
    expect(callback2.status).toBe(302);
    expect(callback2.headers.get('location')).toBe('/?lms=connected');
    await ctx.database.query('delete from lms_authorizations where user_id = $1', [
      await userIdOf(ctx, OTHER_EMAIL),
    ]);
  });
});

async function enrollmentCount(id: number): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    'select count(*)::int as n from enrollments where coach_id = $1',
    [id],
  );
  return row!.n;
}

describe('roster import', () => {
  it('imports the course’s students and teacher as enrollments, idempotently', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const usersBefore = (await ctx.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!
      .n;
    const first = await staff.post(LMS_API.canvasRosterImport(coachId), { lms_course_id: '101' });
    expect(first.status, first.text).toBe(200);
    const result = RosterImportResultSchema.parse(first.body);
    // Course 101: 130 active students (5 of them with a login that is not an email: skipped), one teacher;
    // the dropped student and the observer are not imported.
    expect(result).toMatchObject({
      coach_id: coachId,
      lms_course_id: '101',
      users_created: 126,
      students_enrolled: 125,
      instructors_enrolled: 1,
      already_enrolled: 0,
    });
    expect(result.skipped.map((s) => s.lms_user_id)).toEqual(['4750', '4775', '4800', '4825', '4850']);
    expect(result.skipped[0]!.reason).toBe('No email address in Canvas.');
    const usersAfter = (await ctx.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!
      .n;
    expect(usersAfter - usersBefore).toBe(126);
    expect(await enrollmentCount(coachId)).toBe(126);
    const roles = await ctx.database.query<{ email: string; role: string }>(
      `select u.email, e.role from enrollments e join users u on u.id = e.user_id where e.coach_id = $1 and e.role = 'instructor'`,
      [coachId],
    );
    expect(roles).toEqual([{ email: 'casey.canvas@standin.example.edu', role: 'instructor' }]);
    // Imported people cannot sign in until they are given a password.
    const login = await new Browser(baseUrl).signIn('student4737@standin.example.edu', DEMO_PASSWORD);
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ non_field_errors: [UI_TEXTS.loginFailed] });

    const again = await staff.post(LMS_API.canvasRosterImport(coachId), { lms_course_id: 101 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      users_created: 0,
      students_enrolled: 0,
      instructors_enrolled: 0,
      already_enrolled: 126,
    });
    expect(await enrollmentCount(coachId)).toBe(126);
    const [link] = await ctx.database.query<{ lms_course_id: string }>(
      'select lms_course_id from coach_lms_courses where coach_id = $1',
      [coachId],
    );
    expect(link!.lms_course_id).toBe('101');
    expect(
      await createLmsService({ database: ctx.database, config: ctx.config }).linkedCourse(coachId),
    ).toEqual({
      lms_course_id: '101',
      lms_course_name: 'BIOL 100: Biology (Fall 2026)',
    });
  });

  it('refuses another Canvas course for a coach already connected, and a course not taught', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const users = (await ctx.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n;
    const res = await staff.post(LMS_API.canvasRosterImport(coachId), { lms_course_id: '102' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ lms_course_id: ['This coach is already connected to Canvas course 101.'] });
    const foreign = await staff.post(LMS_API.canvasRosterImport(coachId), {
      lms_course_id: String(FOREIGN_COURSE_ID),
    });
    expect(foreign.status).toBe(403);
    expect((foreign.body as { code: string }).code).toBe('lms_course_not_authorized');
    for (const body of [
      {},
      { lms_course_id: 'x' },
      { lms_course_id: -4 },
      { lms_course_id: '101', extra: 1 },
    ]) {
      const bad = await staff.post(LMS_API.canvasRosterImport(coachId), body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.database.query<{ n: number }>('select count(*)::int as n from users'))[0]!.n).toBe(
      users,
    );
    expect(await enrollmentCount(coachId)).toBe(126);
  });
});

describe('roster import atomicity', () => {
  it('a failure in the middle leaves nothing half imported; the retry imports everything', async () => {
    const [c] = await ctx.database.query<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'Atomic', 'ATM', '2026F', 100) returning id`,
      [ctx.institutionId],
    );
    const atomicCoach = c!.id;
    // Course 150: Canvas students 2550–2560 (2550 has no email login), none imported before.
    await ctx.database.query(`
      create or replace function lms_test_fail() returns trigger language plpgsql as $$
      begin
        if (select count(*) from enrollments where coach_id = new.coach_id) >= 5 then
          raise exception 'simulated failure';
        end if;
        return new;
      end $$`);
    await ctx.database.query(
      `create trigger lms_test_fail before insert on enrollments for each row
       when (new.coach_id = ${atomicCoach}) execute function lms_test_fail()`,
    );
    const countStudents = async () =>
      (
        await ctx.database.query<{ n: number }>(
          `select count(*)::int as n from users where email like 'student25__@standin.example.edu'`,
        )
      )[0]!.n;
    try {
      const staff = await signIn(STAFF_EMAIL);
      const failed = await staff.post(LMS_API.canvasRosterImport(atomicCoach), { lms_course_id: '150' });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ detail: UI_TEXTS.serverError });
      expect(await enrollmentCount(atomicCoach)).toBe(0);
      expect(await countStudents()).toBe(0);
      const links = await ctx.database.query('select 1 from coach_lms_courses where coach_id = $1', [
        atomicCoach,
      ]);
      expect(links).toHaveLength(0);

      await ctx.database.query('drop trigger lms_test_fail on enrollments');
      const ok = await staff.post(LMS_API.canvasRosterImport(atomicCoach), { lms_course_id: '150' });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ users_created: 10, students_enrolled: 10, instructors_enrolled: 1 });
      expect(await countStudents()).toBe(10);
    } finally {
      await ctx.database.query('drop trigger if exists lms_test_fail on enrollments');
      await ctx.database.query('drop function if exists lms_test_fail()');
      await ctx.database.query('delete from coaches where id = $1', [atomicCoach]);
    }
  });
});

describe('access to the LMS routes', () => {
  const routes = () => [
    { method: 'GET', url: LMS_API.canvasAuthorize(ctx.institutionId) },
    { method: 'GET', url: LMS_API.canvasStatus(ctx.institutionId) },
    { method: 'DELETE', url: LMS_API.canvasAuthorization(ctx.institutionId) },
    { method: 'GET', url: LMS_API.canvasCourses(ctx.institutionId) },
    { method: 'GET', url: LMS_API.canvasAssignments(ctx.institutionId, 101) },
    { method: 'POST', url: LMS_API.canvasRosterImport(coachId), json: { lms_course_id: '101' } },
  ];

  it('anonymous → 401 on every route, the callback included', async () => {
    for (const r of [...routes(), { method: 'GET', url: `${LMS_API.canvasCallback}?state=a.b&code=c` }]) {
      const res = await new Browser(baseUrl).request(r.method, r.url, {
        json: 'json' in r ? r.json : undefined,
      });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('students and instructors of the institution → 403 on every institution route, 404 on a coach not theirs', async () => {
    for (const email of [studentEmailOf(11391), instructorEmailOf('AAA-2013J')]) {
      const browser = await signIn(email);
      for (const r of routes()) {
        const res = await browser.request(r.method, r.url, { json: 'json' in r ? r.json : undefined });
        const expected = r.url.startsWith('/api/v1/coach/') ? 404 : 403;
        expect(res.status, `${email} ${r.method} ${r.url}`).toBe(expected);
      }
    }
    // Even a student enrolled in the coach may not import into it.
    const userId = await userIdOf(ctx, studentEmailOf(11391));
    await ctx.database.query(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student') on conflict do nothing`,
      [ctx.institutionId, coachId, userId],
    );
    const student = await signIn(studentEmailOf(11391));
    const res = await student.post(LMS_API.canvasRosterImport(coachId), { lms_course_id: '101' });
    expect(res.status).toBe(403);
    await ctx.database.query('delete from enrollments where coach_id = $1 and user_id = $2', [
      coachId,
      userId,
    ]);
  });

  it('staff of another institution → 404 on every route; nothing written', async () => {
    const other = await signIn(OTHER_EMAIL);
    const before = await enrollmentCount(coachId);
    for (const r of routes()) {
      const res = await other.request(r.method, r.url, { json: 'json' in r ? r.json : undefined });
      expect(res.status, `${r.method} ${r.url}`).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    // And the demo staff cannot import into the other institution's coach.
    const staff = await signIn(STAFF_EMAIL);
    const res = await staff.post(LMS_API.canvasRosterImport(otherCoachId), { lms_course_id: '101' });
    expect(res.status).toBe(404);
    expect(await enrollmentCount(coachId)).toBe(before);
    expect(await enrollmentCount(otherCoachId)).toBe(0);
  });

  it('writes without the CSRF header → 403', async () => {
    const staff = await signIn(STAFF_EMAIL);
    for (const r of routes().filter((x) => x.method !== 'GET')) {
      const res = await staff.request(r.method, r.url, {
        json: 'json' in r ? r.json : undefined,
        csrf: false,
      });
      expect(res.status, r.url).toBe(403);
    }
  });

  it('disconnect forgets the tokens (then 404)', async () => {
    const staff = await signIn(STAFF_EMAIL);
    expect((await staff.request('DELETE', LMS_API.canvasAuthorization(ctx.institutionId))).status).toBe(204);
    expect(await authorizationRow(STAFF_EMAIL)).toBeUndefined();
    expect((await staff.request('DELETE', LMS_API.canvasAuthorization(ctx.institutionId))).status).toBe(404);
  });
});

describe('LMS configuration and helpers', () => {
  it('without Canvas configured (no CANVAS_BASE_URL, no stand-in), the routes say so', async () => {
    // The shared test app is built from a config with no Canvas and without main.ts's stand-in.
    const staff = await ctx.signIn(STAFF_EMAIL);
    const status = LmsStatusSchema.parse((await staff.get(LMS_API.canvasStatus(ctx.institutionId))).body);
    expect(status).toMatchObject({ configured: false, authorized: false });
    for (const url of [
      LMS_API.canvasCourses(ctx.institutionId),
      LMS_API.canvasAuthorize(ctx.institutionId),
    ]) {
      const res = await staff.get(url);
      expect(res.status, url).toBe(503);
      expect(res.body).toEqual({ code: 'lms_not_configured', detail: LMS_TEXTS.notConfigured() });
    }
  });

  it('validates LMS_TOKEN_KEY and requires it for a real Canvas in production', () => {
    expect(() => loadConfig({ LMS_TOKEN_KEY: 'short' })).toThrow(/LMS_TOKEN_KEY: must be 32 bytes/);
    expect(() => loadConfig({ LMS_TOKEN_KEY: randomBytes(16).toString('base64') })).toThrow(/LMS_TOKEN_KEY/);
    const real = {
      CANVAS_BASE_URL: 'https://canvas.example.edu',
      CANVAS_CLIENT_ID: '1',
      CANVAS_CLIENT_SECRET: 's',
    };
    expect(() => loadConfig({ ...real, NODE_ENV: 'production' })).toThrow(
      /LMS_TOKEN_KEY: is required in production/,
    );
    expect(() => loadConfig({ CANVAS_BASE_URL: 'https://canvas.example.edu' })).toThrow(
      /CANVAS_CLIENT_ID: is required/,
    );
    expect(() => loadConfig({ ...real, CANVAS_STANDIN: 'true' })).toThrow(/CANVAS_STANDIN/);
    expect(() => loadConfig({ CANVAS_BASE_URL: 'ftp://x' })).toThrow(/CANVAS_BASE_URL/);
    const prod = resolveLmsSettings(loadConfig({ ...real, NODE_ENV: 'production', LMS_TOKEN_KEY: KEY_B64 }));
    expect(prod.tokenKey.equals(KEY)).toBe(true);
    expect(prod.tokenKeyIsFallback).toBe(false);
    const dev = resolveLmsSettings(loadConfig({ ...real, NODE_ENV: 'development' }));
    expect(dev.tokenKeyIsFallback).toBe(true);
    expect(dev.tokenKey).toHaveLength(32);
    // The demo default: no Canvas configured, the stand-in runs.
    const demo = resolveLmsSettings(loadConfig({}), 'http://127.0.0.1:1234');
    expect(demo.baseUrl).toBe('http://127.0.0.1:1234');
  });

  it('follows Canvas-style Link headers', () => {
    const here = new URL('https://canvas.example.edu/api/v1/courses?page=1&per_page=100');
    const header =
      '<https://canvas.example.edu/api/v1/courses?page=1&per_page=100>; rel="current",' +
      '<https://canvas.example.edu/api/v1/courses?page=bookmark:WzEsMl0&per_page=100>; rel="next",' +
      '<https://canvas.example.edu/api/v1/courses?page=1&per_page=100>; rel="first"';
    expect(nextLink(header, here)?.searchParams.get('page')).toBe('bookmark:WzEsMl0');
    expect(nextLink('<https://canvas.example.edu/x>; rel="last"', here)).toBeNull();
    expect(nextLink(null, here)).toBeNull();
    expect(nextLink('garbage', here)).toBeNull();
  });

  it('encrypts with a fresh IV each time and detects tampering', () => {
    const a = encryptToken(KEY, 'secret-token', 'ctx');
    const b = encryptToken(KEY, 'secret-token', 'ctx');
    expect(a).not.toBe(b);
    expect(decryptToken(KEY, a, 'ctx')).toBe('secret-token');
    const parts = a.split('.');
    const data = Buffer.from(parts[2]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(
      decryptToken(KEY, [parts[0], parts[1], data.toString('base64url'), parts[3]].join('.'), 'ctx'),
    ).toBeNull();
    expect(decryptToken(KEY, 'nonsense', 'ctx')).toBeNull();
  });
});
