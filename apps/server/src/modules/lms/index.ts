/**
 * The LMS module's public API, for the coach setup wizard (README "Canvas LMS"):
 *
 * ```ts
 * const lms = createLmsService(deps);            // in a route plugin, from AppDeps
 * lms.configured;                                 // Canvas (or the stand-in) is set up
 * await lms.status({ userId, institutionId });    // { authorized, lmsUser } without calling Canvas
 * await lms.listCourses(actor);                   // the wizard's lms_courses
 * await lms.listAssignments(actor, lmsCourseId);  // the wizard's assignments
 * await lms.importRoster(actor, coachId, lmsCourseId);
 * await lms.linkedCourse(coachId);               // the wizard's existing_config
 * LMS_API.canvasAuthorize(institutionId, wizardPagePath); // the wizard's lms_url (contracts)
 * ```
 * Every Canvas failure is an `LmsError` with `code` (lms_authorization_required, lms_course_not_authorized,
 * lms_unavailable, lms_timeout, lms_not_configured), `statusCode` and the text to show as the step's error.
 */
import type { AppDeps } from '../../app-deps.ts';
import { LmsService } from './service.ts';
import { resolveLmsSettings } from './settings.ts';

export { CanvasClient, CanvasError } from './canvas-client.ts';
export { decryptToken, encryptToken } from './crypto.ts';
export { LinkedElsewhereError, LmsError, LmsService, lmsError } from './service.ts';
export { type LmsSettings, resolveLmsSettings } from './settings.ts';

/** The LMS service for an app: `deps.lms` when given (main.ts, with the stand-in's URL), else from config. */
export function createLmsService(deps: Pick<AppDeps, 'database' | 'config' | 'lms'>): LmsService {
  return new LmsService(deps.database, deps.lms ?? resolveLmsSettings(deps.config));
}
export { NO_PASSWORD } from './service.ts';
