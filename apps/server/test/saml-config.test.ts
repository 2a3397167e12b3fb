import {
  PAGES,
  SAML_API,
  type SamlConfig,
  SSO_API,
  SSO_ERROR_PARAM,
  SSO_PASSWORD_OFF_TEXT,
  type SsoProviders,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSaml } from '../src/modules/sso/index.ts';
import { STANDIN_KEYS, standinMetadata } from '../src/modules/sso/saml-assertion.ts';
import {
  Browser,
  DEMO_PASSWORD,
  getTestContext,
  insertOtherInstitution,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';
import { type SamlTestApp, samlConfig, startSamlTestApp, throughStandin } from './saml-helpers.ts';

/**
 * SAML configuration (docs/sso.md, SAML): the staff's PUT/GET with the identity provider's metadata,
 * its field errors and audit entries, our service provider metadata, the sign-in page's button and
 * local passwords turned off.
 */

const SLUG = 'saml-config-u';
const ADMIN = 'saml-config-admin@saml-config.edu';

let ctx: TestContext;
let t: SamlTestApp;
let institutionId: number;
let admin: Browser;

beforeAll(async () => {
  ctx = await getTestContext();
  ({ institutionId } = await insertOtherInstitution(ctx, {
    name: 'SAML Config University',
    slug: SLUG,
    email: ADMIN,
    userName: 'Cora Config',
    role: 'admin',
  }));
  t = await startSamlTestApp(ctx, {});
  admin = new Browser(t.baseUrl);
  expect((await admin.signIn(ADMIN)).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  await ctx.database.query('delete from institutions where id = $1', [institutionId]);
});

const put = (body: unknown) =>
  admin.request<Record<string, string[]>>('PUT', SAML_API.config(institutionId), { json: body });

describe('configuration', () => {
  it('answers null before, refuses unusable metadata with field errors, writing nothing', async () => {
    expect((await admin.get(SAML_API.config(institutionId))).body).toEqual({ config: null });
    const cases: Array<[string, string]> = [
      ['<EntityDescriptor', 'This is not well-formed XML'],
      [
        '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>',
        'No SAML 2.0 identity provider',
      ],
      [
        standinMetadata('https://idp.example.edu/idp', 'ftp://idp.example.edu/sso'),
        'must start with https://',
      ],
      [
        standinMetadata('https://idp.example.edu/idp', 'https://idp.example.edu/sso').replace(
          /<md:KeyDescriptor[\s\S]*<\/md:KeyDescriptor>/,
          '',
        ),
        'has no signing certificate',
      ],
      [
        standinMetadata('https://idp.example.edu/idp', 'https://idp.example.edu/sso').replace(
          /<ds:X509Certificate>[^<]+/,
          '<ds:X509Certificate>bm90IGEgY2VydA==',
        ),
        'cannot be read',
      ],
    ];
    for (const [xml, message] of cases) {
      const res = await put(samlConfig(t.standin, { idp_metadata: xml }));
      expect(res.status, xml).toBe(400);
      expect(Object.keys(res.body)).toEqual(['idp_metadata']);
      expect(res.body.idp_metadata![0]).toContain(message);
    }
    const fields = await put({
      ...samlConfig(t.standin),
      role_attribute: 'has space',
      role_mapping: { x: 'admin' },
      label: '',
    });
    expect(fields.status).toBe(400);
    expect(Object.keys(fields.body).sort()).toEqual(['label', 'role_attribute', 'role_mapping.x']);
    expect((await admin.get(SAML_API.config(institutionId))).body).toEqual({ config: null });
    const [audit] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from audit_log where institution_id = $1',
      [institutionId],
    );
    expect(audit!.n).toBe(0);
  });

  it('reads the metadata, answers our side, serves our SP metadata and audits without the XML', async () => {
    const saved = await put(samlConfig(t.standin, { enabled: false }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const got = await admin.get<{ config: SamlConfig }>(SAML_API.config(institutionId));
    const sp = `${t.baseUrl}${SAML_API.metadata(SLUG)}`;
    expect(got.body.config).toMatchObject({
      enabled: false,
      idp_entity_id: t.standin.entityId,
      idp_sso_url: t.standin.ssoUrl,
      sp_entity_id: sp,
      sp_metadata_url: sp,
      acs_url: `${t.baseUrl}${SAML_API.acs(SLUG)}`,
    });
    // openssl x509 -noout -fingerprint -sha256 -in saml-standin-keys/idp.crt
    const { X509Certificate } = await import('node:crypto');
    expect(got.body.config.idp_cert_fingerprints).toEqual([
      new X509Certificate(STANDIN_KEYS.idp.cert).fingerprint256,
    ]);

    const metadata = await new Browser(t.baseUrl).get(SAML_API.metadata(SLUG));
    expect(metadata.status).toBe(200);
    expect(metadata.headers.get('content-type')).toContain('application/samlmetadata+xml');
    expect(metadata.text).toContain(`entityID="${sp}"`);
    expect(metadata.text).toContain(
      `<AssertionConsumerService index="1" isDefault="true" Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${t.baseUrl}${SAML_API.acs(SLUG)}"/>`,
    );
    expect(metadata.text).toContain('WantAssertionsSigned="true"');
    expect((await new Browser(t.baseUrl).get(SAML_API.metadata('no-such-u'))).status).toBe(404);
    // Disabled: no start, no button.
    expect((await new Browser(t.baseUrl).get(SAML_API.start(SLUG))).status).toBe(404);

    const rows = await ctx.database.query<{
      action: string;
      before: unknown;
      after: Record<string, unknown>;
    }>('select action, before, after from audit_log where institution_id = $1 order by id', [institutionId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'sso.saml.update', before: null });
    expect(rows[0]!.after).toMatchObject({ enabled: false, idp_entity_id: t.standin.entityId });
    expect(JSON.stringify(rows[0])).not.toContain('X509Certificate');
  });

  it('offers the SAML button, turns local passwords off for the institution’s users only', async () => {
    expect((await put(samlConfig(t.standin, { password_login: false }))).status).toBe(200);
    const providers = await new Browser(t.baseUrl).get<SsoProviders>(SSO_API.providers);
    expect(providers.body.providers).toContainEqual({
      slug: SLUG,
      institution: 'SAML Config University',
      label: 'SAML University',
      protocol: 'saml',
    });
    expect(providers.body.password_login).toBe(true);
    const refused = await new Browser(t.baseUrl).signIn(ADMIN, DEMO_PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [SSO_PASSWORD_OFF_TEXT] });
    expect((await new Browser(t.baseUrl).signIn(STAFF_EMAIL)).status).toBe(200);
    // The SAML sign-on still works.
    expect((await throughStandin(new Browser(t.baseUrl), SLUG, 'someone@saml-config.edu')).location).toBe(
      '/',
    );
    expect((await put(samlConfig(t.standin, { password_login: true }))).status).toBe(200);
    expect((await new Browser(t.baseUrl).signIn(ADMIN, DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuses turning passwords off with no role mapped, and a sign-on once SAML is turned off', async () => {
    const res = await put(samlConfig(t.standin, { password_login: false, role_mapping: {} }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['role_mapping']);
    // Started while enabled, turned off before the provider answers.
    expect((await put(samlConfig(t.standin))).status).toBe(200);
    const browser = new Browser(t.baseUrl);
    const started = await browser.get(SAML_API.start(SLUG));
    expect(started.status).toBe(302);
    expect((await put(samlConfig(t.standin, { enabled: false }))).status).toBe(200);
    const post = await browser.request('POST', SAML_API.acs(SLUG), {
      body: 'SAMLResponse=x',
      contentType: 'application/x-www-form-urlencoded',
      csrf: false,
    });
    expect(post.headers.get('location')).toBe(`${PAGES.login}?${SSO_ERROR_PARAM}=unavailable`);
  });

  it('the maintenance purge removes expired pending requests and assertion IDs, and keeps live ones', async () => {
    const q = ctx.database.query;
    await q(
      `insert into saml_requests (id, institution_id, browser_digest, return_to, expires_at) values
         ('_purge-old', $1, 'x', '/', now() - interval '1 minute'), ('_purge-live', $1, 'x', '/', now() + interval '5 minutes')`,
      [institutionId],
    );
    await q(
      `insert into saml_assertions (issuer, assertion_id, institution_id, expires_at) values
         ('purge-idp', '_old', $1, now() - interval '1 minute'), ('purge-idp', '_live', $1, now() + interval '5 minutes')`,
      [institutionId],
    );
    expect(await purgeExpiredSaml(ctx.database)).toBeGreaterThanOrEqual(2);
    expect(await q(`select id from saml_requests where id like '_purge-%'`)).toEqual([{ id: '_purge-live' }]);
    expect(await q(`select assertion_id from saml_assertions where issuer = 'purge-idp'`)).toEqual([
      { assertion_id: '_live' },
    ]);
  });
});
