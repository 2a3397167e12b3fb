import { randomBytes } from 'node:crypto';
import { SSO_API } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { loadSsoSettings, saveSsoSettings } from './config-store.ts';
import type { OidcStandin } from './oidc-standin.ts';

/** The demo's client at the stand-in. */
const DEMO_CLIENT_ID = 'course-coach-demo';

/** The demo provider's roles of a login: staff@demo.edu is staff, instructor-… are instructors, others students. */
export function demoRolesOf(login: string): string[] {
  const email = login.toLowerCase();
  if (email === 'staff@demo.edu') return ['staff'];
  if (email.startsWith('instructor-')) return ['instructor'];
  return ['student'];
}

/**
 * The demo's single sign-on (docs/sso.md, Demo): starts the OpenID provider stand-in on 127.0.0.1 and
 * makes it the demo institution's provider (enabled, unless staff turned it off), with a fresh client secret, callbacks on
 * http://localhost:`port` and http://127.0.0.1:`port`, and the roles of `demoRolesOf` mapped one to one.
 * An institution whose configuration names a provider that is not on this machine is left alone (null).
 * `oidc-provider` is loaded only here, so a server without the demo never loads it.
 */
export async function startDemoSso(
  database: Database,
  key: Buffer,
  institutionId: number,
  port: number,
): Promise<OidcStandin | null> {
  const existing = await loadSsoSettings(database, key, institutionId);
  if (existing && !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(existing.issuer)) return null;
  const { startOidcStandin } = await import('./oidc-standin.ts');
  const clientSecret = randomBytes(24).toString('base64url');
  const standin = await startOidcStandin({
    clientId: DEMO_CLIENT_ID,
    clientSecret,
    redirectUris: [
      `http://localhost:${port}${SSO_API.callback}`,
      `http://127.0.0.1:${port}${SSO_API.callback}`,
    ],
    rolesOf: demoRolesOf,
  });
  await saveSsoSettings(database, key, institutionId, {
    enabled: existing?.enabled ?? true,
    label: 'the demo provider',
    issuer: standin.issuer,
    client_id: DEMO_CLIENT_ID,
    client_secret: clientSecret,
    scopes: 'openid email profile roles',
    identifier_claim: 'email',
    email_claim: 'email',
    name_claim: 'name',
    role_claim: 'roles',
    role_mapping: { student: 'student', instructor: 'instructor', staff: 'staff' },
    password_login: existing?.passwordLogin ?? true,
  });
  return standin;
}
