import { PAGES, SESSION_COOKIE, SSO_ERROR_PARAM, safeSameOriginPath } from '@course-coach/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { issueCsrfCookie, setSessionCookie } from '../../auth/guard.ts';
import { createSession, deleteSession } from '../../auth/sessions.ts';
import { tokenDigest } from '../../auth/tokens.ts';
import type { SsoRefusal } from './accounts.ts';

/**
 * The two ends of every single sign-on, OpenID Connect and SAML alike (docs/sso.md): a refusal logged
 * with its reason and sent to the sign-in page, or a new session and the way back.
 */

/** Logs a refusal with its reason and sends the browser to the sign-in page, which says what to do. */
export function refuseSignOn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  institutionId: number | null,
  error: SsoRefusal,
) {
  request.log.warn({ institutionId, code: error.code, reason: error.reason }, 'single sign-on refused');
  deps.onSsoRefusal?.({ institutionId, code: error.code, reason: error.reason });
  return reply
    .header('cache-control', 'no-store')
    .redirect(`${PAGES.login}?${SSO_ERROR_PARAM}=${error.code}`, 302);
}

/**
 * Signs the browser in as `user` (a new session replacing any old one, a fresh CSRF token; docs/decisions/0003)
 * and redirects to `returnTo` when it is a same-origin path, else home.
 */
export async function signInAndReturn(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: number; institution_id: number; created: boolean },
  returnTo: string,
  protocol: 'oidc' | 'saml',
) {
  const { database, config } = deps;
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSession(database, tokenDigest(old));
  const token = await createSession(
    database,
    user,
    config.SESSION_TTL_HOURS,
    request.headers['user-agent'],
    config.SESSION_MAX_HOURS,
  );
  setSessionCookie(reply, config, token);
  issueCsrfCookie(reply, config);
  request.log.info(
    { institutionId: user.institution_id, userId: user.id, created: user.created, protocol },
    'single sign-on',
  );
  return reply.header('cache-control', 'no-store').redirect(safeSameOriginPath(returnTo) ?? '/', 302);
}
