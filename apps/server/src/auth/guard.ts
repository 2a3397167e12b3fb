import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, UI_TEXTS } from '@course-coach/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Access, CoachContext, InstitutionContext } from './access.ts';
import { buildRequestContext, type RequestContext } from './context.ts';
import { type AuthUser, loadSession } from './sessions.ts';
import { newToken, safeEqual } from './tokens.ts';
import { installViewAsKey, viewAsUser } from './view-as.ts';

/**
 * The header of a GET an aggregate route (the coach dashboard, docs/decisions/0006) replays in-process for
 * a caller it has already resolved: its value is a random handle that `withResolvedCaller` registers for the
 * aggregate request's lifetime only and that never leaves the process, so nothing outside can send a valid
 * one. The guard then takes the caller (their request context, and their place in that coach) from the
 * handle instead of loading the session and membership again; the route's policy is still checked against
 * them.
 */
export const RESOLVED_CALLER_HEADER = 'x-course-coach-resolved-caller';

/** What an aggregate request found out about its caller, reused by the GETs it replays. */
interface ResolvedCaller {
  user: AuthUser;
  coach: CoachContext | null;
  /** The aggregate request's context (`request.context`), reused as is on a replay to the same coach. */
  context: RequestContext | null;
}

const resolvedCallers = new Map<string, ResolvedCaller>();

/**
 * Runs `fn` with a handle under which the guard finds `request`'s caller (its user, coach context and
 * request context as the guard set them) for GETs replayed with `RESOLVED_CALLER_HEADER`; the handle is
 * forgotten when `fn` settles. Without a signed-in caller `fn` gets null (replays then go through the full
 * guard).
 */
