/**
 * Engagement from the LMS activity log: the SQL (docs/engagement.md). The activity log, the derived
 * figures and the class medians of a coach, and the dictionary reads of the derivation. The statements
 * run on the caller's handle or transaction (`q`); the parsing, the mirroring into the tailoring
 * dictionary and the shapes answered are the services' (./activity.ts, ./derive.ts, ./mine.ts,
 * ./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type {
  characteristics,
  coaches,
  engagementActivity,
  engagementClassWeeks,
  engagementFigures,
  studentCharacteristicValues,
  users,
} from '../../db/schema/index.ts';

type Coaches = typeof coaches.$inferSelect;
type EngagementActivity = typeof engagementActivity.$inferSelect;

/** A student's figures in a coach: the `engagement_figures` columns read. */
export type FigureRow = Pick<
  typeof engagementFigures.$inferSelect,
  'user_id' | 'clicks_7d' | 'clicks_14d' | 'days_since_last' | 'active_days' | 'share'
>;

/** The class median of one week (null: a week no student's clicks reach in a live computation). */
export type ClassWeekRow = Pick<typeof engagementClassWeeks.$inferSelect, 'week'> & {
  class_median: number | null;
};

/** An enrolled student as the log names them: id, external id and lower-cased e-mail. */
export type EnrolledKeyRow = Pick<typeof users.$inferSelect, 'id' | 'external_id' | 'email'>;

/** A coach for My engagement: its name (`label`), today and whether it has an activity log. */
export type MineCoachRow = Pick<Coaches, 'current_day'> & { label: Coaches['name']; has_log: boolean };

/** The clicks of one week (`week`: days 7w … 7w + 6). */
export type WeekClicksRow = { week: number; clicks: number };
/** The clicks of one activity type. */
export type KindClicksRow = Pick<EngagementActivity, 'activity_type' | 'clicks'>;

/** One batch of activity rows (parallel arrays: student, day, activity type, clicks). */
export interface ActivityBatch {
  users: number[];
  days: number[];
  types: string[];
  clicks: number[];
}

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

/** Whether the coach has both an activity log and figures (a demo import already done). */
export async function selectActivityDone(q: Query, coachId: number): Promise<boolean> {
  const [done] = await q<{ done: boolean }>(
    `select exists (select 1 from engagement_activity where coach_id = $1)
            and exists (select 1 from engagement_figures where coach_id = $1) as done`,
    [coachId],
  );
  return done?.done ?? false;
}

/** The coach's `current_day`; undefined when there is no such coach. */
export async function selectCurrentDay(q: Query, coachId: number): Promise<number | undefined> {
  const [coach] = await q<Pick<Coaches, 'current_day'>>('select current_day from coaches where id = $1', [
    coachId,
  ]);
  return coach?.current_day;
}

/** The coach's institution and `current_day`; undefined when there is no such coach. */
export async function selectDeriveCoach(
  q: Query,
  coachId: number,
): Promise<Pick<Coaches, 'institution_id' | 'current_day'> | undefined> {
  const [coach] = await q<Pick<Coaches, 'institution_id' | 'current_day'>>(
    'select institution_id, current_day from coaches where id = $1',
    [coachId],
  );
  return coach;
}

/** The coach's figures by student id. */
export function selectFiguresByUser(q: Query, coachId: number): Promise<FigureRow[]> {
  return q<FigureRow>(
    `select user_id, clicks_7d, clicks_14d, days_since_last, active_days, share
       from engagement_figures where coach_id = $1 order by user_id`,
    [coachId],
  );
}

/** The coach's figures (any order). */
export function selectFigures(q: Query, coachId: number): Promise<FigureRow[]> {
  return q<FigureRow>(
    'select user_id, clicks_7d, clicks_14d, days_since_last, active_days, share from engagement_figures where coach_id = $1',
    [coachId],
  );
}

/** How many rows the coach's activity log has. */
export async function countActivityRows(q: Query, coachId: number): Promise<number | undefined> {
  const [count] = await q<{ n: number }>(
    'select count(*)::int as n from engagement_activity where coach_id = $1',
    [coachId],
  );
  return count?.n;
}

