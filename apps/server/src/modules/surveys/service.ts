import {
  characteristicKind,
  decimalNumber,
  type FieldErrors,
  SURVEY_MESSAGES,
  SURVEY_SOURCE,
  type Survey,
  type SurveyBody,
  SurveyBodySchema,
  type SurveyQuestion,
  type SurveyResponse,
  type SurveyResponseBody,
  surveyStatus,
  validateWiring,
} from '@course-coach/contracts';
import type { CoachContext } from '../../auth/access.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { LIVE_SURVEYS } from '../content/queries.ts';
import { deleteDocuments } from '../documents/cleanup.ts';
import { type DictCharacteristic, loadDictionary } from '../tailoring/dictionary.ts';
import { noteChangedValues, requestPendingSync, type SyncRunner } from '../tailoring/sync.ts';
import {
  deleteWiring,
  loadWiring,
  saveWiring,
  studentValuesSql,
  wiringVisibleSql,
} from '../wiring/service.ts';

/**
 * Who is asking: staff (instructors of the coach, institution staff and admins) manage surveys and see
 * them all; students see the live surveys meant for them (published, not queued or under review, publish
 * time come, and their characteristics match the survey's wiring) and answer them.
 */
export interface SurveyCaller {
  coachId: number;
  institutionId: number;
  userId: number;
  isStaff: boolean;
}

/** Builds the caller from the guard's coach context. */
export function surveyCaller(coach: CoachContext, userId: number): SurveyCaller {
  return {
    coachId: coach.coachId,
    institutionId: coach.institutionId,
    userId,
    isStaff: coach.institutionRole !== null || coach.coachRole === 'instructor',
  };
}

