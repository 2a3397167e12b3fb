import {
  API,
  DetailErrorSchema,
  FieldErrorsSchema,
  GradeDataSchema,
  UI_TEXTS,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { type CoachCaller, coachRequestContext } from '../../auth/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { gradeDataFor } from './service.ts';

const Params = z.object({ coachId: z.string() });
/** `?user_id=`: the student a staff member looks at (students may name only themselves). */
export const StudentQuery = z.strictObject({
  // Plain decimal ids only (as path ids, see parseId): Number() would also take `0x1f`, `1e3`, `+5` or ` 5`.
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Enter a valid user id.')
    .pipe(z.coerce.number<string>().int().positive().max(2_147_483_647, 'Enter a valid user id.'))
    .optional(),
});

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
 * the coach. 404 when the coach or the student is not there for this caller.
 */
export const gradeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    API.gradeData(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['grades'],
        params: Params,
        querystring: StudentQuery,
        response: {
          200: GradeDataSchema,
          400: FieldErrorsSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const coach = coachRequestContext(request);
      const userId = studentOf(coach, request.query.user_id);
      const data = await gradeDataFor(database, coach.coachId, userId);
      if (!data) throw notFound();
      return data;
    },
  );
};
