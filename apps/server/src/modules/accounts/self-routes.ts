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
import {
  countRequests,
  deleteRequests,
  selectActiveUserByEmail,
  selectPasswordHash,
  selectUserEmail,
  setPasswordHash,
} from './queries.ts';
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
    const { ids, counts: rows } = await countRequests(q, keys, RESET_WINDOW_MINUTES);
    let wait = 0;
    for (const r of rows) {
      const limit = r.key === keys[0] ? RESET_MAX_PER_ADDRESS : RESET_MAX_PER_IP;
      if (r.n > limit) wait = Math.max(wait, Math.max(1, r.wait));
    }
    if (wait > 0) await deleteRequests(q, ids);
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
      const row = await selectPasswordHash(database.query, user.userId);
      if (!(await verifyPassword(row?.password_hash ?? null, request.body.current_password))) {
        throw badRequest({ current_password: [ACCOUNT_TEXTS.currentPasswordWrong] });
      }
      await attempt.succeeded();
      const hash = await hashPassword(request.body.new_password);
      await database.transaction((q) => setPasswordHash(q, user.userId, hash, user.sessionId));
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
      const user = await selectActiveUserByEmail(database.query, email);
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
        if ((await selectUserEmail(q, used.userId)) === request.body.password.toLowerCase())
          throw badRequest({ password: [ACCOUNT_TEXTS.passwordSameAsEmail] });
        await setPasswordHash(q, used.userId, hash);
      });
      return reply.code(204).send(null);
    },
  });
};
