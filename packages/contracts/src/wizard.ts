import { z } from 'zod';
import { LMS_PROVIDER_NAME, LMS_TEXTS, LmsAssignmentSchema, LmsCourseSchema, LmsErrorSchema } from './lms.ts';
import { decimalNumber } from './numbers.ts';
import { hasMarkup, PLAIN_TEXT_MESSAGE } from './plain-text.ts';

/**
 * Coach setup wizard (spec §2 "Coach setup wizard", §3 "Wizard form data", "Wizard reference
 * data", §4 "Wizard order", §5 "Wizard", §7 "Wizard", §8 "Wizard failure", §9). Shared by the server
 * (validation, answers) and the wizard screens.
 *
 * Field errors of a refused save are keyed like the form: `coach_name`, `admins.0.email`,
 * `assessments.1.exam_date`, the question id for bulletin_followup, `content.2.publish_date`;
 * `non_field_errors` for the rest (docs/design.md, Errors).
 */

type Id = number | string;

// ---------------------------------------------------------------------------------------------------
// Steps (spec §4 "Wizard order")

/** The steps in the spec's order; `mts` is the waiting screen while the set-up job runs. */
export const WIZARD_STEPS = [
  'basic_info',
  'canvas_auth',
  'assessment_info',
  'bulletin_info',
  'bulletin_followup',
  'content_calendar',
  'mts',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
/** What the server answers when no step remains (the completion screen). */
export const WIZARD_COMPLETE = 'complete' as const;
export const WizardStepSchema = z.enum(WIZARD_STEPS);
export const WizardStepOrCompleteSchema = z.enum([...WIZARD_STEPS, WIZARD_COMPLETE]);
export type WizardStepOrComplete = z.infer<typeof WizardStepOrCompleteSchema>;
/** The steps with a form the user saves (every step but `mts`). */
export const WIZARD_FORM_STEPS = WIZARD_STEPS.filter((s) => s !== 'mts') as Exclude<WizardStep, 'mts'>[];
export type WizardFormStep = Exclude<WizardStep, 'mts'>;

/** The step after `step` (spec §4: the server returns the next step after a save). */
export function nextWizardStep(step: WizardStep): WizardStepOrComplete {
  const i = WIZARD_STEPS.indexOf(step);
  return WIZARD_STEPS[i + 1] ?? WIZARD_COMPLETE;
}
/** The step before `step` (spec §4: Back moves one step earlier, not from the first), or null. */
export function previousWizardStep(step: WizardStepOrComplete): WizardStep | null {
  if (step === WIZARD_COMPLETE) return null;
  const i = WIZARD_STEPS.indexOf(step);
  return i > 0 ? (WIZARD_STEPS[i - 1] ?? null) : null;
}

/** The set-up's state: being filled in, the set-up job running (mts), the job failed, or done. */
export const WIZARD_STATUSES = ['in_progress', 'setting_up', 'failed', 'complete'] as const;
export const WizardStatusSchema = z.enum(WIZARD_STATUSES);
export type WizardStatus = z.infer<typeof WizardStatusSchema>;

/** Save action (spec §7): `save_only` stores the step and stays on it (Save & Exit). */
export const WIZARD_SAVE_ONLY = 'save_only' as const;

// ---------------------------------------------------------------------------------------------------
// Texts

/** User-visible wizard texts, verbatim from the spec (§2, §5, §8, §9). */
export const WIZARD_TEXTS = {
  // §2 buttons and completion
  back: 'Back',
  next: 'Next',
  saveAndExit: 'Save & Exit',
  tryAgain: 'Try again',
  goToCoachDashboard: 'Go to Coach Dashboard',
  congrats: 'Congrats! Your coach has been created.',
  // §8 Wizard failure
  errorHeader: 'Error',
  errorIntro: 'Sorry, there was an error setting up your coach:',
  errorOutro: 'Please try again or contact support.',
  progressFetchError: 'Error fetching setup progress',
  // §5 basic_info
  coachNameRequired: 'Please enter a coach name.',
  courseRequired: 'Please select a course.',
  termRequired: 'Please select a term.',
  // §5 canvas_auth (name the LMS provider)
  lmsCourseRequired: LMS_TEXTS.selectCourse(LMS_PROVIDER_NAME),
  lmsAuthorizationRequired: LMS_TEXTS.authorizationRequired(LMS_PROVIDER_NAME),
  // §5 assessment_info
  assessmentTypeRequired: 'Please select a label for assessments.',
  assessmentNameRequired: 'Please select an assessment',
  playbookLinkRequired: 'Please select the Playbook you’d like to link to.',
  assessmentDateRequired: 'Please enter the open date for this assessment.',
  cumulativeRequired: 'Please indicate if this assessment is cumulative.',
  studyResourcesRequired: 'Please select at least one option.',
  /** §9: 'You can only add up to 3 {plural}.' */
  maxAssessments: (plural: string) => `You can only add up to ${WIZARD_MAX_ASSESSMENTS} ${plural}.`,
  // §5 bulletin_followup
  checkboxRequired: 'Please select at least one option.',
  numberRequired: 'Please enter a number.',
  numberMin: 'Please enter a number greater than or equal to 0.',
  booleanRequired: 'Please select an option',
  textRequired: 'Please enter an answer',
} as const;

/** Texts the spec leaves to us (it names the case but not the words). */
export const WIZARD_ERRORS = {
  adminEmailInvalid: 'Enter a valid email address.',
  adminEmailOtherInstitution: 'This email belongs to an account of another institution.',
  coachExists: 'A coach for this course already exists in this term.',
  courseUnknown: 'Select a course of this institution.',
  termUnknown: 'Select a term of this institution.',
  /** At least one assessment (spec §5 gives no words). */
  assessmentsRequired: (singular: string) => `Please add at least one ${singular}.`,
  studyResourceUnknown: 'Select options from the list.',
  /** At least 5 study resources are recommended (spec §5); a hint, not an error. */
  studyResourcesHint: 'We recommend selecting at least 5.',
  bulletinUnknown: 'Select bulletins from the list.',
  numberMax: 'Please enter a number less than or equal to 100.',
  optionUnknown: 'Select options from the list.',
  contentNameRequired: 'Please enter a name.',
  contentDateRequired: 'Please enter a publish date.',
  contentTypeUnknown: 'Select a content type from the list.',
  contentRequired: 'The content calendar needs at least one item.',
  contentKeyUnknown: 'This item is not one the wizard proposed.',
  /** A step that is not one of WIZARD_STEPS, or later than the next step the set-up may go to. */
  stepRequired: 'This field is required.',
  stepUnknown: 'This is not a step of the coach setup wizard.',
  stepNotYet: 'Complete the earlier steps first.',
  stepNotSaved: 'This step has no form to save.',
  stepMismatch: 'The step in the body does not match the step in the address.',
  /** The first save must be basic_info (it creates the coach). */
  firstStepFirst: 'Start with the basic information.',
  /** A save while the set-up job runs, or after the coach is complete. */
  setupRunning: 'Your coach is being set up. Wait for it to finish.',
  setupComplete: 'This coach is already set up.',
  /** DELETE of a coach whose set-up has completed. */
  discardComplete: 'A coach whose set-up is complete cannot be discarded here.',
  /** Shown (after WIZARD_TEXTS.errorIntro) when the set-up job failed for a reason of ours. */
  setupFailedGeneric: 'The set-up could not be completed.',
} as const;

// ---------------------------------------------------------------------------------------------------
// Business constants (spec §9)

/** Maximum assessments per coach (spec §9). */
export const WIZARD_MAX_ASSESSMENTS = 3;
/** Study resources recommended (spec §5: at least 5 recommended). */
export const WIZARD_RECOMMENDED_STUDY_RESOURCES = 5;
/** mts polling interval (spec §9). */
export const WIZARD_POLL_MS = 3000;

export const ASSESSMENT_TYPES = ['exam', 'quiz', 'assessment'] as const;
export const AssessmentTypeSchema = z.enum(ASSESSMENT_TYPES);
export type AssessmentType = z.infer<typeof AssessmentTypeSchema>;
/** Label, singular and plural per assessment type (plural used in 'You can only add up to 3 {plural}.'). */
export const ASSESSMENT_TYPE_LABELS: Record<
  AssessmentType,
  { label: string; singular: string; plural: string }
> = {
  exam: { label: 'Exam', singular: 'exam', plural: 'exams' },
  quiz: { label: 'Quiz', singular: 'quiz', plural: 'quizzes' },
  assessment: { label: 'Assessment', singular: 'assessment', plural: 'assessments' },
};

/** Playbook links (spec §9): which playbook an assessment is linked to. */
export const PLAYBOOK_LINKS = ['AssessmentFirst', 'AssessmentMidterm', 'AssessmentFinal'] as const;
export const PlaybookLinkSchema = z.enum(PLAYBOOK_LINKS);
export type PlaybookLink = z.infer<typeof PlaybookLinkSchema>;
export const PLAYBOOK_LINK_LABELS: Record<PlaybookLink, string> = {
  AssessmentFirst: 'First Playbook',
  AssessmentMidterm: 'Midterm Playbook',
  AssessmentFinal: 'Final Playbook',
};

/** Study resources (spec §9), in order; Quizzes is inserted fifth unless the type is quiz. */
export const STUDY_RESOURCES_BASE = [
  'PracticeExam',
  'PracticeProbs',
  'AskingQs',
  'OH',
  'HW',
  'Readings',
  'Notes',
  'Tutoring',
  'Videos',
] as const;
export const STUDY_RESOURCE_IDS = [...STUDY_RESOURCES_BASE, 'Quizzes'] as const;
export type StudyResource = (typeof STUDY_RESOURCE_IDS)[number];
export const STUDY_RESOURCE_LABELS: Record<StudyResource, string> = {
  PracticeExam: 'Practice exams',
  PracticeProbs: 'Practice problems',
  AskingQs: 'Asking questions in class',
  OH: 'Office hours',
  HW: 'Homework',
  Readings: 'Readings',
  Notes: 'Taking notes',
  Tutoring: 'Tutoring',
  Videos: 'Lecture videos',
  Quizzes: 'Quizzes',
};
/** The study resources offered for an assessment type (spec §9: Quizzes fifth unless the type is quiz). */
export function studyResourcesFor(type: AssessmentType | null | undefined): StudyResource[] {
  const list: StudyResource[] = [...STUDY_RESOURCES_BASE];
  if (type !== 'quiz') list.splice(4, 0, 'Quizzes');
  return list;
}

/** Optional bulletins (spec §9): Quizzes (unless the type is quiz), Homework, PracticeProblems. */
export const OPTIONAL_BULLETIN_IDS = ['Quizzes', 'Homework', 'PracticeProblems'] as const;
export type OptionalBulletin = (typeof OPTIONAL_BULLETIN_IDS)[number];
export const OPTIONAL_BULLETIN_LABELS: Record<OptionalBulletin, { label: string; description: string }> = {
  Quizzes: { label: 'Quizzes', description: 'Reminders and study tips before each quiz.' },
  Homework: { label: 'Homework', description: 'Reminders and tips for getting homework done on time.' },
  PracticeProblems: {
    label: 'Practice Problems',
    description: 'Encouragement to work practice problems before each assessment.',
  },
};
/** The optional bulletins offered for an assessment type. */
export function optionalBulletinsFor(type: AssessmentType | null | undefined): OptionalBulletin[] {
  return OPTIONAL_BULLETIN_IDS.filter((b) => b !== 'Quizzes' || type !== 'quiz');
}
/** Required bulletins (spec §9): always created; shown for information. */
export const REQUIRED_BULLETINS = [
  { id: 'AcademicSkills', label: 'Academic Skills', description: 'Eleven emails and bulletins' },
] as const;

// ---------------------------------------------------------------------------------------------------
// Reference data (spec §3 "Wizard reference data")

export const QUESTION_TYPES = ['checkbox', 'number', 'boolean', 'text'] as const;
export const QuestionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof QuestionTypeSchema>;

/** One follow-up question: `id` is the answer's key in bulletin_followup, `characteristic` the name
 * of the course characteristic the set-up job creates from the answer. `percent` numbers show '%'
 * and are at most 100. */
export const WizardQuestionSchema = z.object({
  id: z.string(),
  type: QuestionTypeSchema,
  characteristic: z.string(),
  prompt: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  percent: z.boolean().optional(),
});
export type WizardQuestion = z.infer<typeof WizardQuestionSchema>;

export const QUESTION_LIST_NAMES = ['general', 'assessment', 'homework', 'quiz', 'topic', 'succeed'] as const;
export type QuestionListName = (typeof QUESTION_LIST_NAMES)[number];

const opt = (value: string, label: string = value) => ({ value, label });

/** The six question lists (spec §3), as asked on the bulletin_followup step. */
export const WIZARD_QUESTIONS: Record<QuestionListName, WizardQuestion[]> = {
  general: [
    {
      id: 'ClassFormat',
      type: 'checkbox',
      characteristic: 'CourseClassFormat',
      prompt: 'How is the course taught?',
      options: [
        opt('Lecture', 'Lectures'),
        opt('Seminar', 'Seminars or discussion sections'),
        opt('Lab', 'Labs'),
        opt('Online', 'Online activities'),
      ],
    },
    {
      id: 'CommunicationChannels',
      type: 'checkbox',
      characteristic: 'CourseCommunication',
      prompt: 'Where do students get course announcements?',
      options: [
        opt('LMS', 'Canvas announcements'),
        opt('Email', 'Email'),
        opt('InClass', 'In class'),
        opt('Forum', 'Discussion forum'),
      ],
    },
    {
      id: 'HasTutoring',
      type: 'boolean',
      characteristic: 'CourseHasTutoring',
      prompt: 'Does the course offer tutoring or study groups?',
      options: [],
    },
    {
      id: 'IsCurved',
      type: 'boolean',
      characteristic: 'CourseIsCurved',
      prompt: 'Are final grades curved?',
      options: [],
    },
  ],
  assessment: [
    {
      id: 'ExamPercentage',
      type: 'number',
      characteristic: 'CourseExamPercentage',
      prompt: 'What percentage of the final grade do the assessments count for?',
      options: [],
      percent: true,
    },
    {
      id: 'ExamDrops',
      type: 'number',
      characteristic: 'CourseExamDrops',
      prompt: 'How many assessment scores are dropped?',
      options: [],
    },
  ],
  homework: [
    {
      id: 'HWPercentage',
      type: 'number',
      characteristic: 'CourseHWPercentage',
      prompt: 'What percentage of the final grade does homework count for?',
      options: [],
      percent: true,
    },
    {
      id: 'HWDrops',
      type: 'number',
      characteristic: 'CourseHWDrops',
      prompt: 'How many homework scores are dropped?',
      options: [],
    },
  ],
  quiz: [
    {
      id: 'QuizPercentage',
      type: 'number',
      characteristic: 'CourseQuizPercentage',
      prompt: 'What percentage of the final grade do quizzes count for?',
      options: [],
      percent: true,
    },
    {
      id: 'QuizDrops',
      type: 'number',
      characteristic: 'CourseQuizDrops',
      prompt: 'How many quiz scores are dropped?',
      options: [],
    },
  ],
  topic: [1, 2, 3, 4].map((n) => ({
    id: `HardTopic${n}`,
    type: 'text' as const,
    characteristic: `CourseHardTopic${n}`,
    prompt: `Hard topic ${n}: which topic do students find difficult?`,
    options: [],
  })),
  succeed: [1, 2, 3].map((n) => ({
    id: `Succeed${n}`,
    type: 'text' as const,
    characteristic: `CourseSucceed${n}`,
    prompt: `Success tip ${n}: what do students who do well in this course do?`,
    options: [],
  })),
};

/**
 * The question lists the bulletin_followup step asks (spec §5): homework only if Homework is among the
 * selected bulletins; quiz unless the assessment type is quiz.
 */
export function followupListsFor(ctx: {
  assessment_type: AssessmentType | null | undefined;
  selected_bulletins: readonly string[] | null | undefined;
}): QuestionListName[] {
  return QUESTION_LIST_NAMES.filter((name) => {
    if (name === 'homework') return (ctx.selected_bulletins ?? []).includes('Homework');
    if (name === 'quiz') return ctx.assessment_type !== 'quiz';
    return true;
  });
}

/** A term or a course the institution offers (reference rows; `code` as in the coach list). */
export const WizardReferenceItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  label: z.string(),
});
export type WizardReferenceItem = z.infer<typeof WizardReferenceItemSchema>;

