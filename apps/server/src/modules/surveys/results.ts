/**
 * Survey results for staff (docs/emails-surveys.md "Survey results"): per-question aggregates (how many
 * respondents chose each option, their share) and, unless the survey is anonymous, each respondent's
 * answers; the same as CSV, with csv-stringify's `escape_formulas` so that a spreadsheet shows answers
 * as text instead of running them (OWASP "CSV injection").
 */
import type { SurveyQuestionResult, SurveyResults } from '@course-coach/contracts';
import { stringify } from 'csv-stringify/sync';
import type { CoachCaller } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { getSurvey } from './queries.ts';
import {
  countResponses,
  selectAnswers,
  selectRespondentCounts,
  selectRespondents,
  selectValueCounts,
} from './results-queries.ts';

/** A share in percent with one decimal (0 when nobody answered). */
const percentOf = (count: number, of: number) => (of === 0 ? 0 : Math.round((count * 1000) / of) / 10);

/**
 * The results of one survey of the caller's coach (staff only: the route's policy; 404 for a survey of
 * another coach). Anonymous surveys give no individual answers.
 */
export async function surveyResults(q: Query, caller: CoachCaller, id: number): Promise<SurveyResults> {
  if (!caller.isStaff) throw notFound();
  const survey = await getSurvey(q, caller, id);
  const ids = survey.questions.map((x) => x.id);
  const counts = await selectValueCounts(q, ids);
  const respondents = await selectRespondentCounts(q, ids);
  const questions: SurveyQuestionResult[] = survey.questions.map((question) => {
    const of = respondents.find((r) => r.question_id === question.id)?.n ?? 0;
    const mine = counts.filter((c) => c.question_id === question.id);
    const countOf = (value: string) => mine.find((c) => c.value === value)?.n ?? 0;
    if (question.kind === 'range') {
      const numeric = mine
        .map((c) => ({ ...c, num: Number(c.value) }))
        .filter((c) => Number.isFinite(c.num))
        .sort((a, b) => a.num - b.num);
      const total = numeric.reduce((s, c) => s + c.n, 0);
      const sum = numeric.reduce((s, c) => s + c.num * c.n, 0);
      return {
        id: question.id,
        prompt: question.prompt,
        characteristic: question.characteristic,
        kind: question.kind,
        respondents: of,
        options: numeric.map((c) => ({
          value: c.value,
          label: c.value,
          count: c.n,
          percent: percentOf(c.n, of),
        })),
        mean: total === 0 ? null : Math.round((sum / total) * 100) / 100,
      };
    }
    const known = question.options.map((o) => ({
      value: o.value,
      label: o.label,
      count: countOf(o.value),
      percent: percentOf(countOf(o.value), of),
    }));
    // Answers to an option since removed from the characteristic's restriction set still count.
    const other = mine
      .filter((c) => !question.options.some((o) => o.value === c.value))
      .map((c) => ({ value: c.value, label: c.value, count: c.n, percent: percentOf(c.n, of) }));
    return {
      id: question.id,
      prompt: question.prompt,
      characteristic: question.characteristic,
      kind: question.kind,
      respondents: of,
      options: [...known, ...other],
      mean: null,
    };
  });
  const responses = await countResponses(q, id);
  const individual: SurveyResults['individual'] = [];
  if (!survey.anonymous) {
    const people = await selectRespondents(q, id);
    const answers = await selectAnswers(q, ids);
    for (const p of people) {
      const own: Record<string, string[]> = {};
      for (const a of answers) {
        if (a.user_id !== p.user_id) continue;
        own[String(a.question_id)] = [...(own[String(a.question_id)] ?? []), a.value];
      }
      individual.push({
        user_id: p.user_id,
        name: p.name,
        email: p.email,
        completed_at: new Date(p.completed_at).toISOString(),
        answers: own,
      });
    }
  }
  return {
    survey: survey.id,
    title: survey.title,
    anonymous: survey.anonymous,
    responses,
    questions,
    individual,
  };
}

/**
 * The results as CSV text. Not anonymous: one row per respondent and question (name, email, question,
 * answer; a multivalued answer's values joined by "; "). Anonymous: one row per question and option
 * (question, answer, count, percent) and nothing that names a student. Formula-like cells are escaped.
 */
export function resultsCsv(results: SurveyResults): string {
  if (results.anonymous) {
    const rows = results.questions.flatMap((x) =>
      x.options.map((o) => [x.prompt, o.label, o.count, o.percent]),
    );
    return stringify(rows, {
      header: true,
      columns: ['question', 'answer', 'count', 'percent'],
      escape_formulas: true,
    });
  }
  const rows = results.individual.flatMap((p) =>
    results.questions.map((x) => [p.name, p.email, x.prompt, (p.answers[String(x.id)] ?? []).join('; ')]),
  );
  return stringify(rows, {
    header: true,
    columns: ['name', 'email', 'question', 'answer'],
    escape_formulas: true,
  });
}
