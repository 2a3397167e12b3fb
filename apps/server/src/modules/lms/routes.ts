import {
  DetailErrorSchema,
  FieldErrorsSchema,
  LMS_API,
  LMS_PROVIDER,
  LMS_PROVIDER_NAME,
  LMS_RESULT_PARAM,
  LMS_TEXTS,
  LmsAssignmentSchema,
  LmsCourseSchema,
  LmsErrorSchema,
  LmsStatusSchema,
  NON_FIELD_ERRORS,
  PAGES,
  RosterImportRequestSchema,
  RosterImportResultSchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { coachRequestContext, institutionRequestContext } from '../../auth/context.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { createLmsService } from './index.ts';
import { LinkedElsewhereError, LmsError, safeReturnPath } from './service.ts';

const InstitutionParams = z.object({ institutionId: z.string() });
const staff = access.institution('staff', 'admin');
const lmsErrors = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: z.union([LmsErrorSchema, DetailErrorSchema]),
  404: DetailErrorSchema,
  409: LmsErrorSchema,
  502: LmsErrorSchema,
  503: LmsErrorSchema,
  504: LmsErrorSchema,
};

/** Runs a service call, answering an LmsError as `{ detail, code }` with its status. */
async function answer<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LmsError) {
      const body: { detail: string; code: string } = { detail: error.message, code: error.code };
      throw new HttpError(error.statusCode, body);
    }
    if (error instanceof LinkedElsewhereError) throw badRequest({ lms_course_id: [error.message] });
    throw error;
  }
}

