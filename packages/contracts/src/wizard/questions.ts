import { z } from 'zod';
import type { AssessmentType } from './constants.ts';

/** Wizard reference data (spec §3 "Wizard reference data"): the follow-up question lists, terms and courses. See ../wizard.ts. */

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
