import {
  API,
  type Me,
  PAGES,
  SSO_API,
  SSO_ERROR_PARAM,
  SSO_ERROR_TEXTS,
  SSO_PASSWORD_OFF_TEXT,
  type SsoConfig,
  type SsoProviders,
} from '@course-coach/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdTokenTamper } from '../src/modules/sso/oidc-standin.ts';
import {
  Browser,
  cleanLoginFailuresAfterEach,
  DEMO_PASSWORD,
  getTestContext,
  insertOtherInstitution,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
} from './helpers.ts';
import { type SsoTestApp, standinConfig, startSsoTestApp, throughProvider } from './sso-helpers.ts';

/**
 * OpenID Connect sign-in end to end (docs/sso.md): the app and the stand-in provider (oidc-provider)
 * talk real HTTP; the test walks the provider's sign-in page like a browser.
 */

const SLUG = 'sso-test-u';
const ADMIN = 'sso-admin@sso-test.edu';

let ctx: TestContext;
let t: SsoTestApp;
let institutionId: number;
let admin: Browser;

const accounts = {
  'new-student': { email: 'New.Student@sso-test.edu', name: 'Nia Student', roles: ['student', 'member'] },
  'new-faculty': { email: 'faculty@sso-test.edu', name: 'Fay Faculty', roles: ['faculty'] },
  'new-employee': { email: 'employee@sso-test.edu', name: 'Emil Employee', roles: ['employee'] },
  'sso-admin': { email: ADMIN, name: 'Ada Admin', roles: ['employee'] },
  mallory: { email: 'mallory@sso-test.edu', name: 'Mallory', roles: ['student', 'staff'] },
  nobody: { email: 'nobody@sso-test.edu', name: 'No Role', roles: ['alumni'] },
  'no-email': { name: 'No Email', roles: ['student'] },
  elsewhere: { email: studentEmailOf(11391), name: 'Demo student', roles: ['student'] },
  racer: { email: 'racer@sso-test.edu', name: 'Rae Racer', roles: ['student'] },
};

async function counts() {
  const [row] = await ctx.database.query<{
    users: number;
    sessions: number;
    identities: number;
    memberships: number;
  }>(
    `select (select count(*)::int from users) as users,
            (select count(*)::int from sessions) as sessions,
            (select count(*)::int from sso_identities) as identities,
            (select count(*)::int from institution_memberships) as memberships`,
  );
  return row!;
}

/** Signs on as `login` in a new browser; returns the browser and where the callback sent it. */
async function signOn(login: string, next = '/') {
  const browser = new Browser(t.baseUrl);
  const callback = await throughProvider(browser, SLUG, login, next);
  const res = await browser.get(callback);
  expect(res.status).toBe(302);
  return { browser, location: res.headers.get('location')!, callback };
}

async function configure(overrides = {}) {
  const res = await admin.request('PUT', SSO_API.config(institutionId), {
    json: standinConfig(t.standin, overrides),
  });
  expect(res.status, res.text).toBe(200);
  return res;
}

beforeAll(async () => {
  ctx = await getTestContext();
  ({ institutionId } = await insertOtherInstitution(ctx, {
    name: 'SSO Test University',
    slug: SLUG,
    email: ADMIN,
    userName: 'Ada Admin',
    role: 'admin',
  }));
  t = await startSsoTestApp(ctx, accounts);
  admin = new Browser(t.baseUrl);
  expect((await admin.signIn(ADMIN)).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await ctx.database.query('delete from institutions where id = $1', [institutionId]);
});

beforeEach(async () => {
  t.standin.setTamper(null);
  t.refusals.length = 0;
  await configure();
});

cleanLoginFailuresAfterEach();

describe('sign-on end to end', () => {
  it('creates a student account on the first sign-on, links it by sub on the next, and goes to `next`', async () => {
    const before = await counts();
    const first = await signOn('new-student', '/coach/1?tab=x');
    expect(first.location).toBe('/coach/1?tab=x');
    const me = await first.browser.get<Me>(API.me);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'new.student@sso-test.edu', name: 'Nia Student' });
    expect(me.body.institutions).toEqual([]);
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities + 1);
    expect(after.memberships).toBe(before.memberships);
    const [user] = await ctx.database.query<{ institution_id: number; password_hash: string }>(
      'select institution_id, password_hash from users where email = $1',
      ['new.student@sso-test.edu'],
    );
    expect(user).toEqual({ institution_id: institutionId, password_hash: '!sso' });

    const second = await signOn('new-student');
    expect(second.location).toBe('/');
    expect((await second.browser.get<Me>(API.me)).body.user.id).toBe(me.body.user.id);
    expect((await counts()).users).toBe(after.users);
  });

  it('links the first sign-on to the existing account with that e-mail and maps employee to staff', async () => {
    const [adminRow] = await ctx.database.query<{ id: number }>('select id from users where email = $1', [
      ADMIN,
    ]);
    const { browser } = await signOn('sso-admin');
    const me = await browser.get<Me>(API.me);
    expect(me.body.user.id).toBe(adminRow!.id);
    const employee = await signOn('new-employee');
    const meEmployee = await employee.browser.get<Me>(API.me);
    expect(meEmployee.body.institutions).toEqual([
      { id: institutionId, name: 'SSO Test University', role: 'staff' },
    ]);
  });

  it('keeps the way back on this site: an absolute or protocol-relative `next` goes home', async () => {
    expect((await signOn('new-faculty', '//evil.example/x')).location).toBe('/');
    expect((await signOn('new-faculty', 'https://evil.example/')).location).toBe('/');
  });
});

