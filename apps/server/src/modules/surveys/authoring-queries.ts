/**
 * Surveys' writes on the staff side (spec §7 surveys; docs/surveys.md): a survey's row and its questions.
 * The checks against the dictionary, the wiring and the audit are ./authoring.ts's; the reads are
 * ./queries.ts's.
 */
import type { Query } from '../../db/client.ts';

/** A survey's stored fields as the editor writes them (`publish_timestamp`, `due_at`: ISO 8601 text). */
export interface SurveyFields {
  title: string;
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
  publish_timestamp: string;
  related_credit: boolean;
  due_at: string | null;
  anonymous: boolean;
}

const fieldValues = (f: SurveyFields) => [
  f.title,
  f.is_published,
  f.is_queued,
  f.under_review,
  f.publish_timestamp,
  f.related_credit,
  f.due_at,
  f.anonymous,
];

/** Creates a survey of the coach; returns its id. */
export async function insertSurvey(
  q: Query,
  scope: { institutionId: number; coachId: number },
  f: SurveyFields,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into surveys (institution_id, coach_id, title, is_published, is_queued, under_review,
                          publish_timestamp, related_credit, due_at, anonymous)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [scope.institutionId, scope.coachId, ...fieldValues(f)],
  );
  return row!.id;
}

/** Replaces the survey `id`'s fields (already checked to be the coach's). */
export async function updateSurveyRow(q: Query, id: number, f: SurveyFields): Promise<void> {
  await q(
    `update surveys set title = $2, is_published = $3, is_queued = $4, under_review = $5,
            publish_timestamp = $6, related_credit = $7, due_at = $8, anonymous = $9 where id = $1`,
    [id, ...fieldValues(f)],
  );
}

/** Locks the coach's survey `id` for the transaction; false when the coach has none by that id. */
export async function lockSurvey(q: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await q('select 1 from surveys where id = $1 and coach_id = $2 for update', [id, coachId]);
  return rows.length > 0;
}

/** Deletes the survey `id` (its questions and answers cascade). */
export async function deleteSurveyRow(q: Query, id: number): Promise<void> {
  await q('delete from surveys where id = $1', [id]);
}

/** Deletes the survey's questions other than `keep` (with their answers). */
export async function deleteQuestionsExcept(q: Query, surveyId: number, keep: number[]): Promise<void> {
  await q('delete from survey_questions where survey_id = $1 and not (id = any($2::int[]))', [
    surveyId,
    keep,
  ]);
}

/** A question as written: its position, prompt and characteristic. */
export interface QuestionFields {
  position: number;
  prompt: string;
  characteristicId: number;
}

/** Replaces the survey's question `id`; false when the survey has no question by that id. */
export async function updateQuestion(
  q: Query,
  surveyId: number,
  id: number,
  f: QuestionFields,
): Promise<boolean> {
  const rows = await q(
    `update survey_questions set position = $3, prompt = $4, characteristic_id = $5
      where id = $1 and survey_id = $2 returning 1`,
    [id, surveyId, f.position, f.prompt, f.characteristicId],
  );
  return rows.length > 0;
}

/** Adds a question to the survey. */
export async function insertQuestion(
  q: Query,
  institutionId: number,
  surveyId: number,
  f: QuestionFields,
): Promise<void> {
  await q(
    `insert into survey_questions (institution_id, survey_id, position, prompt, characteristic_id)
     values ($1, $2, $3, $4, $5)`,
    [institutionId, surveyId, f.position, f.prompt, f.characteristicId],
  );
}
