import {
  type CoachDashboardPart,
  coachDashboardPartPaths,
  DASHBOARD_ENDPOINTS,
} from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { RESOLVED_CALLER_HEADER, withResolvedCaller } from '../../auth/guard.ts';
import { summarised } from '../../http/endpoint-summary.ts';

/**
 * GET /api/v1/coach/{coachId}/dashboard (ours; docs/decisions/0006-coach-dashboard-in-one-request.md): the
 * answers of the endpoints the coach dashboard calls first (`coachDashboardPartPaths`), in one request.
 *
 * Each part is that endpoint's own answer to the same caller: the request is replayed in-process
 * (`app.inject`) with the caller's cookie, through the same guard, validation and serialisation, so its
 * status and body are what a direct call gets (a student's 403 on a staff-only part stays a 403 part). The
 * parts' paths are fixed here: a client cannot name one, only pick one of the fixed groups with
 * `?parts=first|rest` (any other value: 400 with field errors); without it every part is answered.
 * Access: anyone in the coach (the parts check more). Registered from its description in the contracts
 * (`DASHBOARD_ENDPOINTS.dashboard`), with its OpenAPI summary.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  app.route({
    ...summarised(DASHBOARD_ENDPOINTS.dashboard, 'The coach dashboard’s answers in one request'),
    handler: async (request) => {
      const cookie = request.headers.cookie ?? '';
      // The caller was resolved once for this request (session, place in the coach): the replayed parts
      // reuse it instead of each loading the session and membership again; each part's own policy is still
      // checked (auth/guard.ts RESOLVED_CALLER_HEADER).
      const parts = await withResolvedCaller(request, (handle) =>
        Promise.all(
          coachDashboardPartPaths(request.coach!.coachId, request.query.parts).map((path) =>
            answerOf(app, path, cookie, handle),
          ),
        ),
      );
      return { parts };
    },
  });
};

/**
 * One GET replayed in-process with the caller's cookie and, when given, the handle of the caller already
 * resolved (`withResolvedCaller`); the body parsed as JSON (null when empty).
 */
async function answerOf(
  app: FastifyInstance,
  path: string,
  cookie: string,
  handle: string | null,
): Promise<CoachDashboardPart> {
  const headers: Record<string, string> = { cookie, accept: 'application/json' };
  if (handle) headers[RESOLVED_CALLER_HEADER] = handle;
  const response = await app.inject({ method: 'GET', url: path, headers });
  return { path, status: response.statusCode, body: response.body ? JSON.parse(response.body) : null };
}
