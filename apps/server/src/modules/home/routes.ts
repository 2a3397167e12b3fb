import { HOME_API, HomeSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { signedInContext } from '../../auth/context.ts';
import { errorResponses, pathId } from '../../http/route-common.ts';
import { homeOf } from './service.ts';

/**
 * GET /api/v1/institution/{institutionId}/home (ours; docs/homepage.md): everything the home page
 * `/Homepage/{institutionId}` shows, in one request. Any signed-in user of the institution (their
 * account's institution, or its staff); another institution answers 404 (`homeOf`).
 */
export const homeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    HOME_API.home(':institutionId'),
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['home'],
        summary: 'The institution’s home page for the signed-in user',
        params: z.object({ institutionId: z.string() }),
        response: { 200: HomeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const today = new Date().toISOString().slice(0, 10);
      return homeOf(database, signedInContext(request), pathId(request.params.institutionId), today);
    },
  );
};
