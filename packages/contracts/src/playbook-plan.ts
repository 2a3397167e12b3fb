import { z } from 'zod';

/**
 * The student's Exam Playbook: planning before the exam, reflection after it (docs/playbooks.md). Its API
 * paths and pages are in playbook-plan-texts.ts (re-exported here).
 */
export * from './playbook-plan-texts.ts';

/** The tailoring source a playbook answer is written under. */
export const PLAYBOOK_SOURCE = 'playbook';
/** Days after the exam date during which reflection stays open (the exam day is the first). */
export const REFLECTION_DAYS = 14;

export const PlaybookPhaseNameSchema = z.enum(['planning', 'reflection']);
export type PlaybookPhaseName = z.infer<typeof PlaybookPhaseNameSchema>;

/** Where the playbook stands today: before planning, planning (before the exam), reflection (after it), closed. */
export const PlaybookStageSchema = z.enum(['upcoming', 'planning', 'reflection', 'closed']);
export type PlaybookStage = z.infer<typeof PlaybookStageSchema>;

/** Messages (ours) of the student's playbook. */
export const PLAYBOOK_PLAN_MESSAGES = {
  notAvailable: 'This playbook is not available to you.',
  studentsOnly: 'Only students of this coach plan with a playbook.',
  planningNotOpen: (opens: string) => `Planning for this playbook opens on ${opens}.`,
  planningClosed:
    'Planning for this playbook has closed: the exam has started. Reflection opens on the exam day.',
  reflectionNotOpen: 'Reflection opens on the exam day. Until then, work on your plan.',
  reflectionClosed: 'Reflection for this playbook has closed.',
  unknownQuestion: 'This is not a question of this part of the playbook.',
  answerRequired: 'Please answer this question.',
  oneValue: 'Choose one answer.',
  notAnOption: (value: string) => `“${value}” is not one of this question’s options.`,
  noQuestions: 'This part of the playbook has no questions yet. Ask your instructor.',
  saved: 'Your answers are saved.',
  submitted: {
    planning: 'Your plan is complete. Good luck in the exam!',
    reflection: 'Thank you: your reflection is complete.',
  },
  empty: 'There are no playbooks for you in this course yet.',
  summaryEmpty: 'No student has answered this question yet.',
} as const;

export const PlaybookSectionNameSchema = z.enum(['planning', 'emotions', 'reflection']);
export type PlaybookSectionName = z.infer<typeof PlaybookSectionNameSchema>;

/** Section headings and hints on the student's page (ours). */
export const PLAYBOOK_SECTION_TEXTS: Record<PlaybookSectionName, { title: string; hint: string }> = {
  planning: { title: 'My study plan', hint: 'Which study resources will you use, and how much?' },
  emotions: { title: 'How I feel', hint: 'There are no wrong answers: this helps your coach support you.' },
  reflection: { title: 'Looking back', hint: 'How did it go, what did you use, what will you change?' },
};

/** One question: a characteristic the playbook's wiring names (docs/playbooks.md "Questions"). */
export const PlaybookQuestionSchema = z.object({
  characteristic: z.string(),
  section: PlaybookSectionNameSchema,
  question: z.string(),
  /** choice: pick from options (several when multiple); number: a number in [min, max] on the step. */
  kind: z.enum(['choice', 'number']),
  multiple: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  min: z.number().nullable(),
  max: z.number().nullable(),
  step: z.number().nullable(),
  /** The student's saved answer (empty: not answered). */
  answer: z.array(z.string()),
});
export type PlaybookQuestion = z.infer<typeof PlaybookQuestionSchema>;

