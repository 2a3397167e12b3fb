import { SSO_API, type SsoConfigBody } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type OidcStandin, type StandinAccount, startOidcStandin } from '../src/modules/sso/oidc-standin.ts';
import type { Browser, TestContext } from './helpers.ts';

/**
 * Set-up of the single sign-on suites: an app of their own on the file's test database (recording every
 * refusal), the stand-in OpenID provider registered with that app's callback, and a driver that walks a
 * browser through the provider's sign-in page.
 */

export const SSO_CLIENT_ID = 'course-coach-test';
export const SSO_CLIENT_SECRET = 'course-coach-test-secret';

export interface SsoTestApp {
  app: FastifyInstance;
  baseUrl: string;
  standin: OidcStandin;
  refusals: Array<{ institutionId: number | null; code: string; reason: string }>;
  close(): Promise<void>;
}

/** Starts the app and the stand-in (with `accounts`); the caller closes both with `close()`. */
export async function startSsoTestApp(
  ctx: TestContext,
  accounts: Record<string, StandinAccount>,
): Promise<SsoTestApp> {
  const refusals: SsoTestApp['refusals'] = [];
  const app = await buildApp({
    database: ctx.database,
    config: ctx.config,
    boss: null,
    onSsoRefusal: (r) => refusals.push(r),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const standin = await startOidcStandin({
    clientId: SSO_CLIENT_ID,
    clientSecret: SSO_CLIENT_SECRET,
    redirectUris: [`${baseUrl}${SSO_API.callback}`],
    accounts,
  });
  return {
    app,
    baseUrl,
    standin,
    refusals,
    close: async () => {
      await standin.close();
      await app.close();
    },
  };
}

/** A configuration body for the stand-in, with `overrides`. */
export function standinConfig(standin: OidcStandin, overrides: Partial<SsoConfigBody> = {}): SsoConfigBody {
  return {
    enabled: true,
    label: 'Test University',
    issuer: standin.issuer,
    client_id: SSO_CLIENT_ID,
    client_secret: SSO_CLIENT_SECRET,
    scopes: 'openid email profile roles',
    identifier_claim: 'email',
    email_claim: 'email',
    name_claim: 'name',
    role_claim: 'roles',
    role_mapping: { student: 'student', faculty: 'instructor', employee: 'staff' },
    password_login: true,
    ...overrides,
  };
}

/** A cookie jar for the provider's own cookies (all sent to every path of it). */
class Jar {
  private readonly cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
}

/**
 * Signs in at the provider as `login`, starting from the app's start URL. Follows the provider's
 * redirects, fills its sign-in form, and stops at the first redirect back to the app.
 * @returns the callback URL (path and query) the provider sent the browser to.
 */
export async function throughProvider(
  browser: Browser,
  slug: string,
  login: string,
  next = '/',
): Promise<string> {
  const start = await browser.get(`${SSO_API.start(slug)}?next=${encodeURIComponent(next)}`);
  if (start.status !== 302) throw new Error(`start answered ${start.status}: ${start.text}`);
  let url = start.headers.get('location')!;
  const jar = new Jar();
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(browser.baseUrl)) return url.slice(browser.baseUrl.length);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams(
      html.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' },
    );
    const post = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    jar.take(post);
    const to = post.headers.get('location');
    if (!to)
      throw new Error(`the provider's form answered ${post.status}: ${(await post.text()).slice(0, 300)}`);
    url = new URL(to, url).href;
  }
  throw new Error('too many redirects at the provider');
}
