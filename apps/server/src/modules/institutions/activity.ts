import {
  BREAKDOWN_KINDS,
  BREAKDOWN_LABELS,
  type BreakdownKind,
  type CoachActivityBreakdown,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { percentOf } from '../analytics/student.ts';
import {
  LIVE_BULLETINS,
  liveSurveysFor,
  releasedPlaybooksFor,
  studentTodoItemsFor,
} from '../content/queries.ts';

/**
 * The Coach Activity Breakdown figures of one coach (spec §2), in one set-wise SQL statement: the coach
 * user analytics of every student of the coach (see analytics/service.ts coachUserAnalytics), summed.
 * `$1` is the coach id.
 *
 * Each kind is the set of (student, item) pairs of the items that student sees, from the same fragments
 * as the per-student analytics (content/queries.ts): live bulletins; live surveys and released playbooks
 * meant for the student by their wiring; the to-do items the student sees (staff items in no list or in
 * a live list meant for them, and their own items). The total counts the pairs; completed counts the
 * pairs with the student's view, response, completed plan or completed to-do row.
 */
export const BREAKDOWN_SQL = `
  with st as (select user_id from enrollments where coach_id = $1 and role = 'student'),
       bp as (select st.user_id, b.id from st cross join (${LIVE_BULLETINS}) b),
       sp as (select st.user_id, s.id from st cross join lateral (${liveSurveysFor('st.user_id')}) s),
       pp as (select st.user_id, p.id from st cross join lateral (${releasedPlaybooksFor('st.user_id')}) p),
       tp as (select st.user_id, i.id from st cross join lateral (${studentTodoItemsFor('st.user_id')}) i)
  select 'bulletins' as kind, (select count(*) from bp)::int as total,
         (select count(*) from bp join bulletin_views v on v.bulletin_id = bp.id and v.user_id = bp.user_id)::int
           as completed
  union all
  select 'surveys', (select count(*) from sp)::int,
         (select count(*) from sp join survey_responses r on r.survey_id = sp.id and r.user_id = sp.user_id)::int
  union all
  select 'playbooks', (select count(*) from pp)::int,
         (select count(*) from pp join playbook_plans x on x.playbook_id = pp.id and x.user_id = pp.user_id
           where x.completed_at is not null)::int
  union all
  select 'todos', (select count(*) from tp)::int,
         (select count(*) from tp join account_todo_items a on a.item_id = tp.id and a.user_id = tp.user_id
           where a.completed)::int`;

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