/**
 * GET WIZARD_API.data: an array whose first element holds terms, courses and the six question lists
 * (spec §7), plus the constants the screens need.
 */
export const WizardReferenceDataSchema = z.object({
  terms: z.array(WizardReferenceItemSchema),
  courses: z.array(WizardReferenceItemSchema),
  general_questions: z.array(WizardQuestionSchema),
  assessment_questions: z.array(WizardQuestionSchema),
  homework_questions: z.array(WizardQuestionSchema),
  quiz_questions: z.array(WizardQuestionSchema),
  topic_questions: z.array(WizardQuestionSchema),
  succeed_questions: z.array(WizardQuestionSchema),
});
export type WizardReferenceData = z.infer<typeof WizardReferenceDataSchema>;
export const WizardReferenceDataResponseSchema = z.array(WizardReferenceDataSchema);

// ---------------------------------------------------------------------------------------------------
// Form data per step (spec §3 "Wizard form data") with the §5 messages

/** '' / null / undefined → undefined, so "missing" gives the field's required message. */
const blankToUndefined = (v: unknown) =>
  v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
/** A positive integer id, accepted as a number or a string of digits; any failure gives `msg`. */
const requiredId = (msg: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === 'string' && /^\d{1,15}$/.test(b.trim()) ? Number(b) : b;
    },
    z.number({ error: msg }).int({ error: msg }).positive({ error: msg }),
  );
