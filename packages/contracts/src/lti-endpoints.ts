import { z } from 'zod';
import { access, defineEndpoint } from './endpoint.ts';
import { DetailErrorSchema } from './error-schemas.ts';
import {
  LTI_API,
  LtiFailedScoresAnswerSchema,
  LtiLinkedCourseSchema,
  LtiRegistrationBodySchema,
  LtiRegistrationSchema,
  LtiRegistrationsAnswerSchema,
} from './lti.ts';

/**
 * LTI's JSON endpoints, described once (docs/lti.md; docs/architecture.md "An endpoint, described once"):
 * the staff's platform registrations, the roster sync of a linked course and the failed score posts. The
 * protocol endpoints stay registered by hand in the server's lti module: the login initiation and the
 * launch (form posts from the platform, redirects and plain HTML pages), the link form, and the JWKS and
 * Canvas configuration, whose shapes the standards dictate (RFC 7517, Canvas's developer key JSON).
 */

const STAFF = access.institution('staff', 'admin');
const TAGS = ['lti'];

/** The LMS (LTI) page's endpoints, staff and admins of the institution only (docs/lti.md). */
export const LTI_ENDPOINTS = {
  /** GET institution/{id}/lti/registrations → the registrations, the linked courses and our tool URLs. */
  registrations: defineEndpoint({
    method: 'GET',
    path: LTI_API.registrations(':institutionId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: LtiRegistrationsAnswerSchema },
  }),
  /** POST institution/{id}/lti/registrations → 201 with the new registration; 400 field errors. */
  createRegistration: defineEndpoint({
    method: 'POST',
    path: LTI_API.registrations(':institutionId'),
    access: STAFF,
    tags: TAGS,
    body: LtiRegistrationBodySchema,
    responses: { 201: LtiRegistrationSchema },
  }),
  /** PUT institution/{id}/lti/registrations/{registrationId} → the saved registration; 404 when not the institution's. */
  updateRegistration: defineEndpoint({
    method: 'PUT',
    path: LTI_API.registration(':institutionId', ':registrationId'),
    access: STAFF,
    tags: TAGS,
    body: LtiRegistrationBodySchema,
    responses: { 200: LtiRegistrationSchema },
  }),
  /** DELETE institution/{id}/lti/registrations/{registrationId} → 204; 404 when not the institution's (no 400). */
  removeRegistration: defineEndpoint({
    method: 'DELETE',
    path: LTI_API.registration(':institutionId', ':registrationId'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
    errors: { 401: DetailErrorSchema, 403: DetailErrorSchema, 404: DetailErrorSchema },
  }),
  /** POST institution/{id}/lti/courses/{ltiCourseId}/sync → the course's line after a roster sync now. */
  syncCourse: defineEndpoint({
    method: 'POST',
    path: LTI_API.courseSync(':institutionId', ':ltiCourseId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: LtiLinkedCourseSchema },
  }),
  /** GET institution/{id}/lti/failed-scores → the score posts the platform did not accept (docs/lti.md, Grades). */
  failedScores: defineEndpoint({
    method: 'GET',
    path: LTI_API.failedScores(':institutionId'),
    access: STAFF,
    tags: TAGS,
    responses: { 200: LtiFailedScoresAnswerSchema },
  }),
  /** POST institution/{id}/lti/failed-scores/{scorePostId}/retry → 204 (“Retry now”); 400 `{state}` when not failed. */
  retryScore: defineEndpoint({
    method: 'POST',
    path: LTI_API.scoreRetry(':institutionId', ':scorePostId'),
    access: STAFF,
    tags: TAGS,
    responses: { 204: z.null() },
  }),
};