interface SurveyRow {
  id: number;
  coach_id: number;
  title: string;
  is_published: boolean;
  is_queued: boolean;
  under_review: boolean;
  publish_timestamp: string | Date;
  related_credit: boolean;
  due_at: string | Date | null;
  completed: boolean;
  responses_count: number;
}

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/** Survey ids the caller may see (`only`: just that one), in order. */
async function visibleRows(q: Query, caller: SurveyCaller, only?: number): Promise<SurveyRow[]> {
  const columns = `s.id, s.coach_id, s.title, s.is_published, s.is_queued, s.under_review, s.publish_timestamp,
    s.related_credit, s.due_at,
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

async function surveysOut(q: Query, caller: SurveyCaller, rows: SurveyRow[]): Promise<Survey[]> {
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
      questions: own.flatMap((x) => questionOut(x, dictionary) ?? []),
      characteristics: wiring.get(r.id) ?? [],
      completed: r.completed,
      responses_count: caller.isStaff ? r.responses_count : 0,
      answers: byQuestion,
    };
  });
}

/** The surveys the caller may see. */
export async function listSurveys(database: Database, caller: SurveyCaller): Promise<Survey[]> {
  return surveysOut(database.query, caller, await visibleRows(database.query, caller));
}

/** One survey the caller may see; 404 otherwise. */
export async function getSurvey(q: Query, caller: SurveyCaller, id: number): Promise<Survey> {
  const rows = await visibleRows(q, caller, id);
  if (rows.length === 0) throw notFound();
  return (await surveysOut(q, caller, rows))[0]!;
}

type CleanBody = ReturnType<typeof SurveyBodySchema.parse>;

/** Checks a survey body against the dictionary; throws 400 with every field error at once. */
async function checkBody(q: Query, caller: SurveyCaller, body: CleanBody): Promise<DictCharacteristic[]> {
  const errors: FieldErrors = {};
  const add = (k: string, m: string) => {
    errors[k] = [...(errors[k] ?? []), m];
  };
  if (!body.title.trim()) add('title', SURVEY_MESSAGES.required);
  if (body.status === 'Scheduled' && !body.publish_timestamp)
    add('publish_timestamp', SURVEY_MESSAGES.required);
  if (body.questions.length === 0) add('questions', SURVEY_MESSAGES.noQuestions);
  const dictionary = await loadDictionary(q, caller.institutionId);
  const chosen: DictCharacteristic[] = [];
  const seen = new Set<string>();
  for (const [i, question] of body.questions.entries()) {
    const name = question.characteristic.trim();
    const at = `questions.${i}.characteristic`;
    const c = dictionary.find((d) => d.name === name);
    if (!name) add(at, SURVEY_MESSAGES.required);
    else if (!c) add(at, SURVEY_MESSAGES.unknownCharacteristic(name));
    else if (characteristicKind(c) === 'text') add(at, SURVEY_MESSAGES.textCharacteristic);
    else if (seen.has(name)) add(at, SURVEY_MESSAGES.duplicateCharacteristic);
    else {
      seen.add(name);
      chosen.push(c);
    }
  }
  for (const [k, v] of Object.entries(validateWiring(dictionary, body.characteristics)))
    for (const m of v) add(k, m);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return chosen;
}

/** The publishing flags of a status (Draft: unpublished, under review; Scheduled/Published: published). */
function flagsOf(body: CleanBody) {
  const draft = body.status === 'Draft';
  return {
    is_published: !draft,
    under_review: draft,
    is_queued: false,
    publish_timestamp: body.publish_timestamp ?? new Date().toISOString(),
  };
}

/** Replaces the survey's questions, keeping the ids (and answers) of questions sent back with their id. */
async function writeQuestions(
  q: Query,
  caller: SurveyCaller,
  surveyId: number,
  body: CleanBody,
  chosen: DictCharacteristic[],
): Promise<void> {
  const keep = body.questions.flatMap((x) => (x.id ? [x.id] : []));
  await q('delete from survey_questions where survey_id = $1 and not (id = any($2::int[]))', [
    surveyId,
    keep,
  ]);
  for (const [i, question] of body.questions.entries()) {
    const c = chosen[i]!;
    const updated = question.id
      ? await q(
          `update survey_questions set position = $3, prompt = $4, characteristic_id = $5
            where id = $1 and survey_id = $2 returning 1`,
          [question.id, surveyId, i, question.prompt.trim(), c.id],
        )
      : [];
    if (updated.length === 0) {
      await q(
        `insert into survey_questions (institution_id, survey_id, position, prompt, characteristic_id)
         values ($1, $2, $3, $4, $5)`,
        [caller.institutionId, surveyId, i, question.prompt.trim(), c.id],
      );
    }
  }
}

/** POST: a new survey with its questions and wiring (staff), in one transaction. */
export async function createSurvey(
  database: Database,
  caller: SurveyCaller,
  input: SurveyBody,
): Promise<Survey> {
  const body = SurveyBodySchema.parse(input);
  return database.transaction(async (q) => {
    const chosen = await checkBody(q, caller, body);
    const f = flagsOf(body);
    const [row] = await q<{ id: number }>(
      `insert into surveys (institution_id, coach_id, title, is_published, is_queued, under_review,
                            publish_timestamp, related_credit, due_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        caller.institutionId,
        caller.coachId,
        body.title.trim(),
        f.is_published,
        f.is_queued,
        f.under_review,
        f.publish_timestamp,
        body.related_credit,
        body.due_at ?? null,
      ],
    );
    await writeQuestions(q, caller, row!.id, body, chosen);
    await saveWiring(q, { ...caller, kind: 'survey', contentId: row!.id }, body.characteristics);
    return getSurvey(q, caller, row!.id);
  });
}

