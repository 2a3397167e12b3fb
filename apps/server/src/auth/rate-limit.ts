import type { Database } from '../db/client.ts';

/**
 * Sign-in rate limit, kept in the database so that every server instance counts the same failures.
 * A key (an email address or a client IP) is locked once it has `maxFailures` failed attempts in the
 * last `windowMinutes`; an IP may fail four times as often as one address (shared campus NATs).
 */
export interface LoginLimiter {
  /** Seconds until the caller may try again, or 0 when not limited. */
  retryAfter(email: string, ip: string): Promise<number>;
  /**
   * Starts a sign-in attempt by recording it as a failure *before* the password is checked, so that
   * concurrent attempts count each other (checking first and recording after would let any number of
   * parallel guesses through). When that puts the caller over a limit, the record is withdrawn and
   * `retryAfter` is above 0. On success call `succeeded()`, which withdraws it and clears the address.
   */
  begin(email: string, ip: string): Promise<{ retryAfter: number; succeeded(): Promise<void> }>;
  clear(email: string): Promise<void>;
}

export function createLoginLimiter(
  database: Database,
  maxFailures: number,
  windowMinutes: number,
): LoginLimiter {
  const keys = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`];
  /** Seconds to wait when a key has at least its limit (+ `own` attempts in flight) of failures. */
  const waitFor = async (email: string, ip: string, own: number) => {
    const [emailKey, ipKey] = keys(email, ip);
    const rows = await database.query<{ key: string; n: number; oldest: number }>(
      `select key, count(*)::int as n,
                ceil(extract(epoch from (min(created_at) + $2::float8 * interval '1 minute' - now())))::int as oldest
           from login_failures
          where key = any($1::text[]) and created_at > now() - $2::float8 * interval '1 minute'
          group by key`,
      [[emailKey, ipKey], windowMinutes],
    );
    let wait = 0;
    for (const r of rows) {
      const limit = r.key === emailKey ? maxFailures : maxFailures * 4;
      if (r.n >= limit + own) wait = Math.max(wait, Math.max(1, r.oldest));
    }
    return wait;
  };
  const clear = async (email: string) => {
    await database.query('delete from login_failures where key = $1', [`email:${email.toLowerCase()}`]);
  };
  return {
    retryAfter: (email, ip) => waitFor(email, ip, 0),
    async begin(email, ip) {
      const [emailKey, ipKey] = keys(email, ip);
      const ids = (
        await database.query<{ id: string }>(
          'insert into login_failures (key) values ($1), ($2) returning id::text as id',
          [emailKey, ipKey],
        )
      ).map((r) => r.id);
      const withdraw = () => database.query('delete from login_failures where id = any($1::bigint[])', [ids]);
      const wait = await waitFor(email, ip, 1);
      if (wait > 0) {
        await withdraw();
        return { retryAfter: wait, succeeded: async () => undefined };
      }
      return {
        retryAfter: 0,
        succeeded: async () => {
          await withdraw();
          await clear(email);
        },
      };
    },
    clear,
  };
}

/** Deletes failures older than a day; run by the `maintenance` job. */
export async function purgeOldLoginFailures(database: Database): Promise<number> {
  const rows = await database.query(
    `delete from login_failures where created_at < now() - interval '1 day' returning id`,
  );
  return rows.length;
}
