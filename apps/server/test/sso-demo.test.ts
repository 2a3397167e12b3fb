import { API, type Me, SSO_API, type SsoConfig } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLmsSettings } from '../src/modules/lms/index.ts';
import { demoRolesOf, startDemoSso } from '../src/modules/sso/demo.ts';
import type { OidcStandin } from '../src/modules/sso/oidc-standin.ts';
import { Browser, getTestContext, insertOtherInstitution, type TestContext } from './helpers.ts';
import { type SsoTestApp, standinConfig, startSsoTestApp, throughProvider } from './sso-helpers.ts';

/** The demo's single sign-on (docs/sso.md, Demo): `npm start` offers the stand-in as the demo institution's provider. */

const SLUG = 'sso-demo-u';
const ADMIN = 'sso-demo-admin@sso-demo.edu';

let ctx: TestContext;
let t: SsoTestApp;
let institutionId: number;
let demo: OidcStandin | null = null;

beforeAll(async () => {
  ctx = await getTestContext();
  ({ institutionId } = await insertOtherInstitution(ctx, {
    name: 'SSO Demo University',
    slug: SLUG,
    email: ADMIN,
    userName: 'Dee Admin',
    role: 'staff',
  }));
  t = await startSsoTestApp(ctx, {});
});

afterAll(async () => {
  await demo?.close();
  await t?.close();
  await ctx.database.query('delete from institutions where id = $1', [institutionId]);
});

describe('the demo single sign-on', () => {
  it('maps the demo accounts to roles: staff@demo.edu staff, instructor-… instructors, others students', () => {
    expect(demoRolesOf('Staff@demo.edu')).toEqual(['staff']);
    expect(demoRolesOf('instructor-aaa-2013j@demo.edu')).toEqual(['instructor']);
    expect(demoRolesOf('s11391@demo.edu')).toEqual(['student']);
  });

  it('starts the stand-in, configures the institution, and a new person signs in through it', async () => {
    const key = resolveLmsSettings(ctx.config).tokenKey;
    const port = Number(new URL(t.baseUrl).port);
    demo = await startDemoSso(ctx.database, key, institutionId, port);
    expect(demo).not.toBeNull();
    const admin = new Browser(t.baseUrl);
    expect((await admin.signIn(ADMIN)).status).toBe(200);
    const config = (await admin.get<{ config: SsoConfig }>(SSO_API.config(institutionId))).body.config;
    expect(config).toMatchObject({
      enabled: true,
      label: 'the demo provider',
      issuer: demo!.issuer,
      client_secret_set: true,
      role_mapping: { student: 'student', instructor: 'instructor', staff: 'staff' },
      password_login: true,
    });

    const browser = new Browser(t.baseUrl);
    const callback = await throughProvider(browser, SLUG, 'New.Person@sso-demo.edu');
    expect((await browser.get(callback)).headers.get('location')).toBe('/');
    expect((await browser.get<Me>(API.me)).body.user.email).toBe('new.person@sso-demo.edu');
  });

  it('leaves alone an institution whose provider is not on this machine', async () => {
    const key = resolveLmsSettings(ctx.config).tokenKey;
    const admin = new Browser(t.baseUrl);
    await admin.signIn(ADMIN);
    const real = { ...standinConfig(t.standin), issuer: 'https://idp.example.edu' };
    expect((await admin.request('PUT', SSO_API.config(institutionId), { json: real })).status).toBe(200);
    expect(await startDemoSso(ctx.database, key, institutionId, 3000)).toBeNull();
    const config = (await admin.get<{ config: SsoConfig }>(SSO_API.config(institutionId))).body.config;
    expect(config?.issuer).toBe('https://idp.example.edu');
  });
});
