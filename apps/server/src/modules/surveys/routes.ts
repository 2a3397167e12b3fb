import { SURVEY_ENDPOINTS } from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { pathId } from '../../http/route-common.ts';
import { queueScorePosts } from '../lti/index.ts';
import { answerSurvey, createSurvey, deleteSurvey, getSurvey, listSurveys, updateSurvey } from './service.ts';

/**
 * Survey routes (paths ours, see SURVEY_API), each registered from its description
 * (`SURVEY_ENDPOINTS`). Everybody in the coach reads (students: the live surveys meant for them, with
 * their own answers); staff write; students answer.
 */
export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const runner = { database, boss };
  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.list),
    handler: async (request) => listSurveys(database, coachRequestContext(request)),
  });

  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.create),
    handler: async (request, reply) => {
      const created = await createSurvey(database, coachRequestContext(request), request.body);
      if (created.related_credit) await queueScorePosts(boss);
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.get),
    handler: async (request) =>
      getSurvey(database.query, coachRequestContext(request), pathId(request.params.id)),
  });

  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.update),
    handler: async (request) => {
      const saved = await updateSurvey(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body,
      );
      if (saved.related_credit) await queueScorePosts(boss);
      return saved;
    },
  });

  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.remove),
    handler: async (request, reply) => {
      await deleteSurvey(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  // The student's response; their characteristic values change.
  app.route({
    ...endpointRoute(SURVEY_ENDPOINTS.answer),
    handler: async (request) =>
      answerSurvey(runner, coachRequestContext(request), pathId(request.params.id), request.body),
  });
};
