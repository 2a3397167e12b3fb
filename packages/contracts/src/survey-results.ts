import { z } from 'zod';

type Id = number | string;

/** Survey results API and page (ours: the spec does not show them). Staff of the coach only. */
export const SURVEY_RESULTS_API = {
  /** GET: per-question aggregates and, unless the survey is anonymous, each student's answers. */
  results: <C extends Id, I extends Id>(coachId: C, id: I) =>
    `/api/v1/coach/${coachId}/surveys/${id}/results` as const,
  /** GET: the same as CSV (one row per student and question; anonymous: one row per option). */
  resultsCsv: (coachId: Id, id: Id) => `/api/v1/coach/${coachId}/surveys/${id}/results.csv`,
} as const;

export const SURVEY_RESULTS_PAGES = {
  results: (coachId: Id, id: Id) => `/Dashboard/Coach/${coachId}/ContentManager/SurveyResults/${id}/`,
} as const;

/** Texts of the results screen (ours). */
export const SURVEY_RESULTS_TEXTS = {
  title: (survey: string) => `Results: ${survey}`,
  results: 'Results',
  responses: (n: number) => `${n} response${n === 1 ? '' : 's'}`,
  noResponses: 'Nobody has answered this survey yet.',
  option: 'Answer',
  count: 'Students',
  percent: 'Share',
  anonymous: 'This survey is anonymous: only totals are shown.',
  individual: 'Individual answers',
  student: 'Student',
  exportCsv: 'Download CSV',
  notAnswered: '—',
} as const;

/** One option of a question with how many respondents chose it and their share of the respondents. */
export const SurveyOptionCountSchema = z.object({
  value: z.string(),
  label: z.string(),
  count: z.number().int(),
  /** Share of the question's respondents, in percent, one decimal (multivalued: may sum past 100). */
  percent: z.number(),
});

export const SurveyQuestionResultSchema = z.object({
  id: z.number().int(),
  prompt: z.string(),
  characteristic: z.string(),
  kind: z.enum(['set', 'multiset', 'range']),
  /** Students who answered this question. */
  respondents: z.number().int(),
  /** Options (set/multiset), or each distinct number given (range), most chosen first for numbers. */
  options: z.array(SurveyOptionCountSchema),
  /** Numeric questions: mean of the answers (null: no answers or not numeric). */
  mean: z.number().nullable(),
});
export type SurveyQuestionResult = z.infer<typeof SurveyQuestionResultSchema>;

export const SurveyResultsSchema = z.object({
  survey: z.number().int(),
  title: z.string(),
  anonymous: z.boolean(),
  responses: z.number().int(),
  questions: z.array(SurveyQuestionResultSchema),
  /** Each respondent's answers by question id (empty when the survey is anonymous). */
  individual: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      completed_at: z.string(),
      answers: z.record(z.string(), z.array(z.string())),
    }),
  ),
});
export type SurveyResults = z.infer<typeof SurveyResultsSchema>;
