/**
 * Surveys: a student's answers (spec: survey responses feed the student's characteristic values from
 * the source `survey`, and Insight Groups with rules on them are re-synced by the tailoring engine).
 */
import {
  characteristicKind,
  decimalNumber,
  type FieldErrors,
  SURVEY_MESSAGES,
  SURVEY_SOURCE,
  type SurveyResponse,
  type SurveyResponseBody,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { noteCredit, queueScorePosts } from '../lti/index.ts';
import {
  type DictCharacteristic,
  ensureTailoringSource,
  linkCharacteristicsToSource,
  loadDictionary,
  noteChangedValues,
  requestPendingSync,
  type SyncRunner,
} from '../tailoring/index.ts';
import {
  deleteAnswers,
  deleteSourceValues,
  insertAnswers,
  insertSourceValues,
  selectQuestions,
  upsertResponse,
} from './answer-queries.ts';
import { visibleRows } from './queries.ts';

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
  caller: CoachCaller,
  surveyId: number,
  body: SurveyResponseBody,
): Promise<SurveyResponse> {
  if (caller.isStaff) throw forbidden(SURVEY_MESSAGES.staffCannotAnswer);
  const { database } = runner;
  let credits = 0;
  const result = await database.transaction(async (q) => {
    const visible = await visibleRows(q, caller, surveyId);
    if (visible.length === 0) throw notFound();
    const questions = await selectQuestions(q, surveyId);
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

    // The source `survey` is labelled "Survey" when a first answer adds it.
    const sourceId = await ensureTailoringSource(q, caller.institutionId, SURVEY_SOURCE, 'Survey');
    const ids = writes.map((w) => w.c.id);
    await linkCharacteristicsToSource(q, sourceId, ids);
    // Enrolment-scoped characteristics get the answer for this coach's enrolment, others for the student.
    const coachOf = (c: { scope: string }) => (c.scope === 'enrolment' ? caller.coachId : 0);
    await deleteSourceValues(
      q,
      caller.userId,
      sourceId,
      ids,
      writes.map((w) => coachOf(w.c)),
    );
    await insertSourceValues(
      q,
      { institutionId: caller.institutionId, userId: caller.userId, sourceId },
      writes.flatMap((w) =>
        w.values.map((value, i) => ({
          characteristicId: w.c.id,
          value,
          num: w.nums[i] ?? null,
          coachId: coachOf(w.c),
        })),
      ),
    );
    const questionIds = questions.map((x) => x.id);
    await deleteAnswers(q, questionIds, caller.userId);
    const answerRows = questions.flatMap((x) => {
      const w = writes.find((w) => w.c.id === x.characteristic_id);
      return (w?.values ?? []).map((v) => ({ question: x.id, value: v }));
    });
    const who = { institutionId: caller.institutionId, userId: caller.userId };
    await insertAnswers(q, who, answerRows);
    const response = await upsertResponse(q, who, surveyId);
    // A for-credit survey answered in time: its score to the LMS, posted by the job (docs/lti.md, Grades).
    credits = await noteCredit(q, caller.userId, 'survey', surveyId);
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
      completed_at: new Date(response.completed_at).toISOString(),
      answers,
      resynced_cohorts: affected,
    };
  });
  for (const id of result.resynced_cohorts) await requestPendingSync(runner, id);
  if (credits > 0) await queueScorePosts(runner.boss);
  return result;
}
