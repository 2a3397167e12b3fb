import { inflateRawSync } from 'node:zlib';
import { SAML_API, type SamlConfigBody } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  type SamlStandin,
  type SamlStandinAccount,
  startSamlStandin,
} from '../src/modules/sso/saml-standin.ts';
import type { Browser, TestContext } from './helpers.ts';

/**
 * Set-up of the SAML suite: an app of its own on the file's test database (recording every refusal),
 * the stand-in identity provider, and drivers for the start, the provider's pages and the ACS post.
 */

export interface SamlTestApp {
  app: FastifyInstance;
  baseUrl: string;
  standin: SamlStandin;
  refusals: Array<{ institutionId: number | null; code: string; reason: string }>;
  close(): Promise<void>;
}

/** Starts the app and the stand-in (with `accounts`); the caller closes both with `close()`. */
export async function startSamlTestApp(
  ctx: TestContext,
  accounts: Record<string, SamlStandinAccount>,
): Promise<SamlTestApp> {
  const refusals: SamlTestApp['refusals'] = [];
  const app = await buildApp({
    database: ctx.database,
    config: ctx.config,
    boss: null,
    onSsoRefusal: (r) => refusals.push(r),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const standin = await startSamlStandin({ accounts });
  return {
    app,
    baseUrl: `http://127.0.0.1:${address.port}`,
    standin,
    refusals,
    close: async () => {
      await standin.close();
      await app.close();
    },
  };
}

/** A configuration body for the stand-in, with `overrides`. */
export function samlConfig(standin: SamlStandin, overrides: Partial<SamlConfigBody> = {}): SamlConfigBody {
  return {
    enabled: true,
    label: 'SAML University',
    idp_metadata: standin.metadata,
    identifier_attribute: 'mail',
    email_attribute: 'mail',
    name_attribute: 'displayName',
    role_attribute: 'eduPersonAffiliation',
    role_mapping: { student: 'student', faculty: 'instructor', employee: 'staff' },
    password_login: true,
    ...overrides,
  };
}

/** Starts a sign-on in `browser`; returns the identity provider URL and the AuthnRequest's ID and issuer. */
export async function startSaml(browser: Browser, slug: string, next = '/') {
  const res = await browser.get(`${SAML_API.start(slug)}?next=${encodeURIComponent(next)}`);
  expect(res.status, res.text).toBe(302);
  const url = new URL(res.headers.get('location')!);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
  return {
    url,
    xml,
    requestId: /\bID="([^"]+)"/.exec(xml)![1]!,
    issuer: /<saml:Issuer[^>]*>([^<]+)</.exec(xml)![1]!,
  };
}

/** Posts `samlResponse` to the ACS as the identity provider's form would; returns status and Location. */
export async function postAcs(browser: Browser, slug: string, samlResponse: string) {
  const res = await browser.request('POST', SAML_API.acs(slug), {
    body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    csrf: false,
  });
  return { status: res.status, location: res.headers.get('location') };
}

const field = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)));

/**
 * Signs on as `login` through the stand-in's pages, as a browser would: the start, the provider's sign-in
 * form, its auto-posting form to our ACS. @returns the ACS answer's status and Location.
 */
export async function throughStandin(browser: Browser, slug: string, login: string, next = '/') {
  const { url } = await startSaml(browser, slug, next);
  const signInPage = await (await fetch(url)).text();
  const form = new URLSearchParams({
    SAMLRequest: field(signInPage, 'SAMLRequest') ?? '',
    RelayState: field(signInPage, 'RelayState') ?? '',
    login,
    password: 'any',
  });
  const posted = await fetch(new URL('/sso/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const html = await posted.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action).toBe(`${browser.baseUrl}${SAML_API.acs(slug)}`);
  return postAcs(browser, slug, field(html, 'SAMLResponse')!);
}
