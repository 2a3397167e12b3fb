import { createHash } from 'node:crypto';
import {
  API,
  CSRF_COOKIE,
  FieldErrorsSchema,
  MeSchema,
  NON_FIELD_ERRORS,
  PAGES,
  SESSION_COOKIE,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  cleanLoginFailuresAfterEach,
  coachIdOf,
  DEMO_PASSWORD,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
  writeCounts,
} from './helpers.ts';
import { presentationOf, subsetOf } from './oulad-reference.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});
cleanLoginFailuresAfterEach();

/** The presentations a student is registered in, from studentRegistration.csv. */
const presentationsOf = (idStudent: string) =>
  subsetOf(TEST_PRESENTATIONS)
    .registrations.filter((r) => r.id_student === idStudent)
    .map(presentationOf)
    .sort();

/** Bodies must never carry internals. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  expect(text).not.toMatch(/stack/i);
  expect(text).not.toMatch(/node_modules|\/work\/|apps\/server/);
}

describe('sign-in', () => {
  it('signs a student in: Me document, httpOnly session cookie, rotated CSRF token', async () => {
    const browser = ctx.browser();
    const csrfBefore = await browser.ensureCsrf();
    const res = await browser.signIn('S45664@Demo.edu'); // addresses are case-insensitive
    expect(res.status).toBe(200);

    const me = MeSchema.parse(res.body);
    expect(me.user.email).toBe(studentEmailOf(45664));
    expect(me.institutions).toEqual([]);
    expect(me.coaches.map((c) => `${c.course}-${c.term}`).sort()).toEqual(presentationsOf('45664'));
    expect(me.coaches.every((c) => c.role === 'student' && c.institution_id === ctx.institutionId)).toBe(
      true,
    );

    const session = res.setCookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite?.toLowerCase()).toBe('lax');
    expect(session!.path).toBe('/');
    expect(session!.value.length).toBeGreaterThanOrEqual(32);

    const csrf = res.setCookies.find((c) => c.name === CSRF_COOKIE);
    expect(csrf).toBeDefined();
    expect(csrf!.httpOnly).toBe(false); // the page script reads it to echo it in X-CSRFToken
    expect(csrf!.value).not.toBe(csrfBefore);

    // The session works, and the old CSRF token does not.
    const meAgain = await browser.get(API.me);
    expect(meAgain.status).toBe(200);
    expect(meAgain.body).toEqual(me);
    const stale = await browser.post(API.logout, undefined, { csrf: csrfBefore });
    expect(stale.status).toBe(403);
    expect((await browser.get(API.me)).status).toBe(200);

    // The database keeps a digest of the session token, not the token.
    const rows = await ctx.database.query('select 1 from sessions where id = $1', [session!.value]);
    expect(rows).toHaveLength(0);
  });

  it('a new sign-in in the same browser ends the previous session', async () => {
    const browser = await ctx.signIn(studentEmailOf(11391));
    const firstToken = browser.cookie(SESSION_COOKIE)!;
    const again = await browser.signIn(studentEmailOf(11391));
    expect(again.status).toBe(200);
    expect(browser.cookie(SESSION_COOKIE)).not.toBe(firstToken);
    const old = new Browser(ctx.baseUrl);
    old.jar.set(SESSION_COOKIE, firstToken);
    expect((await old.get(API.me)).status).toBe(401);
    expect((await browser.get(API.me)).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 400 body', async () => {
    const before = await writeCounts(ctx);
    const wrongPassword = await ctx.browser().signIn(studentEmailOf(28400), 'not-the-password');
    const unknownEmail = await ctx.browser().signIn('nobody-at-all@demo.edu', DEMO_PASSWORD);
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    expect(wrongPassword.body).toEqual(unknownEmail.body);
    expect(wrongPassword.body).toEqual({ [NON_FIELD_ERRORS]: [expect.any(String)] });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.setCookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    const after = await writeCounts(ctx);
    expect(after.sessions).toBe(before.sessions);
  });
});

describe('sign-out and Me', () => {
  it('GET /api/v1/me answers 401 when signed out', async () => {
    const res = await ctx.browser().get(API.me);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('sign-out ends the session on the server', async () => {
    const browser = await ctx.signIn(studentEmailOf(52014));
    const token = browser.cookie(SESSION_COOKIE)!;
    expect((await browser.get(API.me)).status).toBe(200);

    const res = await browser.post(API.logout);
    expect(res.status).toBe(204);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.get(API.me)).status).toBe(401);

    // Replaying the old cookie does not bring the session back.
    const replay = new Browser(ctx.baseUrl);
    replay.jar.set(SESSION_COOKIE, token);
    expect((await replay.get(API.me)).status).toBe(401);
  });

  it('an expired session is not accepted', async () => {
    const browser = await ctx.signIn(studentEmailOf(559919));
    // Sessions are stored under the SHA-256 of the cookie token.
    const id = createHash('sha256').update(browser.cookie(SESSION_COOKIE)!).digest('hex');
    const rows = await ctx.database.query(
      `update sessions set expires_at = now() - interval '1 second' where id = $1 returning id`,
      [id],
    );
    expect(rows).toHaveLength(1);
    expect((await browser.get(API.me)).status).toBe(401);
  });

  it('a session in use slides its expiry forward', async () => {
    const browser = await ctx.signIn(studentEmailOf(559919));
    const id = createHash('sha256').update(browser.cookie(SESSION_COOKIE)!).digest('hex');
    await ctx.database.query(
      `update sessions set last_seen_at = now() - interval '2 hours', expires_at = now() + interval '1 hour' where id = $1`,
      [id],
    );
    expect((await browser.get(API.me)).status).toBe(200);
    const [row] = await ctx.database.query<{ hours: number }>(
      `select extract(epoch from expires_at - now()) / 3600 as hours from sessions where id = $1`,
      [id],
    );
    expect(Number(row!.hours)).toBeGreaterThan(ctx.config.SESSION_TTL_HOURS - 1);
  });

  it('sign-out without a session is harmless', async () => {
    const res = await ctx.browser().post(API.logout);
    expect(res.status).toBe(204);
  });

  it('/ sends a student to their newest coach', async () => {
    // 45664 studied DDD 2013B (February 2013) and CCC 2014B (February 2014).
    expect(presentationsOf('45664')).toEqual(['CCC-2014B', 'DDD-2013B']);
    const browser = await ctx.signIn(studentEmailOf(45664));
    const me = MeSchema.parse((await browser.get(API.me)).body);
    expect(me.home).toBe(PAGES.coachDetails(await coachIdOf(ctx, 'CCC-2014B')));
  });

  it('/ sends a one-coach student and an instructor to their coach', async () => {
    const student = MeSchema.parse((await (await ctx.signIn(studentEmailOf(11391))).get(API.me)).body);
    expect(student.home).toBe(PAGES.coachDetails(await coachIdOf(ctx, 'AAA-2013J')));
    const instructor = MeSchema.parse(
      (await (await ctx.signIn(instructorEmailOf('GGG-2013J'))).get(API.me)).body,
    );
    expect(instructor.coaches).toEqual([expect.objectContaining({ role: 'instructor', course: 'GGG' })]);
    expect(instructor.home).toBe(PAGES.coachDetails(await coachIdOf(ctx, 'GGG-2013J')));
  });

  it('/ sends staff to their institution', async () => {
    const me = MeSchema.parse((await (await ctx.signIn(STAFF_EMAIL)).get(API.me)).body);
    expect(me.institutions).toEqual([expect.objectContaining({ id: ctx.institutionId })]);
    expect(me.home).toBe(PAGES.institutionCoachDashboard(ctx.institutionId));
  });
});

describe('CSRF (double-submit cookie)', () => {
  it('refuses a write without the X-CSRFToken header', async () => {
    const browser = await ctx.signIn(studentEmailOf(53488));
    expect(browser.cookie(CSRF_COOKIE)).toBeDefined();
    const res = await browser.post(API.logout, undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
    expect((await browser.get(API.me)).status).toBe(200); // still signed in
  });

  it('refuses a write with a wrong header', async () => {
    const browser = await ctx.signIn(studentEmailOf(53488));
    const token = browser.cookie(CSRF_COOKIE)!;
    for (const wrong of ['wrong', `${token}x`, token.slice(0, -1), '']) {
      const res = await browser.post(API.logout, undefined, { csrf: wrong });
      expect(res.status, `header ${JSON.stringify(wrong)}`).toBe(403);
    }
    expect((await browser.get(API.me)).status).toBe(200);
  });

  it('refuses a header without the cookie', async () => {
    const browser = await ctx.signIn(studentEmailOf(53488));
    const token = browser.cookie(CSRF_COOKIE)!;
    browser.jar.delete(CSRF_COOKIE);
    const res = await browser.post(API.logout, undefined, { csrf: token });
    expect(res.status).toBe(403);
    // The refused request issued a fresh cookie; the session is untouched.
    expect(browser.cookie(CSRF_COOKIE)).toBeDefined();
    expect((await browser.get(API.me)).status).toBe(200);
  });

  it('refuses sign-in without the header (login CSRF)', async () => {
    const browser = ctx.browser();
    await browser.ensureCsrf();
    const res = await browser.post(
      API.login,
      { email: studentEmailOf(53488), password: DEMO_PASSWORD },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.setCookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  });

  it('accepts a write with the right header', async () => {
    const browser = await ctx.signIn(studentEmailOf(53488));
    const res = await browser.post(API.logout);
    expect(res.status).toBe(204);
    expect((await browser.get(API.me)).status).toBe(401);
  });

  it('issues the cookie on the first GET', async () => {
    const res = await ctx.browser().get(API.csrf);
    expect(res.status).toBe(204);
    const cookie = res.setCookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie?.value.length).toBeGreaterThanOrEqual(32);
  });
});

describe('sign-in rate limit', () => {
  it('locks an address after 5 failures, even for the right password', async () => {
    const email = studentEmailOf(559706); // used by no other test
    const browser = ctx.browser();
    for (let i = 0; i < 5; i++) {
      const res = await browser.signIn(email, `wrong-${i}`);
      expect(res.status, `failure ${i + 1}`).toBe(400);
    }
    const locked = await browser.signIn(email, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: expect.any(String) });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(ctx.config.LOGIN_WINDOW_MINUTES * 60);
    expect(locked.setCookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    // Another spelling of the same address is the same address.
    expect((await ctx.browser().signIn(email.toUpperCase(), DEMO_PASSWORD)).status).toBe(429);
    // Another address from the same client is not locked.
    expect((await ctx.browser().signIn(studentEmailOf(559770), DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts concurrent attempts: no more than 5 passwords are tried', async () => {
    const email = studentEmailOf(285475); // used by no other test
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => ctx.browser().signIn(email, `wrong-${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    const tried = statuses.filter((s) => s === 400).length;
    expect(tried).toBeLessThanOrEqual(ctx.config.LOGIN_MAX_FAILURES);
    // Every answered failure is recorded, every refused attempt is not.
    const [row] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from login_failures where key = $1',
      [`email:${email}`],
    );
    expect(row!.n).toBe(tried);
    // One after another, the address gets exactly its remaining tries, then is locked.
    for (let i = tried; i < ctx.config.LOGIN_MAX_FAILURES; i++) {
      expect((await ctx.browser().signIn(email, 'wrong')).status).toBe(400);
    }
    expect((await ctx.browser().signIn(email, DEMO_PASSWORD)).status).toBe(429);
  });

  it('a successful sign-in clears the failures of its address', async () => {
    const email = studentEmailOf(560328);
    for (let i = 0; i < 4; i++) expect((await ctx.browser().signIn(email, 'wrong')).status).toBe(400);
    expect((await ctx.browser().signIn(email)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await ctx.browser().signIn(email, 'wrong')).status).toBe(400);
    expect((await ctx.browser().signIn(email)).status).toBe(200);
  });

  it('locks a client address after 4 × 5 failures across many emails', async () => {
    const limit = ctx.config.LOGIN_MAX_FAILURES * 4;
    const [row] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from login_failures where key = 'ip:127.0.0.1'`,
    );
    expect(row!.n).toBe(0); // earlier tests cleaned up after themselves
    for (let i = 0; i < limit; i++) {
      const res = await ctx.browser().signIn(`ip-limit-${i}@example.org`, 'wrong');
      expect(res.status, `failure ${i + 1}`).toBe(400);
    }
    const res = await ctx.browser().signIn(studentEmailOf(560374), DEMO_PASSWORD);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('bad input to POST /api/v1/auth/login', () => {
  const email = studentEmailOf(558914);
  const cases: Array<{ name: string; body: string; fields?: string[] }> = [
    {
      name: 'malformed JSON',
      body: `{"email": "${email}", "password": "coach-demo"`,
      fields: [NON_FIELD_ERRORS],
    },
    { name: 'an empty body', body: '' },
    { name: 'JSON that is not an object', body: JSON.stringify([email, DEMO_PASSWORD]) },
    { name: 'null', body: 'null' },
    {
      name: 'wrong types',
      body: JSON.stringify({ email: 42, password: true }),
      fields: ['email', 'password'],
    },
    {
      name: 'an unknown field',
      body: JSON.stringify({ email, password: DEMO_PASSWORD, is_admin: true }),
      fields: ['is_admin'],
    },
    { name: 'missing fields', body: JSON.stringify({}), fields: ['email', 'password'] },
    { name: 'a missing password', body: JSON.stringify({ email }), fields: ['password'] },
    {
      name: 'an invalid email',
      body: JSON.stringify({ email: 'not an email', password: 'x' }),
      fields: ['email'],
    },
    {
      name: 'an oversized body (> 1 MiB)',
      body: JSON.stringify({ email, password: DEMO_PASSWORD, padding: 'x'.repeat(1024 * 1024 + 10) }),
      fields: [NON_FIELD_ERRORS],
    },
  ];

  for (const c of cases) {
    it(`answers ${c.name} with 400 field errors and writes nothing`, async () => {
      const before = await writeCounts(ctx);
      const browser = ctx.browser();
      const res = await browser.request('POST', API.login, { body: c.body });
      expect(res.status).toBe(400);
      const errors = FieldErrorsSchema.parse(res.body);
      expect(Object.keys(errors).length).toBeGreaterThan(0);
      for (const messages of Object.values(errors)) expect(messages.length).toBeGreaterThan(0);
      if (c.fields) expect(Object.keys(errors).sort()).toEqual([...c.fields].sort());
      expectNoInternals(res.text);
      expect(res.setCookies.find((x) => x.name === SESSION_COOKIE)).toBeUndefined();
      expect(await writeCounts(ctx)).toEqual(before);
    });
  }

  it('reports a missing field as required', async () => {
    const res = await ctx.browser().post(API.login, {});
    expect(res.body).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('refuses a body that is not JSON', async () => {
    const before = await writeCounts(ctx);
    const res = await ctx
      .browser()
      .request('POST', API.login, { body: `email=${email}&password=coach-demo`, contentType: 'text/plain' });
    expect(res.status).toBe(400);
    FieldErrorsSchema.parse(res.body);
    expectNoInternals(res.text);
    expect(await writeCounts(ctx)).toEqual(before);
  });
});