const requiredText = (msg: string, max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ error: msg }).max(max, { error: `Ensure this field has no more than ${max} characters.` }),
  );
/** yyyy-MM-dd that is a real calendar date. */
export function isIsoDate(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
const requiredDate = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) ? v.slice(0, 10) : blankToUndefined(v)),
    z.string({ error: msg }).refine(isIsoDate, { error: msg }),
  );

/** basic_info (spec §3, §5). Blank admin entries are dropped; at least none is required. */
export const BasicInfoSchema = z.strictObject({
  // The plain-text check every other name gets (no markup), reported under the form's field name.
  coach_name: requiredText(WIZARD_TEXTS.coachNameRequired).refine((v) => !hasMarkup(v), PLAIN_TEXT_MESSAGE),
  course_id: requiredId(WIZARD_TEXTS.courseRequired),
  term_id: requiredId(WIZARD_TEXTS.termRequired),
  admins: z
    .preprocess(
      (v) =>
        Array.isArray(v)
          ? v.filter(
              (a) =>
                !(a && typeof a === 'object' && blankToUndefined((a as { email?: unknown }).email) == null),
            )
          : v == null
            ? []
            : v,
      z.array(
        z.strictObject({
          email: z.preprocess(
            (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
            z
              .email({ error: WIZARD_ERRORS.adminEmailInvalid })
              .max(254, { error: WIZARD_ERRORS.adminEmailInvalid }),
          ),
        }),
        { error: WIZARD_ERRORS.adminEmailInvalid },
      ),
    )
    .default([]),
});
export type BasicInfo = z.infer<typeof BasicInfoSchema>;

/** canvas_auth (spec §3, §5): the Canvas course id the coach is linked to (its roster is imported). */
export const CanvasAuthSchema = z.strictObject({
  lms_course_id: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
    z
      .string({ error: WIZARD_TEXTS.lmsCourseRequired })
      .regex(/^[0-9]{1,15}$/, { error: WIZARD_TEXTS.lmsCourseRequired }),
  ),
});
export type CanvasAuth = z.infer<typeof CanvasAuthSchema>;

