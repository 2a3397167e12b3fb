import { z } from 'zod';
import { LmsAssignmentSchema, LmsCourseSchema, LmsErrorSchema } from '../lms.ts';
import {
  AssessmentInfoSchema,
  BasicInfoSchema,
  BulletinFollowupSchema,
  BulletinInfoSchema,
  CanvasAuthSchema,
  ContentCalendarSchema,
} from './forms.ts';
import {
  WIZARD_SAVE_ONLY,
  WizardStatusSchema,
  type WizardStep,
  WizardStepOrCompleteSchema,
} from './steps.ts';

/** The wizard's step schemas, save/step answers, set-up list, API paths and page paths. See ../wizard.ts. */

type Id = number | string;

/** The form data schema of each saved step (bulletin_followup is checked by validateFollowup). */
export const WIZARD_STEP_SCHEMAS = {
  basic_info: BasicInfoSchema,
  canvas_auth: CanvasAuthSchema,
  assessment_info: AssessmentInfoSchema,
  bulletin_info: BulletinInfoSchema,
  bulletin_followup: BulletinFollowupSchema,
  content_calendar: ContentCalendarSchema,
} as const;

// ---------------------------------------------------------------------------------------------------
// Requests and answers (spec §7 "Wizard")

/**
 * POST WIZARD_API.start (first save: step must be basic_info; creates the coach), and POST/PUT
 * WIZARD_API.coach / WIZARD_API.step (later saves). `data` is the step's form data; `action: 'save_only'`
 * stores it and answers the same step (Save & Exit). `step` is required except on WIZARD_API.step, where
 * it may be left out (when given it must name the same step). The body is checked loosely here so that
 * the server answers with the step's field errors.
 *
 * Refusals: 400 field errors (the step's fields; `step` for an unknown or not-yet-reachable step;
 * `lms_course_id` for a Canvas course the user does not teach); 409 `{detail}` while the set-up job runs
 * or after it completed; canvas_auth also answers the LMS failures as `{detail, code}` (LmsErrorSchema):
 * 409 lms_authorization_required ('Canvas authorization is required to continue.'), 502 lms_unavailable,
 * 503 lms_not_configured, 504 lms_timeout. Saving content_calendar starts the set-up job: answer step `mts`.
 */
export const WizardSaveRequestSchema = z.object({
  step: z.string().optional(),
  data: z.unknown(),
  action: z.literal(WIZARD_SAVE_ONLY).nullish(),
});
export type WizardSaveRequest = { step?: WizardStep; data: unknown; action?: typeof WIZARD_SAVE_ONLY | null };

/** Answer to a save: the coach (created by the first save) and the step to show next. */
export const WizardSaveResponseSchema = z.object({
  coach_id: z.number().int(),
  step: WizardStepOrCompleteSchema,
});
export type WizardSaveResponse = z.infer<typeof WizardSaveResponseSchema>;

/**
 * GET WIZARD_API.coach (the step to resume at) or WIZARD_API.step (one step): `step`, its saved
 * `form_data` (null when never saved; content_calendar proposes one), `status`, `current_step` (the
 * furthest step the set-up may go to), and the step's extras:
 * - canvas_auth: `lms_url` (authorize, coming back to the wizard), `lms_authorized`, `existing_config`
 *   (the Canvas course the coach is linked to, or null), `lms_courses` (the caller's Canvas courses as
 *   teacher; empty when not authorized or Canvas failed) and `lms_error` (why they could not be read);
 * - assessment_info: `assignments` of the linked Canvas course (empty when none) and `lms_error`;
 * - mts: `error` (the set-up job's error text, null while running). When the job has completed, GET of
 *   mts (or of the coach) answers `step: 'complete'`.
 */
export const WizardStepResponseSchema = z.object({
  coach_id: z.number().int(),
  institution_id: z.number().int(),
  step: WizardStepOrCompleteSchema,
  current_step: WizardStepOrCompleteSchema,
  status: WizardStatusSchema,
  form_data: z.unknown().nullable(),
  lms_url: z.string().optional(),
  lms_authorized: z.boolean().optional(),
  existing_config: z.object({ lms_course_id: z.string(), name: z.string().nullable() }).nullable().optional(),
  lms_courses: z.array(LmsCourseSchema).optional(),
  lms_error: LmsErrorSchema.nullable().optional(),
  assignments: z.array(LmsAssignmentSchema).optional(),
  error: z.string().nullable().optional(),
});
export type WizardStepResponse = z.infer<typeof WizardStepResponseSchema>;

/** One unfinished set-up of the institution (ours: GET WIZARD_API.start lists them, to resume or discard). */
export const WizardSetupEntrySchema = z.object({
  coach_id: z.number().int(),
  label: z.string(),
  step: WizardStepOrCompleteSchema,
  status: WizardStatusSchema,
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
});
export type WizardSetupEntry = z.infer<typeof WizardSetupEntrySchema>;
export const WizardSetupListSchema = z.array(WizardSetupEntrySchema);

// ---------------------------------------------------------------------------------------------------
// Paths

/**
 * Wizard API paths (spec §7). `discard` (DELETE of an unfinished or failed set-up and its coach) and GET
 * of `start` (the unfinished set-ups) are ours. POST and PUT are both accepted on `coach` and `step`.
 */
export const WIZARD_API = {
  data: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/data` as const,
  start: <N extends Id>(institutionId: N) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard` as const,
  coach: <N extends Id, C extends Id>(institutionId: N, coachId: C) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}` as const,
  step: <N extends Id, C extends Id, S extends WizardStep | ':step'>(institutionId: N, coachId: C, step: S) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}/${step}` as const,
  discard: <N extends Id, C extends Id>(institutionId: N, coachId: C) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}` as const,
} as const;

/** Wizard page routes (spec §2); `new` as coachId starts a new set-up. */
export const WIZARD_PAGES = {
  wizard: (institutionId: Id, coachId: Id | 'new') =>
    `/Dashboard/Institution/${institutionId}/CoachSetupWizard/${coachId}`,
  /**
   * Where Save & Exit goes (spec §2 "The wizard ends by going to /Dashboard/Institution/{institutionId}/
   * CoachDashboard", §4): the institution page, which lists the unfinished set-ups. Go to Coach Dashboard on
   * the completion screen opens the new coach's own dashboard instead (PAGES.coachDetails, spec §2).
   */
  done: (institutionId: Id) => `/Dashboard/Institution/${institutionId}/CoachDashboard`,
} as const;
