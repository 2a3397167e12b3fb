/**
 * Surveys' SQL of a student's answers (docs/emails-surveys.md; spec: survey responses feed the student's
 * characteristic values from the source `survey`): the survey's questions, the characteristics of the
 * source `survey`, the student's values from it, their answers and their response. The checks, the
 * transaction and the re-sync are ./answers.ts's; the source itself is tailoring's ensureTailoringSource.
 */
import type { Query } from '../../db/client.ts';
import type { surveyQuestions, surveyResponses } from '../../db/schema/index.ts';

/** A question of a survey and the characteristic it asks for. */
export type QuestionRow = Pick<typeof surveyQuestions.$inferSelect, 'id' | 'characteristic_id'>;

/** The questions of survey `surveyId`, in the survey's order (position, then id). */
export function selectQuestions(q: Query, surveyId: number): Promise<QuestionRow[]> {
  return q<QuestionRow>(
    'select id, characteristic_id from survey_questions where survey_id = $1 order by position, id',
    [surveyId],
  );
}

/**
 * Deletes student `userId`'s values from source `sourceId` of each characteristic `characteristicIds[i]`
 * for coach `coachIds[i]` (0 for a student-scoped characteristic).
 */
export async function deleteSourceValues(
  q: Query,
  userId: number,
  sourceId: number,
  characteristicIds: number[],
  coachIds: number[],
): Promise<void> {
  await q(
    `delete from student_characteristic_values v using unnest($1::int[], $4::int[]) as x(c, coach)
        where v.characteristic_id = x.c and v.coach_id = x.coach and v.user_id = $2 and v.source_id = $3`,
    [characteristicIds, userId, sourceId, coachIds],
  );
}

/** A value to write: its characteristic, text, number (ranges; else null) and coach (0: student-scoped). */
export interface ValueWrite {
  characteristicId: number;
  value: string;
  num: number | null;
  coachId: number;
}

/** Writes `values` as student `userId`'s values from source `sourceId`. */
export async function insertSourceValues(
  q: Query,
  scope: { institutionId: number; userId: number; sourceId: number },
  values: ValueWrite[],
): Promise<void> {
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
       select $1, c, $2, coach, $3, v, n from unnest($4::int[], $5::text[], $6::float8[], $7::int[]) as x(c, v, n, coach)`,
    [
      scope.institutionId,
      scope.userId,
      scope.sourceId,
      values.map((w) => w.characteristicId),
      values.map((w) => w.value),
      values.map((w) => w.num),
      values.map((w) => w.coachId),
    ],
  );
}

/** Deletes student `userId`'s answers to the questions `questionIds`. */
export async function deleteAnswers(q: Query, questionIds: number[], userId: number): Promise<void> {
  await q('delete from survey_answers where question_id = any($1::int[]) and user_id = $2', [
    questionIds,
    userId,
  ]);
}

/** Writes student `userId`'s answers, one row per question and chosen value. */
export async function insertAnswers(
  q: Query,
  scope: { institutionId: number; userId: number },
  answers: Array<{ question: number; value: string }>,
): Promise<void> {
  await q(
    `insert into survey_answers (institution_id, question_id, user_id, value)
       select $1, qid, $2, v from unnest($3::int[], $4::text[]) as x(qid, v)`,
    [scope.institutionId, scope.userId, answers.map((a) => a.question), answers.map((a) => a.value)],
  );
}

/** When a response was completed, as the driver hands it over (a Date, or its text). */
export type ResponseRow = { completed_at: (typeof surveyResponses.$inferSelect)['completed_at'] | string };

/** Records student `userId`'s response to survey `surveyId`, completed now (again when they answer again). */
export async function upsertResponse(
  q: Query,
  scope: { institutionId: number; userId: number },
  surveyId: number,
): Promise<ResponseRow> {
  const [response] = await q<ResponseRow>(
    `insert into survey_responses (institution_id, survey_id, user_id) values ($1, $2, $3)
       on conflict (survey_id, user_id) do update set completed_at = now() returning completed_at`,
    [scope.institutionId, surveyId, scope.userId],
  );
  return response!;
}