/** The coach's enrolled students with the keys a log names them by (external id, lower-cased e-mail). */
export function selectEnrolledKeys(q: Query, coachId: number): Promise<EnrolledKeyRow[]> {
  return q<EnrolledKeyRow>(
    `select u.id, u.external_id, lower(u.email) as email from users u join enrollments e on e.user_id = u.id
      where e.coach_id = $1 and e.role = 'student'`,
    [coachId],
  );
}

/** Deletes the coach's activity log. */
export async function deleteActivity(q: Query, coachId: number): Promise<void> {
  await q('delete from engagement_activity where coach_id = $1', [coachId]);
}

/** Inserts one batch of the coach's activity rows. */
export async function insertActivity(q: Query, coachId: number, batch: ActivityBatch): Promise<void> {
  await q(
    `insert into engagement_activity (coach_id, user_id, day, activity_type, clicks)
     select $1, u, d, t, c from unnest($2::int[], $3::int[], $4::text[], $5::int[]) as x(u, d, t, c)`,
    [coachId, batch.users, batch.days, batch.types, batch.clicks],
  );
}

/** Deletes the coach's figures. */
export async function deleteFigures(q: Query, coachId: number): Promise<void> {
  await q('delete from engagement_figures where coach_id = $1', [coachId]);
}

/**
 * Writes every enrolled student's figures as of `today` (the definitions are deriveEngagement's,
 * ./derive.ts): clicks in the last 7 and 14 days, days since the last activity, active days and the
 * share per activity type, from the log up to today.
 */
export async function insertFigures(q: Query, coachId: number, today: number): Promise<void> {
  await q(
    `insert into engagement_figures (coach_id, user_id, clicks_7d, clicks_14d, days_since_last, active_days, share, as_of_day)
     select $1, e.user_id,
            coalesce(sum(a.clicks) filter (where a.day > $2 - 7), 0),
            coalesce(sum(a.clicks) filter (where a.day > $2 - 14), 0),
            $2 - max(a.day),
            count(distinct a.day),
            coalesce((select jsonb_object_agg(t.activity_type, round(100.0 * t.n / nullif(t.total, 0), 1))
                        from (select b.activity_type, sum(b.clicks) as n, sum(sum(b.clicks)) over () as total
                                from engagement_activity b
                               where b.coach_id = $1 and b.user_id = e.user_id and b.day <= $2
                               group by b.activity_type) t), '{}'::jsonb),
            $2
       from enrollments e
       left join engagement_activity a on a.coach_id = $1 and a.user_id = e.user_id and a.day <= $2
      where e.coach_id = $1 and e.role = 'student'
      group by e.user_id`,
    [coachId, today],
  );
}

/** The activity types of the coach's log, sorted. */
export async function selectActivityTypes(q: Query, coachId: number): Promise<string[]> {
  const rows = await q<Pick<EngagementActivity, 'activity_type'>>(
    'select distinct activity_type from engagement_activity where coach_id = $1 order by 1',
    [coachId],
  );
  return rows.map((r) => r.activity_type);
}

/** How many of the institution's characteristics are named `names` or start with `prefix`. */
export async function countCharacteristicsNamed(
  q: Query,
  institutionId: number,
  names: string[],
  prefix: string,
): Promise<number> {
  const rows = await q<{ n: number }>(
    `select count(*)::int as n from characteristics
      where institution_id = $1 and (name = any($2::text[]) or name like $3)`,
    [institutionId, names, `${prefix}%`],
  );
  return rows[0]?.n ?? 0;
}

/** The students with values of `characteristicIds` from source `sourceId` in the coach (or institution-wide). */
export function selectValueHolders(
  q: Query,
  sourceId: number,
  characteristicIds: number[],
  coachId: number,
): Promise<Array<Pick<typeof studentCharacteristicValues.$inferSelect, 'user_id'>>> {
  return q(
    `select distinct user_id from student_characteristic_values
      where source_id = $1 and characteristic_id = any($2::int[]) and coach_id in (0, $3)`,
    [sourceId, characteristicIds, coachId],
  );
}

