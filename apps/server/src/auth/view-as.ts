import { INSTRUCTOR_HOME_TEXTS } from '@course-coach/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.ts';
import { forbidden } from '../http/errors.ts';
import type { AuthUser } from './sessions.ts';
import { newToken, safeEqual } from './tokens.ts';

/**
 * "View as student" (docs/instructor-home.md): the view-as route replays the student dashboard's GETs
 * in-process (`app.inject`) with this header, whose value is `<key>.<studentId>`. The key is random per
 * process and never leaves it, so only the server itself can send a valid one; the route checks who may
 * view whom (and records the view) before replaying.
 */
export const VIEW_AS_HEADER = 'x-course-coach-view-as';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-process key of the view-as header (auth/view-as.ts). */
    viewAsKey: string;
  }
}

/** Decorates the app with a fresh view-as key (installGuard). */
export function installViewAsKey(app: FastifyInstance): void {
  app.decorate('viewAsKey', newToken());
}

/** The header value that makes a replayed request act as `studentId`. */
export function viewAsHeaderValue(app: FastifyInstance, studentId: number): string {
  return `${app.viewAsKey}.${studentId}`;
}

/**
 * The caller a request acts as: the signed-in `user`, or, when the request carries the view-as header
 * with this process's key, the named student (still active). A view-as request that is not a GET is
 * refused (403): the mode is read-only whatever the route. A header with a wrong key is refused too.
 */
export async function viewAsUser(
  database: Database,
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser | null,
): Promise<AuthUser | null> {
  const header = request.headers[VIEW_AS_HEADER];
  if (header === undefined) return user;
  const value = Array.isArray(header) ? '' : header;
  const dot = value.lastIndexOf('.');
  const studentId = Number(value.slice(dot + 1));
  if (
    dot < 0 ||
    !safeEqual(value.slice(0, dot), app.viewAsKey) ||
    !user ||
    !Number.isSafeInteger(studentId)
  ) {
    throw forbidden(INSTRUCTOR_HOME_TEXTS.readOnlyRefused);
  }
  if (request.method !== 'GET') throw forbidden(INSTRUCTOR_HOME_TEXTS.readOnlyRefused);
  const [row] = await database.query<{ id: number; institution_id: number; email: string; name: string }>(
    'select id, institution_id, email, name from users where id = $1 and deactivated_at is null',
    [studentId],
  );
  if (!row) throw forbidden(INSTRUCTOR_HOME_TEXTS.readOnlyRefused);
  return {
    sessionId: user.sessionId,
    userId: row.id,
    institutionId: row.institution_id,
    email: row.email,
    name: row.name,
    // The viewing staff member's own session decides framing (an LTI-launched session stays framable).
    frameOrigin: user.frameOrigin,
  };
}
