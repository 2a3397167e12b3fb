import { coachDashboardPartPaths, INSTRUCTOR_HOME_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { VIEW_AS_HEADER, viewAsHeaderValue } from '../../auth/view-as.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import { notFound } from '../../http/errors.ts';
import { pathId } from '../../http/route-common.ts';
import { recordAudit } from '../audit/index.ts';
import { selectActiveStudent } from './queries.ts';
import { instructorHome } from './service.ts';

/**
 * The instructor home and "View as student" (docs/instructor-home.md). Both for the coach's instructors
 * and its institution's staff and admins; students get 403, anyone without a place in the coach 404.
 * Both registered from their descriptions in the contracts (`INSTRUCTOR_HOME_ENDPOINTS`), with their
 * OpenAPI summaries.
 */
export const instructorHomeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...summarised(
      INSTRUCTOR_HOME_ENDPOINTS.home,
      'Who is engaging and who is falling behind, and the students needing attention',
    ),
    handler: async (request) => {
      const today = new Date().toISOString().slice(0, 10);
      return instructorHome(database, request.coach!.coachId, { ...request.query, today });
    },
  });

  app.route({
    ...summarised(
      INSTRUCTOR_HOME_ENDPOINTS.viewAsStudent,
      'A student’s coach dashboard as they see it (read-only; every view is in the audit log)',
    ),
    handler: async (request) => {
      const coachId = request.coach!.coachId;
      const studentId = pathId(request.params.studentId);
      const student = await database.transaction(async (q) => {
        const row = await selectActiveStudent(q, coachId, studentId);
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
  });
};
