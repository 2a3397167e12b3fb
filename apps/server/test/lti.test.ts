import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API, LTI_API, LTI_TEXTS, type Me, PAGES } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinContextId } from '../src/modules/lms/canvas-lti-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { Browser, coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';
import { createLtiWorld, LTI_STAFF, type LtiWorld, launchCounts, linkCourse } from './lti-fixture.ts';
import {
  LTI_USERS,
  type LtiTestApp,
  launch,
  loginParams,
  postForm,
  standinRegistration,
  startLtiTestApp,
} from './lti-helpers.ts';

/**
 * LTI 1.3 launches end to end (docs/lti.md): the Canvas stand-in is the platform (its JWKS, its OIDC
 * authorization page), the app is the tool; the test walks the login initiation, the platform's page and
 * the form post like a browser.
 */

const UNLINKED = FIRST_COURSE_ID + 1;
const LINKED = FIRST_COURSE_ID + 2;

let ctx: TestContext;
let w: LtiWorld;

beforeAll(async () => {
  ctx = await getTestContext();
  w = await createLtiWorld(ctx, 'lti-test');
  await linkCourse(ctx, w, LINKED, w.coachId);
});

afterAll(async () => {
  await w?.dispose();
});

/** Registers `app`'s stand-in for the suite's institution and links its LINKED course to the coach. */
async function registerOther(app: LtiTestApp): Promise<void> {
  const staff = new Browser(app.baseUrl);
  await staff.signIn(LTI_STAFF);
  const reg = await staff.post(LTI_API.registrations(w.institutionId), standinRegistration(app.standin));
  expect(reg.status, reg.text).toBe(201);
  await ctx.database.query(
    `insert into lti_contexts (registration_id, institution_id, deployment_id, context_id, coach_id)
     values ($1, $2, 'x', $3, $4)`,
    [(reg.body as { id: number }).id, w.institutionId, standinContextId(LINKED), w.coachId],
  );
}

const userByEmail = async (email: string) =>
  (
    await ctx.database.query<{ id: number; name: string }>('select id, name from users where email = $1', [
      email,
    ])
  )[0];

