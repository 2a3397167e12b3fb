import type { Database } from '../db/client.ts';

/**
 * Sign-in rate limit, kept in the database so that every server instance counts the same failures.
 * A key (an email address or a client IP) is locked once it has `maxFailures` failed attempts in the
 * last `windowMinutes`; an IP may fail four times as often as one address (shared campus NATs).
 */
export interface LoginLimiter {
  /** Seconds until the caller may try again, or 0 when not limited. */
  retryAfter(email: string, ip: string): Promise<number>;
  recordFailure(email: string, ip: string): Promise<void>;
  clear(email: string): Promise<void>;
}

export function createLoginLimiter(
  database: Database,
  maxFailures: number,
  windowMinutes: number,
): LoginLimiter {
  const keys = (email: string, ip: string) => [`email:${email.toLowerCase()}`, `ip:${ip}`];
  return {
    async retryAfter(email, ip) {
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
        if (r.n >= limit) wait = Math.max(wait, Math.max(1, r.oldest));
      }
      return wait;
    },
    async recordFailure(email, ip) {
      const [emailKey, ipKey] = keys(email, ip);
      await database.query('insert into login_failures (key) values ($1), ($2)', [emailKey, ipKey]);
    },
    async clear(email) {
      await database.query('delete from login_failures where key = $1', [`email:${email.toLowerCase()}`]);
    },
  };
}

/** Deletes failures older than a day; run by the `maintenance` job. */
export async function purgeOldLoginFailures(database: Database): Promise<number> {
  const rows = await database.query(
    `delete from login_failures where created_at < now() - interval '1 day' returning id`,
  );
  return rows.length;
}
