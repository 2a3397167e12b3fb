import type { PlaybookSummary } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { CoachScope } from '../characteristics/index.ts';
import { loadQuestions } from './plan-queries.ts';
import { selectAnswerCounts, selectAnswered, selectSummaryCounts } from './summary-queries.ts';

/**
 * Staff: how the coach's students answered a playbook (docs/playbooks.md "Aggregates"): the number of
 * students, of completed plans and reflections, and per question the students who answered, the count
 * of each option (a multivalued answer counts once per chosen option) and, for numbers, the mean
 * (2 decimals). Counts only students enrolled in the coach. 404: not a playbook of the coach.
 */
export async function playbookSummary(
  q: Query,
  scope: CoachScope,
  playbookId: number,
): Promise<PlaybookSummary> {
  const book = await selectSummaryCounts(q, scope.coachId, playbookId);
  if (!book) throw notFound();
  const questions = await loadQuestions(q, scope.institutionId, playbookId, null);
  const counts = await selectAnswerCounts(q, scope.coachId, playbookId);
  const answered = await selectAnswered(q, scope.coachId, playbookId);
  return {
    playbook: playbookId,
    title: book.title,
    student_count: book.students,
    planning_completed_count: book.planned,
    reflection_completed_count: book.reflected,
    questions: questions.map((x) => {
      const mine = (r: { phase: string; characteristic_id: number }) =>
        r.phase === x.phase && r.characteristic_id === x.characteristicId;
      const total = answered.find(mine);
      const rows = counts.filter(mine);
      const options =
        x.kind === 'choice'
          ? x.options.map((o) => ({ ...o, count: rows.find((r) => r.value === o.value)?.n ?? 0 }))
          : rows
              .map((r) => ({ value: r.value, label: r.value, count: r.n }))
              .sort((a, b) => Number(a.value) - Number(b.value));
      return {
        characteristic: x.characteristic,
        section: x.section,
        question: x.question,
        kind: x.kind,
        answered_count: total?.n ?? 0,
        options,
        mean: x.kind === 'number' ? (total?.mean ?? null) : null,
      };
    }),
  };
}
