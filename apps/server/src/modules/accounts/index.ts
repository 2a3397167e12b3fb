/**
 * Accounts (docs/accounts.md): the caller's own password (change, reset by email, set with a token) and
 * staff user administration. `accountRoutes` registers both with one mail transport.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { accountAdminRoutes } from './admin-routes.ts';
import { defaultMailer } from './mail.ts';
import { accountSelfRoutes } from './self-routes.ts';

export { purgeOldTokens, TOKEN_MINUTES } from './tokens.ts';

/** Registers the account routes; the mail transport is `deps.mailer`, else the default (SMTP_URL or a log). */
export const accountRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const mailer = deps.mailer ?? defaultMailer(deps.config, (m) => app.log.info(m));
  await app.register(accountSelfRoutes, { ...deps, mailer });
  await app.register(accountAdminRoutes, { ...deps, mailer });
};
