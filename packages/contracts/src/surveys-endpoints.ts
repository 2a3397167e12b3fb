import { z } from 'zod';
import { access, COACH_ANY, COACH_STAFF, defineEndpoint } from './endpoint.ts';
import { SURVEY_RESULTS_API, SurveyResultsSchema } from './survey-results.ts';
import { SURVEY_API } from './survey-texts.ts';
import {
  SurveyBodySchema,
  SurveyListSchema,
  SurveyResponseBodySchema,
  SurveyResponseSchema,
  SurveySchema,
} from './surveys.ts';

/*
 * The survey endpoints, apart from surveys.ts (its schemas) and survey-results.ts, so that each file
 * stays small. The paths are ours (SURVEY_API, SURVEY_RESULTS_API).
 */

const TAGS = ['surveys'];
const ANY = access.coach(...COACH_ANY);
const STAFF = access.coach(...COACH_STAFF);

/**
 * The survey endpoints (docs/emails-surveys.md): everybody in the coach reads (students: the live surveys
 * meant for them, with their own answers); staff write and read the results; students answer. The
 * results as CSV (a file, not JSON) are not described: the server registers that route by hand
 * (modules/surveys/results-routes.ts).
 */
export const SURVEY_ENDPOINTS = {
  /** GET surveys → staff: every survey of the coach; students: the live ones meant for them. */
  list: defineEndpoint({
    method: 'GET',
    path: SURVEY_API.surveys(':coachId'),
    access: ANY,
    tags: TAGS,
    responses: { 200: SurveyListSchema },
  }),
  /** POST surveys → a new survey with questions mapped to characteristics (staff). */
  create: defineEndpoint({
    method: 'POST',
    path: SURVEY_API.surveys(':coachId'),
    access: STAFF,
    tags: TAGS,
    body: SurveyBodySchema,
    responses: { 201: SurveySchema },
  }),
  /** GET surveys/{id} → one survey the caller may see. */
  get: defineEndpoint({
    method: 'GET',
    path: SURVEY_API.survey(':coachId', ':id'),
    access: ANY,
    tags: TAGS,
    responses: { 200: SurveySchema },
  }),
  /** PUT surveys/{id} → the survey replaced (staff). */
  update: defineEndpoint({
    method: 'PUT',
    path: SURVEY_API.survey(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    body: SurveyBodySchema,
    responses: { 200: SurveySchema },
  }),
  /** DELETE surveys/{id} → 204 (staff). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: SURVEY_API.survey(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
  /** POST surveys/{id}/responses `{ answers }` → the student's response; their characteristic values change. */
  answer: defineEndpoint({
    method: 'POST',
    path: SURVEY_API.responses(':coachId', ':id'),
    access: ANY,
    tags: TAGS,
    body: SurveyResponseBodySchema,
    responses: { 200: SurveyResponseSchema },
  }),
  /** GET surveys/{id}/results → per-question aggregates and (not anonymous) individual answers (staff). */
  results: defineEndpoint({
    method: 'GET',
    path: SURVEY_RESULTS_API.results(':coachId', ':id'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: SurveyResultsSchema },
  }),
};