/** A released playbook as its student sees it. */
export const MyPlaybookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  assignment_type: z.enum(['exam', 'quiz', 'assessment']),
  exam_date: z.string().nullable(),
  custom_date_message: z.string().nullable(),
  stage: PlaybookStageSchema,
  /** First planning day (YYYY-MM-DD). */
  planning_opens_on: z.string(),
  /** Last planning day (the day before the exam), null when the exam has no date. */
  planning_closes_on: z.string().nullable(),
  /** Last reflection day, null when the exam has no date. */
  reflection_closes_on: z.string().nullable(),
  planning_completed_at: z.string().nullable(),
  reflection_completed_at: z.string().nullable(),
});
export type MyPlaybook = z.infer<typeof MyPlaybookSchema>;

export const MyPlaybookDetailSchema = MyPlaybookSchema.extend({
  questions: z.array(PlaybookQuestionSchema),
});
export type MyPlaybookDetail = z.infer<typeof MyPlaybookDetailSchema>;

const AnswerValue = z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]);

/** PUT body: answers to save (a question left out keeps its answer; an empty one clears it). */
export const PlaybookPhaseBodySchema = z.strictObject({
  answers: z.array(z.strictObject({ characteristic: z.string().max(200), value: AnswerValue })).max(50),
  /** true: the phase is complete (every question must be answered); false: save progress. */
  submit: z.boolean(),
});
export type PlaybookPhaseBody = z.infer<typeof PlaybookPhaseBodySchema>;

/** Staff: how the students answered one question. */
export const PlaybookQuestionSummarySchema = z.object({
  characteristic: z.string(),
  section: PlaybookSectionNameSchema,
  question: z.string(),
  kind: z.enum(['choice', 'number']),
  answered_count: z.number().int(),
  options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
  /** Numbers: the mean answer (2 decimals), null without answers or for choices. */
  mean: z.number().nullable(),
});

export const PlaybookSummarySchema = z.object({
  playbook: z.number().int(),
  title: z.string(),
  student_count: z.number().int(),
  planning_completed_count: z.number().int(),
  reflection_completed_count: z.number().int(),
  questions: z.array(PlaybookQuestionSummarySchema),
});
export type PlaybookSummary = z.infer<typeof PlaybookSummarySchema>;

/** Texts of the student's playbook pages and the staff aggregates (ours). */
export const PLAYBOOK_PLAN_TEXTS = {
  listTitle: 'Playbooks',
  listIntro: 'Plan before each exam, then look back after it. Your answers help your coach tailor support.',
  examOn: (date: string) => `Exam on ${date}`,
  stage: {
    upcoming: 'Opens soon',
    planning: 'Planning open',
    reflection: 'Reflection open',
    closed: 'Closed',
  } satisfies Record<PlaybookStage, string>,
  stageHelp: {
    upcoming: (opens: string) => `Planning opens on ${opens}.`,
    planning: (closes: string | null) =>
      closes
        ? `Plan until ${closes}. Your answers are saved as you go; complete your plan to earn the credit. Reflection opens on the exam day.`
        : 'Your answers are saved as you go; complete your plan to earn the credit.',
    reflection: (closes: string | null) =>
      `The exam is over: look back on it until ${closes ?? 'the reflection closes'}. Your plan is shown below.`,
    closed: 'This playbook has closed. Your answers are shown below.',
  },
  planned: 'Plan complete',
  reflected: 'Reflection complete',
  notStarted: 'Not complete',
  open: 'Open playbook',
  planningHeading: 'Planning',
  reflectionHeading: 'Reflection',
  completePlanning: 'Complete my plan',
  completeReflection: 'Complete my reflection',
  saving: 'Saving…',
  numberHint: (min: number | null, max: number | null) =>
    min !== null && max !== null ? `A number from ${min} to ${max}.` : 'A number.',
  backToList: 'All playbooks',
  summaryTitle: 'Students’ answers',
  summaryCounts: (students: number, planned: number, reflected: number) =>
    `${planned} of ${students} students completed their plan; ${reflected} completed their reflection.`,
  summaryAnswer: 'Answer',
  summaryStudents: 'Students',
  answered: (n: number) => `${n} answered`,
  mean: (m: number) => `Mean ${m}`,
} as const;
