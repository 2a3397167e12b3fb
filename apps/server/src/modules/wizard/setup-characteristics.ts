/**
 * The coach set-up job's characteristics (spec §5 follow-up questions): the dictionary definitions the
 * wizard needs (one per follow-up question, plus the assessment type and the study resources) and how
 * an answer reads and is wired. Written by ./setup-content.ts.
 */
import {
  QUESTION_LIST_NAMES,
  STUDY_RESOURCE_LABELS,
  studyResourcesFor,
  WIZARD_QUESTIONS,
  type WizardQuestion,
} from '@course-coach/contracts';

/** The dictionary source of the wizard's characteristics. */
export const SOURCE = { name: 'course_coach', label: 'Course Coach (Insight Groups)' };

/** The extra characteristics the set-up job creates from assessment_info (beside the questions'). */
export const ASSESSMENT_TYPE_CHARACTERISTIC = 'CourseAssessmentType';
export const STUDY_RESOURCES_CHARACTERISTIC = 'CourseStudyResources';

/** A dictionary characteristic as the wizard defines it. */
export interface CharacteristicDef {
  name: string;
  question: string;
  kind: 'range' | 'set' | 'text';
  is_multivalued: boolean;
  values: Array<{ value: string; label: string }>;
  ranges: Array<{ min: number; max: number }>;
}

/** The dictionary characteristic a follow-up question's answers are recorded as. */
function definitionOf(q: WizardQuestion): CharacteristicDef {
  const base = { name: q.characteristic, question: q.prompt, values: [], ranges: [] };
  switch (q.type) {
    case 'checkbox':
      return { ...base, kind: 'set', is_multivalued: true, values: q.options };
    case 'boolean':
      return {
        ...base,
        kind: 'set',
        is_multivalued: false,
        values: [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ],
      };
    case 'number':
      return {
        ...base,
        kind: 'range',
        is_multivalued: false,
        ranges: [{ min: 0, max: q.percent ? 100 : 1_000_000 }],
      };
    case 'text':
      return { ...base, kind: 'text', is_multivalued: false };
  }
}

/** The definitions of the assessment type and study resources characteristics, in that order. */
export const EXTRA_DEFINITIONS: CharacteristicDef[] = [
  {
    name: ASSESSMENT_TYPE_CHARACTERISTIC,
    question: 'What are the course’s assessments called?',
    kind: 'set',
    is_multivalued: false,
    values: [
      { value: 'exam', label: 'Exam' },
      { value: 'quiz', label: 'Quiz' },
      { value: 'assessment', label: 'Assessment' },
    ],
    ranges: [],
  },
  {
    name: STUDY_RESOURCES_CHARACTERISTIC,
    question: 'Which study resources does the course offer?',
    kind: 'set',
    is_multivalued: true,
    values: studyResourcesFor('exam').map((r) => ({ value: r, label: STUDY_RESOURCE_LABELS[r] })),
    ranges: [],
  },
];

/** Every characteristic the wizard may use (created in an institution's dictionary when missing). */
export const WIZARD_CHARACTERISTICS: CharacteristicDef[] = [
  ...QUESTION_LIST_NAMES.flatMap((l) => WIZARD_QUESTIONS[l].map(definitionOf)),
  ...EXTRA_DEFINITIONS,
];

/** The wiring values of an answer (a checkbox answer has one per option). */
export function answerValues(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.map(String);
  return [String(answer)];
}

/** How an answer reads in a course characteristic's subtitle. */
export function answerText(q: WizardQuestion, answer: unknown): string {
  if (q.type === 'checkbox')
    return answerValues(answer)
      .map((v) => q.options.find((o) => o.value === v)?.label ?? v)
      .join(', ');
  if (q.type === 'boolean') return answer === true ? 'Yes' : 'No';
  if (q.type === 'number') return q.percent ? `${answer}%` : String(answer);
  return String(answer);
}
