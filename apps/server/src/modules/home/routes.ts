import { HOME_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { signedInContext } from '../../auth/context.ts';
import { summarised } from '../../http/endpoint-summary.ts';
import { pathId } from '../../http/route-common.ts';
import { homeOf } from './service.ts';

/**
 * GET /api/v1/institution/{institutionId}/home (ours; docs/homepage.md): everything the home page
 * `/Homepage/{institutionId}` shows, in one request. Any signed-in user of the institution (their
 * account's institution, or its staff); another institution answers 404 (`homeOf`). Registered from its
 * description in the contracts (`HOME_ENDPOINTS.home`), with its OpenAPI summary.
 */
export const homeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.route({
    ...summarised(HOME_ENDPOINTS.home, 'The institution’s home page for the signed-in user'),
    handler: async (request) => {
      const today = new Date().toISOString().slice(0, 10);
      return homeOf(database, signedInContext(request), pathId(request.params.institutionId), today);
    },
  });
};
