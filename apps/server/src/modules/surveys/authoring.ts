/**
 * Surveys: the staff commands (create, replace, delete) with the checks of a body against the
 * institution's characteristic dictionary (field errors in the spec's 400 shape, all at once).
 */
import {
  characteristicKind,
  type FieldErrors,
  SURVEY_MESSAGES,
  type Survey,
  type SurveyBody,
  SurveyBodySchema,
  validateWiring,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { auditDiff, auditPick, recordAudit } from '../audit/index.ts';
import { deleteDocuments } from '../documents/index.ts';
import { noteLineItems } from '../lti/index.ts';
import { type DictCharacteristic, loadDictionary } from '../tailoring/index.ts';
import { contentExtras, moveToTrash } from '../trash/index.ts';
import { deleteExclusions, deleteWiring, saveWiring } from '../wiring/index.ts';
import {
  deleteQuestionsExcept,
  deleteSurveyRow,
  insertQuestion,
  insertSurvey,
  lockSurvey,
  type SurveyFields,
  updateQuestion,
  updateSurveyRow,
} from './authoring-queries.ts';
import { getSurvey } from './queries.ts';

/** A survey body after the schema's defaults and trimming. */
type CleanBody = ReturnType<typeof SurveyBodySchema.parse>;

/** Checks a survey body against the dictionary; throws 400 with every field error at once. */
async function checkBody(q: Query, caller: CoachCaller, body: CleanBody): Promise<DictCharacteristic[]> {
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

/**
 * The stored fields of a body: the publishing flags of its status (Draft: unpublished, under review;
 * Scheduled/Published: published; a missing publish time is now), the title trimmed.
 */
function fieldsOf(body: CleanBody): SurveyFields {
  const draft = body.status === 'Draft';
  return {
    title: body.title.trim(),
    is_published: !draft,
    under_review: draft,
    is_queued: false,
    publish_timestamp: body.publish_timestamp ?? new Date().toISOString(),
    related_credit: body.related_credit,
    due_at: body.due_at ?? null,
    anonymous: body.anonymous,
  };
}

/** Replaces the survey's questions, keeping the ids (and answers) of questions sent back with their id. */
async function writeQuestions(
  q: Query,
  caller: CoachCaller,
  surveyId: number,
  body: CleanBody,
  chosen: DictCharacteristic[],
): Promise<void> {
  const keep = body.questions.flatMap((x) => (x.id ? [x.id] : []));
  await deleteQuestionsExcept(q, surveyId, keep);
  for (const [i, question] of body.questions.entries()) {
    const fields = { position: i, prompt: question.prompt.trim(), characteristicId: chosen[i]!.id };
    const updated = question.id ? await updateQuestion(q, surveyId, question.id, fields) : false;
    if (!updated) await insertQuestion(q, caller.institutionId, surveyId, fields);
  }
}

/** POST: a new survey with its questions and wiring (staff), in one transaction. */
export async function createSurvey(
  database: Database,
  caller: CoachCaller,
  input: SurveyBody,
): Promise<Survey> {
  const body = SurveyBodySchema.parse(input);
  return database.transaction(async (q) => {
    const chosen = await checkBody(q, caller, body);
    const id = await insertSurvey(q, caller, fieldsOf(body));
    await writeQuestions(q, caller, id, body, chosen);
    await saveWiring(q, { ...caller, kind: 'survey', contentId: id }, body.characteristics);
    await noteLineItems(q, 'survey', id);
    const created = await getSurvey(q, caller, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'survey.create',
      target: `coach ${caller.coachId}, survey ${id}`,
      after: auditPick(created as unknown as Record<string, unknown>),
    });
    return created;
  });
}

/** PUT: replaces a survey (staff). */
export async function updateSurvey(
  database: Database,
  caller: CoachCaller,
  id: number,
  input: SurveyBody,
): Promise<Survey> {
  const body = SurveyBodySchema.parse(input);
  return database.transaction(async (q) => {
    if (!(await lockSurvey(q, caller.coachId, id))) throw notFound();
    const chosen = await checkBody(q, caller, body);
    const before = await getSurvey(q, caller, id);
    await updateSurveyRow(q, id, fieldsOf(body));
    await writeQuestions(q, caller, id, body, chosen);
    await saveWiring(q, { ...caller, kind: 'survey', contentId: id }, body.characteristics);
    // Published for credit: its line item in each linked LMS course (docs/lti.md, Grades).
    await noteLineItems(q, 'survey', id);
    const after = await getSurvey(q, caller, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'survey.update',
      target: `coach ${caller.coachId}, survey ${id}`,
      ...auditDiff(before as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>),
    });
    return after;
  });
}

/** DELETE a survey with its questions, answers and responses (staff). Characteristic values stay. */
export async function deleteSurvey(database: Database, caller: CoachCaller, id: number): Promise<void> {
  await database.transaction(async (q) => {
    if (!(await lockSurvey(q, caller.coachId, id))) throw notFound();
    const before = await getSurvey(q, caller, id);
    await moveToTrash(q, {
      coachId: caller.coachId,
      kind: 'survey',
      itemId: id,
      title: (row) => String(row.title),
      rows: [
        { table: 'surveys', where: 't.coach_id = $1 and t.id = $2', params: [caller.coachId, id] },
        ...contentExtras(caller.coachId, 'survey', id),
      ],
    });
    await deleteSurveyRow(q, id);
    await recordAudit(q, {
      kind: 'content',
      action: 'survey.delete',
      target: `coach ${caller.coachId}, survey ${id}`,
      before: auditPick(before as unknown as Record<string, unknown>),
    });
    await deleteWiring(q, caller.coachId, 'survey', [id]);
    await deleteExclusions(q, caller.coachId, 'survey', [id]);
    await deleteDocuments(q, caller.coachId, 'survey', [id]);
  });
}