export async function withResolvedCaller<T>(
  request: FastifyRequest,
  fn: (handle: string | null) => Promise<T>,
): Promise<T> {
  if (!request.user) return fn(null);
  const handle = newToken();
  resolvedCallers.set(handle, { user: request.user, coach: request.coach, context: request.context });
  try {
    return await fn(handle);
  } finally {
    resolvedCallers.delete(handle);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's access policy; required on every route (see auth/access.ts). */
    access?: Access;
    /**
     * The field errors answered (400) when the body is over the route's limit, instead of the generic
     * `non_field_errors` "The request is too large." (app.ts's error handler): e.g. an upload names its limit.
     */
    bodyTooLarge?: Record<string, string[]>;
    /**
     * `false`: a form another site posts (the LTI login and launch, docs/lti.md; the SAML assertion
     * consumer service, docs/sso.md) or our own cookie-less form; the route checks its own single-use
     * token instead of the CSRF cookie and header. The guard allows it on those routes only.
     */
    csrf?: false;
    /**
     * `false`: the guard does not read the session for this route (`request.user` stays null). Set by the
     * guard itself on the built web app's files and the API docs, which hold no data: a page's dozens of
     * script and style requests each carry the session cookie, and each would otherwise cost a session
     * read (and now and then a write) before a static file is sent.
     */
    session?: false;
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. Set by the guard before every handler. */
    user: AuthUser | null;
    /** Set by the guard on `coach` routes. */
    coach: CoachContext | null;
    /** Set by the guard on `institution` routes. */
    institution: InstitutionContext | null;
    /**
     * Who is calling and their place in the route's coach or institution (auth/context.ts); set by the
     * guard whenever a caller is signed in, else null.
     */
    context: RequestContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Parses a path id: a positive 32-bit integer, else null (answered as 404 by the guard). */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : null;
}

/**
 * Installs the one guard every route goes through:
 * 1. refuses to register a route without `config.access` (so none can be forgotten);
 * 2. issues the `csrftoken` cookie and checks it against the `X-CSRFToken` header on every
 *    non-GET request (spec §7; 403 when missing or different), except the LTI forms and the SAML ACS, which declare
 *    `csrf: false` (another site posts them; they check their own single-use token, docs/lti.md);
 * 3. loads the session from the `sessionid` cookie;
 * 4. enforces the route's policy: 401 when not signed in, 404 when the coach or institution does not
 *    exist or the caller has no place in it (docs/design.md, Tenancy), 403 when their role is not allowed;
 * 5. sets `request.context` (auth/context.ts) for every signed-in caller: who they are and, on a coach or
 *    institution route, their role there and whether they are staff.
 */
/**
 * The only routes that may declare `csrf: false`: the LTI forms, the SAML assertion consumer service and
 * the digest's one-click unsubscribe (a mail client posts it, RFC 8058; its signed token is the check).
 */
const CSRF_EXEMPT = /^\/api\/v1\/(lti\/|auth\/saml\/:slug\/acs$|notifications\/unsubscribe$)/;

export function installGuard(app: FastifyInstance, database: Database, config: Config): void {
  app.decorateRequest('user', null);
  app.decorateRequest('coach', null);
  app.decorateRequest('institution', null);
  app.decorateRequest('context', null);
  installViewAsKey(app);

  app.addHook('onRoute', (route) => {
    // Only the LTI forms (docs/lti.md) and the SAML ACS (docs/sso.md) may go without the CSRF check: another
    // site posts them, and each checks its own single-use token bound to this browser instead.
    if (route.config?.csrf === false && !CSRF_EXEMPT.test(route.url))
      throw new Error(`Route ${route.method} ${route.url} may not turn the CSRF check off`);
    if (route.config?.access) return;
    // Static files of the built web app and the API docs hold no data: they are public. Every other
    // /api route must say who may call it.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) {
      route.config = {
        ...(route.config ?? {}),
        access: { kind: 'public' },
        session: false,
      } as typeof route.config;
      return;
    }
    throw new Error(`Route ${route.method} ${route.url} declares no access policy (config.access)`);
  });

  app.addHook('onRequest', async (request, reply) => {
    const csrfCookie = request.cookies[CSRF_COOKIE];
    if (!csrfCookie) issueCsrfCookie(reply, config);
    if (!SAFE_METHODS.has(request.method) && request.routeOptions.config?.csrf !== false) {
      const header = request.headers[CSRF_HEADER];
      if (!csrfCookie || typeof header !== 'string' || !safeEqual(header, csrfCookie)) {
        throw forbidden(UI_TEXTS.csrfFailed);
      }
    }
  });

  app.addHook('preValidation', async (request) => {
    const policy = request.routeOptions.config.access;
    if (request.routeOptions.config.session === false) return;
    const resolved = resolvedCallerOf(request);
    if (resolved) request.user = resolved.user;
    else {
      const token = request.cookies[SESSION_COOKIE];
      const signedIn = token
        ? await loadSession(database, token, config.SESSION_TTL_HOURS, config.SESSION_MAX_HOURS)
        : null;
      // A replayed "view as student" request acts as the student, read-only (auth/view-as.ts).
      request.user = await viewAsUser(database, app, request, signedIn);
    }
    if (request.user) request.context = buildRequestContext(request.user, null, null);
    if (!policy || policy.kind === 'public') return;
    if (!request.user) throw unauthorized(UI_TEXTS.notAuthenticated);
    if (policy.kind === 'authenticated') return;
    const params = (request.params ?? {}) as Record<string, unknown>;
    if (policy.kind === 'coach') {
      const coachId = parseId(params.coachId);
      if (coachId === null) throw notFound();
      // The aggregate request that replays this one already found the caller's place in this coach.
      const known = resolved?.coach?.coachId === coachId ? resolved.coach : null;
      if (known) {
        if (!policy.roles.some((r) => r === known.coachRole || r === known.institutionRole))
          throw forbidden(UI_TEXTS.forbidden);
        request.coach = { ...known };
        request.context =
          resolved?.context?.scope === 'coach' && resolved.context.coachId === coachId
            ? { ...resolved.context }
            : buildRequestContext(request.user, known, null);
        return;
      }
      const rows = await database.query<{
        institution_id: number;
        coach_role: string | null;
        institution_role: string | null;
      }>(
        `select c.institution_id,
                (select e.role from enrollments e
                  where e.coach_id = c.id and e.user_id = $2 and c.setup_status = 'complete') as coach_role,
                (select m.role from institution_memberships m
                  where m.institution_id = c.institution_id and m.user_id = $2) as institution_role
           from coaches c where c.id = $1`,
        [coachId, request.user.userId],
      );
      const row = rows[0];
      if (!row || (!row.coach_role && !row.institution_role)) throw notFound();
      const ctx: CoachContext = {
        coachId,
        institutionId: row.institution_id,
        coachRole: row.coach_role as CoachContext['coachRole'],
        institutionRole: row.institution_role as CoachContext['institutionRole'],
      };
      const allowed = policy.roles.some((r) => r === ctx.coachRole || r === ctx.institutionRole);
      if (!allowed) throw forbidden(UI_TEXTS.forbidden);
      request.coach = ctx;
      request.context = buildRequestContext(request.user, ctx, null);
      return;
    }
    const institutionId = parseId(params.institutionId);
    if (institutionId === null) throw notFound();
    const rows = await database.query<{ role: string }>(
      'select role from institution_memberships where institution_id = $1 and user_id = $2',
      [institutionId, request.user.userId],
    );
    const role = rows[0]?.role as InstitutionContext['institutionRole'] | undefined;
    if (!role) {
      // Students and instructors of this institution learn that it exists; nobody else does.
      if (request.user.institutionId === institutionId) throw forbidden(UI_TEXTS.forbidden);
      throw notFound();
    }
    if (!policy.roles.includes(role)) throw forbidden(UI_TEXTS.forbidden);
    request.institution = { institutionId, institutionRole: role };
    request.context = buildRequestContext(request.user, null, request.institution);
  });
}