/** One assessment of assessment_info; `is_cumulative` is 1 or 0 (also accepted: true/false, '1'/'0'). */
export const WizardAssessmentSchema = z.strictObject({
  name: requiredText(WIZARD_TEXTS.assessmentNameRequired),
  type_characteristic: z.preprocess(
    blankToUndefined,
    z.enum(PLAYBOOK_LINKS, { error: WIZARD_TEXTS.playbookLinkRequired }),
  ),
  exam_date: requiredDate(WIZARD_TEXTS.assessmentDateRequired),
  is_cumulative: z.preprocess(
    (v) => (v === true || v === '1' ? 1 : v === false || v === '0' ? 0 : blankToUndefined(v)),
    z.union([z.literal(1), z.literal(0)], { error: WIZARD_TEXTS.cumulativeRequired }),
  ),
  /** The Canvas assignment it was chosen from (from the step's `assignments`), if any. */
  lms_assignment_id: z.string().max(30).nullish(),
});
export type WizardAssessment = z.infer<typeof WizardAssessmentSchema>;

/** The type's names, falling back to 'assessment' when the type itself is missing or unknown. */
function typeNames(raw: unknown) {
  const t =
    raw && typeof raw === 'object' ? (raw as { assessment_type?: unknown }).assessment_type : undefined;
  return ASSESSMENT_TYPE_LABELS[
    (ASSESSMENT_TYPES as readonly unknown[]).includes(t) ? (t as AssessmentType) : 'assessment'
  ];
}
const always = { when: () => true } as const;

