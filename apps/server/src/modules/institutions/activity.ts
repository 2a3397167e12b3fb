import {
  BREAKDOWN_KINDS,
  BREAKDOWN_LABELS,
  type BreakdownKind,
  type CoachActivityBreakdown,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { percentOf } from '../analytics/student.ts';
import { LIVE_BULLETINS, LIVE_SURVEYS, RELEASED_PLAYBOOKS } from '../content/queries.ts';

/**
 * The Coach Activity Breakdown figures of one coach (spec §2), in one set-wise SQL statement: the coach
 * user analytics of every student of the coach (see analytics/service.ts coachUserAnalytics), summed.
 * `$1` is the coach id.
 *
 * - Bulletins, surveys, playbooks: every student is assigned every live bulletin, live survey and released
 *   playbook, so the total is their count times the number of students; completed counts the students'
 *   views, responses and completed plans of those records (each unique per record and user).
 * - To-dos: every student sees the staff-created items that are in no list or in a live list (not queued,
 *   not under review), plus their own items; completed counts their completion rows marked completed.
 */
export const BREAKDOWN_SQL = `
  with st as (select user_id from enrollments where coach_id = $1 and role = 'student'),
       n as (select count(*)::bigint as n from st),
       b as (${LIVE_BULLETINS}),
       s as (${LIVE_SURVEYS}),
       p as (${RELEASED_PLAYBOOKS}),
       staff_items as (
         select i.id from todo_items i left join todo_lists l on l.id = i.todo_list_id
          where i.coach_id = $1 and i.staff_created
            and (l.id is null or (not l.is_queued and not l.is_under_review))),
       own_items as (
         select i.id, i.owner_user_id from todo_items i join st on st.user_id = i.owner_user_id
          where i.coach_id = $1 and not i.staff_created)
  select 'bulletins' as kind,
         ((select count(*) from b) * (select n from n))::int as total,
         (select count(*) from bulletin_views v join b on b.id = v.bulletin_id
                                                join st on st.user_id = v.user_id)::int as completed
  union all
  select 'surveys',
         ((select count(*) from s) * (select n from n))::int,
         (select count(*) from survey_responses r join s on s.id = r.survey_id
                                                  join st on st.user_id = r.user_id)::int
  union all
  select 'playbooks',
         ((select count(*) from p) * (select n from n))::int,
         (select count(*) from playbook_plans pp join p on p.id = pp.playbook_id
                                                join st on st.user_id = pp.user_id
           where pp.completed_at is not null)::int
  union all
  select 'todos',
         ((select count(*) from staff_items) * (select n from n) + (select count(*) from own_items))::int,
         ((select count(*) from account_todo_items a join staff_items si on si.id = a.item_id
                                                    join st on st.user_id = a.user_id
            where a.completed)
          + (select count(*) from account_todo_items a join own_items oi
                                                         on oi.id = a.item_id and oi.owner_user_id = a.user_id
              where a.completed))::int`;

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