/**
 * The caller an aggregate request resolved for this replayed GET (`RESOLVED_CALLER_HEADER`), or null when
 * the header is absent. A handle that is not live, or on another method, is refused (403), like a wrong
 * view-as key: only this process sends the header.
 */
function resolvedCallerOf(request: FastifyRequest): ResolvedCaller | null {
  const handle = request.headers[RESOLVED_CALLER_HEADER];
  if (handle === undefined) return null;
  const found = typeof handle === 'string' ? resolvedCallers.get(handle) : undefined;
  if (!found || request.method !== 'GET') throw forbidden(UI_TEXTS.forbidden);
  return found;
}

/**
 * Whether cookies get the `Secure` flag: always with COOKIE_SECURE, and on any request that arrived
 * over HTTPS (directly, or per `X-Forwarded-Proto` from a trusted proxy with TRUST_PROXY).
 */
export function secureCookies(reply: FastifyReply, config: Config): boolean {
  return config.COOKIE_SECURE || reply.request.protocol === 'https';
}

/**
 * The SameSite attributes of a cookie: Lax, or for the app opened inside an LMS frame (`embedded`, an LTI
 * launch, docs/lti.md) SameSite=None; Secure; Partitioned (CHIPS: kept per embedding site) — only when
 * the cookie is Secure (HTTPS, or COOKIE_SECURE): browsers refuse SameSite=None without Secure, so over
 * plain HTTP an embedded session stays Lax and works only when the LMS is on the same site, or in a new
 * window (the documented fallback).
 */
export function sameSiteOf(
  reply: FastifyReply,
  config: Config,
  embedded: boolean,
): { sameSite: 'lax' | 'none'; secure: boolean; partitioned?: boolean } {
  const secure = secureCookies(reply, config);
  if (embedded && secure) return { sameSite: 'none', secure, partitioned: true };
  return { sameSite: 'lax', secure };
}

/**
 * Sets a fresh `csrftoken` cookie (readable by the page script, which echoes it in `X-CSRFToken`);
 * `embedded` as `sameSiteOf`.
 */
export function issueCsrfCookie(reply: FastifyReply, config: Config, embedded = false): string {
  const token = newToken();
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    ...sameSiteOf(reply, config, embedded),
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 365,
  });
  return token;
}

/**
 * The session cookie: httpOnly, SameSite=Lax, Secure behind HTTPS (an LTI launch's `embedded` session:
 * see `sameSiteOf`). Its Max-Age is the absolute lifetime (the browser keeps it while the server-side
 * session slides; the server decides expiry).
 */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, embedded = false): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    ...sameSiteOf(reply, config, embedded),
    httpOnly: true,
    maxAge: Math.round(config.SESSION_MAX_HOURS * 3600),
  });
}

/** Removes the session cookie from the browser (sign-out). */
export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    sameSite: 'lax',
    secure: secureCookies(reply, config),
    httpOnly: true,
  });
}

/** The request's client IP for rate limiting (Fastify's `request.ip`, which honours `trustProxy`). */
export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
