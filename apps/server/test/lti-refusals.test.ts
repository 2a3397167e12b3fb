import { API, LIS, LTI_API, LTI_REFUSAL_TEXTS, type LtiRefusalCode } from '@course-coach/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LtiTamper } from '../src/modules/lms/canvas-lti-standin.ts';
import { FIRST_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { Browser, getTestContext, type HttpResult, type TestContext } from './helpers.ts';
import { createLtiWorld, type LtiWorld, launchCounts, linkCourse } from './lti-fixture.ts';
import { launch, launchForm, loginParams, postForm, standinRegistration } from './lti-helpers.ts';

/**
 * Refused LTI launches (docs/lti.md, Refusals): each answers the plain page with its sentence, logs the
 * reason, and creates nothing (no account, session, identity, membership, enrollment or course).
 */

const COURSE = FIRST_COURSE_ID + 3;

let ctx: TestContext;
let w: LtiWorld;

beforeAll(async () => {
  ctx = await getTestContext();
  w = await createLtiWorld(ctx, 'lti-refusals');
  await linkCourse(ctx, w, COURSE, w.coachId);
});

afterEach(() => {
  w.t.standin.lti!.tamper = null;
});

afterAll(async () => {
  await w?.dispose();
});

/** Runs `attempt`, expects the refusal page for `code` and a logged reason matching `reason`, nothing written. */
async function expectRefused(
  code: LtiRefusalCode,
  reason: RegExp,
  attempt: (b: Browser) => Promise<HttpResult>,
) {
  const before = await launchCounts(ctx);
  const logged = w.t.refusals.length;
  const browser = new Browser(w.t.baseUrl);
  const answer = await attempt(browser);
  expect(answer.status).toBe(400);
  expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  expect(answer.text).toContain(LTI_REFUSAL_TEXTS[code]);
  expect(w.t.refusals.slice(logged)).toEqual([
    expect.objectContaining({ code, reason: expect.stringMatching(reason) }),
  ]);
  expect(await launchCounts(ctx)).toEqual(before);
  expect(browser.cookie('sessionid')).toBeUndefined();
  expect((await browser.get(API.me)).status).toBe(401);
  return answer;
}

const tampered = (tamper: LtiTamper) => (b: Browser) => {
  w.t.standin.lti!.tamper = tamper;
  return launch(b, w.t.standin, 'student', COURSE);
};

describe('refused LTI launches', () => {
  it('an id_token signed by another key', async () => {
    const answer = await expectRefused(
      'invalid',
      /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/,
      tampered('bad-signature'),
    );
    // The page may be framed by the registered platform only.
    expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors ${w.t.standin.url}`);
  });

  it('an id_token for another tool (wrong audience)', async () => {
    await expectRefused('invalid', /claim aud/, tampered('wrong-audience'));
  });

  it('an expired id_token', async () => {
    await expectRefused('invalid', /ERR_JWT_EXPIRED/, tampered('expired'));
  });

  it('an id_token with another issuer than the registration’s', async () => {
    await expectRefused('invalid', /claim iss/, tampered('wrong-issuer'));
  });

  it('an id_token whose nonce is not the login’s', async () => {
    await expectRefused('invalid', /nonce is not the one this login sent/, tampered('wrong-nonce'));
  });

  it('an id_token from a deployment the registration does not list', async () => {
    await expectRefused(
      'unknown_platform',
      /unknown deployment id "deployment-nobody-registered"/,
      tampered('unknown-deployment'),
    );
  });

  it('a replayed launch (the same id_token and state posted again)', async () => {
    const first = new Browser(w.t.baseUrl);
    const form = await launchForm(first, w.t.standin, 'student', COURSE);
    expect((await postForm(first, form.action, { id_token: form.id_token, state: form.state })).status).toBe(
      303,
    );
    await expectRefused('expired', /unknown or already used state/, (b) => {
      for (const [k, v] of first.jar) if (k === 'lti_browser') b.jar.set(k, v);
      return postForm(b, form.action, { id_token: form.id_token, state: form.state });
    });
  });

  it('a wrong state, or the right state from another browser', async () => {
    await expectRefused('expired', /unknown or already used state/, async (b) => {
      const form = await launchForm(b, w.t.standin, 'student', COURSE);
      return postForm(b, form.action, { id_token: form.id_token, state: `${form.state}x` });
    });
    const starter = new Browser(w.t.baseUrl);
    const form = await launchForm(starter, w.t.standin, 'student', COURSE);
    await expectRefused('expired', /another browser/, (b) =>
      postForm(b, form.action, { id_token: form.id_token, state: form.state }),
    );
  });

  it('a login from an unknown issuer, client id or deployment', async () => {
    await expectRefused('unknown_platform', /unknown issuer "https:\/\/lms.unknown.example"/, (b) =>
      b.get(
        `${LTI_API.login}?${loginParams(w.t.standin, 'student', COURSE, { iss: 'https://lms.unknown.example' })}`,
      ),
    );
    await expectRefused('unknown_platform', /client id "999"/, (b) =>
      b.get(`${LTI_API.login}?${loginParams(w.t.standin, 'student', COURSE, { client_id: '999' })}`),
    );
    await expectRefused('unknown_platform', /unknown deployment id "other"/, (b) =>
      postForm(
        b,
        LTI_API.login,
        Object.fromEntries(loginParams(w.t.standin, 'student', COURSE, { lti_deployment_id: 'other' })),
      ),
    );
  });

  it('an Administrator role never grants staff unless the registration maps it', async () => {
    await expectRefused('no_role', /institution\/person#Administrator asks for staff/, (b) =>
      launch(b, w.t.standin, 'admin', COURSE),
    );
    // Roles that give no coach role (an observer) are refused too.
    await expectRefused('no_role', /map to no role/, (b) => launch(b, w.t.standin, 'observer', COURSE));
    // Mapped explicitly, the same launch makes the person institution staff.
    const put = await w.staff.request('PUT', LTI_API.registration(w.institutionId, w.registrationId), {
      json: standinRegistration(w.t.standin, { staff_roles: [LIS.institutionAdmin] }),
    });
    expect(put.status, put.text).toBe(200);
    const browser = new Browser(w.t.baseUrl);
    expect((await launch(browser, w.t.standin, 'admin', COURSE)).status).toBe(303);
    const [row] = await ctx.database.query<{ role: string }>(
      `select m.role from institution_memberships m join users u on u.id = m.user_id where u.email = $1`,
      ['adam.admin@lti-test.edu'],
    );
    expect(row?.role).toBe('staff');
  });

  it('a deactivated account is told so in plain words', async () => {
    await ctx.database.query(
      `insert into users (institution_id, email, name, password_hash, deactivated_at)
       values ($1, 'sam.second@lti-test.edu', 'Sam Second', '!sso', now())`,
      [w.institutionId],
    );
    const answer = await expectRefused('deactivated', /is deactivated/, (b) =>
      launch(b, w.t.standin, 'student2', COURSE),
    );
    expect(answer.text).toContain('Your Course Coach account has been deactivated.');
  });

  it('a launch without an e-mail address for a new account', async () => {
    await expectRefused('no_identifier', /no e-mail address/, (b) =>
      launch(b, w.t.standin, 'no-email', COURSE),
    );
  });
});

describe('platform registrations', () => {
  it('answer 400 with field errors, and record every change in the audit log', async () => {
    const bad = await w.staff.post(LTI_API.registrations(w.institutionId), {
      ...standinRegistration(w.t.standin),
      issuer: 'ftp://x',
      jwks_url: 'not a url',
      platform_origin: 'https://lms.example/courses/1',
      deployment_ids: [],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body as object).sort()).toEqual([
      'deployment_ids',
      'issuer',
      'jwks_url',
      'platform_origin',
    ]);
    const duplicate = await w.staff.post(
      LTI_API.registrations(w.institutionId),
      standinRegistration(w.t.standin),
    );
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ client_id: ['This platform and client id are already registered.'] });
    const list = await w.staff.get<{ registrations: Array<{ id: number }>; tool: Record<string, string> }>(
      LTI_API.registrations(w.institutionId),
    );
    expect(list.body.registrations.map((r) => r.id)).toEqual([w.registrationId]);
    expect(list.body.tool.jwks_url).toBe(`${w.t.baseUrl}${LTI_API.jwks}`);
    const actions = await ctx.database.query<{ action: string }>(
      `select action from audit_log where institution_id = $1 and action like 'lti.registration.%' order by id`,
      [w.institutionId],
    );
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['lti.registration.create']));
  });

  it('serve our JWKS and the Canvas tool configuration', async () => {
    const b = new Browser(w.t.baseUrl);
    const jwks = await b.get<{ keys: Array<Record<string, string>> }>(LTI_API.jwks);
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.body.keys[0]).not.toHaveProperty('d');
    const config = await b.get<Record<string, unknown>>(LTI_API.config);
    expect(config.body).toMatchObject({
      oidc_initiation_url: `${w.t.baseUrl}${LTI_API.login}`,
      target_link_uri: `${w.t.baseUrl}${LTI_API.launch}`,
      public_jwk_url: `${w.t.baseUrl}${LTI_API.jwks}`,
    });
  });
});
