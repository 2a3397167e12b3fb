import { API, type Me, PAGES, SAML_API, SSO_ERROR_PARAM, SSO_ERROR_TEXTS } from '@course-coach/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSamlResponse, OID } from '../src/modules/sso/saml-assertion.ts';
import { Browser, getTestContext, insertOtherInstitution, type TestContext } from './helpers.ts';
import {
  postAcs,
  type SamlTestApp,
  samlConfig,
  startSaml,
  startSamlTestApp,
  throughStandin,
} from './saml-helpers.ts';

/**
 * SAML 2.0 sign-in end to end (docs/sso.md, SAML): the app and the stand-in identity provider talk real
 * HTTP with real signed assertions (xml-crypto); the refusals post assertions built to fail one check.
 */

const SLUG = 'saml-test-u';
const ADMIN = 'saml-admin@saml-test.edu';

let ctx: TestContext;
let t: SamlTestApp;
let institutionId: number;
let admin: Browser;

const accounts = {
  'new-student': {
    mail: 'New.Student@saml-test.edu',
    displayName: 'Sam Student',
    affiliations: ['student', 'member'],
  },
  'new-employee': {
    mail: 'employee@saml-test.edu',
    displayName: 'Emma Employee',
    affiliations: ['employee'],
  },
  ada: { mail: 'ada.lovelace@saml-test.edu', eduPersonPrincipalName: ADMIN, affiliations: ['faculty'] },
  'gone-student': { mail: 'gone.student@saml-test.edu', displayName: 'Gus Gone', affiliations: ['student'] },
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

async function configure(overrides = {}) {
  const res = await admin.request('PUT', SAML_API.config(institutionId), {
    json: samlConfig(t.standin, overrides),
  });
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  ctx = await getTestContext();
  ({ institutionId } = await insertOtherInstitution(ctx, {
    name: 'SAML Test University',
    slug: SLUG,
    email: ADMIN,
    userName: 'Ada Admin',
    role: 'admin',
  }));
  t = await startSamlTestApp(ctx, accounts);
  admin = new Browser(t.baseUrl);
  expect((await admin.signIn(ADMIN)).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await ctx.database.query('delete from institutions where id = $1', [institutionId]);
});

beforeEach(async () => {
  t.refusals.length = 0;
  await configure();
});

describe('SAML sign-on end to end through the stand-in', () => {
  it('creates a student account on the first sign-on, links it by NameID on the next, and goes to `next`', async () => {
    const before = await counts();
    const browser = new Browser(t.baseUrl);
    const first = await throughStandin(browser, SLUG, 'new-student', '/coach/1?tab=x');
    expect(first).toEqual({ status: 302, location: '/coach/1?tab=x' });
    expect(t.refusals).toEqual([]);
    const me = await browser.get<Me>(API.me);
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email: 'new.student@saml-test.edu', name: 'Sam Student' });
    expect(me.body.institutions).toEqual([]);
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.identities).toBe(before.identities + 1);
    expect(after.memberships).toBe(before.memberships);
    const [identity] = await ctx.database.query<{ issuer: string; subject: string }>(
      'select issuer, subject from sso_identities s join users u on u.id = s.user_id where u.email = $1',
      ['new.student@saml-test.edu'],
    );
    expect(identity).toEqual({
      issuer: t.standin.entityId,
      subject: `standin-${Buffer.from('new-student').toString('hex')}`,
    });

    const again = new Browser(t.baseUrl);
    expect((await throughStandin(again, SLUG, 'new-student')).location).toBe('/');
    expect((await again.get<Me>(API.me)).body.user.id).toBe(me.body.user.id);
    expect((await counts()).users).toBe(after.users);
  });

  it('maps employee to staff only through the mapping, and links by eduPersonPrincipalName when configured', async () => {
    const employee = new Browser(t.baseUrl);
    expect((await throughStandin(employee, SLUG, 'new-employee')).location).toBe('/');
    expect((await employee.get<Me>(API.me)).body.institutions).toEqual([
      { id: institutionId, name: 'SAML Test University', role: 'staff' },
    ]);

    await configure({ identifier_attribute: 'urn:oid:1.3.6.1.4.1.5923.1.1.1.6' });
    const [adminRow] = await ctx.database.query<{ id: number }>('select id from users where email = $1', [
      ADMIN,
    ]);
    const ada = new Browser(t.baseUrl);
    expect((await throughStandin(ada, SLUG, 'ada')).location).toBe('/');
    expect((await ada.get<Me>(API.me)).body.user.id).toBe(adminRow!.id);
  });

  it('tells a deactivated account so in plain words, starts no session and writes nothing', async () => {
    const first = new Browser(t.baseUrl);
    expect((await throughStandin(first, SLUG, 'gone-student')).location).toBe('/');
    await ctx.database.query('update users set deactivated_at = now() where email = $1', [
      'gone.student@saml-test.edu',
    ]);
    const before = await counts();
    const browser = new Browser(t.baseUrl);
    expect(await throughStandin(browser, SLUG, 'gone-student')).toEqual({
      status: 302,
      location: `${PAGES.login}?${SSO_ERROR_PARAM}=deactivated`,
    });
    expect((await browser.get(API.me)).status).toBe(401);
    expect(await counts()).toEqual(before);
    expect(t.refusals).toHaveLength(1);
    expect(t.refusals[0]).toMatchObject({ institutionId, code: 'deactivated' });
    expect(t.refusals[0]!.reason).toMatch(/^user [0-9]+ is deactivated$/);
    // The sentence the sign-in page shows for that code (the same as OIDC's and LTI's).
    expect(SSO_ERROR_TEXTS.deactivated).toBe(
      'Your Course Coach account has been deactivated. Ask your institution’s help desk if you need it again.',
    );
  });
});