/** PUT: replaces a survey (staff). */
export async function updateSurvey(
  database: Database,
  caller: SurveyCaller,
  id: number,
  input: SurveyBody,
): Promise<Survey> {
  const body = SurveyBodySchema.parse(input);
  return database.transaction(async (q) => {
    const exists = await q('select 1 from surveys where id = $1 and coach_id = $2 for update', [
      id,
      caller.coachId,
    ]);
    if (exists.length === 0) throw notFound();
    const chosen = await checkBody(q, caller, body);
    const f = flagsOf(body);
    await q(
      `update surveys set title = $2, is_published = $3, is_queued = $4, under_review = $5,
              publish_timestamp = $6, related_credit = $7, due_at = $8 where id = $1`,
      [
        id,
        body.title.trim(),
        f.is_published,
        f.is_queued,
        f.under_review,
        f.publish_timestamp,
        body.related_credit,
        body.due_at ?? null,
      ],
    );
    await writeQuestions(q, caller, id, body, chosen);
    await saveWiring(q, { ...caller, kind: 'survey', contentId: id }, body.characteristics);
    return getSurvey(q, caller, id);
  });
}

/** DELETE a survey with its questions, answers and responses (staff). Characteristic values stay. */
export async function deleteSurvey(database: Database, caller: SurveyCaller, id: number): Promise<void> {
  await database.transaction(async (q) => {
    const rows = await q('delete from surveys where id = $1 and coach_id = $2 returning 1', [
      id,
      caller.coachId,
    ]);
    if (rows.length === 0) throw notFound();
    await deleteWiring(q, caller.coachId, 'survey', [id]);
    await deleteDocuments(q, caller.coachId, 'survey', [id]);
  });
}

/**
 * A student answers a survey. Every question must be answered with one of its options
 * (a value of the characteristic's restriction set; several for a multivalued one) or a number within
 * its ranges; otherwise 400 with field errors `question_<id>` and nothing is written. In one
 * transaction: the answers are stored, each becomes the student's value of the question's characteristic
 * from the source `survey` (replacing the previous survey value), the response is recorded (which
 * completes the survey for the activity card), and every Insight Group of the institution with a rule
 * on one of these characteristics is marked syncing. After the commit those groups are re-synced by the
 * tailoring engine's membership job.
 */
