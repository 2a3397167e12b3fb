/**
 * The instructor home: the SQL (docs/instructor-home.md). One statement computes, for every student of a
 * coach, the figures the needs-attention rules read, the coach's summary counts and one page of the
 * students needing attention; the reason texts are the service's (./service.ts). Another finds the student
 * "View as student" shows (./routes.ts).
 */
import {
  INSTRUCTOR_HOME_PAGE_SIZE,
  INSTRUCTOR_HOME_RULES,
  type NeedsAttentionSort,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { engagementFigures, enrollments, users } from '../../db/schema/index.ts';

/**
 * A student needing attention (CTE `flagged`, through json_agg): who they are, their figures (grade
 * progress in %, `days` since their last LMS activity, to-dos with a due date and overdue) and which
 * rules flag them.
 */
export type FlaggedRow = Pick<typeof enrollments.$inferSelect, 'user_id'> &
  Pick<typeof users.$inferSelect, 'name' | 'email'> & {
    grade: number | null;
    days: (typeof engagementFigures.$inferSelect)['days_since_last'];
    due_items: number;
    overdue: number;
    r_grade: boolean;
    r_inactive: boolean;
    r_todos: boolean;
  };

/** The coach's summary counts, as the statement's json_build_object writes them. */
export type SummaryJson = {
  students: number;
  needs_attention: number;
  grades: { graded_students: number; lower_quartile: number | null; median: number | null };
  engagement: { has_log: boolean; active_last_7_days: number; inactive_3_weeks: number };
  todos: { items_with_due_date: number; students_with_overdue: number };
  surveys: { published: number; students_responded: number };
  playbooks: { released: number; students_started: number; students_completed: number };
};

/** The statement's one row: the summary, the page of flagged students and their count. */
export type HomeRow = { summary: SummaryJson; rows: FlaggedRow[]; count: number };

/** Row order of each sort; `reasons`: most reasons first, then lowest grade progress. */
const ORDER: Record<NeedsAttentionSort, string> = {
  reasons: 'reason_count desc, grade nulls last, lower(name), user_id',
  name: 'lower(name), user_id',
  grade: 'grade nulls last, lower(name), user_id',
};

/**
 * The per-student figures (CTE `per`). `$1` coach id, `$2` today (YYYY-MM-DD, the to-dos' calendar),
 * `$3` the grade rule's class minimum, `$4` inactivity days, `$5` overdue minimum.
 * - grade: earned / (earned + lost) on past assignments, as charts' classScores (docs/grades.md);
 * - engagement: the derived figures of docs/engagement.md (`engagement_figures`);
 * - to-dos: staff items with a due date in the published lists the student sees (unwired lists, or
 *   wired ones whose wiring the student matches: modules/todos/access.ts), overdue when due before today
 *   and not completed. The wiring is matched for the whole class at once, set-based, with the rule of
 *   wiring/queries.ts `wiringVisibleSql`: for each characteristic a list is wired to, one of the
 *   student's values (any source, or the characteristic's default when they have none) equals one of
 *   the wired values (numerically for ranges).
 */
const PER_STUDENT_SQL = `
  coach as (select id, institution_id, current_day from coaches where id = $1),
  students as materialized (
    select e.user_id, u.name, u.email
      from enrollments e join users u on u.id = e.user_id
     where e.coach_id = $1 and e.role = 'student' and u.deactivated_at is null),
  past as materialized (
    select a.id, a.weight::float8 as weight
      from assignments a, coach
     where a.coach_id = coach.id and a.due_day <= coach.current_day
       and exists (select 1 from scores s
                    where s.assignment_id = a.id and s.score is not null
                      and (s.is_banked or s.submitted_day <= coach.current_day))),
  past_weight as (select coalesce(sum(weight), 0) as w from past),
  earned as (
    select s.user_id, sum(a.weight * s.score::float8 / 100) as earned
      from past a join scores s on s.assignment_id = a.id, coach
     where s.score is not null and (s.is_banked or s.submitted_day <= coach.current_day)
     group by s.user_id),
  grade as materialized (
    select st.user_id,
           case when pw.w > 0 then round((coalesce(e.earned, 0) / pw.w * 100)::numeric, 2)::float8 end as grade
      from students st cross join past_weight pw left join earned e on e.user_id = st.user_id),
  quart as (
    select count(grade)::int as graded,
           percentile_cont(0.25) within group (order by grade) as lq,
           percentile_cont(0.5) within group (order by grade) as median
      from grade where grade is not null),
  has_log as (select exists (select 1 from engagement_figures where coach_id = $1) as v),
  items as materialized (
    select i.id, l.id as list_id, i.due_date < $2::date as past_due,
           exists (select 1 from content_characteristics w
                    where w.content_kind = 'todolist' and w.content_id = l.id) as wired
      from todo_items i join todo_lists l on l.id = i.todo_list_id
     where i.coach_id = $1 and l.coach_id = $1 and i.staff_created and i.due_date is not null
       and not l.is_queued and not l.is_under_review),
  open_items as (select count(*)::int as due_items, count(*) filter (where past_due)::int as past_due
                   from items where not wired),
  wiring as (
    select w.content_id as list_id, w.characteristic, w.value, w.num
      from content_characteristics w
     where w.content_kind = 'todolist' and w.content_id in (select list_id from items where wired)),
  need as (select list_id, count(distinct characteristic)::int as n from wiring group by list_id),
  wired_chars as (
    select c.id, c.name, c.default_value,
           case when c.kind = 'range' and c.default_value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$'
                then c.default_value::float8 end as default_num
      from characteristics c, coach
     where c.institution_id = coach.institution_id and c.name in (select characteristic from wiring)),
  sv as (
    select v.user_id, c.name, v.value, v.num
      from student_characteristic_values v join wired_chars c on c.id = v.characteristic_id
      join students st on st.user_id = v.user_id, coach
     where v.institution_id = coach.institution_id and v.coach_id in (0, coach.id)
    union all
    select st.user_id, c.name, c.default_value, c.default_num
      from students st cross join wired_chars c
     where c.default_value is not null
       and not exists (select 1 from student_characteristic_values d
                        where d.characteristic_id = c.id and d.user_id = st.user_id and d.coach_id in (0, $1))),
  seen_lists as (
    select sv.user_id, w.list_id
      from wiring w join sv on sv.name = w.characteristic
                           and (sv.value = w.value or (w.num is not null and sv.num = w.num))
     group by sv.user_id, w.list_id
    having count(distinct w.characteristic) = (select n from need where need.list_id = w.list_id)),
  wired_seen as materialized (
    select sl.user_id, i.id, i.past_due
      from seen_lists sl join items i on i.list_id = sl.list_id and i.wired),
  done as (
    select user_id, sum(n)::int as done_past_due from (
      select a.user_id, count(*) as n
        from account_todo_items a join items i on i.id = a.item_id and i.past_due and not i.wired
       where a.completed
       group by a.user_id
      union all
      select ws.user_id, count(*)
        from wired_seen ws join account_todo_items a on a.item_id = ws.id and a.user_id = ws.user_id
       where ws.past_due and a.completed
       group by ws.user_id) t
     group by user_id),
  wired_counts as (
    select user_id, count(*)::int as due_items, count(*) filter (where past_due)::int as past_due
      from wired_seen group by user_id),
  per as materialized (
    select st.user_id, st.name, st.email, g.grade,
           f.days_since_last as days, coalesce(f.clicks_7d, 0) as clicks_7d,
           oi.due_items + coalesce(wc.due_items, 0) as due_items,
           oi.past_due + coalesce(wc.past_due, 0) - coalesce(d.done_past_due, 0) as overdue,
           (q.graded >= $3 and g.grade is not null and g.grade < q.lq) as r_grade,
           (hl.v and (f.days_since_last is null or f.days_since_last >= $4)) as r_inactive,
           (oi.past_due + coalesce(wc.past_due, 0) - coalesce(d.done_past_due, 0) >= $5) as r_todos
      from students st
      join grade g on g.user_id = st.user_id
      cross join quart q cross join has_log hl cross join open_items oi
      left join engagement_figures f on f.coach_id = $1 and f.user_id = st.user_id
      left join wired_counts wc on wc.user_id = st.user_id
      left join done d on d.user_id = st.user_id),
  flagged as (
    select *, (r_grade::int + r_inactive::int + r_todos::int) as reason_count
      from per where r_grade or r_inactive or r_todos)`;

/**
 * Coach `coachId`'s summary counts and page `page` (from 1, INSTRUCTOR_HOME_PAGE_SIZE students) of
 * those needing attention in `sort` order, with their count; `today` (YYYY-MM-DD) decides which to-dos
 * are overdue. The rules' thresholds are INSTRUCTOR_HOME_RULES.
 */
export async function selectInstructorHome(
  q: Query,
  coachId: number,
  options: { page: number; sort: NeedsAttentionSort; today: string },
): Promise<HomeRow> {
  const { page, sort, today } = options;
  const offset = (page - 1) * INSTRUCTOR_HOME_PAGE_SIZE;
  const [row] = await q<HomeRow>(
    `with ${PER_STUDENT_SQL}
     select json_build_object(
              'students', (select count(*)::int from per),
              'needs_attention', (select count(*)::int from flagged),
              'grades', (select json_build_object(
                           'graded_students', q.graded,
                           'lower_quartile', case when q.graded > 0 then round(q.lq::numeric, 2)::float8 end,
                           'median', case when q.graded > 0 then round(q.median::numeric, 2)::float8 end)
                           from quart q),
              'engagement', json_build_object(
                'has_log', (select v from has_log),
                'active_last_7_days', (select count(*)::int from per where clicks_7d > 0),
                'inactive_3_weeks', (select count(*)::int from per where r_inactive)),
              'todos', json_build_object(
                'items_with_due_date', (select count(*)::int from items),
                'students_with_overdue', (select count(*)::int from per where overdue > 0)),
              'surveys', (select json_build_object(
                            'published', count(*)::int,
                            'students_responded', (select count(distinct r.user_id)::int
                                                     from survey_responses r join students st on st.user_id = r.user_id
                                                    where r.survey_id in (select id from surveys
                                                                           where coach_id = $1 and is_published)))
                            from surveys where coach_id = $1 and is_published),
              'playbooks', (select json_build_object(
                              'released', count(*)::int,
                              'students_started', (select count(distinct p.user_id)::int
                                                     from playbook_plans p join students st on st.user_id = p.user_id
                                                    where p.playbook_id in (select id from playbooks
                                                                             where coach_id = $1 and is_released)),
                              'students_completed', (select count(distinct p.user_id)::int
                                                       from playbook_plans p join students st on st.user_id = p.user_id
                                                      where p.completed_at is not null
                                                        and p.playbook_id in (select id from playbooks
                                                                               where coach_id = $1 and is_released)))
                              from playbooks where coach_id = $1 and is_released)
            ) as summary,
            (select coalesce(json_agg(r), '[]'::json) from (
               select user_id, name, email, grade, days, due_items, overdue, r_grade, r_inactive, r_todos
                 from flagged order by ${ORDER[sort]} limit $6 offset $7) r) as rows,
            (select count(*)::int from flagged) as count`,
    [
      coachId,
      today,
      INSTRUCTOR_HOME_RULES.gradeMinStudents,
      INSTRUCTOR_HOME_RULES.inactiveDays,
      INSTRUCTOR_HOME_RULES.overdueMin,
      INSTRUCTOR_HOME_PAGE_SIZE,
      offset,
    ],
  );
  return row!;
}

/** A student as "View as student" names them. */
export type StudentRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email'>;

/**
 * Student `studentId` of coach `coachId` (enrolled as a student, account not deactivated): id, name and
 * e-mail, or undefined when there is none ("View as student", docs/instructor-home.md).
 */
export async function selectActiveStudent(
  q: Query,
  coachId: number,
  studentId: number,
): Promise<StudentRow | undefined> {
  const [row] = await q<StudentRow>(
    `select u.id, u.name, u.email from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.user_id = $2 and e.role = 'student' and u.deactivated_at is null`,
    [coachId, studentId],
  );
  return row;
}
