import {
  coachDashboardPartPaths,
  DetailErrorSchema,
  INSTRUCTOR_HOME_API,
  InstructorHomeQuerySchema,
  InstructorHomeSchema,
  ViewAsStudentSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_STAFF } from '../../auth/access.ts';
import { VIEW_AS_HEADER, viewAsHeaderValue } from '../../auth/view-as.ts';
import { notFound } from '../../http/errors.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { recordAudit } from '../audit/index.ts';
import { instructorHome } from './service.ts';

const StudentParams = CoachParams.extend({ studentId: z.string() });

/**
 * The instructor home and "View as student" (docs/instructor-home.md). Both for the coach's instructors
 * and its institution's staff and admins; students get 403, anyone without a place in the coach 404.
 */
export const instructorHomeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    INSTRUCTOR_HOME_API.home(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['instructor-home'],
        summary: 'Who is engaging and who is falling behind, and the students needing attention',
        params: CoachParams,
        querystring: InstructorHomeQuerySchema,
        response: { 200: InstructorHomeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const today = new Date().toISOString().slice(0, 10);
      return instructorHome(database, request.coach!.coachId, { ...request.query, today });
    },
  );

  app.get(
    INSTRUCTOR_HOME_API.viewAsStudent(':coachId', ':studentId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags: ['instructor-home'],
        summary: 'A student’s coach dashboard as they see it (read-only; every view is in the audit log)',
        params: StudentParams,
        response: {
          200: ViewAsStudentSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          404: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const coachId = request.coach!.coachId;
      const studentId = pathId(request.params.studentId);
      const student = await database.transaction(async (q) => {
        const [row] = await q<{ id: number; name: string; email: string }>(
          `select u.id, u.name, u.email from enrollments e join users u on u.id = e.user_id
            where e.coach_id = $1 and e.user_id = $2 and e.role = 'student' and u.deactivated_at is null`,
          [coachId, studentId],
        );
        if (!row) throw notFound();
        await recordAudit(q, {
          kind: 'views',
          action: 'student.dashboard_viewed',
          target: `coach ${coachId}, user ${row.id} (${row.email})`,
        });
        return row;
      });
      const cookie = request.headers.cookie ?? '';
      const header = viewAsHeaderValue(app, student.id);
      const parts = await Promise.all(
        coachDashboardPartPaths(coachId).map(async (path) => {
          const response = await app.inject({
            method: 'GET',
            url: path,
            headers: { cookie, accept: 'application/json', [VIEW_AS_HEADER]: header },
          });
          return {
            path,
            status: response.statusCode,
            body: response.body ? JSON.parse(response.body) : null,
          };
        }),
      );
      return { student: { id: student.id, name: student.name }, parts };
    },
  );
};
