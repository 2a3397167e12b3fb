import {
  LMS_API,
  LMS_ENDPOINTS,
  LMS_ERRORS,
  LMS_PROVIDER,
  LMS_PROVIDER_NAME,
  LMS_RESULT_PARAM,
  LMS_TEXTS,
  NON_FIELD_ERRORS,
  PAGES,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { coachRequestContext, institutionRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { createLmsService } from './index.ts';
import { LinkedElsewhereError, LmsError, safeReturnPath } from './service.ts';

const InstitutionParams = z.object({ institutionId: z.string() });
const staff = access.institution('staff', 'admin');

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
 * institution only; the callback only for the user and session that started the authorization. The JSON
 * routes are registered from their descriptions in the contracts (`LMS_ENDPOINTS`); the authorization
 * start and its callback answer browser redirects (302), not JSON, so they stay registered by hand here.
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
        response: { 302: z.null(), ...LMS_ERRORS },
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
        response: { 302: z.null(), ...LMS_ERRORS },
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

  app.route({
    ...endpointRoute(LMS_ENDPOINTS.status),
    handler: async (request) => {
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
  });

  app.route({
    ...endpointRoute(LMS_ENDPOINTS.disconnect),
    handler: async (request, reply) => {
      const removed = await service.disconnect(institutionRequestContext(request));
      if (!removed) throw new HttpError(404, { detail: 'There is no Canvas authorization to remove.' });
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(LMS_ENDPOINTS.courses),
    handler: async (request) => answer(() => service.listCourses(institutionRequestContext(request))),
  });

  app.route({
    ...endpointRoute(LMS_ENDPOINTS.assignments),
    handler: async (request) =>
      answer(() => service.listAssignments(institutionRequestContext(request), request.params.courseId)),
  });

  app.route({
    ...endpointRoute(LMS_ENDPOINTS.rosterImport),
    handler: async (request) => {
      const caller = coachRequestContext(request);
      return answer(() => service.importRoster(caller, caller.coachId, String(request.body.lms_course_id)));
    },
  });
};
