import { API, CoachListEntrySchema, DetailErrorSchema } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';
import { access } from '../../auth/access.ts';

/**
 * GET /api/v1/institution/{institutionId}/coaches → the institution's coaches as coach list entries
 * (spec §3: id, label), newest term first. Staff and admins of that institution only.
 */
export const institutionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database }) => {
  app.get(
    API.institutionCoaches(':institutionId'),
    {
      config: { access: access.institution('staff', 'admin') },
      schema: {
        tags: ['institutions'],
        params: z.object({ institutionId: z.string() }),
        response: { 200: z.array(CoachListEntrySchema), 403: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request) =>
      database.query<z.infer<typeof CoachListEntrySchema>>(
        `select id, name as label, course_code as course, term_code as term from coaches
          where institution_id = $1 order by term_code desc, course_code, id`,
        [request.institution!.institutionId],
      ),
  );
};
