import {
  BREAKDOWN_KINDS,
  BREAKDOWN_LABELS,
  type BreakdownKind,
  type CoachActivityBreakdown,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { percentOf } from '../analytics/index.ts';
import { LIVE_BULLETINS, PLAYBOOK_RELEASED, SURVEY_LIVE, studentValuesOf } from '../content/index.ts';
import { wiringVisibleSql } from '../wiring/index.ts';

/** SQL boolean: content item `idExpr` of `kind` has characteristic wiring. */
const wired = (idExpr: string, kind: string) =>
  `exists (select 1 from content_characteristics w0 where w0.content_kind = '${kind}' and w0.content_id = ${idExpr})`;

/**
 * The Coach Activity Breakdown figures of one coach (spec §2), in one SQL statement: the coach user
 * analytics of every student of the coach (see analytics/service.ts coachUserAnalytics), summed.
 * `$1` is the coach id.
 *
 * Each kind is the set of (student, item) pairs of the items that student sees, as in the per-student
 * analytics (content/queries.ts): live bulletins; live surveys meant for the student by their wiring;
 * released playbooks (for every student: their wirings are questions, docs/playbooks.md); the to-do items
 * the student sees (staff items in no list or in a live list meant for them, and their own items); the
 * coach's checklist items meant for the student by their wiring (docs/faq-checklists.md). The total counts
 * the pairs; completed counts the pairs with the
 * student's view, response, completed plan or completed to-do row.
 *
 * Items without wiring are meant for every student, so their pairs are counted set-wise (students ×
 * items, and completions joined to the students); only wired items are matched student by student
 * against each student's characteristic values (the same `wiringVisibleSql` test the per-student
 * fragments use). With no wired items this is a handful of scans whatever the class size.
 */
export const BREAKDOWN_SQL = `
  with st as materialized (select user_id from enrollments where coach_id = $1 and role = 'student'),
       nst as (select count(*) as n from st),
       b as materialized (select b.id from (${LIVE_BULLETINS}) b),
       s as materialized (select s.id, ${wired('s.id', 'survey')} as wired from surveys s where ${SURVEY_LIVE}),
       p as materialized (
         select p.id, false as wired from playbooks p where ${PLAYBOOK_RELEASED}),
       ti as materialized (
         select i.id, l.id as list_id, (l.id is not null and ${wired('l.id', 'todolist')}) as wired
           from todo_items i left join todo_lists l on l.id = i.todo_list_id
          where i.coach_id = $1 and i.staff_created
            and (l.id is null or (not l.is_queued and not l.is_under_review))),
       sw as (select st.user_id, s.id from st join s on s.wired
               where ${wiringVisibleSql('s.id', "'survey'", studentValuesOf('st.user_id'))}),
       pw as (select st.user_id, p.id from st join p on p.wired
               where ${wiringVisibleSql('p.id', "'playbook_planning'", studentValuesOf('st.user_id'))}),
       tw as (select st.user_id, ti.id from st join ti on ti.wired
               where ${wiringVisibleSql('ti.list_id', "'todolist'", studentValuesOf('st.user_id'))}),
       cl as materialized (
         select c.id, ${wired('c.id', 'checklist_item')} as wired from checklist_items c where c.coach_id = $1),
       clw as (select st.user_id, cl.id from st join cl on cl.wired
                where ${wiringVisibleSql('cl.id', "'checklist_item'", studentValuesOf('st.user_id'))}),
       own as (select i.owner_user_id as user_id, i.id from todo_items i join st on st.user_id = i.owner_user_id
                where i.coach_id = $1 and not i.staff_created)
  select 'bulletins' as kind, ((select n from nst) * (select count(*) from b))::int as total,
         (select count(*) from st join bulletin_views v on v.user_id = st.user_id
            join b on b.id = v.bulletin_id)::int as completed
  union all
  select 'surveys', ((select n from nst) * (select count(*) from s where not s.wired)
                     + (select count(*) from sw))::int,
         ((select count(*) from st join survey_responses r on r.user_id = st.user_id
             join s on s.id = r.survey_id and not s.wired)
          + (select count(*) from sw join survey_responses r on r.survey_id = sw.id and r.user_id = sw.user_id))::int
  union all
  select 'playbooks', ((select n from nst) * (select count(*) from p where not p.wired)
                       + (select count(*) from pw))::int,
         ((select count(*) from st join playbook_plans x on x.user_id = st.user_id
             join p on p.id = x.playbook_id and not p.wired where x.completed_at is not null)
          + (select count(*) from pw join playbook_plans x on x.playbook_id = pw.id and x.user_id = pw.user_id
              where x.completed_at is not null))::int
  union all
  select 'todos', ((select n from nst) * (select count(*) from ti where not ti.wired)
                   + (select count(*) from tw) + (select count(*) from own))::int,
         ((select count(*) from st join account_todo_items a on a.user_id = st.user_id
             join ti on ti.id = a.item_id and not ti.wired where a.completed)
          + (select count(*) from tw join account_todo_items a on a.item_id = tw.id and a.user_id = tw.user_id
              where a.completed)
          + (select count(*) from own join account_todo_items a on a.item_id = own.id and a.user_id = own.user_id
              where a.completed))::int
  union all
  select 'checklist', ((select n from nst) * (select count(*) from cl where not cl.wired)
                       + (select count(*) from clw))::int,
         ((select count(*) from st join account_checklist_items a on a.user_id = st.user_id
             join cl on cl.id = a.item_id and not cl.wired)
          + (select count(*) from clw join account_checklist_items a on a.item_id = clw.id and a.user_id = clw.user_id))::int`;

/**
 * Coach Activity Breakdown of `coach` (already known to be in the caller's institution): the overall
 * count and the per-kind Content Breakdown, with the coach user analytics field names (spec §3).
 */
export async function coachActivityBreakdown(
  database: Database,
  coach: { id: number; label: string },
): Promise<CoachActivityBreakdown> {
  const rows = await database.query<{ kind: BreakdownKind; total: number; completed: number }>(
    BREAKDOWN_SQL,
    [coach.id],
  );
  const students = await database.query<{ n: number }>(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coach.id],
  );
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const content_breakdown = BREAKDOWN_KINDS.map((kind) => {
    const row = byKind.get(kind) ?? { total: 0, completed: 0 };
    return {
      kind,
      label: BREAKDOWN_LABELS[kind],
      completed_count: row.completed,
      total_count: row.total,
      completed_percentage: percentOf(row.completed, row.total),
    };
  });
  const total = content_breakdown.reduce((sum, r) => sum + r.total_count, 0);
  const completed = content_breakdown.reduce((sum, r) => sum + r.completed_count, 0);
  return {
    coach_id: coach.id,
    label: coach.label,
    student_count: students[0]?.n ?? 0,
    total_completed_assignments: completed,
    total_assignments_count: total,
    incomplete_assignment_count: total - completed,
    assignment_completed_percentage: percentOf(completed, total),
    content_breakdown,
  };
}
