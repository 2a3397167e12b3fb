import { z } from 'zod';
import { WiringItemSchema, WiringListSchema } from './wiring.ts';

export * from './survey-texts.ts';

/** The tailoring source a survey answer is written under (the tailoring source `survey`). */
export const SURVEY_SOURCE = 'survey';

export const SURVEY_TITLE_MAX = 200;
export const SURVEY_PROMPT_MAX = 1000;
export const SURVEY_QUESTIONS_MAX = 50;

/** Messages of survey validation and refusals (ours). */
export const SURVEY_MESSAGES = {
  required: 'This field is required.',
  tooLong: (n: number) => `Ensure this field has no more than ${n} characters.`,
  noQuestions: 'Add at least one question.',
  unknownCharacteristic: (name: string) => `“${name}” is not a characteristic of the tailoring dictionary.`,
  textCharacteristic: 'Choose a characteristic with a set of values or a numeric range.',
  duplicateCharacteristic: 'Another question already asks for this characteristic.',
  answerRequired: 'Please answer this question.',
  notAnOption: (value: string) => `“${value}” is not one of this question’s options.`,
  notANumber: 'Enter a number.',
  outOfRange: (ranges: ReadonlyArray<{ min: number; max: number }>) =>
    `Enter a number ${ranges.map((r) => `from ${r.min} to ${r.max}`).join(' or ')}.`,
  oneValue: 'Choose one option.',
  unknownQuestion: 'This is not a question of this survey.',
  notLive: 'This survey is not open.',
  staffCannotAnswer: 'Only students answer surveys.',
} as const;

/** Texts of the survey screens (ours, except the statuses of spec §4). */
export const SURVEY_TEXTS = {
  managerTitle: 'Surveys',
  newSurvey: 'New Survey',
  editTitle: 'Edit Survey',
  createTitle: 'New Survey',
  title: 'Title',
  status: 'Status',
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  publishAt: 'Publish time',
  forCredit: 'For Credit',
  dueAt: 'Credit deadline',
  questions: 'Questions',
  question: (n: number) => `Question ${n}`,
  prompt: 'Question text',
  promptHint: 'Leave empty to use the characteristic’s own question.',
  characteristic: 'Characteristic its answer is saved to',
  addQuestion: 'Add question',
  removeQuestion: (n: number) => `Remove question ${n}`,
  options: 'Options',
  save: 'Save',
  cancel: 'Cancel',
  delete: 'Delete',
  saved: 'Survey saved.',
  empty: 'No surveys have been written for this coach yet.',
  studentListTitle: 'Surveys',
  studentEmpty: 'There are currently no surveys for you.',
  answered: 'Answered',
  notAnswered: 'Not answered yet',
  submit: 'Submit answers',
  thanks: 'Thank you: your answers were saved.',
  responses: (n: number) => `${n} response${n === 1 ? '' : 's'}`,
  numberHint: (ranges: ReadonlyArray<{ min: number; max: number }>) =>
    `A number ${ranges.map((r) => `from ${r.min} to ${r.max}`).join(' or ')}.`,
  edit: 'Edit',
} as const;

export const SurveyStatusSchema = z.enum(['Draft', 'Scheduled', 'Published']);

/** One option of a question: a value of the characteristic's restriction set. */
export const SurveyOptionSchema = z.object({ value: z.string(), label: z.string() });

/** A question: its characteristic and, from its restriction set, the options or the numeric ranges. */
export const SurveyQuestionSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  characteristic: z.string(),
  kind: z.enum(['set', 'multiset', 'range']),
  options: z.array(SurveyOptionSchema),
  ranges: z.array(z.object({ min: z.number(), max: z.number() })),
});
export type SurveyQuestion = z.infer<typeof SurveyQuestionSchema>;

/** A survey as staff and students see it. `answers` (students): their own, by question id. */
export const SurveySchema = z.object({
  id: z.number().int(),
  coach: z.number().int(),
  title: z.string(),
  status: SurveyStatusSchema,
  is_published: z.boolean(),
  is_queued: z.boolean(),
  under_review: z.boolean(),
  publish_timestamp: z.string(),
  related_credit: z.boolean(),
  due_at: z.string().nullable(),
  /** Anonymous: staff see aggregates only, never who answered what. */
  anonymous: z.boolean(),
  questions: z.array(SurveyQuestionSchema),
  characteristics: z.array(WiringItemSchema),
  completed: z.boolean(),
  responses_count: z.number().int(),
  answers: z.record(z.string(), z.array(z.string())),
});
export type Survey = z.infer<typeof SurveySchema>;
export const SurveyListSchema = z.array(SurveySchema);

export const SurveyQuestionInputSchema = z.strictObject({
  id: z.number().int().nullish(),
  prompt: z.string().max(SURVEY_PROMPT_MAX, SURVEY_MESSAGES.tooLong(SURVEY_PROMPT_MAX)).default(''),
  characteristic: z.string().max(200),
});

/**
 * POST/PUT body of a survey (staff). Draft: unpublished; Scheduled: published from `publish_timestamp`
 * (required, in the future); Published: live now (or from `publish_timestamp` when given).
 */
export const SurveyBodySchema = z.strictObject({
  title: z.string().max(SURVEY_TITLE_MAX, SURVEY_MESSAGES.tooLong(SURVEY_TITLE_MAX)),
  status: SurveyStatusSchema,
  publish_timestamp: z.iso.datetime({ offset: true, message: 'Enter a valid date and time.' }).nullish(),
  related_credit: z.boolean().default(false),
  due_at: z.iso.datetime({ offset: true, message: 'Enter a valid date and time.' }).nullish(),
  anonymous: z.boolean().default(false),
  questions: z.array(SurveyQuestionInputSchema).max(SURVEY_QUESTIONS_MAX),
  characteristics: WiringListSchema.default([]),
});
export type SurveyBody = z.input<typeof SurveyBodySchema>;

/** POST responses: one answer per question; a multivalued question takes a list. */
export const SurveyResponseBodySchema = z.strictObject({
  answers: z
    .array(
      z.strictObject({
        question: z.number().int(),
        value: z.union([z.string().max(200), z.array(z.string().max(200)).max(50)]),
      }),
    )
    .max(SURVEY_QUESTIONS_MAX),
});
export type SurveyResponseBody = z.infer<typeof SurveyResponseBodySchema>;

export const SurveyResponseSchema = z.object({
  survey: z.number().int(),
  completed_at: z.string(),
  answers: z.record(z.string(), z.array(z.string())),
  /** The Insight Groups whose membership is being re-synced because of these answers. */
  resynced_cohorts: z.array(z.number().int()),
});
export type SurveyResponse = z.infer<typeof SurveyResponseSchema>;

/**
 * Status of a survey (spec §4 vocabulary): Draft when unpublished or under review; Scheduled when queued
 * or its publish time is still to come; otherwise Published (live for students).
 */
export function surveyStatus(
  s: { is_published: boolean; is_queued: boolean; under_review: boolean; publish_timestamp: string | Date },
  now: Date = new Date(),
): 'Draft' | 'Scheduled' | 'Published' {
  if (s.under_review || !s.is_published) return 'Draft';
  if (s.is_queued || new Date(s.publish_timestamp).getTime() > now.getTime()) return 'Scheduled';
  return 'Published';
}
