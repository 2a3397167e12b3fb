/**
 * The wizard's model as the screens use it. INTERIM: written from the spec until the contract
 * (`packages/contracts/src/wizard.ts`) lands; then these re-export or adapt it.
 */
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
export type WizardPosition = WizardStep | 'complete';

export interface Option {
  id: number | string;
  label: string;
}

export interface BasicInfoData {
  coach_name: string;
  course_id: number | null;
  term_id: number | null;
  admins: { email: string }[];
}

export const WIZARD_MESSAGES = {
  coachName: 'Please enter a coach name.',
  course: 'Please select a course.',
  term: 'Please select a term.',
  assessmentType: 'Please select a label for assessments.',
  assessmentRequired: 'Please add at least one assessment.',
  assessmentName: 'Please select an assessment',
  playbookLink: 'Please select the Playbook you’d like to link to.',
  examDate: 'Please enter the open date for this assessment.',
  cumulative: 'Please indicate if this assessment is cumulative.',
  studyResources: 'Please select at least one option.',
  checkboxRequired: 'Please select at least one option.',
  numberRequired: 'Please enter a number.',
  numberMin: 'Please enter a number greater than or equal to 0.',
  booleanRequired: 'Please select an option',
  textRequired: 'Please enter an answer',
  maxAssessments: (plural: string) => `You can only add up to 3 ${plural}.`,
};

export const ASSESSMENT_TYPES = ['exam', 'quiz', 'assessment'] as const;
export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];
export const MAX_ASSESSMENTS = 3;

/** Spec §9: plural labels add an s unless the total is 1. */
export function pluralLabel(label: string, total: number): string {
  return total === 1 ? label : `${label}s`;
}

export const PLAYBOOK_LINKS = [
  { value: 'AssessmentFirst', label: 'First Playbook' },
  { value: 'AssessmentMidterm', label: 'Midterm Playbook' },
  { value: 'AssessmentFinal', label: 'Final Playbook' },
];

const BASE_STUDY_RESOURCES = [
  { value: 'PracticeExam', label: 'Practice exams' },
  { value: 'PracticeProbs', label: 'Practice problems' },
  { value: 'AskingQs', label: 'Asking questions' },
  { value: 'OH', label: 'Office hours' },
  { value: 'HW', label: 'Homework' },
  { value: 'Readings', label: 'Readings' },
  { value: 'Notes', label: 'Notes' },
  { value: 'Tutoring', label: 'Tutoring' },
  { value: 'Videos', label: 'Videos' },
];

/** Spec §9: the study resources, with Quizzes inserted fifth unless the assessment type is quiz. */
export function studyResources(type: string | null) {
  if (type === 'quiz') return BASE_STUDY_RESOURCES;
  return [
    ...BASE_STUDY_RESOURCES.slice(0, 4),
    { value: 'Quizzes', label: 'Quizzes' },
    ...BASE_STUDY_RESOURCES.slice(4),
  ];
}

export interface AssessmentData {
  name: string;
  type_characteristic: string;
  exam_date: string;
  is_cumulative: 0 | 1 | null;
}

export interface AssessmentInfoData {
  assessment_type: string | null;
  assessments: AssessmentData[];
  study_resources: string[];
}

/** Spec §9: the optional bulletins (Quizzes unless the type is quiz). */
export function optionalBulletins(type: string | null) {
  const all = [
    { value: 'Quizzes', label: 'Quizzes' },
    { value: 'Homework', label: 'Homework' },
    { value: 'PracticeProblems', label: 'Practice Problems' },
  ];
  return type === 'quiz' ? all.filter((b) => b.value !== 'Quizzes') : all;
}

export const REQUIRED_BULLETINS = [
  { value: 'AcademicSkills', label: 'Academic Skills', description: 'Eleven emails and bulletins' },
];

export type QuestionType = 'checkbox' | 'number' | 'boolean' | 'text';
export interface WizardQuestion {
  id: string;
  type: QuestionType;
  text: string;
  characteristic: string;
  options: { value: string; label: string }[];
}
export type QuestionListName = 'general' | 'assessment' | 'homework' | 'quiz' | 'topic' | 'succeed';
export type Answer = string[] | number | boolean | string | null;

export interface ContentItem {
  name: string;
  tooltip: string;
  publish_date: string;
  type: string;
}

export const WIZARD_TEXTS = {
  congrats: 'Congrats! Your coach has been created.',
  errorTitle: 'Error',
  errorIntro: 'Sorry, there was an error setting up your coach:',
  errorHelp: 'Please try again or contact support.',
  progressFetchError: 'Error fetching setup progress',
};

export const WIZARD_API = {
  data: (institutionId: number | string) => `/api/v1/institution/${institutionId}/coach-setup-wizard/data`,
  create: (institutionId: number | string) => `/api/v1/institution/${institutionId}/coach-setup-wizard`,
  coach: (institutionId: number | string, coachId: number | string) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}`,
  step: (institutionId: number | string, coachId: number | string, step: string) =>
    `/api/v1/institution/${institutionId}/coach-setup-wizard/${coachId}/${step}`,
};

export interface WizardReference {
  terms: Option[];
  courses: Option[];
  general: WizardQuestion[];
  assessment: WizardQuestion[];
  homework: WizardQuestion[];
  quiz: WizardQuestion[];
  topic: WizardQuestion[];
  succeed: WizardQuestion[];
}

export interface WizardStepAnswer {
  step: WizardPosition;
  // biome-ignore lint/suspicious/noExplicitAny: interim until the contract lands
  form_data: any;
  lms_url?: string | null;
  existing_config?: unknown;
  lms_courses?: import('@course-coach/contracts').LmsCourse[] | null;
  assignments?: import('@course-coach/contracts').LmsAssignment[] | null;
  error?: string | null;
}

/** The wizard's page paths (ours: spec §2 shows the one with a coach id). */
export const WIZARD_PAGES = {
  new: (institutionId: number | string) => `/Dashboard/Institution/${institutionId}/CoachSetupWizard`,
  coach: (institutionId: number | string, coachId: number | string) =>
    `/Dashboard/Institution/${institutionId}/CoachSetupWizard/${coachId}`,
};

export const MTS_POLL_MS = 3000;
