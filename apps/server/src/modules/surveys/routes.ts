import {
  SURVEY_API,
  SurveyBodySchema,
  SurveyResponseBodySchema,
  SurveyResponseSchema,
  SurveySchema,
} from '@course-coach/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access, COACH_ANY, COACH_STAFF } from '../../auth/access.ts';
import { coachRequestContext } from '../../auth/context.ts';
import { CoachParams, errorResponses, pathId } from '../../http/route-common.ts';
import { queueScorePosts } from '../lti/index.ts';
import { answerSurvey, createSurvey, deleteSurvey, getSurvey, listSurveys, updateSurvey } from './service.ts';

const IdParams = z.object({ coachId: z.string(), id: z.string() });
const errors = errorResponses;
const tags = ['surveys'];

/**
 * Survey routes (paths ours, see SURVEY_API). Everybody in the coach reads (students:
 * the live surveys meant for them, with their own answers); staff write; students answer.
 */
export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { database, boss }) => {
  const runner = { database, boss };
  /** GET surveys → staff: every survey of the coach; students: the live ones meant for them. */
  app.get(
    SURVEY_API.surveys(':coachId'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags, params: CoachParams, response: { 200: z.array(SurveySchema), ...errors } },
    },
    async (request) => listSurveys(database, coachRequestContext(request)),
  );

  /** POST surveys → a new survey with questions mapped to characteristics (staff). */
  app.post(
    SURVEY_API.surveys(':coachId'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: {
        tags,
        params: CoachParams,
        body: SurveyBodySchema,
        response: { 201: SurveySchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createSurvey(database, coachRequestContext(request), request.body);
      if (created.related_credit) await queueScorePosts(boss);
      return reply.code(201).send(created);
    },
  );

  /** GET surveys/{id} → one survey the caller may see. */
  app.get(
    SURVEY_API.survey(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: { tags, params: IdParams, response: { 200: SurveySchema, ...errors } },
    },
    async (request) => getSurvey(database.query, coachRequestContext(request), pathId(request.params.id)),
  );

  /** PUT surveys/{id} → the survey replaced (staff). */
  app.put(
    SURVEY_API.survey(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags, params: IdParams, body: SurveyBodySchema, response: { 200: SurveySchema, ...errors } },
    },
    async (request) => {
      const saved = await updateSurvey(
        database,
        coachRequestContext(request),
        pathId(request.params.id),
        request.body,
      );
      if (saved.related_credit) await queueScorePosts(boss);
      return saved;
    },
  );

  /** DELETE surveys/{id} → 204 (staff). */
  app.delete(
    SURVEY_API.survey(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_STAFF) },
      schema: { tags, params: IdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteSurvey(database, coachRequestContext(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  );

  /** POST surveys/{id}/responses {answers} → the student's response; their characteristic values change. */
  app.post(
    SURVEY_API.responses(':coachId', ':id'),
    {
      config: { access: access.coach(...COACH_ANY) },
      schema: {
        tags,
        params: IdParams,
        body: SurveyResponseBodySchema,
        response: { 200: SurveyResponseSchema, ...errors },
      },
    },
    async (request) =>
      answerSurvey(runner, coachRequestContext(request), pathId(request.params.id), request.body),
  );
};
