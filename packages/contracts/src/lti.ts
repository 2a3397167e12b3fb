import { z } from 'zod';
import { IssuerUrlSchema } from './sso.ts';

/** The WHATWG URL class (see safe-path.ts: contracts compile without DOM or Node types). */
declare const URL: new (
  input: string,
) => { protocol: string; hostname: string; origin: string; pathname: string; search: string; hash: string };

/** A path parameter's value, or its `:name` pattern. */
type Id = number | string;

/**
 * LTI 1.3 tool (docs/lti.md): our JWKS and Canvas tool configuration, the OIDC third-party-initiated
 * login, the resource-link launch, the staff's per-institution platform registrations and the linking
 * of an LMS course (LTI context) to a coach.
 */
export const LTI_API = {
  /** GET: our public keys (JWKS), for the platform to check what we sign (public). */
  jwks: '/api/v1/lti/jwks',
  /** GET: the tool configuration JSON for a Canvas developer key ("Paste JSON"; public). */
  config: '/api/v1/lti/config.json',
  /** GET/POST: OIDC third-party-initiated login (public; the platform sends the browser here). */
  login: '/api/v1/lti/login',
  /** POST (form_post): the platform's id_token and state (public; the redirect/target link URI). */
  launch: '/api/v1/lti/launch',
  /** POST (form): staff links the launched LMS course to a coach (signed in; one-time link token). */
  link: '/api/v1/lti/link',
  /** GET list / POST create: the institution's platform registrations (staff and admins). */
  registrations: <I extends Id>(institutionId: I) =>
    `/api/v1/institution/${institutionId}/lti/registrations` as const,
  /** PUT update / DELETE: one registration (staff and admins). */
  registration: <I extends Id, R extends Id>(institutionId: I, id: R) =>
    `/api/v1/institution/${institutionId}/lti/registrations/${id}` as const,
  /** POST: sync a linked LMS course's roster now (staff and admins) → the course's line. */
  courseSync: <I extends Id, C extends Id>(institutionId: I, courseId: C) =>
    `/api/v1/institution/${institutionId}/lti/courses/${courseId}/sync` as const,
  /** GET: the institution's score posts not accepted after their retries (staff and admins). */
  failedScores: <I extends Id>(institutionId: I) =>
    `/api/v1/institution/${institutionId}/lti/failed-scores` as const,
  /** POST: try a failed score post again now (staff and admins) → 204. */
  scoreRetry: <I extends Id, S extends Id>(institutionId: I, id: S) =>
    `/api/v1/institution/${institutionId}/lti/failed-scores/${id}/retry` as const,
} as const;

/** IMS LTI 1.3 claim names (https://www.imsglobal.org/spec/lti/v1p3/#required-message-claims). */
export const LTI_CLAIM = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  nrps: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  ags: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

/** LIS role URIs (LTI 1.3 §A.2). */
export const LIS = {
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  teachingAssistant: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  contextAdmin: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Administrator',
  institutionAdmin: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator',
  systemAdmin: 'http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator',
  sysAdmin: 'http://purl.imsglobal.org/vocab/lis/v2/system/person#SysAdmin',
  institutionStudent: 'http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student',
} as const;

/** Why a launch was refused (logged with the reason) and the plain sentence the page in the LMS shows. */
export const LTI_REFUSAL_TEXTS = {
  invalid:
    'Course Coach could not check that this link came from your learning platform. Reload the page in your course and try again; if it keeps failing, tell your institution’s help desk.',
  expired: 'This link took too long or was already used. Reload the page in your course and try again.',
  unknown_platform:
    'Your learning platform is not registered with Course Coach. Tell your institution’s help desk.',
  no_role:
    'Your role in this course does not give you access to Course Coach. Ask your instructor or your institution’s help desk.',
  no_identifier:
    'Your learning platform did not tell Course Coach your e-mail address. Ask your institution’s help desk.',
  other_institution:
    'Your e-mail address belongs to an account of another institution. Ask your institution’s help desk.',
  deactivated:
    'Your Course Coach account has been deactivated. Ask your institution’s help desk if you need it again.',
} as const;
export type LtiRefusalCode = keyof typeof LTI_REFUSAL_TEXTS;

/** Texts of the launch pages that are not refusals. */
export const LTI_TEXTS = {
  unlinkedStudent:
    'This course is not connected to Course Coach yet. Your instructor will let you know when it is ready.',
  unlinkedInstructor:
    'This course is not connected to a coach yet. Ask your institution’s Course Coach staff to connect it: they can do it from this page.',
  unlinkedStaff: 'This course is not connected to a coach yet. Choose the coach for this course:',
  noCoaches: 'Your institution has no coach to connect yet. Create one in Course Coach first.',
  linkButton: 'Connect this course',
  newWindow: 'Open Course Coach in a new window',
  linkExpired: 'This page is too old. Reload the page in your course and try again.',
} as const;

