import { LMS_PROVIDER_NAME, LMS_TEXTS } from '../lms.ts';
import { WIZARD_MAX_ASSESSMENTS } from './constants.ts';

/** User-visible wizard texts (spec §2, §5, §8, §9) and the error sentences the spec leaves to us. See ../wizard.ts. */

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
