import {
  decimalNumber,
  type FieldErrors,
  PLAYBOOK_PLAN_MESSAGES as M,
  type MyPlaybook,
  type MyPlaybookDetail,
  PLAYBOOK_SOURCE,
  type PlaybookPhaseBody,
  type PlaybookPhaseName,
} from '@course-coach/contracts';
import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { writeCharacteristicValue } from '../characteristics/index.ts';
import { noteCredit, queueScorePosts } from '../lti/index.ts';
import { noteChangedValues, requestPendingSync, type SyncRunner } from '../tailoring/index.ts';
import {
  type LoadedQuestion,
  loadQuestions,
  myPlaybookRows,
  notePlan,
  publicQuestion,
  replaceAnswers,
} from './plan-queries.ts';

/**
 * The student's Exam Playbook (docs/playbooks.md): reading their released playbooks, and saving the
 * answers of planning (before the exam) and reflection (after it). Every answer becomes the student's
 * value of the question's characteristic from the source `playbook` (of the enrolment for an
 * enrolment-scoped characteristic), through the one value writer (characteristics/values.ts), and the
 * Insight Groups reading it owe the student a membership sync.
 */

/*
 * Who is asking is the guard's request context (`CoachCaller`, auth/context.ts): a student of the coach
 * (the routes' policy lets only students in).
 */

/** The released playbooks of the coach for the student, with stage and completions. */
export function listMyPlaybooks(q: Query, caller: CoachCaller): Promise<MyPlaybook[]> {
  return myPlaybookRows(q, caller.coachId, caller.userId, null);
}

/** One released playbook with its questions and the student's answers; 404 when not released or not the coach's. */
export async function getMyPlaybook(
  q: Query,
  caller: CoachCaller,
  playbookId: number,
): Promise<MyPlaybookDetail> {
  const [row] = await myPlaybookRows(q, caller.coachId, caller.userId, playbookId);
  if (!row) throw notFound(M.notAvailable);
  const questions = await loadQuestions(q, caller.institutionId, playbookId, caller.userId);
  return { ...row, questions: questions.map(publicQuestion) };
}

/** 403 unless the playbook's stage today lets the student answer `phase` (docs/playbooks.md "Windows"). */
function checkOpen(row: MyPlaybook, phase: PlaybookPhaseName): void {
  if (phase === 'planning') {
    if (row.stage === 'upcoming') throw forbidden(M.planningNotOpen(row.planning_opens_on));
    if (row.stage !== 'planning') throw forbidden(M.planningClosed);
  } else {
    if (row.stage === 'upcoming' || row.stage === 'planning') throw forbidden(M.reflectionNotOpen);
    if (row.stage !== 'reflection') throw forbidden(M.reflectionClosed);
  }
}

/** The given answer as the values to store, or an error message. */
function checkAnswer(question: LoadedQuestion, value: string | string[]): string[] | string {
  const values = [
    ...new Set((Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter((v) => v !== '')),
  ];
  if (values.length > 1 && !question.multiple) return M.oneValue;
  if (question.kind === 'number') {
    if (values.length === 0) return [];
    const n = decimalNumber(values[0]!);
    if (!Number.isFinite(n)) return 'Enter a number.';
    if ((question.min !== null && n < question.min) || (question.max !== null && n > question.max))
      return `Enter a number from ${question.min} to ${question.max}.`;
    if (question.step && question.min !== null) {
      const k = (n - question.min) / question.step;
      if (Math.abs(k - Math.round(k)) > 1e-9)
        return `Enter a multiple of ${question.step} from ${question.min}.`;
    }
    return [String(n)];
  }
  const bad = values.find((v) => !question.options.some((o) => o.value === v));
  return bad === undefined ? values : M.notAnOption(bad);
}

/**
 * Saves the student's answers of one phase of a playbook, in one transaction (400 with field errors
 * keyed by the question's characteristic, or `answers.{i}.characteristic` for a question the phase
 * does not have, and nothing written). `submit` completes the phase: every question of it must then be
 * answered (saved before or given now); planning's completion is the plan's `completed_at`, the credit
 * the history and activity cards show. 404: not a released playbook of the coach; 403: the phase is not
 * open today.
 */
export async function savePlaybookPhase(
  runner: SyncRunner,
  caller: CoachCaller,
  playbookId: number,
  phase: PlaybookPhaseName,
  body: PlaybookPhaseBody,
): Promise<MyPlaybookDetail> {
  const { result, cohorts, credits } = await runner.database.transaction(async (q) => {
    const [row] = await myPlaybookRows(q, caller.coachId, caller.userId, playbookId);
    if (!row) throw notFound(M.notAvailable);
    checkOpen(row, phase);
    const questions = (await loadQuestions(q, caller.institutionId, playbookId, caller.userId)).filter(
      (x) => x.phase === phase,
    );
    if (body.submit && questions.length === 0) throw badRequest({ non_field_errors: [M.noQuestions] });
    const errors: FieldErrors = {};
    const writes: Array<{ question: LoadedQuestion; values: string[] }> = [];
    body.answers.forEach((a, i) => {
      const question = questions.find((x) => x.characteristic === a.characteristic);
      if (!question) {
        errors[`answers.${i}.characteristic`] = [M.unknownQuestion];
        return;
      }
      const checked = checkAnswer(question, a.value);
      if (typeof checked === 'string') errors[question.characteristic] = [checked];
      else writes.push({ question, values: checked });
    });
    if (body.submit) {
      for (const question of questions) {
        const given = writes.find((w) => w.question === question);
        const answered = given ? given.values.length > 0 : question.answer.length > 0;
        if (!answered && !errors[question.characteristic])
          errors[question.characteristic] = [M.answerRequired];
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    for (const { question, values } of writes) {
      await writeCharacteristicValue(q, {
        institutionId: caller.institutionId,
        characteristic: question.characteristic,
        userId: caller.userId,
        coachId: question.scope === 'enrolment' ? caller.coachId : null,
        source: PLAYBOOK_SOURCE,
        value: values,
      });
      await replaceAnswers(q, {
        institutionId: caller.institutionId,
        playbookId,
        userId: caller.userId,
        phase,
        characteristicId: question.characteristicId,
        values,
      });
    }
    await notePlan(q, {
      institutionId: caller.institutionId,
      playbookId,
      userId: caller.userId,
      phase,
      submit: body.submit,
    });
    // Planning completed in time on a for-credit playbook: its score to the LMS (docs/lti.md, Grades).
    const credits =
      phase === 'planning' && body.submit ? await noteCredit(q, caller.userId, 'playbook', playbookId) : 0;
    // The groups reading an answered characteristic owe this student a sync (docs/design.md "Membership sync").
    const affected = await noteChangedValues(
      q,
      { institutionId: caller.institutionId },
      writes.map((w) => w.question.characteristic),
      [caller.userId],
    );
    return { result: await getMyPlaybook(q, caller, playbookId), cohorts: affected, credits };
  });
  for (const id of cohorts) await requestPendingSync(runner, id);
  if (credits > 0) await queueScorePosts(runner.boss);
  return result;
}
