import {
  ACCOUNT_TEXTS,
  AUTH_ENDPOINTS,
  type Me,
  PAGES,
  SESSION_COOKIE,
  SSO_PASSWORD_OFF_TEXT,
  UI_TEXTS,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app-deps.ts';
import type { Database } from '../db/client.ts';
import { endpointRoute } from '../http/endpoint.ts';
import { HttpError, nonFieldError } from '../http/errors.ts';
import { clearSessionCookie, clientIp, issueCsrfCookie, setSessionCookie } from './guard.ts';
import { verifyPassword } from './password.ts';
import { createLoginLimiter } from './rate-limit.ts';
import { createSession, deleteSession, deleteUserSessions } from './sessions.ts';
import { tokenDigest } from './tokens.ts';

/**
 * Sign-in, sign-out, the CSRF cookie and GET /api/v1/me, each described once (`AUTH_ENDPOINTS`).
 */
export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, config }) => {
  const limiter = createLoginLimiter(database, config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_MINUTES);

  /**
   * POST /api/v1/auth/login `{email, password}` → 200 with the Me document and a new session cookie.
   * 400 `{non_field_errors}` for a wrong email or password (never says which); 429 `{detail}` with
   * Retry-After after LOGIN_MAX_FAILURES failures for the address within LOGIN_WINDOW_MINUTES.
   * Rotates the session and the CSRF token.
   */
  app.route({
    ...endpointRoute(AUTH_ENDPOINTS.login),
    handler: async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const ip = clientIp(request);
      const attempt = await limiter.begin(email, ip);
      if (attempt.retryAfter > 0)
        throw new HttpError(
          429,
          { detail: UI_TEXTS.loginRateLimited },
          { 'retry-after': String(attempt.retryAfter) },
        );
      const rows = await database.query<{
        id: number;
        institution_id: number;
        password_hash: string;
        deactivated: boolean;
      }>(
        'select id, institution_id, password_hash, deactivated_at is not null as deactivated from users where email = $1',
        [email],
      );
      const user = rows[0];
      const ok = await verifyPassword(user?.password_hash ?? null, request.body.password);
      // A failure stays recorded (begin() recorded it); a success withdraws it and clears the address.
      if (!user || !ok) throw nonFieldError(UI_TEXTS.loginFailed);
      await attempt.succeeded();
      // Checked only after the password matched, so the answer reveals nothing about unknown addresses.
      if (await passwordLoginOff(database, user.institution_id)) throw nonFieldError(SSO_PASSWORD_OFF_TEXT);
      if (user.deactivated) throw nonFieldError(ACCOUNT_TEXTS.userDeactivated);
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
      return loadMe(database, user.id);
    },
  });

  /** POST /api/v1/auth/logout → 204; ends the session (if any) and clears its cookie. */
  app.route({
    ...endpointRoute(AUTH_ENDPOINTS.logout),
    handler: async (request, reply) => {
      if (request.user) await deleteSession(database, request.user.sessionId);
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  });

  /**
   * POST /api/v1/auth/logout-all → 204; signs the user out everywhere: ends every session of the
   * signed-in user (other browsers and devices included) and clears this browser's cookie. 401 when
   * signed out. For a lost laptop or a shared computer left signed in.
   */
  app.route({
    ...endpointRoute(AUTH_ENDPOINTS.logoutAll),
    handler: async (request, reply) => {
      await deleteUserSessions(database, request.user!.userId);
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  });

  /** GET /api/v1/auth/csrf → 204; makes sure the `csrftoken` cookie is set (the guard sets it when missing). */
  app.route({
    ...endpointRoute(AUTH_ENDPOINTS.csrf),
    handler: async (_request, reply) => reply.code(204).send(null),
  });

  /** GET /api/v1/me → the signed-in user, their institution roles, their coaches and their home page. 401 when signed out. */
  app.route({
    ...endpointRoute(AUTH_ENDPOINTS.me),
    handler: async (request) => loadMe(database, request.user!.userId),
  });
};

/**
 * Whether the institution turned local passwords off: its single sign-on (OpenID Connect or SAML) is
 * enabled with `password_login` false (docs/sso.md); its users then sign in only through the provider.
 */
async function passwordLoginOff(database: Database, institutionId: number): Promise<boolean> {
  const rows = await database.query(
    `select 1 from institution_sso where institution_id = $1 and enabled and not password_login
     union all
     select 1 from institution_saml where institution_id = $1 and enabled and not password_login`,
    [institutionId],
  );
  return rows.length > 0;
}

/**
 * Builds the Me document. Coaches are the user's enrollments, newest term first (OULAD terms sort as
 * `2014J` > `2014B` > `2013J`). Home: staff and admins go to their institution's coach dashboard;
 * everyone else to the dashboard of their newest coach.
 */
export async function loadMe(database: Database, userId: number): Promise<Me> {
  const [userRows, institutions, coaches] = await Promise.all([
    database.query<{ id: number; email: string; name: string }>(
      'select id, email, name from users where id = $1',
      [userId],
    ),
    database.query<{ id: number; name: string; role: 'staff' | 'admin' }>(
      `select i.id, i.name, m.role from institution_memberships m join institutions i on i.id = m.institution_id
        where m.user_id = $1 order by i.name`,
      [userId],
    ),
    database.query<{
      id: number;
      label: string;
      institution_id: number;
      course: string;
      term: string;
      role: 'student' | 'instructor';
    }>(
      `select c.id, c.name as label, c.institution_id, c.course_code as course, c.term_code as term, e.role
         from enrollments e join coaches c on c.id = e.coach_id
        where e.user_id = $1 and c.setup_status = 'complete' order by c.term_code desc, c.course_code, c.id`,
      [userId],
    ),
  ]);
  const user = userRows[0];
  if (!user) throw new HttpError(401, { detail: UI_TEXTS.notAuthenticated });
  const firstInstitution = institutions[0];
  const firstCoach = coaches[0];
  const home = firstInstitution
    ? PAGES.institutionCoachDashboard(firstInstitution.id)
    : firstCoach
      ? PAGES.coachDetails(firstCoach.id)
      : '/no-coach';
  return { user, institutions, coaches, home };
}
