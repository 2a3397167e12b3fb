/**
 * LMS: the failures the coach setup wizard shows (README "Canvas LMS"): `LmsError` with its code, HTTP
 * status and text (LMS_TEXTS in packages/contracts), and the mapping of Canvas failures to them.
 */
import { LMS_PROVIDER_NAME, LMS_TEXTS, type LmsErrorCode } from '@course-coach/contracts';
import { CanvasError } from './canvas-client.ts';

/** A failure the wizard shows as the step's error (see LmsErrorSchema): HTTP status, code and text. */
export class LmsError extends Error {
  constructor(
    readonly code: LmsErrorCode,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'LmsError';
  }
}

const STATUS: Record<LmsErrorCode, number> = {
  lms_not_configured: 503,
  lms_authorization_required: 409,
  lms_unavailable: 502,
  lms_timeout: 504,
  lms_course_not_authorized: 403,
};

const TEXT: Record<LmsErrorCode, string> = {
  lms_not_configured: LMS_TEXTS.notConfigured(LMS_PROVIDER_NAME),
  lms_authorization_required: LMS_TEXTS.authorizationRequired(LMS_PROVIDER_NAME),
  lms_unavailable: LMS_TEXTS.unavailable(LMS_PROVIDER_NAME),
  lms_timeout: LMS_TEXTS.timeout(LMS_PROVIDER_NAME),
  lms_course_not_authorized: LMS_TEXTS.courseNotAuthorized(LMS_PROVIDER_NAME),
};

/** The LmsError of a code, with the text the wizard shows. */
export function lmsError(code: LmsErrorCode): LmsError {
  return new LmsError(code, STATUS[code], TEXT[code]);
}

/** Maps a Canvas failure to what the wizard shows (after any refresh was tried). */
export function fromCanvas(error: unknown): unknown {
  if (!(error instanceof CanvasError)) return error;
  if (error.failure === 'timeout') return lmsError('lms_timeout');
  if (error.failure === 'invalid_token') return lmsError('lms_authorization_required');
  if (error.failure === 'forbidden' || error.failure === 'not_found')
    return lmsError('lms_course_not_authorized');
  return lmsError('lms_unavailable');
}

/** The coach is already connected to another Canvas course (answered as a 400 on `lms_course_id`). */
export class LinkedElsewhereError extends Error {
  constructor(readonly lmsCourseId: string) {
    super(`This coach is already connected to Canvas course ${lmsCourseId}.`);
  }
}