describe('refusals: nothing written, the reason logged, the sign-in page told why', () => {
  const goodAttributes = {
    [OID.mail]: ['refused@saml-test.edu'],
    [OID.displayName]: ['Rita Refused'],
    [OID.eduPersonAffiliation]: ['student'],
  };

  /** Starts a sign-on, posts the assertion `build` makes for it, and checks the refusal. */
  async function expectRefused(
    code: string,
    reason: RegExp,
    build: (ctx: { requestId: string; audience: string; acsUrl: string }) => string,
  ) {
    const browser = new Browser(t.baseUrl);
    const { requestId, issuer } = await startSaml(browser, SLUG);
    const before = await counts();
    const res = await postAcs(
      browser,
      SLUG,
      build({ requestId, audience: issuer, acsUrl: `${t.baseUrl}${SAML_API.acs(SLUG)}` }),
    );
    expect(res).toEqual({ status: 302, location: `${PAGES.login}?${SSO_ERROR_PARAM}=${code}` });
    expect(await counts()).toEqual(before);
    expect(browser.cookie('sessionid')).toBeUndefined();
    expect(t.refusals).toHaveLength(1);
    expect(t.refusals[0]).toMatchObject({ institutionId, code });
    expect(t.refusals[0]!.reason).toMatch(reason);
  }

  const assertion = (
    c: { requestId: string; audience: string; acsUrl: string },
    more: Partial<Parameters<typeof buildSamlResponse>[0]> = {},
  ) =>
    buildSamlResponse({
      issuer: t.standin.entityId,
      audience: c.audience,
      acsUrl: c.acsUrl,
      inResponseTo: c.requestId,
      attributes: goodAttributes,
      ...more,
    });

  it('accepts the well-formed assertion these refusals start from', async () => {
    const browser = new Browser(t.baseUrl);
    const { requestId, issuer } = await startSaml(browser, SLUG);
    const acsUrl = `${t.baseUrl}${SAML_API.acs(SLUG)}`;
    const res = await postAcs(browser, SLUG, assertion({ requestId, audience: issuer, acsUrl }));
    expect(res).toEqual({ status: 302, location: '/' });
    await ctx.database.query('delete from users where email = $1', ['refused@saml-test.edu']);
  });

  it('refuses an unsigned assertion', () =>
    expectRefused('failed', /signature/i, (c) => assertion(c, { signWith: 'none' })));

  it('refuses a tampered assertion (an attribute changed after signing)', () =>
    expectRefused('failed', /signature/i, (c) =>
      assertion(c, { tamper: (xml) => xml.replace('refused@saml-test.edu', 'someone.else@saml-test.edu') }),
    ));

  it('refuses an assertion signed by another key', () =>
    expectRefused('failed', /signature/i, (c) => assertion(c, { signWith: 'other' })));

  it('refuses an assertion for another audience', () =>
    expectRefused('failed', /audience/i, (c) =>
      assertion(c, { audience: 'https://other-sp.example/metadata' }),
    ));

  it('refuses an expired assertion (NotOnOrAfter passed)', () =>
    expectRefused('failed', /NotOnOrAfter|expired|subject confirmation/i, (c) =>
      assertion(c, { validForSeconds: -600 }),
    ));

  it('refuses an InResponseTo we never issued', () =>
    expectRefused('expired', /InResponseTo/, (c) => assertion({ ...c, requestId: '_never-issued' })));

  it('refuses an unknown issuer', () =>
    expectRefused('failed', /issuer/i, (c) => assertion(c, { issuer: 'https://unknown-idp.example/idp' })));

  it('refuses an attribute that asks for staff without a mapping to staff', () =>
    expectRefused('no_role', /"staff", which the mapping does not grant staff/, (c) =>
      assertion(c, { attributes: { ...goodAttributes, [OID.eduPersonAffiliation]: ['student', 'staff'] } }),
    ));

  it('refuses a replayed response (the same InResponseTo twice) and a replayed assertion ID', async () => {
    const browser = new Browser(t.baseUrl);
    const { requestId, issuer } = await startSaml(browser, SLUG);
    const acsUrl = `${t.baseUrl}${SAML_API.acs(SLUG)}`;
    const response = assertion(
      { requestId, audience: issuer, acsUrl },
      { assertionId: '_replayed-assertion' },
    );
    expect((await postAcs(browser, SLUG, response)).location).toBe('/');
    const before = await counts();
    const replay = await postAcs(browser, SLUG, response);
    expect(replay.location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=expired`);
    expect(t.refusals.at(-1)?.reason).toMatch(/InResponseTo/);

    // A new request answered by an assertion carrying the used ID.
    const other = new Browser(t.baseUrl);
    const second = await startSaml(other, SLUG);
    const again = assertion(
      { requestId: second.requestId, audience: issuer, acsUrl },
      { assertionId: '_replayed-assertion' },
    );
    expect((await postAcs(other, SLUG, again)).location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=expired`);
    expect(t.refusals.at(-1)?.reason).toMatch(/assertion _replayed-assertion was already used/);
    expect(await counts()).toEqual(before);
    await ctx.database.query('delete from users where email = $1', ['refused@saml-test.edu']);
  });

  it('lets only one of two simultaneous posts of one response through', async () => {
    const browser = new Browser(t.baseUrl);
    const { requestId, issuer } = await startSaml(browser, SLUG);
    const acsUrl = `${t.baseUrl}${SAML_API.acs(SLUG)}`;
    const response = assertion({ requestId, audience: issuer, acsUrl });
    const before = await counts();
    const results = await Promise.all([postAcs(browser, SLUG, response), postAcs(browser, SLUG, response)]);
    expect(results.map((r) => r.location).sort()).toEqual(['/', `${PAGES.login}?${SSO_ERROR_PARAM}=expired`]);
    const after = await counts();
    expect(after.users).toBe(before.users + 1);
    expect(after.sessions).toBe(before.sessions + 1);
    await ctx.database.query('delete from users where email = $1', ['refused@saml-test.edu']);
  });

  it('refuses a response to a request another browser started (login CSRF)', async () => {
    // The attacker starts a sign-on and gets a proper answer, then makes the victim's browser post it.
    const attacker = new Browser(t.baseUrl);
    const { requestId, issuer } = await startSaml(attacker, SLUG);
    const victim = new Browser(t.baseUrl);
    const before = await counts();
    const acsUrl = `${t.baseUrl}${SAML_API.acs(SLUG)}`;
    const res = await postAcs(victim, SLUG, assertion({ requestId, audience: issuer, acsUrl }));
    expect(res.location).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=expired`);
    expect(t.refusals[0]?.reason).toMatch(/belongs to another browser/);
    expect(victim.cookie('sessionid')).toBeUndefined();
    expect(await counts()).toEqual(before);
  });
});
