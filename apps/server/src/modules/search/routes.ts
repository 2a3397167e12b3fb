import { SEARCH_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { searchCoach } from './service.ts';

/**
 * Search within a course (docs/search.md; path ours). Every member of the coach may search it; each finds
 * only what they may read (service.ts). Registered from its description in the contracts
 * (`SEARCH_ENDPOINTS.search`).
 */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET search?q=&page= → SearchPage; 400 with field errors for a bad page or an over-long q. */
  app.route({
    ...endpointRoute(SEARCH_ENDPOINTS.search),
    handler: async (request) => {
      const caller = coachRequestContext(request);
      return searchCoach(database, caller, request.query.q ?? '', request.query.page ?? 1);
    },
  });
};