/** Adds `lms=<result>` (and `lms_error=<code>`) to a same-site path. */
function withResult(path: string, result: string, code?: string): string {
  // Checked again on the way out (a row stored before the check normalised paths); unsafe → home.
  const url = new URL(safeReturnPath(path) ?? '/', 'http://x');
  url.searchParams.set(LMS_RESULT_PARAM, result);
  if (code) url.searchParams.set(`${LMS_RESULT_PARAM}_error`, code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Canvas LMS routes (README "Canvas LMS"; paths ours, see LMS_API in contracts). Staff and admins of the
 * institution only; the callback only for the user and session that started the authorization.
 * `deps.lms` overrides the settings derived from the configuration (main.ts passes the stand-in's URL).
 */
export const lmsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = createLmsService(deps);

  /**
   * GET .../lms/canvas/authorize?return_to=/path → 302 to Canvas's /login/oauth2/auth with a fresh
   * `state`. `return_to` (default: the institution's coach dashboard) is where the callback goes back to.
   */
  app.get(
    LMS_API.canvasAuthorize(':institutionId'),
    {
      config: { access: staff },
      schema: {
        tags: ['lms'],
        params: InstitutionParams,
        querystring: z.strictObject({
          return_to: z
            .string()
            .refine((path) => safeReturnPath(path) !== null, LMS_TEXTS.badReturnTo)
            .transform((path) => safeReturnPath(path) as string)
            .optional(),
        }),
        response: { 302: z.null(), ...lmsErrors },
      },
    },
    async (request, reply) => {
      const caller = institutionRequestContext(request);
      const institutionId = caller.institutionId;
      const url = await answer(() =>
        service.startAuthorization(
          { ...caller, sessionId: request.user!.sessionId },
          request.query.return_to ?? PAGES.institutionCoachDashboard(institutionId),
          publicOrigin(deps.config, request),
        ),
      );
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  /**
   * GET /api/v1/lms/canvas/callback?code=&state= (or ?error=&state=) → 302 back to the `return_to` page
   * with `lms=connected`, `lms=denied` (refused at Canvas) or `lms=failed&lms_error=<code>`.
   * A state that is unknown, expired, used, or not the caller's (user and session) → 400.
   */
  app.get(
    LMS_API.canvasCallback,
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['lms'],
        querystring: z.object({
          state: z.string().max(500),
          code: z.string().max(2000).optional(),
          error: z.string().max(200).optional(),
          error_description: z.string().max(2000).optional(),
        }),
        response: { 302: z.null(), ...lmsErrors },
      },
    },
    async (request, reply) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(request.query)) if (typeof v === 'string') params.set(k, v);
      const done = await answer(() =>
        service.completeAuthorization(
          { userId: request.user!.userId, sessionId: request.user!.sessionId },
          params,
        ),
      );
      if (!done) throw badRequest({ [NON_FIELD_ERRORS]: [LMS_TEXTS.invalidState(LMS_PROVIDER_NAME)] });
      return reply
        .header('cache-control', 'no-store')
        .redirect(withResult(done.returnTo, done.result, done.code), 302);
    },
  );

  /** GET .../lms/canvas/status → whether Canvas is configured and the caller has authorized it. */
  app.get(
    LMS_API.canvasStatus(':institutionId'),
    {
      config: { access: staff },
      schema: { tags: ['lms'], params: InstitutionParams, response: { 200: LmsStatusSchema, ...lmsErrors } },
    },
    async (request) => {
      const caller = institutionRequestContext(request);
      const institutionId = caller.institutionId;
      const status = await service.status(caller);
      return {
        provider: LMS_PROVIDER,
        provider_name: LMS_PROVIDER_NAME,
        configured: service.configured,
        authorized: status.authorized,
        lms_user: status.lmsUser,
        authorize_url: LMS_API.canvasAuthorize(institutionId),
      };
    },
  );

  /** DELETE .../lms/canvas/authorization → forgets the caller's Canvas tokens (204; 404 when there were none). */
  app.delete(
    LMS_API.canvasAuthorization(':institutionId'),
    {
      config: { access: staff },
      schema: { tags: ['lms'], params: InstitutionParams, response: { 204: z.null(), ...lmsErrors } },
    },
    async (request, reply) => {
      const removed = await service.disconnect(institutionRequestContext(request));
      if (!removed) throw new HttpError(404, { detail: 'There is no Canvas authorization to remove.' });
      return reply.code(204).send(null);
    },
  );

  /** GET .../lms/canvas/courses → the caller's Canvas courses as teacher (every page), by name. */
  app.get(
    LMS_API.canvasCourses(':institutionId'),
    {
      config: { access: staff },
      schema: {
        tags: ['lms'],
        params: InstitutionParams,
        response: { 200: z.array(LmsCourseSchema), ...lmsErrors },
      },
    },
    async (request) => answer(() => service.listCourses(institutionRequestContext(request))),
  );

  /** GET .../lms/canvas/courses/{courseId}/assignments → a taught course's assignments (403 for any other course). */
  app.get(
    LMS_API.canvasAssignments(':institutionId', ':courseId'),
    {
      config: { access: staff },
      schema: {
        tags: ['lms'],
        params: z.object({
          institutionId: z.string(),
          courseId: z.string().regex(/^[0-9]{1,15}$/, 'Must be a Canvas course id.'),
        }),
        response: { 200: z.array(LmsAssignmentSchema), ...lmsErrors },
      },
    },
    async (request) =>
      answer(() => service.listAssignments(institutionRequestContext(request), request.params.courseId)),
  );

  /**
   * POST /api/v1/coach/{coachId}/lms/canvas/roster-import {lms_course_id} → imports the taught Canvas
   * course's students and instructors as enrollments of the coach, in one transaction, idempotently.
   * Staff and admins of the coach's institution only (another institution's coach → 404).
   */
  app.post(
    LMS_API.canvasRosterImport(':coachId'),
    {
      config: { access: access.coach('staff', 'admin') },
      schema: {
        tags: ['lms'],
        params: z.object({ coachId: z.string() }),
        body: RosterImportRequestSchema,
        response: { 200: RosterImportResultSchema, ...lmsErrors },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      return answer(() => service.importRoster(caller, caller.coachId, String(request.body.lms_course_id)));
    },
  );
};
