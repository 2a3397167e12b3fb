/**
 * Playbooks' SQL of the staff aggregates (docs/playbooks.md "Aggregates"): the playbook's student and
 * plan counts, and per question the answers' counts and means. Only students enrolled in the coach count.
 * The questions are ./plan-queries.ts's; putting it together is ./summary.ts's.
 */
import type { Query } from '../../db/client.ts';
import type { playbookAnswers, playbooks } from '../../db/schema/index.ts';

/** A playbook's title with the coach's student count and how many completed its planning and reflection. */
export type SummaryCountsRow = Pick<typeof playbooks.$inferSelect, 'title'> & {
  students: number;
  planned: number;
  reflected: number;
};

/**
 * Playbook `playbookId` of coach `coachId`: its title, the coach's students, and how many of them
 * completed its planning (`planned`) and its reflection (`reflected`); undefined when the coach has no such
 * playbook.
 */
export async function selectSummaryCounts(
  q: Query,
  coachId: number,
  playbookId: number,
): Promise<SummaryCountsRow | undefined> {
  const [row] = await q<SummaryCountsRow>(
    `with st as (select user_id from enrollments where coach_id = $1 and role = 'student')
     select p.title, (select count(*) from st)::int as students,
            (select count(*) from playbook_plans x join st on st.user_id = x.user_id
              where x.playbook_id = p.id and x.completed_at is not null)::int as planned,
            (select count(*) from playbook_plans x join st on st.user_id = x.user_id
              where x.playbook_id = p.id and x.reflection_completed_at is not null)::int as reflected
       from playbooks p where p.coach_id = $1 and p.id = $2`,
    [coachId, playbookId],
  );
  return row;
}

/** Per phase, question (characteristic) and value: how many of the coach's students gave it. */
export type AnswerCountRow = Pick<
  typeof playbookAnswers.$inferSelect,
  'phase' | 'characteristic_id' | 'value'
> & {
  n: number;
};

/**
 * The answers the students of coach `coachId` gave in playbook `playbookId`, counted per phase,
 * characteristic and value (a multivalued answer counts once per chosen option).
 */
export function selectAnswerCounts(q: Query, coachId: number, playbookId: number): Promise<AnswerCountRow[]> {
  return q<AnswerCountRow>(
    `select a.phase, a.characteristic_id, a.value, count(*)::int as n
       from playbook_answers a join enrollments e on e.user_id = a.user_id and e.coach_id = $1 and e.role = 'student'
      where a.playbook_id = $2 group by a.phase, a.characteristic_id, a.value`,
    [coachId, playbookId],
  );
}

/** Per phase and question (characteristic): how many students answered, and the mean of numeric answers. */
export type AnsweredRow = Pick<typeof playbookAnswers.$inferSelect, 'phase' | 'characteristic_id'> & {
  n: number;
  mean: number | null;
};

/**
 * Per phase and characteristic of playbook `playbookId`: how many students of coach `coachId` answered
 * (`n`) and the mean of their numeric answers, to 2 decimals (null when none is a number).
 */
export function selectAnswered(q: Query, coachId: number, playbookId: number): Promise<AnsweredRow[]> {
  return q<AnsweredRow>(
    `select a.phase, a.characteristic_id, count(distinct a.user_id)::int as n,
            round(avg(case when a.value ~ '^-?[0-9]+(\\.[0-9]+)?$' then a.value::numeric end), 2)::float8 as mean
       from playbook_answers a join enrollments e on e.user_id = a.user_id and e.coach_id = $1 and e.role = 'student'
      where a.playbook_id = $2 group by a.phase, a.characteristic_id`,
    [coachId, playbookId],
  );
}
