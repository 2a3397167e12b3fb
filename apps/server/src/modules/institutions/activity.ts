import { createHash } from 'node:crypto';
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
 * SQL join target: the coach's (`$1`) student enrolment of the user id expression `user`. The completion
 * counts join it straight (not the `st` CTE): the planner then hashes the class and streams the
 * completion rows of the coach's items past it, instead of hashing the completions.
 */
const ENROLLED = (user: string) =>
  `enrollments e on e.coach_id = $1 and e.role = 'student' and e.user_id = ${user}`;

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
         (select count(*) from b join bulletin_views v on v.bulletin_id = b.id
            join ${ENROLLED('v.user_id')})::int as completed
  union all
  select 'surveys', ((select n from nst) * (select count(*) from s where not s.wired)
                     + (select count(*) from sw))::int,
         ((select count(*) from s join survey_responses r on r.survey_id = s.id and not s.wired
             join ${ENROLLED('r.user_id')})
          + (select count(*) from sw join survey_responses r on r.survey_id = sw.id and r.user_id = sw.user_id))::int
  union all
  select 'playbooks', ((select n from nst) * (select count(*) from p where not p.wired)
                       + (select count(*) from pw))::int,
         ((select count(*) from p join playbook_plans x on x.playbook_id = p.id and not p.wired
             join ${ENROLLED('x.user_id')} where x.completed_at is not null)
          + (select count(*) from pw join playbook_plans x on x.playbook_id = pw.id and x.user_id = pw.user_id
              where x.completed_at is not null))::int
  union all
  select 'todos', ((select n from nst) * (select count(*) from ti where not ti.wired)
                   + (select count(*) from tw) + (select count(*) from own))::int,
         ((select count(*) from ti join account_todo_items a on a.item_id = ti.id and not ti.wired
             join ${ENROLLED('a.user_id')} where a.completed)
          + (select count(*) from tw join account_todo_items a on a.item_id = tw.id and a.user_id = tw.user_id
              where a.completed)
          + (select count(*) from own where (
               select a.completed from account_todo_items a where a.item_id = own.id and a.user_id = own.user_id)))::int
  union all
  select 'checklist', ((select n from nst) * (select count(*) from cl where not cl.wired)
                       + (select count(*) from clw))::int,
         ((select count(*) from cl join account_checklist_items a on a.item_id = cl.id and not cl.wired
             join ${ENROLLED('a.user_id')})
          + (select count(*) from clw join account_checklist_items a on a.item_id = clw.id and a.user_id = clw.user_id))::int`;

/** The coach's (`$1`) student count. */
const STUDENT_COUNT_SQL = `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`;

/**
 * The cache rows this code may read (schema/grades.ts coachActivityCache `query_key`): a digest of the
 * statements that compute them, so rows stored by a release that counted differently are never answered.
 */
const QUERY_KEY = createHash('sha256')
  .update(BREAKDOWN_SQL)
  .update(STUDENT_COUNT_SQL)
  .digest('hex')
  .slice(0, 32);

/** One kind's figures as the breakdown statement returns them (and the cache keeps them). */
type KindFigures = { kind: BreakdownKind; total: number; completed: number };

/** The breakdown answer from the per-kind figures and the student count (no database access). */
function toBreakdown(
  coach: { id: number; label: string },
  rows: KindFigures[],
  studentCount: number,
): CoachActivityBreakdown {
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
    student_count: studentCount,
    total_completed_assignments: completed,
    total_assignments_count: total,
    incomplete_assignment_count: total - completed,
    assignment_completed_percentage: percentOf(completed, total),
    content_breakdown,
  };
}

/** The figures of the breakdown, computed from the coach's rows (two statements, no cache). */
async function computeFigures(
  database: Database,
  coachId: number,
): Promise<{ rows: KindFigures[]; studentCount: number }> {
  const rows = await database.query<KindFigures>(BREAKDOWN_SQL, [coachId]);
  const students = await database.query<{ n: number }>(STUDENT_COUNT_SQL, [coachId]);
  return { rows, studentCount: students[0]?.n ?? 0 };
}

/**
 * Coach Activity Breakdown of `coach` (already known to be in the caller's institution): the overall
 * count and the per-kind Content Breakdown, with the coach user analytics field names (spec §3),
 * computed from the rows on every call (the bench's figure; the route uses `cachedCoachActivityBreakdown`).
 */
export async function coachActivityBreakdown(
  database: Database,
  coach: { id: number; label: string },
): Promise<CoachActivityBreakdown> {
  const { rows, studentCount } = await computeFigures(database, coach.id);
  return toBreakdown(coach, rows, studentCount);
}

/**
 * `coachActivityBreakdown`, answered from the coach activity cache (schema/grades.ts coachActivityCache)
 * when the stored figures were computed at the coach's current `activity_version` (db/activity-triggers.ts
 * bumps it in the same transaction as any write to the breakdown's inputs) and before their
 * `valid_until` (the next scheduled bulletin or survey going live); else computed and stored for the next
 * request. Equal to `coachActivityBreakdown` at every moment (docs/activity.md "The breakdown's cache",
 * decision 13).
 *
 * The version and the next publish time are read in one statement before the figures are computed, so
 * stored figures are never older than their version and never outlive a publish time that had not come
 * when they were read; a failure to store (e.g. the coach was just deleted) only skips the cache.
 */
export async function cachedCoachActivityBreakdown(
  database: Database,
  coach: { id: number; label: string },
): Promise<CoachActivityBreakdown> {
  const [head] = await database.query<{
    version: string;
    hit: boolean;
    figures: KindFigures[] | null;
    student_count: number | null;
    next_publish: string | null;
  }>(
    `select c.activity_version::text as version,
            (k.activity_version = c.activity_version and k.query_key = $2
             and (k.valid_until is null or k.valid_until > now())) is true as hit,
            k.figures, k.student_count,
            (select min(t) from (
               select b.publish_timestamp as t from bulletins b where b.coach_id = c.id and b.publish_timestamp > now()
               union all
               select s.publish_timestamp from surveys s where s.coach_id = c.id and s.publish_timestamp > now()) x
            ) as next_publish
       from coaches c left join coach_activity_cache k on k.coach_id = c.id
      where c.id = $1`,
    [coach.id, QUERY_KEY],
  );
  if (head?.hit && head.figures && head.student_count !== null) {
    return toBreakdown(coach, head.figures, head.student_count);
  }
  const { rows, studentCount } = await computeFigures(database, coach.id);
  if (head) {
    await database
      .query(
        `insert into coach_activity_cache
                (coach_id, activity_version, query_key, valid_until, student_count, figures, computed_at)
         values ($1, $2::bigint, $6, $3::timestamptz, $4, $5::jsonb, now())
         on conflict (coach_id) do update
            set activity_version = excluded.activity_version, query_key = excluded.query_key,
                valid_until = excluded.valid_until,
                student_count = excluded.student_count, figures = excluded.figures,
                computed_at = excluded.computed_at
          where coach_activity_cache.activity_version <= excluded.activity_version`,
        [coach.id, head.version, head.next_publish, studentCount, JSON.stringify(rows), QUERY_KEY],
      )
      .catch(() => undefined);
  }
  return toBreakdown(coach, rows, studentCount);
}
