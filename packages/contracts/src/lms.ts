import { z } from 'zod';
import { access, defineEndpoint } from './endpoint.ts';
import { DetailErrorSchema, FieldErrorsSchema } from './error-schemas.ts';

type Id = number | string;

/** The LMS provider Course Coach connects to, and the name the wizard's messages use (spec §5 Wizard). */
export const LMS_PROVIDER = 'canvas' as const;
export const LMS_PROVIDER_NAME = 'Canvas';

/**
 * LMS routes (ours: the spec shows none). `canvasAuthorize` is a page navigation (it redirects the
 * browser to Canvas); its `return_to` is the page of this site to come back to afterwards.
 */
export const LMS_API = {
  canvasAuthorize: (institutionId: Id, returnTo?: string) =>
    `/api/v1/institution/${institutionId}/lms/canvas/authorize${
      returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''
    }`,
  canvasCallback: '/api/v1/lms/canvas/callback',
  // Generic, as `API`'s, so that called with `':institutionId'` a path keeps its literal type for
  // `LMS_ENDPOINTS` (below).
  canvasStatus: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/lms/canvas/status` as const,
  canvasAuthorization: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/lms/canvas/authorization` as const,
  canvasCourses: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/lms/canvas/courses` as const,
  canvasAssignments: <N extends Id, C extends Id>(institutionId: N, courseId: C) =>
    `/api/v1/institution/${institutionId}/lms/canvas/courses/${courseId}/assignments` as const,
  canvasRosterImport: <C extends Id>(coachId: C) =>
    `/api/v1/coach/${coachId}/lms/canvas/roster-import` as const,
} as const;

/** Query parameter the callback adds to `return_to`: `connected`, `denied` (refused at Canvas) or `failed`. */
export const LMS_RESULT_PARAM = 'lms';

/** Texts (spec §5 Wizard where it has them; ours otherwise). */
export const LMS_TEXTS = {
  /** §5 canvas_auth, no course chosen; names the provider. */
  selectCourse: (provider: string = LMS_PROVIDER_NAME) => `Please select a ${provider} course`,
  /** §5 canvas_auth, Next without authorization (spec: 'Canvas authorization is required to continue.'). */
  authorizationRequired: (provider: string = LMS_PROVIDER_NAME) =>
    `${provider} authorization is required to continue.`,
  notConfigured: (provider: string = LMS_PROVIDER_NAME) =>
    `${provider} is not set up on this server. Ask your administrator to configure it.`,
  unavailable: (provider: string = LMS_PROVIDER_NAME) =>
    `${provider} is not answering right now. Try again in a few minutes.`,
  timeout: (provider: string = LMS_PROVIDER_NAME) =>
    `${provider} took too long to answer. Try again in a few minutes.`,
  courseNotAuthorized: (provider: string = LMS_PROVIDER_NAME) =>
    `This ${provider} course is not one you teach, so it cannot be used.`,
  invalidState: (provider: string = LMS_PROVIDER_NAME) =>
    `This ${provider} sign-in link has expired or was not started by you. Start the connection again.`,
  badReturnTo: 'Must be a path of this site, starting with a single /.',
} as const;

/** Codes in LMS error bodies, so the wizard can tell the cases apart without reading the text. */
export const LmsErrorCodeSchema = z.enum([
  'lms_not_configured',
  'lms_authorization_required',
  'lms_unavailable',
  'lms_timeout',
  'lms_course_not_authorized',
]);
export type LmsErrorCode = z.infer<typeof LmsErrorCodeSchema>;

/**
 * An LMS failure the wizard step shows (409 authorization required, 403 course not authorized,
 * 502 unavailable, 504 timeout, 503 not configured): `detail` is the text to show, `code` the case.
 */
export const LmsErrorSchema = z.object({ detail: z.string(), code: LmsErrorCodeSchema });
export type LmsError = z.infer<typeof LmsErrorSchema>;

/** GET .../lms/canvas/status: whether Canvas is set up and whether the caller has authorized it. */
export const LmsStatusSchema = z.object({
  provider: z.literal(LMS_PROVIDER),
  provider_name: z.string(),
  configured: z.boolean(),
  authorized: z.boolean(),
  /** The Canvas user the caller authorized as. */
  lms_user: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** Where to send the browser to (re)authorize (`lms_url` of the wizard's canvas_auth step). */
  authorize_url: z.string(),
});
export type LmsStatus = z.infer<typeof LmsStatusSchema>;

/** One of the caller's Canvas courses (as teacher), the wizard's `lms_courses` entries. */
export const LmsCourseSchema = z.object({
  id: z.string(),
  name: z.string(),
  course_code: z.string().nullable(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  workflow_state: z.string().nullable(),
});
export type LmsCourse = z.infer<typeof LmsCourseSchema>;

/** One assignment of a Canvas course, the wizard's `assignments` entries. */
export const LmsAssignmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  due_at: z.string().nullable(),
  points_possible: z.number().nullable(),
  submission_types: z.array(z.string()),
  is_quiz_assignment: z.boolean(),
  published: z.boolean(),
});
export type LmsAssignment = z.infer<typeof LmsAssignmentSchema>;

/** POST /api/v1/coach/{coachId}/lms/canvas/roster-import body. */
export const RosterImportRequestSchema = z.strictObject({
  lms_course_id: z.union([
    z.string().regex(/^[0-9]{1,15}$/, 'Must be a Canvas course id.'),
    z.number().int().positive(),
  ]),
});

/** What a roster import did. Running it again creates nothing new. */
export const RosterImportResultSchema = z.object({
  coach_id: z.number().int(),
  lms_course_id: z.string(),
  users_created: z.number().int(),
  students_enrolled: z.number().int(),
  instructors_enrolled: z.number().int(),
  already_enrolled: z.number().int(),
  /** People not imported, with the reason (no email, or the email belongs to another institution). */
  skipped: z.array(z.object({ lms_user_id: z.string(), name: z.string(), reason: z.string() })),
});
export type RosterImportResult = z.infer<typeof RosterImportResultSchema>;

/**
 * The error answers of the LMS endpoints: the usual ones, and an LMS failure `{ detail, code }` (403 course
 * not authorized, 409 authorization required, 502 unavailable, 503 not configured, 504 timeout).
 */
export const LMS_ERRORS = {
  400: FieldErrorsSchema,
  401: DetailErrorSchema,
  403: z.union([LmsErrorSchema, DetailErrorSchema]),
  404: DetailErrorSchema,
  409: LmsErrorSchema,
  502: LmsErrorSchema,
  503: LmsErrorSchema,
  504: LmsErrorSchema,
};

const LMS_TAGS = ['lms'];
const LMS_STAFF = access.institution('staff', 'admin');

/**
 * The Canvas LMS endpoints (README "Canvas LMS"; paths ours). Staff and admins of the institution (or,
 * for the roster import, of the coach's institution) only. The authorization start and its callback are
 * browser redirects, not JSON, so the server registers them by hand and they are not described here.
 */
export const LMS_ENDPOINTS = {
  /** GET .../lms/canvas/status → whether Canvas is configured and the caller has authorized it. */
  status: defineEndpoint({
    method: 'GET',
    path: LMS_API.canvasStatus(':institutionId'),
    access: LMS_STAFF,
    tags: LMS_TAGS,
    responses: { 200: LmsStatusSchema },
    errors: LMS_ERRORS,
  }),
  /** DELETE .../lms/canvas/authorization → 204; forgets the caller's Canvas tokens (404 when there were none). */
  disconnect: defineEndpoint({
    method: 'DELETE',
    path: LMS_API.canvasAuthorization(':institutionId'),
    access: LMS_STAFF,
    tags: LMS_TAGS,
    responses: { 204: z.null() },
    errors: LMS_ERRORS,
  }),
  /** GET .../lms/canvas/courses → the caller's Canvas courses as teacher (every page), by name. */
  courses: defineEndpoint({
    method: 'GET',
    path: LMS_API.canvasCourses(':institutionId'),
    access: LMS_STAFF,
    tags: LMS_TAGS,
    responses: { 200: z.array(LmsCourseSchema) },
    errors: LMS_ERRORS,
  }),
  /** GET .../lms/canvas/courses/{courseId}/assignments → a taught course's assignments (403 for any other). */
  assignments: defineEndpoint({
    method: 'GET',
    path: LMS_API.canvasAssignments(':institutionId', ':courseId'),
    access: LMS_STAFF,
    tags: LMS_TAGS,
    params: { courseId: z.string().regex(/^[0-9]{1,15}$/, 'Must be a Canvas course id.') },
    responses: { 200: z.array(LmsAssignmentSchema) },
    errors: LMS_ERRORS,
  }),
  /**
   * POST /api/v1/coach/{coachId}/lms/canvas/roster-import `{lms_course_id}` → imports the taught course's
   * students and instructors as enrolments of the coach, in one transaction, idempotently (another
   * institution's coach → 404).
   */
  rosterImport: defineEndpoint({
    method: 'POST',
    path: LMS_API.canvasRosterImport(':coachId'),
    access: access.coach('staff', 'admin'),
    tags: LMS_TAGS,
    body: RosterImportRequestSchema,
    responses: { 200: RosterImportResultSchema },
    errors: LMS_ERRORS,
  }),
};
