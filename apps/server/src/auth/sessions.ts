import type { Database } from '../db/client.ts';
import { newToken, tokenDigest } from './tokens.ts';

/** The signed-in caller, as loaded from the session cookie on every request. */
export interface AuthUser {
  sessionId: string;
  userId: number;
  institutionId: number;
  email: string;
  name: string;
}

/**
 * Creates a session for `userId` and returns the cookie token (only its SHA-256 is stored).
 * `ttlHours` is the idle lifetime; it slides forward while the session is used.
 */
export async function createSession(
  database: Database,
  user: { id: number; institution_id: number },
  ttlHours: number,
  userAgent: string | undefined,
): Promise<string> {
  const token = newToken();
  await database.query(
    `insert into sessions (id, institution_id, user_id, expires_at, user_agent)
     values ($1, $2, $3, now() + $4::float8 * interval '1 hour', $5)`,
    [tokenDigest(token), user.institution_id, user.id, ttlHours, userAgent?.slice(0, 300) ?? null],
  );
  return token;
}

/**
 * Loads the live session for a cookie token, or null when it is unknown or expired.
 * Refreshes `last_seen_at`/`expires_at` at most once a minute, so reads stay cheap.
 */
export async function loadSession(
  database: Database,
  token: string,
  ttlHours: number,
): Promise<AuthUser | null> {
  const id = tokenDigest(token);
  const rows = await database.query<{
    user_id: number;
    institution_id: number;
    email: string;
    name: string;
    stale: boolean;
  }>(
    `select s.user_id, u.institution_id, u.email, u.name, s.last_seen_at < now() - interval '1 minute' as stale
       from sessions s join users u on u.id = s.user_id
      where s.id = $1 and s.expires_at > now()`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await database.query(
      `update sessions set last_seen_at = now(), expires_at = now() + $2::float8 * interval '1 hour' where id = $1`,
      [id, ttlHours],
    );
  }
  return {
    sessionId: id,
    userId: row.user_id,
    institutionId: row.institution_id,
    email: row.email,
    name: row.name,
  };
}

/** Ends one session (sign-out). */
export async function deleteSession(database: Database, sessionId: string): Promise<void> {
  await database.query('delete from sessions where id = $1', [sessionId]);
}

/** Removes expired sessions; run by the `maintenance` job. @returns the number removed. */
export async function purgeExpiredSessions(database: Database): Promise<number> {
  const rows = await database.query('delete from sessions where expires_at <= now() returning id');
  return rows.length;
}
