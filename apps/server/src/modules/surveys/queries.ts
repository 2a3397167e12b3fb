/**
 * Surveys: who sees which survey, and the reads. A survey goes out with its questions (from the institution's
 * characteristic dictionary), wiring, status and, for the caller, their own answers.
 */
import { characteristicKind, type Survey, type SurveyQuestion, surveyStatus } from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { LIVE_SURVEYS } from '../content/index.ts';
import { type DictCharacteristic, loadDictionary } from '../tailoring/index.ts';
import { loadWiring, studentValuesSql, wiringVisibleSql } from '../wiring/index.ts';

/*
 * Who is asking is the guard's request context (`CoachCaller`, auth/context.ts): staff (`isStaff`:
 * instructors of the coach, institution staff and admins) manage surveys and see them all; students see
 * the live surveys meant for them (published, not queued or under review, publish time come, and their
 * characteristics match the survey's wiring) and answer them.
 */

/** A survey as `visibleRows` selects it. */
export interface SurveyRow {
  id: number;
  coach_id: number;
  title: string;
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
  publish_timestamp: string | Date;
  related_credit: boolean;
  due_at: string | Date | null;
  anonymous: boolean;
  completed: boolean;
  responses_count: number;
}

/** A timestamp as ISO text (null stays null). */
const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** Survey ids the caller may see (`only`: just that one), in order. */
export async function visibleRows(q: Query, caller: CoachCaller, only?: number): Promise<SurveyRow[]> {
  const columns = `s.id, s.coach_id, s.title, s.is_published, s.is_queued, s.under_review, s.publish_timestamp,
    s.related_credit, s.due_at, s.anonymous,
    exists (select 1 from survey_responses r where r.survey_id = s.id and r.user_id = $2) as completed,
    (select count(*)::int from survey_responses r where r.survey_id = s.id) as responses_count`;
  if (caller.isStaff) {
    return q<SurveyRow>(
      `select ${columns} from surveys s where s.coach_id = $1 ${only ? 'and s.id = $3' : ''}
        order by s.publish_timestamp desc, s.id desc`,
      only ? [caller.coachId, caller.userId, only] : [caller.coachId, caller.userId],
    );
  }
  return q<SurveyRow>(
    `with sv as (${studentValuesSql('$2', '$3', '$1')})
     select ${columns} from (${LIVE_SURVEYS}) s
      where ${wiringVisibleSql('s.id', "'survey'")} ${only ? 'and s.id = $4' : ''}
      order by s.publish_timestamp desc, s.id desc`,
    only
      ? [caller.coachId, caller.userId, caller.institutionId, only]
      : [caller.coachId, caller.userId, caller.institutionId],
  );
}

/** A question row as the wire `SurveyQuestion`; null when its characteristic is gone. */
function questionOut(
  row: { id: number; prompt: string; characteristic_id: number },
  dictionary: ReadonlyArray<DictCharacteristic>,
): SurveyQuestion | null {
  const c = dictionary.find((d) => d.id === row.characteristic_id);
  if (!c) return null;
  const kind = characteristicKind(c);
  return {
    id: row.id,
    prompt: row.prompt || c.question,
    characteristic: c.name,
    kind: kind === 'text' ? 'set' : kind,
    options: c.restrictionset.values,
    ranges: c.restrictionset.ranges,
  };
}

/** The rows as wire `Survey`s with questions, wiring and the caller's answers (one query each). */
async function surveysOut(q: Query, caller: CoachCaller, rows: SurveyRow[]): Promise<Survey[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const dictionary = await loadDictionary(q, caller.institutionId);
  const questions = await q<{ id: number; survey_id: number; prompt: string; characteristic_id: number }>(
    `select id, survey_id, prompt, characteristic_id from survey_questions
      where survey_id = any($1::int[]) order by survey_id, position, id`,
    [ids],
  );
  const answers = await q<{ question_id: number; value: string }>(
    `select a.question_id, a.value from survey_answers a join survey_questions sq on sq.id = a.question_id
      where sq.survey_id = any($1::int[]) and a.user_id = $2 order by a.value`,
    [ids, caller.userId],
  );
  const wiring = await loadWiring(q, caller.coachId, 'survey', ids);
  return rows.map((r) => {
    const own = questions.filter((x) => x.survey_id === r.id);
    const byQuestion: Record<string, string[]> = {};
    for (const a of answers) {
      if (!own.some((x) => x.id === a.question_id)) continue;
      byQuestion[String(a.question_id)] = [...(byQuestion[String(a.question_id)] ?? []), a.value];
    }
    return {
      id: r.id,
      coach: r.coach_id,
      title: r.title,
      status: surveyStatus(r),
      is_published: r.is_published,
      is_queued: r.is_queued,
      under_review: r.under_review,
      publish_timestamp: iso(r.publish_timestamp)!,
      related_credit: r.related_credit,
      due_at: iso(r.due_at),
      anonymous: r.anonymous,
      questions: own.flatMap((x) => questionOut(x, dictionary) ?? []),
      characteristics: wiring.get(r.id) ?? [],
      completed: r.completed,
      responses_count: caller.isStaff ? r.responses_count : 0,
      answers: byQuestion,
    };
  });
}

/** The surveys the caller may see. */
export async function listSurveys(database: Database, caller: CoachCaller): Promise<Survey[]> {
  return surveysOut(database.query, caller, await visibleRows(database.query, caller));
}

/** One survey the caller may see; 404 otherwise. */
export async function getSurvey(q: Query, caller: CoachCaller, id: number): Promise<Survey> {
  const rows = await visibleRows(q, caller, id);
  if (rows.length === 0) throw notFound();
  return (await surveysOut(q, caller, rows))[0]!;
}
