import type { RouteOptions } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { PgBoss } from 'pg-boss';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { LmsSettings } from './modules/lms/settings.ts';
import type { DemoPreparation } from './seed/preparation.ts';

/*
 * The dependencies handed to every route plugin (`app.register(plugin, deps)` in app.ts). In a file of
 * its own so that modules' routes.ts import it without importing app.ts, which imports them
 * (docs/architecture.md).
 */

/** What the app needs from outside: the open database, the job queue (may be absent in tests) and config. */
export interface AppDeps {
  database: Database;
  config: Config;
  boss?: PgBoss | null;
  /** Canvas settings; default: derived from config (main.ts passes the stand-in's URL when it runs one). */
  lms?: LmsSettings;
  /** The demo's background preparation (main.ts), reported by /api/health; default: `off`. */
  demo?: DemoPreparation;
  /**
   * Called with every route as it is registered (a Fastify `onRoute` hook added before any route), so that
   * tests can read the server's own route table (the access matrix and fuzz suites).
   */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Sends account emails (password reset, invitation; docs/accounts.md). Default: SMTP_URL's server, or
   * nodemailer's JSON transport that logs and sends nothing. Tests pass one that keeps the messages.
   */
  mailer?: Transporter;
  /** Called with every refused single sign-on, besides the log's warning (tests read the reasons). */
  onSsoRefusal?: (refusal: { institutionId: number | null; code: string; reason: string }) => void;
  /** Called with every refused LTI launch, besides the log's warning (tests read the reasons). */
  onLtiRefusal?: (refusal: { registrationId: number | null; code: string; reason: string }) => void;
}
