import type { Database } from '../db/client.ts';
import { newToken, tokenDigest } from './tokens.ts';

/** The signed-in caller, as loaded from the session cookie on every request. */
export interface AuthUser {
  sessionId: string;
  userId: number;
  institutionId: number;
  email: string;
  name: string;
  /** The LMS origin allowed to frame the app, for a session an LTI launch started (docs/lti.md); else null. */
  frameOrigin: string | null;
}

/** Absolute session lifetime when none is given: 30 days (config SESSION_MAX_HOURS). */
export const DEFAULT_SESSION_MAX_HOURS = 24 * 30;

/**
 * Creates a session for `userId` and returns the cookie token (only its SHA-256 is stored).
 * `ttlHours` is the idle lifetime; it slides forward while the session is used, but never past
 * `maxHours` after sign-in (the absolute lifetime). `frameOrigin`: the LMS origin that may frame the app
 * during this session (an LTI launch, docs/lti.md), else null.
 */
export async function createSession(
  database: Database,
  user: { id: number; institution_id: number },
  ttlHours: number,
  userAgent: string | undefined,
  maxHours: number = DEFAULT_SESSION_MAX_HOURS,
  frameOrigin: string | null = null,
): Promise<string> {
  const token = newToken();
  await database.query(
    `insert into sessions (id, institution_id, user_id, expires_at, user_agent, frame_origin)
     values ($1, $2, $3, now() + least($4::float8, $6::float8) * interval '1 hour', $5, $7)`,
    [
      tokenDigest(token),
      user.institution_id,
      user.id,
      ttlHours,
      userAgent?.slice(0, 300) ?? null,
      maxHours,
      frameOrigin,
    ],
  );
  return token;
}

/**
 * Loads the live session for a cookie token, or null when it is unknown, its user is deactivated
 * (docs/accounts.md), idle for longer than its
 * idle lifetime (`expires_at`) or older than `maxHours` (absolute lifetime, counted from sign-in).
 * Refreshes `last_seen_at`/`expires_at` at most once a minute, so reads stay cheap; the new
 * `expires_at` is capped at sign-in + `maxHours`.
 */
export async function loadSession(
  database: Database,
  token: string,
  ttlHours: number,
  maxHours: number = DEFAULT_SESSION_MAX_HOURS,
): Promise<AuthUser | null> {
  const id = tokenDigest(token);
  const rows = await database.query<{
    user_id: number;
    institution_id: number;
    email: string;
    name: string;
    frame_origin: string | null;
    stale: boolean;
  }>(
    `select s.user_id, u.institution_id, u.email, u.name, s.frame_origin, s.last_seen_at < now() - interval '1 minute' as stale
       from sessions s join users u on u.id = s.user_id
      where s.id = $1 and s.expires_at > now() and u.deactivated_at is null
        and s.created_at > now() - $2::float8 * interval '1 hour'`,
    [id, maxHours],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.stale) {
    await database.query(
      `update sessions set last_seen_at = now(),
              expires_at = least(now() + $2::float8 * interval '1 hour', created_at + $3::float8 * interval '1 hour')
        where id = $1`,
      [id, ttlHours, maxHours],
    );
  }
  return {
    sessionId: id,
    userId: row.user_id,
    institutionId: row.institution_id,
    email: row.email,
    name: row.name,
    frameOrigin: row.frame_origin,
  };
}

/** Ends one session (sign-out). */
export async function deleteSession(database: Database, sessionId: string): Promise<void> {
  await database.query('delete from sessions where id = $1', [sessionId]);
}

/**
 * Ends every session of a user ("sign out everywhere"; also for a password change or an account
 * being disabled). `exceptSessionId` keeps one (the caller's own) when given.
 * @returns the number of sessions ended.
 */
export async function deleteUserSessions(
  database: Database,
  userId: number,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await database.query(
    'delete from sessions where user_id = $1 and id is distinct from $2 returning id',
    [userId, exceptSessionId ?? null],
  );
  return rows.length;
}

/** Removes expired sessions; run by the `maintenance` job. @returns the number removed. */
export async function purgeExpiredSessions(database: Database): Promise<number> {
  const rows = await database.query('delete from sessions where expires_at <= now() returning id');
  return rows.length;
}