/** The names of the institution's characteristics `ids`. */
export function selectCharacteristicNames(
  q: Query,
  institutionId: number,
  ids: number[],
): Promise<Array<Pick<typeof characteristics.$inferSelect, 'name'>>> {
  return q('select name from characteristics where institution_id = $1 and id = any($2::int[])', [
    institutionId,
    ids,
  ]);
}

/** The coaches whose figures are as of another day than their `current_day`. */
export async function selectStaleCoaches(q: Query): Promise<number[]> {
  const rows = await q<{ coach_id: number }>(
    `select distinct f.coach_id from engagement_figures f join coaches c on c.id = f.coach_id
      where f.as_of_day <> c.current_day`,
  );
  return rows.map((r) => r.coach_id);
}

/** The coach's enrolled students (the class the median is over). */
export async function countClass(q: Query, coachId: number): Promise<number> {
  const [row] = await q<{ n: number }>(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coachId],
  );
  return row?.n ?? 0;
}

/** Deletes the coach's stored class medians. */
export async function deleteClassWeeks(q: Query, coachId: number): Promise<void> {
  await q('delete from engagement_class_weeks where coach_id = $1', [coachId]);
}

/** Stores the class median of every week (CLASS_WEEKS_SQL) as of `today` over `size` students. */
export async function insertClassWeeks(
  q: Query,
  coachId: number,
  today: number,
  size: number,
): Promise<void> {
  await q(
    `insert into engagement_class_weeks (coach_id, week, class_median, as_of_day, class_size)
     select $1, m.week, coalesce(m.class_median, 0), $2, $3 from (${CLASS_WEEKS_SQL}) m`,
    [coachId, today, size],
  );
}

/** The coach for My engagement; undefined when there is no such coach. */
export async function selectMineCoach(q: Query, coachId: number): Promise<MineCoachRow | undefined> {
  const [coach] = await q<MineCoachRow>(
    `select c.name as label, c.current_day,
            exists (select 1 from engagement_activity a where a.coach_id = c.id) as has_log
       from coaches c where c.id = $1`,
    [coachId],
  );
  return coach;
}

/** The class medians stored as of `today` over `size` students, by week (none: stale or never derived). */
export function selectStoredClassWeeks(
  q: Query,
  coachId: number,
  today: number,
  size: number,
): Promise<ClassWeekRow[]> {
  return q<ClassWeekRow>(
    `select week, class_median from engagement_class_weeks
      where coach_id = $1 and as_of_day = $2 and class_size = $3 order by week`,
    [coachId, today, size],
  );
}

/** The class medians computed live as of `today` over `size` students (CLASS_WEEKS_SQL), by week. */
export function selectLiveClassWeeks(
  q: Query,
  coachId: number,
  today: number,
  size: number,
): Promise<ClassWeekRow[]> {
  return q<ClassWeekRow>(CLASS_WEEKS_SQL, [coachId, today, size]);
}

/** The student's clicks per week up to `today` (any order). */
export function selectOwnWeeks(
  q: Query,
  coachId: number,
  userId: number,
  today: number,
): Promise<WeekClicksRow[]> {
  return q<WeekClicksRow>(
    `select floor(day / 7.0)::int as week, sum(clicks)::int as clicks from engagement_activity
      where coach_id = $1 and user_id = $2 and day <= $3 group by 1`,
    [coachId, userId, today],
  );
}

/** The student's clicks per activity type up to `today`, most first (ties by type). */
export function selectOwnKinds(
  q: Query,
  coachId: number,
  userId: number,
  today: number,
): Promise<KindClicksRow[]> {
  return q<KindClicksRow>(
    `select activity_type, sum(clicks)::int as clicks from engagement_activity
      where coach_id = $1 and user_id = $2 and day <= $3
      group by activity_type order by clicks desc, activity_type`,
    [coachId, userId, today],
  );
}