/**
 * assessment_info (spec §3, §5, §9): 1–3 assessments; study resources (at least one) from
 * studyResourcesFor(type). Every field's message is reported at once, even when others fail.
 */
export const AssessmentInfoSchema = z
  .strictObject({
    assessment_type: z.preprocess(
      blankToUndefined,
      z.enum(ASSESSMENT_TYPES, { error: WIZARD_TEXTS.assessmentTypeRequired }),
    ),
    assessments: z.preprocess((v) => (v == null ? [] : v), z.array(WizardAssessmentSchema)),
    study_resources: z.preprocess(
      (v) => (v == null ? [] : v),
      z
        .array(z.string(), { error: WIZARD_TEXTS.studyResourcesRequired })
        .min(1, { error: WIZARD_TEXTS.studyResourcesRequired }),
    ),
  })
  .refine((v) => !Array.isArray(v?.assessments) || v.assessments.length > 0, {
    ...always,
    path: ['assessments'],
    error: (iss) => WIZARD_ERRORS.assessmentsRequired(typeNames(iss.input).singular),
  })
  .refine((v) => !Array.isArray(v?.assessments) || v.assessments.length <= WIZARD_MAX_ASSESSMENTS, {
    ...always,
    path: ['assessments'],
    error: (iss) => WIZARD_TEXTS.maxAssessments(typeNames(iss.input).plural),
  })
  .refine(
    (v) => {
      const list = v?.study_resources;
      if (!Array.isArray(list) || list.length === 0) return true;
      const allowed = studyResourcesFor(v.assessment_type) as unknown[];
      return list.every((r) => allowed.includes(r)) && new Set(list).size === list.length;
    },
    { ...always, path: ['study_resources'], error: WIZARD_ERRORS.studyResourceUnknown },
  );