function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

const httpsUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((raw) => {
      try {
        const url = new URL(raw);
        return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
      } catch {
        return false;
      }
    }, message);

/** An origin only (scheme, host, port): what may frame Course Coach. */
const OriginSchema = httpsUrl(
  'Enter the address people open your learning platform at, e.g. https://school.instructure.com.',
)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      return url.pathname === '/' && url.search === '' && url.hash === '';
    } catch {
      return false;
    }
  }, 'Enter only the address, without a path, e.g. https://school.instructure.com.')
  .transform((raw) => new URL(raw).origin);

/** A registration as staff send it (POST create, PUT update). */
export const LtiRegistrationBodySchema = z
  .object({
    label: z.string().trim().min(1, 'Enter a name for this platform, e.g. Canvas.').max(80),
    /** The platform's `iss`, e.g. https://canvas.instructure.com. */
    issuer: IssuerUrlSchema,
    /** The developer key's client id (the id_token's `aud`). */
    client_id: z.string().trim().min(1, 'Enter the client id (the developer key’s id).').max(300),
    /** The platform's OIDC authorization endpoint, e.g. https://sso.canvaslms.com/api/lti/authorize_redirect. */
    auth_login_url: httpsUrl('Enter the platform’s authorization URL, starting with https://.'),
    /** The platform's public keys, e.g. https://sso.canvaslms.com/api/lti/security/jwks. */
    jwks_url: httpsUrl('Enter the platform’s JWKS URL, starting with https://.'),
    /**
     * The platform's OAuth 2.0 token endpoint, e.g. https://sso.canvaslms.com/login/oauth2/token: needed for
     * the roster (NRPS). Empty or missing: no roster sync.
     */
    token_url: z
      .union([z.literal(''), httpsUrl('Enter the platform’s token URL, starting with https://.')])
      .nullish()
      .transform((value) => value || null),
    /** The web address the LMS is used at: the only origin allowed to frame Course Coach after a launch. */
    platform_origin: OriginSchema,
    deployment_ids: z
      .array(z.string().trim().min(1).max(300))
      .min(1, 'Enter at least one deployment id.')
      .max(100),
    /** LIS role URIs that make a person institution staff. Empty: nobody becomes staff through LTI. */
    staff_roles: z.array(z.string().trim().min(1).max(300)).max(20).default([]),
  })
  .strict();
export type LtiRegistrationBody = z.input<typeof LtiRegistrationBodySchema>;

export const LtiRegistrationSchema = z.object({
  id: z.number(),
  label: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  auth_login_url: z.string(),
  jwks_url: z.string(),
  token_url: z.string().nullable(),
  platform_origin: z.string(),
  deployment_ids: z.array(z.string()),
  staff_roles: z.array(z.string()),
});
export type LtiRegistration = z.infer<typeof LtiRegistrationSchema>;

/** A linked LMS course and its last roster (NRPS) sync (docs/lti.md, Roster). */
export const LtiLinkedCourseSchema = z.object({
  id: z.number(),
  registration_id: z.number(),
  title: z.string().nullable(),
  coach_id: z.number(),
  coach_name: z.string(),
  roster_synced_at: z.string().nullable(),
  roster_result: z.object({ added: z.number(), removed: z.number(), unchanged: z.number() }).nullable(),
  roster_error: z.string().nullable(),
});
export type LtiLinkedCourse = z.infer<typeof LtiLinkedCourseSchema>;

/** GET registrations: the list and what to enter at the platform. */
export const LtiRegistrationsAnswerSchema = z.object({
  registrations: z.array(LtiRegistrationSchema),
  courses: z.array(LtiLinkedCourseSchema),
  tool: z.object({
    login_url: z.string(),
    launch_url: z.string(),
    jwks_url: z.string(),
    config_url: z.string(),
  }),
});

/** A score post to the LMS not accepted after its retries (docs/lti.md, Grades), as staff see it. */
export const LtiFailedScoreSchema = z.object({
  id: z.number(),
  student_name: z.string(),
  student_email: z.string(),
  /** `bulletin`, `survey` or `playbook`. */
  item_type: z.string(),
  item_title: z.string().nullable(),
  course_title: z.string().nullable(),
  coach_name: z.string(),
  error: z.string().nullable(),
  attempts: z.number(),
  /** When the last attempt started (ISO), or null. */
  last_attempt_at: z.string().nullable(),
});
export type LtiFailedScore = z.infer<typeof LtiFailedScoreSchema>;

/** GET failed scores. */
export const LtiFailedScoresAnswerSchema = z.object({ scores: z.array(LtiFailedScoreSchema) });
export type LtiFailedScoresAnswer = z.infer<typeof LtiFailedScoresAnswerSchema>;

/** Why a retry is refused (400, field `state`). */
export const LTI_SCORE_ERRORS = {
  notFailed: 'This score post is not failed: it was posted or is being tried already.',
} as const;
