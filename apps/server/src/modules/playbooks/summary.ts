import type { PlaybookSummary } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { CoachScope } from '../characteristics/index.ts';
import { loadQuestions } from './plan-queries.ts';

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
  const [book] = await q<{ title: string; students: number; planned: number; reflected: number }>(
    `with st as (select user_id from enrollments where coach_id = $1 and role = 'student')
     select p.title, (select count(*) from st)::int as students,
            (select count(*) from playbook_plans x join st on st.user_id = x.user_id
              where x.playbook_id = p.id and x.completed_at is not null)::int as planned,
            (select count(*) from playbook_plans x join st on st.user_id = x.user_id
              where x.playbook_id = p.id and x.reflection_completed_at is not null)::int as reflected
       from playbooks p where p.coach_id = $1 and p.id = $2`,
    [scope.coachId, playbookId],
  );
  if (!book) throw notFound();
  const questions = await loadQuestions(q, scope.institutionId, playbookId, null);
  const counts = await q<{ phase: string; characteristic_id: number; value: string; n: number }>(
    `select a.phase, a.characteristic_id, a.value, count(*)::int as n
       from playbook_answers a join enrollments e on e.user_id = a.user_id and e.coach_id = $1 and e.role = 'student'
      where a.playbook_id = $2 group by a.phase, a.characteristic_id, a.value`,
    [scope.coachId, playbookId],
  );
  const answered = await q<{ phase: string; characteristic_id: number; n: number; mean: number | null }>(
    `select a.phase, a.characteristic_id, count(distinct a.user_id)::int as n,
            round(avg(case when a.value ~ '^-?[0-9]+(\\.[0-9]+)?$' then a.value::numeric end), 2)::float8 as mean
       from playbook_answers a join enrollments e on e.user_id = a.user_id and e.coach_id = $1 and e.role = 'student'
      where a.playbook_id = $2 group by a.phase, a.characteristic_id`,
    [scope.coachId, playbookId],
  );
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
