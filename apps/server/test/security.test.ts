import { createHash } from 'node:crypto';
import { API, CSRF_COOKIE, NON_FIELD_ERRORS, SESSION_COOKIE, UI_TEXTS } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import {
  Browser,
  cleanLoginFailuresAfterEach,
  DEMO_PASSWORD,
  getTestContext,
  studentEmailOf,
  type TestContext,
  testConfig,
} from './helpers.ts';

/**
 * Security headers, sessions (rotation, idle and absolute expiry, sign-out everywhere, cookie flags),
 * the CSRF mechanism, the sign-in rate limit across instances and account enumeration
 * (SECURITY.md). Students used here (AAA 2013J) appear in no other suite.
 */

let ctx: TestContext;
/** Extra app instances on the same database (another "server"), closed at the end. */
const extraApps: FastifyInstance[] = [];
const extraDatabases: Database[] = [];
beforeAll(async () => {
  ctx = await getTestContext();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  for (const database of extraDatabases) await database.close();
});
cleanLoginFailuresAfterEach();

/**
 * Starts another app instance on the test database with `env` overrides, listening on its own port.
 * On PostgreSQL it gets its own connection pool (as a second server would); PGlite in memory can only
 * be shared within the process, so it reuses the same instance.
 */
async function startInstance(
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const url = ctx.config.DATABASE_URL;
  let database = ctx.database;
  if (url) {
    database = await openDatabase({ url, dataDir: 'memory://' });
    extraDatabases.push(database);
  }
  const app = await buildApp({
    database,
    config: testConfig({ DATABASE_URL: url || undefined, ...env }),
    boss: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  extraApps.push(app);
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

describe('security headers', () => {
  it('every API answer carries the CSP and the helmet headers, and no HSTS over plain HTTP', async () => {
    const browser = ctx.browser();
    for (const res of [
      await browser.get(API.health),
      await browser.get(API.me), // 401
      await browser.get('/api/v1/no-such-thing'), // 404
      await browser.post(API.logout, undefined, { csrf: false }), // 403 from the CSRF check
    ]) {
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]); // no inline script, no eval
      expect(csp.get('script-src-attr')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('the API docs get their own policy: framed by our own origin only, scripts still only from files', async () => {
    const res = await ctx.browser().get('/api/docs/');
    expect(res.status).toBe(200);
    const csp = parseCsp(res.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('HSTS and Secure cookies behind an HTTPS proxy (TRUST_PROXY), neither over plain HTTP', async () => {
    const { url } = await startInstance({ TRUST_PROXY: 'true' });
    const https = new Browser(url);
    const res = await https.get(API.csrf, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.setCookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
    const login = await https.post(
      API.login,
      { email: studentEmailOf(113295), password: DEMO_PASSWORD },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(login.status).toBe(200);
    expect(login.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    const session = login.setCookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.secure).toBe(true);
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite?.toLowerCase()).toBe('lax');

    // The same instance over plain HTTP: no HSTS, no Secure flag (cookies would be dropped by browsers).
    const http = await new Browser(url).get(API.csrf, { headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers.get('strict-transport-security')).toBeNull();
    expect(http.setCookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(false);
  });

  it('without TRUST_PROXY a client cannot claim HTTPS with X-Forwarded-Proto', async () => {
    const res = await ctx.browser().get(API.csrf, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.setCookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(false);
  });

  it('COOKIE_SECURE=true marks the cookies Secure even over plain HTTP', async () => {
    const { url } = await startInstance({ COOKIE_SECURE: 'true' });
    const browser = new Browser(url);
    const res = await browser.get(API.csrf);
    expect(res.setCookies.find((c) => c.name === CSRF_COOKIE)?.secure).toBe(true);
  });
});

describe('session rotation and expiry', () => {
  it('a session cookie planted before sign-in is not the one after it, and is never valid', async () => {
    const browser = ctx.browser();
    const planted = 'attacker-chosen-session-token-0123456789abcdef';
    browser.jar.set(SESSION_COOKIE, planted);
    expect((await browser.get(API.me)).status).toBe(401);
    const res = await browser.signIn(studentEmailOf(114017));
    expect(res.status).toBe(200);
    const issued = browser.cookie(SESSION_COOKIE)!;
    expect(issued).not.toBe(planted);
    const attacker = new Browser(ctx.baseUrl);
    attacker.jar.set(SESSION_COOKIE, planted);
    expect((await attacker.get(API.me)).status).toBe(401);
    expect((await browser.get(API.me)).status).toBe(200);
    const rows = await ctx.database.query('select 1 from sessions where id = $1', [digest(planted)]);
    expect(rows).toHaveLength(0);
  });

  it('signing in as someone else in the same browser ends the first user’s session', async () => {
    const browser = await ctx.signIn(studentEmailOf(114017));
    const first = browser.cookie(SESSION_COOKIE)!;
    expect((await browser.signIn(studentEmailOf(114999))).status).toBe(200);
    const rows = await ctx.database.query('select 1 from sessions where id = $1', [digest(first)]);
    expect(rows).toHaveLength(0);
    const me = await browser.get<{ user: { email: string } }>(API.me);
    expect(me.body.user.email).toBe(studentEmailOf(114999));
  });

  it('a session older than SESSION_MAX_HOURS ends even while in use (absolute expiry)', async () => {
    const browser = await ctx.signIn(studentEmailOf(116541));
    const id = digest(browser.cookie(SESSION_COOKIE)!);
    const max = ctx.config.SESSION_MAX_HOURS;
    // Signed in max − 1 h ago and used a minute ago: still valid …
    await ctx.database.query(
      `update sessions set created_at = now() - ($2::float8 - 1) * interval '1 hour',
              last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 hour' where id = $1`,
      [id, max],
    );
    expect((await browser.get(API.me)).status).toBe(200);
    // … and the sliding refresh does not carry it past sign-in + max.
    const [row] = await ctx.database.query<{ over: boolean; left_hours: number }>(
      `select expires_at > created_at + $2::float8 * interval '1 hour' as over,
              extract(epoch from expires_at - now()) / 3600 as left_hours
         from sessions where id = $1`,
      [id, max],
    );
    expect(row!.over).toBe(false);
    expect(Number(row!.left_hours)).toBeLessThanOrEqual(1);
    // Signed in max + 1 h ago: refused although its idle expiry is still ahead.
    await ctx.database.query(
      `update sessions set created_at = now() - ($2::float8 + 1) * interval '1 hour',
              expires_at = now() + interval '10 hours' where id = $1`,
      [id, max],
    );
    const res = await browser.get(API.me);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: UI_TEXTS.notAuthenticated });
  });

  it('a new session ends at the idle lifetime, and its cookie lasts the absolute lifetime', async () => {
    const browser = ctx.browser();
    const res = await browser.signIn(studentEmailOf(116541));
    expect(res.status).toBe(200);
    const cookie = res.setCookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.maxAge).toBe(ctx.config.SESSION_MAX_HOURS * 3600);
    const [row] = await ctx.database.query<{ hours: number }>(
      'select extract(epoch from expires_at - created_at) / 3600 as hours from sessions where id = $1',
      [digest(cookie.value)],
    );
    expect(Number(row!.hours)).toBeCloseTo(
      Math.min(ctx.config.SESSION_TTL_HOURS, ctx.config.SESSION_MAX_HOURS),
      2,
    );
  });

  it('the lifetimes are configurable', () => {
    const config = testConfig({ SESSION_TTL_HOURS: '8', SESSION_MAX_HOURS: '72' });
    expect(config.SESSION_TTL_HOURS).toBe(8);
    expect(config.SESSION_MAX_HOURS).toBe(72);
    expect(testConfig().SESSION_MAX_HOURS).toBe(24 * 30);
    expect(() => testConfig({ SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
  });
});

describe('sign out everywhere (POST /api/v1/auth/logout-all)', () => {
  it('ends every session of the user, in every browser, and no one else’s', async () => {
    const email = studentEmailOf(116692);
    const phone = await ctx.signIn(email);
    const laptop = await ctx.signIn(email);
    const lab = await ctx.signIn(email);
    const someoneElse = await ctx.signIn(studentEmailOf(118983));
    const userId = (await phone.get<{ user: { id: number } }>(API.me)).body.user.id;
    const count = async () =>
      (
        await ctx.database.query<{ n: number }>(
          'select count(*)::int as n from sessions where user_id = $1',
          [userId],
        )
      )[0]!.n;
    expect(await count()).toBeGreaterThanOrEqual(3);

    const res = await laptop.post(API.logoutAll);
    expect(res.status).toBe(204);
    expect(laptop.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await count()).toBe(0);
    for (const browser of [phone, laptop, lab]) expect((await browser.get(API.me)).status).toBe(401);
    expect((await someoneElse.get(API.me)).status).toBe(200);
  });

  it('needs the CSRF header and a session', async () => {
    const browser = await ctx.signIn(studentEmailOf(116692));
    const refused = await browser.post(API.logoutAll, undefined, { csrf: false });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: UI_TEXTS.csrfFailed });
    expect((await browser.get(API.me)).status).toBe(200);

    const signedOut = await ctx.browser().post(API.logoutAll);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ detail: UI_TEXTS.notAuthenticated });
  });
});

describe('CSRF is enforced by the guard for every write, whatever the route declares', () => {
  it('refuses POST, PUT, PATCH and DELETE without the header on routes that say nothing about CSRF', async () => {
    // A fresh instance with routes added after buildApp, as a careless module would: public access,
    // no mention of CSRF anywhere. Their handlers count the calls that got through.
    const app = await buildApp({ database: ctx.database, config: testConfig(), boss: null });
    let calls = 0;
    const handler = async () => {
      calls += 1;
      return { ok: true };
    };
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      app.route({ method, url: '/api/v1/forgetful-probe', config: { access: { kind: 'public' } }, handler });
      app.route({ method, url: '/forgetful-page-probe', handler }); // outside /api: public by default
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    extraApps.push(app);
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const browser = new Browser(`http://127.0.0.1:${address.port}`);
    const token = await browser.ensureCsrf();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of ['/api/v1/forgetful-probe', '/forgetful-page-probe']) {
        const missing = await browser.request(method, path, { json: {}, csrf: false });
        expect(missing.status, `${method} ${path} without the header`).toBe(403);
        const wrong = await browser.request(method, path, { json: {}, csrf: `${token}x` });
        expect(wrong.status, `${method} ${path} with a wrong header`).toBe(403);
      }
    }
    expect(calls).toBe(0);
    // With the header the same routes run: the 403s above came from the CSRF check.
    const ok = await browser.request('PUT', '/api/v1/forgetful-probe', { json: {} });
    expect(ok.status).toBe(200);
    expect(calls).toBe(1);
  });
});

describe('sign-in rate limit across server instances', () => {
  it('failures on one instance count on the other (the counts live in the database)', async () => {
    const { url } = await startInstance();
    const email = studentEmailOf(123044);
    const one = new Browser(ctx.baseUrl);
    const two = new Browser(url);
    for (let i = 0; i < ctx.config.LOGIN_MAX_FAILURES; i++) {
      const res = await (i % 2 === 0 ? one : two).signIn(email, `wrong-${i}`);
      expect(res.status, `failure ${i + 1}`).toBe(400);
    }
    for (const browser of [one, two]) {
      const locked = await browser.signIn(email, DEMO_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ detail: UI_TEXTS.loginRateLimited });
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(ctx.config.LOGIN_WINDOW_MINUTES * 60);
      expect(locked.setCookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });
});

describe('no account enumeration', () => {
  it('an unknown address and a wrong password get the same status, body and cookies', async () => {
    const unknown = await ctx.browser().signIn('no-such-person-sec@demo.edu', 'wrong-password');
    const wrong = await ctx.browser().signIn(studentEmailOf(123044), 'wrong-password');
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body).toEqual({ [NON_FIELD_ERRORS]: [UI_TEXTS.loginFailed] });
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.setCookies.map((c) => c.name).sort()).toEqual(unknown.setCookies.map((c) => c.name).sort());
  });

  it('an unknown address is locked after as many failures as a real one, with the same answer', async () => {
    const real = studentEmailOf(123044);
    const unknown = 'no-such-person-sec-2@demo.edu';
    const answers: Record<string, { status: number; body: unknown }[]> = { [real]: [], [unknown]: [] };
    for (const email of [real, unknown]) {
      for (let i = 0; i <= ctx.config.LOGIN_MAX_FAILURES; i++) {
        const res = await ctx.browser().signIn(email, `wrong-${i}`);
        answers[email]!.push({ status: res.status, body: res.body });
      }
    }
    expect(answers[real]!.map((a) => a.status)).toEqual([
      ...Array(ctx.config.LOGIN_MAX_FAILURES).fill(400),
      429,
    ]);
    expect(answers[unknown]).toEqual(answers[real]);
  });
});
