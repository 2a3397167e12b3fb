import { StudentQuerySchema, UI_TEXTS } from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { coachRequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { isStudentOf } from './queries.ts';

/**
 * The query of every per-student route (`?user_id=`, staff only): the contracts' `StudentQuerySchema`
 * (packages/contracts/src/analytics.ts), under the name the routes use.
 */
export const StudentQuery = StudentQuerySchema;

export const CoachParams = z.object({ coachId: z.string() });

/**
 * Resolves whose figures a per-student route answers with (the guard has already admitted the caller to
 * the coach; its request context says whether they are staff, docs/design.md Roles): a student gets their own; another `user_id` is refused to students (403). Staff and
 * instructors name a student with `user_id`; without one they get 400 (`optional: false`) or null
 * (`optional: true`: the route has a class-wide answer). The named user must be a student of the coach,
 * else 404 (nothing about other coaches or tenants leaks).
 */
export async function resolveStudent(
  request: FastifyRequest,
  database: Database,
  opts: { optional?: boolean } = {},
): Promise<number | null> {
  const coach = coachRequestContext(request);
  const self = coach.userId;
  const isStaff = coach.isStaff;
  const wanted = (request.query as { user_id?: number }).user_id;
  let userId: number;
  if (wanted !== undefined && wanted !== self) {
    if (!isStaff) throw forbidden(UI_TEXTS.forbidden);
    userId = wanted;
  } else if (isStaff && wanted === undefined) {
    if (opts.optional) return null;
    throw badRequest({ user_id: ['This field is required.'] });
  } else {
    userId = self;
  }
  // A student asking for their own figures: the guard found their student enrollment in this coach already
  // (its context's coachRole), which is exactly what the query below checks.
  if (userId === self && coach.coachRole === 'student') return userId;
  if (!(await isStudentOf(database.query, coach.coachId, userId))) throw notFound();
  return userId;
}

/** n / d in percent rounded to 2 decimals; 0 when d is 0. */
export function percentOf(n: number, d: number): number {
  return d > 0 ? Math.round((n / d) * 10000) / 100 : 0;
}
