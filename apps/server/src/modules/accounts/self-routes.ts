import { ACCOUNT_ENDPOINTS, ACCOUNT_TEXTS, UI_TEXTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../../app-deps.ts';
import { clientIp } from '../../auth/guard.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import { createLoginLimiter } from '../../auth/rate-limit.ts';
import type { Database } from '../../db/client.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { accountMail, SET_PASSWORD_PAGE } from './mail.ts';
import { consumeToken, issueToken } from './tokens.ts';

/** Reset requests allowed per address, and per client IP, in RESET_WINDOW_MINUTES (docs/accounts.md). */
export const RESET_MAX_PER_ADDRESS = 3;
export const RESET_MAX_PER_IP = 20;
export const RESET_WINDOW_MINUTES = 15;

/**
 * Counts a reset request in the database (the `login_failures` table, keys `reset-email:` and `reset-ip:`),
 * so that every server instance sees the same counts; returns the seconds to wait when over a limit
 * (the request is then not counted), else 0.
 */
async function resetRateLimit(database: Database, email: string, ip: string): Promise<number> {
  const keys = [`reset-email:${email}`, `reset-ip:${ip}`];
  return database.transaction(async (q) => {
    const ids = await q<{ id: string }>(
      `insert into login_failures (key) values ($1), ($2) returning id::text as id`,
      keys,
    );
    const rows = await q<{ key: string; n: number; wait: number }>(
      `select key, count(*)::int as n,
              ceil(extract(epoch from (min(created_at) + $2::int * interval '1 minute' - now())))::int as wait
         from login_failures where key = any($1::text[]) and created_at > now() - $2::int * interval '1 minute'
        group by key`,
      [keys, RESET_WINDOW_MINUTES],
    );
    let wait = 0;
    for (const r of rows) {
      const limit = r.key === keys[0] ? RESET_MAX_PER_ADDRESS : RESET_MAX_PER_IP;
      if (r.n > limit) wait = Math.max(wait, Math.max(1, r.wait));
    }
    if (wait > 0) await q('delete from login_failures where id = any($1::bigint[])', [ids.map((r) => r.id)]);
    return wait;
  });
}

/** Sends without waiting (so the answer takes as long whether or not a mail goes out); failures are logged. */
function sendLater(
  mailer: Transporter,
  from: string,
  mail: Parameters<Transporter['sendMail']>[0],
  log: (e: unknown) => void,
) {
  void mailer.sendMail({ from, ...mail }).catch(log);
}

/**
 * The caller's own account (docs/accounts.md): change password (signed in), ask for a reset email, and set
 * a password with a reset or invitation token; each registered from its description in the contracts
 * (`ACCOUNT_ENDPOINTS`, which lists these routes' own error answers).
 */
export const accountSelfRoutes: FastifyPluginAsyncZod<AppDeps & { mailer: Transporter }> = async (
  app,
  { database, config, mailer },
) => {
  const limiter = createLoginLimiter(database, config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_MINUTES);

  /**
   * POST /api/v1/account/password `{current_password, new_password}` → 204; the caller's other sessions
   * end (this one stays). 400 `{current_password}` when it is wrong (counted like a failed sign-in, 429
   * after too many), `{new_password}` when the new one is weak.
   */
  app.route({
    ...endpointRoute(ACCOUNT_ENDPOINTS.changePassword),
    handler: async (request, reply) => {
      const user = request.user!;
      if (request.body.new_password.toLowerCase() === user.email) {
        throw badRequest({ new_password: [ACCOUNT_TEXTS.passwordSameAsEmail] });
      }
      const attempt = await limiter.begin(user.email, clientIp(request));
      if (attempt.retryAfter > 0)
        throw new HttpError(
          429,
          { detail: UI_TEXTS.loginRateLimited },
          { 'retry-after': String(attempt.retryAfter) },
        );
      const [row] = await database.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [user.userId],
      );
      if (!(await verifyPassword(row?.password_hash ?? null, request.body.current_password))) {
        throw badRequest({ current_password: [ACCOUNT_TEXTS.currentPasswordWrong] });
      }
      await attempt.succeeded();
      const hash = await hashPassword(request.body.new_password);
      await database.transaction(async (q) => {
        await q('update users set password_hash = $2 where id = $1', [user.userId, hash]);
        await q('delete from sessions where user_id = $1 and id <> $2', [user.userId, user.sessionId]);
      });
      return reply.code(204).send(null);
    },
  });

  /**
   * POST /api/v1/auth/password-reset `{email}` → 202 `{detail}`, the same answer whether or not an
   * account uses the address; when one does (and is active), it gets a link with a fresh token. 429 with
   * Retry-After past RESET_MAX_PER_ADDRESS requests for one address (or RESET_MAX_PER_IP from one IP) in
   * RESET_WINDOW_MINUTES.
   */
  app.route({
    ...endpointRoute(ACCOUNT_ENDPOINTS.passwordReset),
    handler: async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const wait = await resetRateLimit(database, email, clientIp(request));
      if (wait > 0)
        throw new HttpError(429, { detail: ACCOUNT_TEXTS.resetRateLimited }, { 'retry-after': String(wait) });
      const [user] = await database.query<{ id: number; institution_id: number; name: string }>(
        `select u.id, u.institution_id, i.name from users u join institutions i on i.id = u.institution_id
          where u.email = $1 and u.deactivated_at is null`,
        [email],
      );
      if (user) {
        const token = await database.transaction((q) => issueToken(q, user, 'reset'));
        const link = `${publicOrigin(config, request)}${SET_PASSWORD_PAGE}#token=${token}`;
        sendLater(mailer, config.EMAIL_FROM, accountMail('reset', email, link, user.name), (e) =>
          request.log.error(e, 'password reset email failed'),
        );
      }
      return reply.code(202).send({ detail: ACCOUNT_TEXTS.resetRequested });
    },
  });

  /**
   * POST /api/v1/auth/set-password `{token, password}` → 204: sets the password of the token's user and
   * ends all their sessions. 400 `{token}` for an unknown, forged, tampered, used or expired token (and
   * nothing is written), `{password}` for a weak one.
   */
  app.route({
    ...endpointRoute(ACCOUNT_ENDPOINTS.setPassword),
    handler: async (request, reply) => {
      const hash = await hashPassword(request.body.password);
      await database.transaction(async (q) => {
        const used = await consumeToken(q, request.body.token);
        if (!used) throw badRequest({ token: [ACCOUNT_TEXTS.tokenInvalid] });
        const [u] = await q<{ email: string }>('select email from users where id = $1', [used.userId]);
        if (u?.email === request.body.password.toLowerCase())
          throw badRequest({ password: [ACCOUNT_TEXTS.passwordSameAsEmail] });
        await q('update users set password_hash = $2 where id = $1', [used.userId, hash]);
        await q('delete from sessions where user_id = $1', [used.userId]);
      });
      return reply.code(204).send(null);
    },
  });
};