export type AssessmentInfo = z.infer<typeof AssessmentInfoSchema>;

/** bulletin_info (spec §3): the optional bulletins chosen (ids of OPTIONAL_BULLETIN_IDS; may be empty). */
export const BulletinInfoSchema = z.strictObject({
  selected_bulletins: z.preprocess(
    (v) => (v == null ? [] : v),
    z.array(z.enum(OPTIONAL_BULLETIN_IDS, { error: WIZARD_ERRORS.bulletinUnknown }), {
      error: WIZARD_ERRORS.bulletinUnknown,
    }),
  ),
});
export type BulletinInfo = z.infer<typeof BulletinInfoSchema>;

/** An answer: checkbox → list of option values, number → number, boolean → true/false, text → string. */
export const FollowupAnswerSchema = z.union([z.array(z.string()), z.number(), z.boolean(), z.string()]);
/** bulletin_followup (spec §3): answers keyed by question id (the questions of followupListsFor). */
export const BulletinFollowupSchema = z.record(z.string(), FollowupAnswerSchema.nullable());
export type BulletinFollowup = z.infer<typeof BulletinFollowupSchema>;

/**
 * Validates bulletin_followup answers against the questions asked (spec §5 messages), given the earlier
 * steps' assessment type and selected bulletins. Returns the cleaned answers (numbers as numbers,
 * texts trimmed; questions not asked dropped) or field errors keyed by question id.
 */
