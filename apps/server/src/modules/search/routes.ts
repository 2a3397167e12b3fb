import { API, SearchPageSchema, SearchQuerySchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { CoachParams, errorResponses } from '../../http/route-common.ts';
import { searchCoach } from './service.ts';

/**
 * Search within a course (docs/search.md; path ours). Every member of the coach may search it; each finds
 * only what they may read (service.ts).
 */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  /** GET search?q=&page= → SearchPage; 400 with field errors for a bad page or an over-long q. */
  app.get(
    API.search(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags: ['search'],
        params: CoachParams,
        querystring: SearchQuerySchema,
        response: { 200: SearchPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const caller = coachRequestContext(request);
      return searchCoach(database, caller, request.query.q ?? '', request.query.page ?? 1);
    },
  );
};
