/**
 * A student's own engagement (docs/engagement.md "My engagement"): their clicks by week over the term
 * beside the class median, and the kinds of material they use.
 */
import { activityTypeLabel, MEDIAN_MIN_STUDENTS, type MyEngagement } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';

/**
 * The engagement of student `userId` in `coachId`, from the coach's activity log up to its `current_day`
 * (later activity is ignored, as for the engagement figures):
 * - weeks: week w covers days 7w … 7w + 6, the last one up to today (floor of day / 7, so day −1 is week −1), from the earlier
 *   of week 0 and the log's first week, to the week of today; per week the student's clicks and the
 *   median (percentile_cont 0.5) of every enrolled student's clicks that week, a student without
 *   activity counting 0 — computed in one SQL statement over the (coach, student, week) sums;
 * - the median only when the class has at least MEDIAN_MIN_STUDENTS enrolled students (else null);
 * - kinds: the student's clicks per activity type, most first (ties by type), with the share of their
 *   clicks in percent (one decimal) and a human label.
 * No log for the coach: `has_log` false, no weeks.
 */
export async function myEngagement(q: Query, coachId: number, userId: number): Promise<MyEngagement> {
  const [coach] = await q<{ label: string; current_day: number; class_size: number; has_log: boolean }>(
    `select c.name as label, c.current_day,
            (select count(*)::int from enrollments e where e.coach_id = c.id and e.role = 'student') as class_size,
            exists (select 1 from engagement_activity a where a.coach_id = c.id) as has_log
       from coaches c where c.id = $1`,
    [coachId],
  );
  if (!coach) throw new Error(`coach ${coachId} vanished`);
  const medianAvailable = coach.class_size >= MEDIAN_MIN_STUDENTS;
  const weeks = coach.has_log
    ? await q<{ week: number; clicks: number; class_median: number | null }>(
        `with per as (
           select a.user_id, floor(a.day / 7.0)::int as week, sum(a.clicks)::int as clicks
             from engagement_activity a
             join enrollments e on e.coach_id = a.coach_id and e.user_id = a.user_id and e.role = 'student'
            where a.coach_id = $1 and a.day <= $2
            group by a.user_id, floor(a.day / 7.0)
         ), span as (
           select generate_series(least(0, min(week)), floor($2 / 7.0)::int) as week from per
         ), totals as (
           select week, array_agg(clicks) as clicks, max(clicks) filter (where user_id = $3) as mine
             from per group by week
         )
         select s.week, coalesce(t.mine, 0)::int as clicks,
                case when $4::boolean then
                  (select percentile_cont(0.5) within group (order by v)
                     from (select unnest(coalesce(t.clicks, '{}'::int[])) as v
                           union all
                           select 0 from generate_series(1, $5::int - coalesce(cardinality(t.clicks), 0))) z)
                end as class_median
           from span s left join totals t on t.week = s.week
          order by s.week`,
        [coachId, coach.current_day, userId, medianAvailable, coach.class_size],
      )
    : [];
  const kinds = await q<{ activity_type: string; clicks: number }>(
    `select activity_type, sum(clicks)::int as clicks from engagement_activity
      where coach_id = $1 and user_id = $2 and day <= $3
      group by activity_type order by clicks desc, activity_type`,
    [coachId, userId, coach.current_day],
  );
  const total = kinds.reduce((sum, k) => sum + k.clicks, 0);
  return {
    coach: { id: coachId, label: coach.label },
    current_day: coach.current_day,
    has_log: coach.has_log,
    class_size: coach.class_size,
    median_available: medianAvailable,
    total_clicks: total,
    weeks: weeks.map((w) => ({
      week: w.week,
      first_day: w.week * 7,
      last_day: Math.min(w.week * 7 + 6, coach.current_day),
      clicks: w.clicks,
      class_median: w.class_median === null ? null : Number(w.class_median),
    })),
    kinds: kinds.map((k) => ({
      ...k,
      label: activityTypeLabel(k.activity_type),
      share: total > 0 ? Math.round((1000 * k.clicks) / total) / 10 : 0,
    })),
  };
}