describe('refusals: nothing written, the reason logged, the sign-in page told why', () => {
  const tampers: Array<[IdTokenTamper, RegExp]> = [
    ['bad-signature', /signature/i],
    ['wrong-audience', /aud/],
    ['expired', /exp/],
    ['wrong-nonce', /nonce/],
    ['wrong-issuer', /iss/],
  ];
  for (const [tamper, reason] of tampers) {
    it(`refuses an ID token with ${tamper}`, async () => {
      t.standin.setTamper(tamper);
      const before = await counts();
      const { location, browser } = await signOn('new-faculty');
      expect(location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=failed`);
      expect(t.refusals).toHaveLength(1);
      expect(t.refusals[0]).toMatchObject({ institutionId, code: 'failed' });
      expect(t.refusals[0]!.reason).toMatch(reason);
      expect(await counts()).toEqual(before);
      expect((await browser.get<Me>(API.me)).status).toBe(401);
    });
  }

  it('refuses a changed state, a used state and a state of another browser', async () => {
    const before = await counts();
    const browser = new Browser(t.baseUrl);
    const callback = await throughProvider(browser, SLUG, 'new-faculty');
    const changed = callback.replace(/state=([^&]+)/, 'state=not-the-state');
    expect((await browser.get(changed)).headers.get('location')).toBe(
      `${PAGES.login}?${SSO_ERROR_PARAM}=expired`,
    );

    const other = new Browser(t.baseUrl);
    const fresh = await throughProvider(browser, SLUG, 'new-faculty');
    expect((await other.get(fresh)).headers.get('location')).toBe(
      `${PAGES.login}?${SSO_ERROR_PARAM}=expired`,
    );
    // The state is spent by that attempt: the right browser cannot use it afterwards either.
    expect((await browser.get(fresh)).headers.get('location')).toBe(
      `${PAGES.login}?${SSO_ERROR_PARAM}=expired`,
    );
    expect(t.refusals.map((r) => r.reason)).toEqual([
      'unknown or already used state',
      'the state belongs to another browser',
      'unknown or already used state',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a role claim that asks for staff the mapping does not grant, and one that maps to nothing', async () => {
    await configure({ role_mapping: { student: 'student' } });
    const before = await counts();
    const mallory = await signOn('mallory');
    expect(mallory.location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=no_role`);
    expect(t.refusals[0]!.reason).toBe(
      'role claim "roles" holds "staff", which the mapping does not grant staff',
    );
    const nobody = await signOn('nobody');
    expect(nobody.location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=no_role`);
    expect(t.refusals[1]!.reason).toBe('role claim "roles" values ["alumni"] map to no role');
    expect(await counts()).toEqual(before);
  });

  it('tells a deactivated account so in plain words, and starts no session', async () => {
    const first = await signOn('new-student');
    expect(first.location).toBe('/');
    await ctx.database.query('update users set deactivated_at = now() where email = $1', [
      'new.student@sso-test.edu',
    ]);
    try {
      const sessions = (await counts()).sessions;
      const refused = await signOn('new-student');
      expect(refused.location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=deactivated`);
      expect((await refused.browser.get(API.me)).status).toBe(401);
      expect((await counts()).sessions).toBe(sessions);
      expect(SSO_ERROR_TEXTS.deactivated).toBe(
        'Your Course Coach account has been deactivated. Ask your institution’s help desk if you need it again.',
      );
    } finally {
      await ctx.database.query('update users set deactivated_at = null where email = $1', [
        'new.student@sso-test.edu',
      ]);
    }
  });

  it('refuses a sign-on without an e-mail, and one whose e-mail is another institution’s account', async () => {
    const before = await counts();
    expect((await signOn('no-email')).location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=no_identifier`);
    expect((await signOn('elsewhere')).location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=other_institution`);
    expect(await counts()).toEqual(before);
  });

  it('refuses a provider whose discovery document names another issuer (an issuer it does not know)', async () => {
    await configure({ issuer: `${t.standin.issuer}/other` });
    const res = await new Browser(t.baseUrl).get(SSO_API.start(SLUG));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=unavailable`);
    expect(t.refusals[0]!.reason).toMatch(new RegExp(`^discovery of ${t.standin.issuer}/other failed`));
  });

  it('signs in once when the same first sign-on arrives twice at the same moment', async () => {
    const before = await counts();
    const a = new Browser(t.baseUrl);
    const b = new Browser(t.baseUrl);
    const [ca, cb] = [await throughProvider(a, SLUG, 'racer'), await throughProvider(b, SLUG, 'racer')];
    const [ra, rb] = await Promise.all([a.get(ca), b.get(cb)]);
    expect([ra.headers.get('location'), rb.headers.get('location')]).toEqual(['/', '/']);
    const [ma, mb] = [await a.get<Me>(API.me), await b.get<Me>(API.me)];
    expect(ma.body.user.id).toBe(mb.body.user.id);
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities + 1);
  });

  it('answers 404 to the start of an institution without enabled SSO', async () => {
    await configure({ enabled: false });
    expect((await new Browser(t.baseUrl).get(SSO_API.start(SLUG))).status).toBe(404);
    expect((await new Browser(t.baseUrl).get(SSO_API.start('no-such-institution'))).status).toBe(404);
  });
});

describe('configuration', () => {
  it('never answers the client secret, keeps it when omitted, and validates every field', async () => {
    const got = await admin.get<{ config: SsoConfig }>(SSO_API.config(institutionId));
    expect(got.status).toBe(200);
    expect(got.text).not.toContain('course-coach-test-secret');
    expect(got.body.config).toMatchObject({
      client_secret_set: true,
      redirect_uri: `${t.baseUrl}${SSO_API.callback}`,
      role_mapping: { student: 'student', faculty: 'instructor', employee: 'staff' },
    });
    expect(got.body.config && 'client_secret' in got.body.config).toBe(false);
    // Omitted secret: the stored one still signs in.
    await configure({ client_secret: undefined });
    expect((await signOn('new-faculty')).location).toBe('/');

    const bad = await admin.request<Record<string, string[]>>('PUT', SSO_API.config(institutionId), {
      json: {
        ...standinConfig(t.standin),
        issuer: 'http://idp.example.edu',
        scopes: 'email profile',
        role_claim: 'has space',
        role_mapping: { x: 'admin' },
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['issuer', 'role_claim', 'role_mapping.x', 'scopes']);
    expect(bad.body.issuer).toEqual([
      'Enter the provider’s issuer URL, starting with https:// (no query or #).',
    ]);
  });

  it('turns local passwords off for the institution’s users only, and the sign-in page’s list says so', async () => {
    await configure({ password_login: false });
    const refused = await new Browser(t.baseUrl).signIn(ADMIN, DEMO_PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [SSO_PASSWORD_OFF_TEXT] });
    expect((await new Browser(t.baseUrl).signIn(STAFF_EMAIL)).status).toBe(200);
    const providers = await new Browser(t.baseUrl).get<SsoProviders>(SSO_API.providers);
    expect(providers.body.providers).toContainEqual({
      slug: SLUG,
      institution: 'SSO Test University',
      label: 'Test University',
      protocol: 'oidc',
    });
    expect(providers.body.password_login).toBe(true);
    await configure({ password_login: true });
    expect((await new Browser(t.baseUrl).signIn(ADMIN, DEMO_PASSWORD)).status).toBe(200);
  });
});
