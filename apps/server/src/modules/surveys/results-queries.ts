/**
 * The SQL of survey results for staff (docs/emails-surveys.md "Survey results"): the answers' counts per
 * question and value, the respondents, and each respondent's answers. Shares, options and the CSV are
 * ./results.ts's; the survey itself is read by ./queries.ts.
 */
import type { Query } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';

/** Per question and value: how many students chose it (each student once). */
export function selectValueCounts(
  q: Query,
  questionIds: number[],
): Promise<Array<{ question_id: number; value: string; n: number }>> {
  return q<{ question_id: number; value: string; n: number }>(
    `select question_id, value, count(distinct user_id)::int as n from survey_answers
      where question_id = any($1::int[]) group by question_id, value`,
    [questionIds],
  );
}

/** Per question: how many students answered it. */
export function selectRespondentCounts(
  q: Query,
  questionIds: number[],
): Promise<Array<{ question_id: number; n: number }>> {
  return q<{ question_id: number; n: number }>(
    `select question_id, count(distinct user_id)::int as n from survey_answers
      where question_id = any($1::int[]) group by question_id`,
    [questionIds],
  );
}

/** How many students completed the survey. */
export async function countResponses(q: Query, surveyId: number): Promise<number> {
  const [row] = await q<{ n: number }>(
    'select count(*)::int as n from survey_responses where survey_id = $1',
    [surveyId],
  );
  return row?.n ?? 0;
}

/** A student who completed the survey, and when. */
export type RespondentRow = Pick<typeof users.$inferSelect, 'name' | 'email'> & {
  user_id: number;
  completed_at: string | Date;
};

/** The survey's respondents by name, then id. */
export function selectRespondents(q: Query, surveyId: number): Promise<RespondentRow[]> {
  return q<RespondentRow>(
    `select r.user_id, u.name, u.email, r.completed_at from survey_responses r join users u on u.id = r.user_id
      where r.survey_id = $1 order by u.name, u.id`,
    [surveyId],
  );
}

/** Every answer to the questions, by value. */
export function selectAnswers(
  q: Query,
  questionIds: number[],
): Promise<Array<{ user_id: number; question_id: number; value: string }>> {
  return q<{ user_id: number; question_id: number; value: string }>(
    `select user_id, question_id, value from survey_answers where question_id = any($1::int[])
      order by value`,
    [questionIds],
  );
}
