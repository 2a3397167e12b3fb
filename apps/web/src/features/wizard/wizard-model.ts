import {
  type QuestionListName,
  WIZARD_STEPS,
  type WizardQuestion,
  type WizardReferenceData,
  type WizardStep,
  type WizardStepOrComplete,
} from '@course-coach/contracts';

/** Short names of the steps in the progress bar (ours). */
export const STEP_LABELS: Record<WizardStep, string> = {
  basic_info: 'Basics',
  canvas_auth: 'Canvas',
  assessment_info: 'Assessments',
  bulletin_info: 'Bulletins',
  bulletin_followup: 'Follow-up',
  content_calendar: 'Calendar',
  mts: 'Set-up',
};

/** Whether a value (e.g. from navigation state) is a step of the wizard or 'complete'. */
export function isWizardPosition(value: unknown): value is WizardStepOrComplete {
  return value === 'complete' || (WIZARD_STEPS as readonly unknown[]).includes(value);
}

/** The six question lists of the reference data, by list name. */
export function questionLists(reference: WizardReferenceData): Record<QuestionListName, WizardQuestion[]> {
  return {
    general: reference.general_questions,
    assessment: reference.assessment_questions,
    homework: reference.homework_questions,
    quiz: reference.quiz_questions,
    topic: reference.topic_questions,
    succeed: reference.succeed_questions,
  };
}

/** An answer of bulletin_followup while it is being edited (null: not answered yet). */
export type Answer = string[] | number | boolean | string | null;
