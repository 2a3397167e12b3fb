import { z } from 'zod';
import { access, defineEndpoint } from '../endpoint.ts';
import { DetailErrorSchema, FieldErrorsSchema } from '../error-schemas.ts';
import { LmsErrorSchema } from '../lms.ts';
import {
  WIZARD_API,
  WizardSaveRequestSchema,
  WizardSaveResponseSchema,
  WizardSetupListSchema,
  WizardStepResponseSchema,
} from './api.ts';
import { WizardReferenceDataResponseSchema } from './questions.ts';

/** The wizard's endpoints, described once (docs/architecture.md "An endpoint, described once"). See ../wizard.ts. */

const WIZARD_TAGS = ['wizard'];
/** Staff and admins of the institution only (spec §7 "Wizard"; docs/design.md Roles). */
const WIZARD_STAFF = access.institution('staff', 'admin');

/**
 * The error answers of every wizard endpoint: the usual ones (400 field errors, 401/403/404 `{detail}`),
 * 409 `{detail}` while the set-up job runs or after it completed, or canvas_auth's LMS authorization
 * required `{detail, code}`, and canvas_auth's other LMS failures `{detail, code}` (502 unavailable, 503 not
 * configured, 504 timeout; WizardSaveRequestSchema).
 */
export const WIZARD_ERROR_ANSWERS = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
  409: z.union([LmsErrorSchema, DetailErrorSchema]),
  502: LmsErrorSchema,
  503: LmsErrorSchema,
  504: LmsErrorSchema,
};

/** A `:step` path parameter: any short text (the service answers an unknown step with a field error). */
const STEP_PARAMS = { step: z.string().max(50) };

/**
 * The coach set-up wizard's endpoints (spec §7 "Wizard"; docs/wizard.md). Staff and admins of the
 * institution only: students and instructors 403, another institution 404, a coach of another institution
 * or not created by the wizard 404. POST and PUT are both accepted on a coach's and a step's path, so each
 * has two descriptions.
 */
export const WIZARD_ENDPOINTS = {
  /** GET .../coach-setup-wizard/data → [{terms, courses, six question lists}] (spec §7). */
  referenceData: defineEndpoint({
    method: 'GET',
    path: WIZARD_API.data(':institutionId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    responses: { 200: WizardReferenceDataResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** GET .../coach-setup-wizard → the institution's unfinished set-ups (ours: resume or discard them). */
  setups: defineEndpoint({
    method: 'GET',
    path: WIZARD_API.start(':institutionId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    responses: { 200: WizardSetupListSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** POST .../coach-setup-wizard {step: 'basic_info', data, action?} → creates the coach: {coach_id, step}. */
  start: defineEndpoint({
    method: 'POST',
    path: WIZARD_API.start(':institutionId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    body: WizardSaveRequestSchema,
    responses: { 200: WizardSaveResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** GET .../coach-setup-wizard/{coachId} → the step the set-up resumes at, with its data and extras. */
  progress: defineEndpoint({
    method: 'GET',
    path: WIZARD_API.coach(':institutionId', ':coachId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    responses: { 200: WizardStepResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** POST .../coach-setup-wizard/{coachId} {step, data, action?} → saves that step: {coach_id, step}. */
  saveCoach: defineEndpoint({
    method: 'POST',
    path: WIZARD_API.coach(':institutionId', ':coachId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    body: WizardSaveRequestSchema,
    responses: { 200: WizardSaveResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** PUT .../coach-setup-wizard/{coachId}: as `saveCoach`. */
  saveCoachPut: defineEndpoint({
    method: 'PUT',
    path: WIZARD_API.coach(':institutionId', ':coachId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    body: WizardSaveRequestSchema,
    responses: { 200: WizardSaveResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** GET .../coach-setup-wizard/{coachId}/{step} → that step's data and extras (mts: `error`; complete when done). */
  step: defineEndpoint({
    method: 'GET',
    path: WIZARD_API.step(':institutionId', ':coachId', ':step'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    params: STEP_PARAMS,
    responses: { 200: WizardStepResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** POST .../coach-setup-wizard/{coachId}/{step} {data, action?} → saves the step in the path: {coach_id, step}. */
  saveStep: defineEndpoint({
    method: 'POST',
    path: WIZARD_API.step(':institutionId', ':coachId', ':step'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    params: STEP_PARAMS,
    body: WizardSaveRequestSchema,
    responses: { 200: WizardSaveResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** PUT .../coach-setup-wizard/{coachId}/{step}: as `saveStep`. */
  saveStepPut: defineEndpoint({
    method: 'PUT',
    path: WIZARD_API.step(':institutionId', ':coachId', ':step'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    params: STEP_PARAMS,
    body: WizardSaveRequestSchema,
    responses: { 200: WizardSaveResponseSchema },
    errors: WIZARD_ERROR_ANSWERS,
  }),
  /** DELETE .../coach-setup-wizard/{coachId} (ours) → 204; discards an unfinished or failed set-up and its coach. */
  discard: defineEndpoint({
    method: 'DELETE',
    path: WIZARD_API.discard(':institutionId', ':coachId'),
    access: WIZARD_STAFF,
    tags: WIZARD_TAGS,
    responses: { 204: z.null() },
    errors: WIZARD_ERROR_ANSWERS,
  }),
};