export async function answerSurvey(
  runner: SyncRunner,
  caller: SurveyCaller,
  surveyId: number,
  body: SurveyResponseBody,
): Promise<SurveyResponse> {
  if (caller.isStaff) throw forbidden(SURVEY_MESSAGES.staffCannotAnswer);
  const { database } = runner;
  const result = await database.transaction(async (q) => {
    const visible = await visibleRows(q, caller, surveyId);
    if (visible.length === 0) throw notFound();
    const questions = await q<{ id: number; characteristic_id: number }>(
      'select id, characteristic_id from survey_questions where survey_id = $1 order by position, id',
      [surveyId],
    );
    const dictionary = await loadDictionary(q, caller.institutionId);
    const errors: FieldErrors = {};
    const add = (k: string, m: string) => {
      errors[k] = [...(errors[k] ?? []), m];
    };
    const given = new Map<number, string[]>();
    body.answers.forEach((a, i) => {
      if (!questions.some((x) => x.id === a.question))
        add(`answers.${i}.question`, SURVEY_MESSAGES.unknownQuestion);
      const list = (Array.isArray(a.value) ? a.value : [a.value])
        .map((v) => v.trim())
        .filter((v) => v !== '');
      given.set(a.question, [...new Set(list)]);
    });
    const writes: Array<{ c: DictCharacteristic; values: string[]; nums: Array<number | null> }> = [];
    for (const question of questions) {
      const key = `question_${question.id}`;
      const c = dictionary.find((d) => d.id === question.characteristic_id);
      if (!c) continue;
      const values = given.get(question.id) ?? [];
      if (values.length === 0) {
        add(key, SURVEY_MESSAGES.answerRequired);
        continue;
      }
      const kind = characteristicKind(c);
      if (kind !== 'multiset' && values.length > 1) {
        add(key, SURVEY_MESSAGES.oneValue);
        continue;
      }
      if (kind === 'range') {
        const n = decimalNumber(values[0]!);
        if (!Number.isFinite(n)) add(key, SURVEY_MESSAGES.notANumber);
        else if (!c.restrictionset.ranges.some((r) => n >= r.min && n <= r.max))
          add(key, SURVEY_MESSAGES.outOfRange(c.restrictionset.ranges));
        else writes.push({ c, values: [String(n)], nums: [n] });
        continue;
      }
      const bad = values.filter((v) => !c.restrictionset.values.some((o) => o.value === v));
      for (const v of bad) add(key, SURVEY_MESSAGES.notAnOption(v));
      if (bad.length === 0) writes.push({ c, values, nums: values.map(() => null) });
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const [source] = await q<{ id: number }>(
      `insert into tailoring_sources (institution_id, name, label) values ($1, $2, 'Survey')
       on conflict (institution_id, name) do update set name = excluded.name returning id`,
      [caller.institutionId, SURVEY_SOURCE],
    );
    const ids = writes.map((w) => w.c.id);
    await q(
      `insert into characteristic_sources (characteristic_id, source_id)
       select c, $2 from unnest($1::int[]) as x(c) on conflict do nothing`,
      [ids, source!.id],
    );
    // Enrolment-scoped characteristics get the answer for this coach's enrolment, others for the student.
    const coachOf = (c: { scope: string }) => (c.scope === 'enrolment' ? caller.coachId : 0);
    await q(
      `delete from student_characteristic_values v using unnest($1::int[], $4::int[]) as x(c, coach)
        where v.characteristic_id = x.c and v.coach_id = x.coach and v.user_id = $2 and v.source_id = $3`,
      [ids, caller.userId, source!.id, writes.map((w) => coachOf(w.c))],
    );
    await q(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
       select $1, c, $2, coach, $3, v, n from unnest($4::int[], $5::text[], $6::float8[], $7::int[]) as x(c, v, n, coach)`,
      [
        caller.institutionId,
        caller.userId,
        source!.id,
        writes.flatMap((w) => w.values.map(() => w.c.id)),
        writes.flatMap((w) => w.values),
        writes.flatMap((w) => w.nums),
        writes.flatMap((w) => w.values.map(() => coachOf(w.c))),
      ],
    );
    const questionIds = questions.map((x) => x.id);
    await q('delete from survey_answers where question_id = any($1::int[]) and user_id = $2', [
      questionIds,
      caller.userId,
    ]);
    const answerRows = questions.flatMap((x) => {
      const w = writes.find((w) => w.c.id === x.characteristic_id);
      return (w?.values ?? []).map((v) => ({ question: x.id, value: v }));
    });
    await q(
      `insert into survey_answers (institution_id, question_id, user_id, value)
       select $1, qid, $2, v from unnest($3::int[], $4::text[]) as x(qid, v)`,
      [
        caller.institutionId,
        caller.userId,
        answerRows.map((a) => a.question),
        answerRows.map((a) => a.value),
      ],
    );
    const [response] = await q<{ completed_at: string | Date }>(
      `insert into survey_responses (institution_id, survey_id, user_id) values ($1, $2, $3)
       on conflict (survey_id, user_id) do update set completed_at = now() returning completed_at`,
      [caller.institutionId, surveyId, caller.userId],
    );
    // The groups reading an answered characteristic owe this student a sync (docs/design.md "Membership sync").
    const affected = await noteChangedValues(
      q,
      { institutionId: caller.institutionId },
      writes.map((w) => w.c.name),
      [caller.userId],
    );
    const answers: Record<string, string[]> = {};
    for (const a of answerRows)
      answers[String(a.question)] = [...(answers[String(a.question)] ?? []), a.value];
    return {
      survey: surveyId,
      completed_at: new Date(response!.completed_at).toISOString(),
      answers,
      resynced_cohorts: affected,
    };
  });
  for (const id of result.resynced_cohorts) await requestPendingSync(runner, id);
  return result;
}
