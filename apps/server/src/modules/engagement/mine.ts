/**
 * A student's own engagement (docs/engagement.md "My engagement"): their clicks by week over the term
 * beside the class median, and the kinds of material they use.
 */
import { activityTypeLabel, MEDIAN_MIN_STUDENTS, type MyEngagement } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';

/**
 * The class median of every week of a coach's log (`$1` coach, `$2` today, `$3` enrolled students): the
 * (student, week) sums of the enrolled students' clicks up to today, grouped per week into an array padded
 * with one 0 per enrolled student without activity that week, and percentile_cont(0.5) over it. Weeks run
 * from the earlier of week 0 and the log's first week to today's week (week w = days 7w … 7w + 6).
 */
const CLASS_WEEKS_SQL = `with per as (
    select a.user_id, floor(a.day / 7.0)::int as week, sum(a.clicks)::int as clicks
      from engagement_activity a
      join enrollments e on e.coach_id = a.coach_id and e.user_id = a.user_id and e.role = 'student'
     where a.coach_id = $1 and a.day <= $2
     group by a.user_id, floor(a.day / 7.0)
  ), span as (
    select generate_series(least(0, min(week)), floor($2 / 7.0)::int) as week from per
  ), totals as (
    select week, array_agg(clicks) as clicks from per group by week
  )
  select s.week,
         (select percentile_cont(0.5) within group (order by v)
            from (select unnest(coalesce(t.clicks, '{}'::int[])) as v
                  union all
                  select 0 from generate_series(1, $3::int - coalesce(cardinality(t.clicks), 0))) z) as class_median
    from span s left join totals t on t.week = s.week
   order by s.week`;

/** The coach's enrolled students (the class the median is over). */
async function classSize(q: Query, coachId: number): Promise<number> {
  const [row] = await q<{ n: number }>(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coachId],
  );
  return row?.n ?? 0;
}

/**
 * Stores the class median of every week as of `today` (engagement_class_weeks), replacing the coach's
 * previous ones. Part of the engagement derivation (./derive.ts), inside its transaction.
 */
export async function deriveClassWeeks(q: Query, coachId: number, today: number): Promise<void> {
  const size = await classSize(q, coachId);
  await q('delete from engagement_class_weeks where coach_id = $1', [coachId]);
  await q(
    `insert into engagement_class_weeks (coach_id, week, class_median, as_of_day, class_size)
     select $1, m.week, coalesce(m.class_median, 0), $2, $3 from (${CLASS_WEEKS_SQL}) m`,
    [coachId, today, size],
  );
}

/**
 * The engagement of student `userId` in `coachId`, from the coach's activity log up to its `current_day`
 * (later activity is ignored, as for the engagement figures):
 * - weeks: week w covers days 7w … 7w + 6, the last one up to today (floor of day / 7, so day −1 is
 *   week −1), from the earlier of week 0 and the log's first week to the week of today; per week the
 *   student's clicks and the median of every enrolled student's clicks that week, a student without
 *   activity counting 0 (CLASS_WEEKS_SQL). The medians are read from engagement_class_weeks when they
 *   were derived as of today over today's class, else computed here;
 * - the median only when the class has at least MEDIAN_MIN_STUDENTS enrolled students (else null);
 * - kinds: the student's clicks per activity type, most first (ties by type), with the share of their
 *   clicks in percent (one decimal) and a human label.
 * No log for the coach: `has_log` false, no weeks.
 */
export async function myEngagement(q: Query, coachId: number, userId: number): Promise<MyEngagement> {
  const [coach] = await q<{ label: string; current_day: number; has_log: boolean }>(
    `select c.name as label, c.current_day,
            exists (select 1 from engagement_activity a where a.coach_id = c.id) as has_log
       from coaches c where c.id = $1`,
    [coachId],
  );
  if (!coach) throw new Error(`coach ${coachId} vanished`);
  const today = coach.current_day;
  const size = await classSize(q, coachId);
  const medianAvailable = size >= MEDIAN_MIN_STUDENTS;
  let medians: Array<{ week: number; class_median: number | null }> = [];
  if (coach.has_log) {
    medians = await q(
      `select week, class_median from engagement_class_weeks
        where coach_id = $1 and as_of_day = $2 and class_size = $3 order by week`,
      [coachId, today, size],
    );
    if (medians.length === 0) medians = await q(CLASS_WEEKS_SQL, [coachId, today, size]);
  }
  const own = await q<{ week: number; clicks: number }>(
    `select floor(day / 7.0)::int as week, sum(clicks)::int as clicks from engagement_activity
      where coach_id = $1 and user_id = $2 and day <= $3 group by 1`,
    [coachId, userId, today],
  );
  const clicksOf = new Map(own.map((r) => [r.week, r.clicks]));
  const kinds = await q<{ activity_type: string; clicks: number }>(
    `select activity_type, sum(clicks)::int as clicks from engagement_activity
      where coach_id = $1 and user_id = $2 and day <= $3
      group by activity_type order by clicks desc, activity_type`,
    [coachId, userId, today],
  );
  const total = kinds.reduce((sum, k) => sum + k.clicks, 0);
  return {
    coach: { id: coachId, label: coach.label },
    current_day: today,
    has_log: coach.has_log,
    class_size: size,
    median_available: medianAvailable,
    total_clicks: total,
    weeks: medians.map((w) => ({
      week: w.week,
      first_day: w.week * 7,
      last_day: Math.min(w.week * 7 + 6, today),
      clicks: clicksOf.get(w.week) ?? 0,
      class_median: medianAvailable && w.class_median !== null ? Number(w.class_median) : null,
    })),
    kinds: kinds.map((k) => ({
      ...k,
      label: activityTypeLabel(k.activity_type),
      share: total > 0 ? Math.round((1000 * k.clicks) / total) / 10 : 0,
    })),
  };
}
