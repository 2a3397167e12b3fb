import type pg from 'pg';

/**
 * Telling "the database is away" apart from every other database error, and waiting for it at start.
 * A PostgreSQL server that restarts, fails over or drops off the network must not end the process:
 * requests answer 503 meanwhile (app.ts), `/api/health` reports `degraded`, and the pools reconnect by
 * themselves (README "Running against PostgreSQL").
 */

/** Socket error codes of a server that cannot be reached, or of a link that broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL error codes (SQLSTATE, PostgreSQL docs appendix A) of a server that is going away or not
 * taking connections: class 08 (connection exception), 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up, in recovery), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

/** node-postgres' own messages for a connection that died or never came (pg/lib/client.js, pg-pool). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /is not queryable/,
  /Cannot use a pool after calling end on the pool/,
];

/**
 * True when `error` (or an error in its `cause` chain, or in an AggregateError's `errors`, as Node
 * reports a refused connection to a name with several addresses, and Drizzle wraps driver errors) says
 * the database cannot be reached right now. False for every other error: a bad query, a constraint.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length > 0) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}

/** A one-line reason for a log line: the first non-empty message in the error (AggregateErrors have none). */
export function errorReason(error: unknown): string {
  if (!(error instanceof Error)) {
    const message = (error as { message?: unknown } | null)?.message;
    if (typeof message === 'string' && message) return message;
    if (error && typeof error === 'object') {
      try {
        return JSON.stringify(error).slice(0, 300);
      } catch {
        return Object.prototype.toString.call(error);
      }
    }
    return String(error);
  }
  if (error.message) return error.message;
  const inner = (error as { errors?: unknown[] }).errors?.[0] ?? error.cause;
  if (inner) return errorReason(inner);
  return (error as { code?: string }).code ?? error.name;
}

/** The server a PostgreSQL URL names, for messages: `host:port/database`, never the password. */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** The database could not be reached within DATABASE_CONNECT_TIMEOUT_S at start; the message is one sentence. */
export class DatabaseUnreachableError extends Error {}

/** Delay before retry `attempt` (1-based): 0.25 s, doubled each time, at most 5 s. */
export const retryDelayMs = (attempt: number) => Math.min(5000, 250 * 2 ** (attempt - 1));

/**
 * Waits for the first connection: runs `select 1` on `pool` until it answers, retrying connection
 * failures (isDatabaseUnavailable) with a growing delay (retryDelayMs) and one `log` line per retry,
 * for up to `timeoutSeconds` (DATABASE_CONNECT_TIMEOUT_S; 0: one attempt).
 * @throws DatabaseUnreachableError when the time is up; any other error (a wrong password, a database
 *   that does not exist) at once, as retrying would not help.
 */
export async function waitForDatabase(
  pool: pg.Pool,
  opts: { timeoutSeconds: number; target: string; log: (message: string) => void },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      if (attempt > 1) opts.log(`Connected to the database at ${opts.target}.`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new DatabaseUnreachableError(
          `Could not reach the database at ${opts.target} within ${opts.timeoutSeconds} s (${errorReason(error)}); check DATABASE_URL and that PostgreSQL is running.`,
        );
      }
      const wait = Math.min(retryDelayMs(attempt), left);
      opts.log(
        `The database at ${opts.target} is not reachable yet (${errorReason(error)}); attempt ${attempt}, retrying in ${(wait / 1000).toFixed(2)} s (giving up after ${opts.timeoutSeconds} s).`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