describe('LTI launches', () => {
  it('a student launching from a course no coach is linked to is told plainly, and nothing is created', async () => {
    const before = await launchCounts(ctx);
    const browser = new Browser(w.t.baseUrl);
    const answer = await launch(browser, w.t.standin, 'student2', UNLINKED);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(LTI_TEXTS.unlinkedStudent);
    expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors ${w.t.standin.url}`);
    expect(answer.headers.get('x-frame-options')).toBeNull();
    expect(browser.cookie('sessionid')).toBeUndefined();
    const after = await launchCounts(ctx);
    // Only the course is remembered (for staff to link it); no account, session or enrollment.
    expect(after).toEqual({ ...before, contexts: before.contexts + 1 });
    expect(await userByEmail(LTI_USERS.student2!.email!)).toBeUndefined();
    // An instructor who is not staff is told who can connect it; nothing is created either.
    const teacher = await launch(new Browser(w.t.baseUrl), w.t.standin, 'teacher', UNLINKED);
    expect(teacher.text).toContain(LTI_TEXTS.unlinkedInstructor);
    expect(await launchCounts(ctx)).toEqual(after);
  });

  it('staff launching from an unlinked course are offered the coaches; linking is audited and opens the dashboard', async () => {
    const browser = new Browser(w.t.baseUrl);
    const answer = await launch(browser, w.t.standin, 'staff', UNLINKED);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(LTI_TEXTS.unlinkedStaff);
    expect(answer.text).toContain('Biology Coach');
    expect(answer.text).toContain('Chemistry Coach');
    const token = /name="link_token" value="([^"]+)"/.exec(answer.text)![1]!;
    // The existing staff account was signed in and linked to the platform's user.
    const me = await browser.get<Me>(API.me);
    expect(me.body.user.email).toBe(LTI_STAFF);

    // Someone else cannot use the offer (not even staff of another institution), nor pick a coach of
    // another institution; neither attempt uses it up.
    const other = new Browser(w.t.baseUrl);
    await other.signIn(STAFF_EMAIL);
    const stolen = await postForm(other, LTI_API.link, {
      link_token: token,
      coach_id: String(w.otherCoachId),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.text).toContain(LTI_TEXTS.linkExpired);
    const demoCoach = await coachIdOf(ctx, 'AAA-2013J');
    const foreign = await postForm(browser, LTI_API.link, { link_token: token, coach_id: String(demoCoach) });
    expect(foreign.status).toBe(400);

    const again = await launch(browser, w.t.standin, 'staff', UNLINKED);
    const token2 = /name="link_token" value="([^"]+)"/.exec(again.text)![1]!;
    const done = await postForm(browser, LTI_API.link, {
      link_token: token2,
      coach_id: String(w.otherCoachId),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(PAGES.coachDetails(w.otherCoachId));
    const [row] = await ctx.database.query<{ coach_id: number }>(
      'select coach_id from lti_contexts where registration_id = $1 and context_id = $2',
      [w.registrationId, standinContextId(UNLINKED)],
    );
    expect(row!.coach_id).toBe(w.otherCoachId);
    const audit = await ctx.database.query<{ action: string; actor_email: string; after: unknown }>(
      `select action, actor_email, after from audit_log where institution_id = $1 and action = 'lti.context.link'`,
      [w.institutionId],
    );
    expect(audit).toEqual([
      { action: 'lti.context.link', actor_email: LTI_STAFF, after: { coach_id: w.otherCoachId } },
    ]);
    // A used token does nothing more.
    expect(
      (await postForm(browser, LTI_API.link, { link_token: token2, coach_id: String(w.coachId) })).status,
    ).toBe(400);
  });

  it('a student launch creates the account, enrolls them and lands signed in on the coach dashboard', async () => {
    const browser = new Browser(w.t.baseUrl);
    const answer = await launch(browser, w.t.standin, 'student', LINKED);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(PAGES.coachDetails(w.coachId));
    expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors ${w.t.standin.url}`);
    const session = answer.setCookies.find((c) => c.name === 'sessionid')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite?.toLowerCase()).toBe('lax'); // plain HTTP: SameSite=None would need Secure
    const me = await browser.get<Me>(API.me);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'lia.learner@lti-test.edu', name: 'Lia Learner' });
    expect(me.body.coaches.map((c) => c.id)).toContain(w.coachId);
    const user = (await userByEmail('lia.learner@lti-test.edu'))!;
    const enrollment = await ctx.database.query<{ role: string }>(
      'select role from enrollments where user_id = $1 and coach_id = $2',
      [user.id, w.coachId],
    );
    expect(enrollment).toEqual([{ role: 'student' }]);
    const [context] = await ctx.database.query<{ nrps_url: string; ags: { lineitems: string } }>(
      'select nrps_url, ags from lti_contexts where registration_id = $1 and context_id = $2',
      [w.registrationId, standinContextId(LINKED)],
    );
    expect(context!.nrps_url).toBe(`${w.t.standin.url}/api/lti/courses/${LINKED}/names_and_roles`);
    expect(context!.ags.lineitems).toBe(`${w.t.standin.url}/api/lti/courses/${LINKED}/line_items`);

    // A second launch signs the same account in again (linked by the platform's sub), nothing new.
    const before = await launchCounts(ctx);
    const second = await launch(new Browser(w.t.baseUrl), w.t.standin, 'student', LINKED);
    expect(second.status).toBe(303);
    expect(await launchCounts(ctx)).toEqual({ ...before, sessions: before.sessions + 1 });
  });

  it('an instructor launch enrolls them as the coach’s instructor', async () => {
    const browser = new Browser(w.t.baseUrl);
    const answer = await launch(browser, w.t.standin, 'teacher', LINKED);
    expect(answer.status).toBe(303);
    const user = (await userByEmail('ian.instructor@lti-test.edu'))!;
    const enrollment = await ctx.database.query<{ role: string }>(
      'select role from enrollments where user_id = $1 and coach_id = $2',
      [user.id, w.coachId],
    );
    expect(enrollment).toEqual([{ role: 'instructor' }]);
    const memberships = await ctx.database.query('select 1 from institution_memberships where user_id = $1', [
      user.id,
    ]);
    expect(memberships).toEqual([]);
  });

  it('behind HTTPS the launch’s cookies work in the LMS frame: SameSite=None; Secure; Partitioned', async () => {
    const secure = await startLtiTestApp(ctx, { ...ctx.config, COOKIE_SECURE: true });
    try {
      await registerOther(secure);
      const browser = new Browser(secure.baseUrl);
      const login = await browser.get(`${LTI_API.login}?${loginParams(secure.standin, 'student', LINKED)}`);
      const state = login.setCookies.find((c) => c.name === 'lti_browser')!;
      expect(state).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None', path: LTI_API.launch });
      const page = await (await fetch(login.headers.get('location')!)).text();
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)![1]!;
      const answer = await postForm(browser, LTI_API.launch, {
        id_token: field('id_token'),
        state: field('state'),
      });
      expect(answer.status).toBe(303);
      for (const name of ['sessionid', 'csrftoken']) {
        const cookie = answer.setCookies.find((c) => c.name === name)!;
        expect(cookie, name).toMatchObject({ secure: true, sameSite: 'None' });
      }
      expect(answer.headers.getSetCookie().find((c) => c.startsWith('sessionid='))).toMatch(/Partitioned/i);
    } finally {
      await secure.close();
    }
  });

  it('the app’s pages may be framed by the LMS origin during a launched session only', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'lti-web-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Course Coach</title>');
    const withWeb = await startLtiTestApp(ctx, { ...ctx.config, WEB_DIST: dist });
    try {
      await registerOther(withWeb);
      const launched = new Browser(withWeb.baseUrl);
      expect((await launch(launched, withWeb.standin, 'student', LINKED)).status).toBe(303);
      const framed = await launched.get(PAGES.coachDetails(w.coachId));
      expect(framed.status).toBe(200);
      expect(framed.headers.get('content-security-policy')).toContain(
        `frame-ancestors ${withWeb.standin.url};`,
      );
      expect(framed.headers.get('x-frame-options')).toBeNull();
      // The same person signed in with a password, and nobody signed in: never framed.
      const direct = new Browser(withWeb.baseUrl);
      await direct.signIn(LTI_STAFF);
      for (const b of [direct, new Browser(withWeb.baseUrl)]) {
        const page = await b.get(PAGES.coachDetails(w.coachId));
        expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
      }
    } finally {
      await withWeb.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
