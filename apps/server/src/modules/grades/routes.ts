import { GRADE_ENDPOINTS, UI_TEXTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { type CoachCaller, coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { gradeDataFor } from './service.ts';

/**
 * Whose grades a request is about: the caller's own, or (staff of the coach only: the request context's
 * `isStaff`, docs/design.md Roles) the `user_id` they name. Throws 403 when a student names someone else,
 * 400 when staff name nobody.
 */
export function studentOf(
  caller: Pick<CoachCaller, 'userId' | 'isStaff'>,
  named: number | undefined,
): number {
  const { userId: self, isStaff } = caller;
  if (named !== undefined && named !== self) {
    if (!isStaff) throw forbidden(UI_TEXTS.forbidden);
    return named;
  }
  if (isStaff && named === undefined) throw badRequest({ user_id: ['This field is required.'] });
  return self;
}

/**
 * GET /api/v1/coach/{coachId}/grade-data (spec §7 "Grade data": the exact path is ours).
 * A student gets their own grade data; instructors, staff and admins pass `?user_id=` for a student of
 * the coach. 404 when the coach or the student is not there for this caller. Registered from its
 * description in the contracts (`GRADE_ENDPOINTS.data`).
 */
export const gradeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...endpointRoute(GRADE_ENDPOINTS.data),
    handler: async (request) => {
      const coach = coachRequestContext(request);
      const userId = studentOf(coach, request.query.user_id);
      const data = await gradeDataFor(database, coach.coachId, userId);
      if (!data) throw notFound();
      return data;
    },
  });
};