export function validateFollowup(
  answers: unknown,
  ctx: {
    assessment_type: AssessmentType | null | undefined;
    selected_bulletins: readonly string[] | null | undefined;
  },
):
  | { ok: true; data: Record<string, string[] | number | boolean | string> }
  | { ok: false; errors: Record<string, string[]> } {
  const input =
    answers && typeof answers === 'object' && !Array.isArray(answers)
      ? (answers as Record<string, unknown>)
      : {};
  const data: Record<string, string[] | number | boolean | string> = {};
  const errors: Record<string, string[]> = {};
  for (const list of followupListsFor(ctx)) {
    for (const q of WIZARD_QUESTIONS[list]) {
      const v = input[q.id];
      if (q.type === 'checkbox') {
        const values = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
        if (values.length === 0 || (Array.isArray(v) && values.length !== v.length))
          errors[q.id] = [WIZARD_TEXTS.checkboxRequired];
        else if (values.some((x) => !q.options.some((o) => o.value === x)))
          errors[q.id] = [WIZARD_ERRORS.optionUnknown];
        else data[q.id] = [...new Set(values)];
      } else if (q.type === 'number') {
        const n =
          typeof v === 'number'
            ? v
            : typeof v === 'string' && v.trim() !== ''
              ? decimalNumber(v)
              : Number.NaN;
        if (!Number.isFinite(n)) errors[q.id] = [WIZARD_TEXTS.numberRequired];
        else if (n < 0) errors[q.id] = [WIZARD_TEXTS.numberMin];
        else if (q.percent && n > 100) errors[q.id] = [WIZARD_ERRORS.numberMax];
        else data[q.id] = n;
      } else if (q.type === 'boolean') {
        const b = v === true || v === 'true' ? true : v === false || v === 'false' ? false : null;
        if (b === null) errors[q.id] = [WIZARD_TEXTS.booleanRequired];
        else data[q.id] = b;
      } else {
        const t = typeof v === 'string' ? v.trim() : '';
        if (t === '') errors[q.id] = [WIZARD_TEXTS.textRequired];
        else if (t.length > 500) errors[q.id] = ['Ensure this field has no more than 500 characters.'];
        else data[q.id] = t;
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}

/** Kinds of content-calendar items the set-up job creates. */
export const CONTENT_TYPES = ['bulletin', 'email', 'playbook'] as const;
export const ContentTypeSchema = z.enum(CONTENT_TYPES);

/**
 * One content-calendar item (spec §3: name, tooltip, publish_date, type). `key` names the template it
 * comes from (the server proposes the calendar from the earlier steps; GET content_calendar returns it
 * as form_data until saved). Items without a key become a plain bulletin/email with the tooltip as text.
 */
export const ContentCalendarItemSchema = z.strictObject({
  key: z.string().max(100).nullish(),
  name: requiredText(WIZARD_ERRORS.contentNameRequired),
  tooltip: z.string().max(1000).nullish(),
  publish_date: requiredDate(WIZARD_ERRORS.contentDateRequired),
  type: z.preprocess(blankToUndefined, z.enum(CONTENT_TYPES, { error: WIZARD_ERRORS.contentTypeUnknown })),
});
export type ContentCalendarItem = z.infer<typeof ContentCalendarItemSchema>;
/** content_calendar (spec §3). Saving it starts the set-up job (step mts). */
export const ContentCalendarSchema = z.strictObject({
  content: z
    .array(ContentCalendarItemSchema, { error: WIZARD_ERRORS.contentRequired })
    .min(1, {
      error: WIZARD_ERRORS.contentRequired,
    })
    .max(200),
});
export type ContentCalendar = z.infer<typeof ContentCalendarSchema>;

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
  data: (institutionId: Id) => `/api/v1/institution/${institutionId}/coach-setup-wizard/data`,
  start: (institutionId: Id) => `/api/v1/institution/${institutionId}/coach-setup-wizard`,
  coach: (institutionId: Id, coachId: Id) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}`,
  step: (institutionId: Id, coachId: Id, step: WizardStep) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}/${step}`,
  discard: (institutionId: Id, coachId: Id) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}`,
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
