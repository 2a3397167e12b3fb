/**
 * Class charts: the SQL (docs/charts.md, docs/grades.md). The class scores' inputs and their cache, the
 * chart settings and the students' opt-outs of peer comparison, each for one coach (`coachId`); the score,
 * the distribution and the privacy floors are the service's (./service.ts, ./settings.ts).
 */
import type { Query } from '../../db/client.ts';
import type {
  chartSettings,
  classScoreCache,
  coaches,
  cohortMemberships,
  cohorts,
  enrollments,
  scores,
} from '../../db/schema/index.ts';

type ChartSettings = typeof chartSettings.$inferSelect;
type ClassScoreCache = typeof classScoreCache.$inferSelect;

/** A coach's name. */
export type CoachNameRow = Pick<typeof coaches.$inferSelect, 'name'>;

/**
 * A student's earned weight on the coach's past assignments; the row with `user_id` null holds the total
 * weight of those assignments.
 */
export interface EarnedRow {
  user_id: (typeof scores.$inferSelect)['user_id'] | null;
  earned: number;
}

/** A student of the coach. */
export type StudentRow = Pick<typeof enrollments.$inferSelect, 'user_id'>;

/**
 * A coach with its `grades_version` and its class score cache's row (null columns when there is none);
 * the versions as text (bigint).
 */
export type CachedScoresRow = CoachNameRow & {
  version: string;
  cached_version: string | null;
  user_ids: ClassScoreCache['user_ids'] | null;
  scores: ClassScoreCache['scores'] | null;
};

/** A member of an Insight Group. */
export type MemberRow = Pick<typeof cohortMemberships.$inferSelect, 'user_id'>;

/** A coach's `chart_settings` row with the comparison group's name (null with no group). */
export type ChartSettingsRow = Pick<
  ChartSettings,
  'min_bar_students' | 'min_class_students' | 'comparison_cohort_id'
> & {
  comparison_cohort_name: (typeof cohorts.$inferSelect)['name'] | null;
};

/** Coach `coachId`'s name; undefined when there is no such coach. */
export async function selectCoachName(q: Query, coachId: number): Promise<CoachNameRow | undefined> {
  const [row] = await q<CoachNameRow>('select name from coaches where id = $1', [coachId]);
  return row;
}

/**
 * The weight each student earned on the coach's past assignments (due by its current day, with a counted
 * score), and one row (`user_id` null) with the total weight of those assignments. A score counts when it
 * is banked or was submitted by the current day.
 */
export function selectEarnedWeights(q: Query, coachId: number): Promise<EarnedRow[]> {
  return q<EarnedRow>(
    `with coach as (select id, current_day from coaches where id = $1),
          a as (
            select a.id, a.weight::float8 as weight
              from assignments a, coach
             where a.coach_id = coach.id and a.due_day <= coach.current_day
               and exists (select 1 from scores s
                            where s.assignment_id = a.id and s.score is not null
                              and (s.is_banked or s.submitted_day <= coach.current_day)))
     select null::int as user_id, coalesce(sum(weight), 0) as earned from a
     union all
     select s.user_id, sum(a.weight * s.score::float8 / 100)
       from a join scores s on s.assignment_id = a.id, coach
      where s.score is not null and (s.is_banked or s.submitted_day <= coach.current_day)
      group by s.user_id`,
    [coachId],
  );
}

/** The coach's students. */
export function selectStudents(q: Query, coachId: number): Promise<StudentRow[]> {
  return q<StudentRow>(`select user_id from enrollments where coach_id = $1 and role = 'student'`, [coachId]);
}

/** Coach `coachId` with its grades version and cached class scores; undefined when there is no such coach. */
export async function selectCachedScores(q: Query, coachId: number): Promise<CachedScoresRow | undefined> {
  const [row] = await q<CachedScoresRow>(
    `select c.name, c.grades_version::text as version, k.grades_version::text as cached_version,
            k.user_ids, k.scores
       from coaches c left join class_score_cache k on k.coach_id = c.id
      where c.id = $1`,
    [coachId],
  );
  return row;
}

/**
 * Stores the coach's class scores (ascending, `userIds` in the same order) as computed at grades version
 * `version`, unless the cache holds a newer version already.
 */
export async function upsertCachedScores(
  q: Query,
  coachId: number,
  version: string,
  userIds: number[],
  classScores: number[],
): Promise<void> {
  await q(
    `insert into class_score_cache (coach_id, grades_version, user_ids, scores, computed_at)
       values ($1, $2::bigint, $3::int[], $4::float8[], now())
       on conflict (coach_id) do update
          set grades_version = excluded.grades_version, user_ids = excluded.user_ids,
              scores = excluded.scores, computed_at = excluded.computed_at
        where class_score_cache.grades_version <= excluded.grades_version`,
    [coachId, version, userIds, classScores],
  );
}

/** The members of Insight Group `cohortId`. */
export function selectCohortMembers(q: Query, cohortId: number): Promise<MemberRow[]> {
  return q<MemberRow>('select user_id from cohort_memberships where cohort_id = $1', [cohortId]);
}

/** The coach's chart settings with the comparison group's name; undefined when it has none saved. */
export async function selectChartSettings(q: Query, coachId: number): Promise<ChartSettingsRow | undefined> {
  const [row] = await q<ChartSettingsRow>(
    `select s.min_bar_students, s.min_class_students, s.comparison_cohort_id, c.name as comparison_cohort_name
       from chart_settings s left join cohorts c on c.id = s.comparison_cohort_id
      where s.coach_id = $1`,
    [coachId],
  );
  return row;
}

/** Whether Insight Group `cohortId` is one of the coach's. */
export async function isCoachCohort(q: Query, cohortId: number, coachId: number): Promise<boolean> {
  const rows = await q('select 1 from cohorts where id = $1 and coach_id = $2', [cohortId, coachId]);
  return rows.length > 0;
}

/** Saves the coach's chart settings (a new row or over its row). */
export async function upsertChartSettings(
  q: Query,
  coachId: number,
  settings: Pick<ChartSettings, 'min_bar_students' | 'min_class_students' | 'comparison_cohort_id'>,
): Promise<void> {
  await q(
    `insert into chart_settings (coach_id, min_bar_students, min_class_students, comparison_cohort_id, updated_at)
       values ($1, $2, $3, $4, now())
       on conflict (coach_id) do update
          set min_bar_students = excluded.min_bar_students, min_class_students = excluded.min_class_students,
              comparison_cohort_id = excluded.comparison_cohort_id, updated_at = now()`,
    [coachId, settings.min_bar_students, settings.min_class_students, settings.comparison_cohort_id],
  );
}

/** Whether the student has opted out of peer comparison in the coach. */
export async function isOptedOut(q: Query, coachId: number, userId: number): Promise<boolean> {
  const rows = await q('select 1 from peer_comparison_opt_outs where coach_id = $1 and user_id = $2', [
    coachId,
    userId,
  ]);
  return rows.length > 0;
}

/** Records the student's opt-out of peer comparison in the coach (nothing when it is recorded already). */
export async function insertOptOut(q: Query, coachId: number, userId: number): Promise<void> {
  await q(`insert into peer_comparison_opt_outs (coach_id, user_id) values ($1, $2) on conflict do nothing`, [
    coachId,
    userId,
  ]);
}

/** Withdraws the student's opt-out of peer comparison in the coach (nothing when there is none). */
export async function deleteOptOut(q: Query, coachId: number, userId: number): Promise<void> {
  await q('delete from peer_comparison_opt_outs where coach_id = $1 and user_id = $2', [coachId, userId]);
}
