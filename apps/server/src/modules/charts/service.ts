import {
  CHART_TEXTS,
  type DistributionEntry,
  GRADE_BANDS,
  type GradeDistribution,
  gradeBandIndex,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import {
  selectCachedScores,
  selectCoachName,
  selectCohortMembers,
  selectEarnedWeights,
  selectStudents,
  upsertCachedScores,
} from './queries.ts';
import type { LoadedChartSettings } from './settings.ts';

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Every student's current score in a coach, as of its current day, computed set-wise in SQL with the
 * grade definition of grades/service.ts (docs/grades.md): earned and lost weight on
 * past assignments; the score is earned / (earned + lost) in percent, rounded to 2 decimals as the grade
 * data rounds it. Students with no graded work (earned + lost = 0) have no score and are left out.
 *
 * @returns the coach's label and the scores by user id, or null when there is no such coach.
 */
export async function classScores(
  database: Database,
  coachId: number,
): Promise<{ label: string; scores: Map<number, number> } | null> {
  const coach = await selectCoachName(database.query, coachId);
  if (!coach) return null;
  // On past assignments a student loses whatever they do not earn, so lost = (total past weight) − earned:
  // one pass over the counted scores instead of a student × assignment grid. The students and their
  // earned weight are read apart and merged here, so the plan does not hinge on table statistics.
  const earnedRows = await selectEarnedWeights(database.query, coachId);
  const students = await selectStudents(database.query, coachId);
  const pastWeight = Number(earnedRows.find((r) => r.user_id === null)?.earned ?? 0);
  const earnedOf = new Map(
    earnedRows.filter((r) => r.user_id !== null).map((r) => [r.user_id!, Number(r.earned)]),
  );
  const rows = students.map((st) => {
    const earned = earnedOf.get(st.user_id) ?? 0;
    return { user_id: st.user_id, earned, lost: pastWeight - earned };
  });
  const scores = new Map<number, number>();
  for (const r of rows) {
    const earned = Number(r.earned);
    const lost = Number(r.lost);
    if (earned + lost > 0) scores.set(r.user_id, round2((earned / (earned + lost)) * 100));
  }
  return { label: coach.name, scores };
}

/** A coach's class scores, ascending, with the user id of each (same order). */
interface ClassScores {
  label: string;
  userIds: number[];
  scores: number[];
}

/**
 * The class scores of `classScores`, read from the class score cache when it was computed at the coach's
 * current `grades_version` (db/grade-triggers.ts bumps it on any change to the coach's scores,
 * assignments, student enrollments or current day), else computed and stored for the next request. The
 * version is read before the scores are computed, so a stored row is never older than its version; a
 * failure to store (e.g. the coach was just deleted) only skips the cache.
 *
 * @returns the label and the scores ascending, or null when there is no such coach.
 */
export async function cachedClassScores(database: Database, coachId: number): Promise<ClassScores | null> {
  const row = await selectCachedScores(database.query, coachId);
  if (!row) return null;
  if (row.cached_version === row.version && row.user_ids && row.scores) {
    return { label: row.name, userIds: row.user_ids, scores: row.scores.map(Number) };
  }
  const data = await classScores(database, coachId);
  if (!data) return null;
  const pairs = [...data.scores].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const out = { label: data.label, userIds: pairs.map((p) => p[0]), scores: pairs.map((p) => p[1]) };
  await upsertCachedScores(database.query, coachId, row.version, out.userIds, out.scores).catch(
    () => undefined,
  );
  return out;
}

/** Who a distribution is for: a student viewing their own chart gets the privacy floors applied. */
export interface DistributionView {
  /** True when the caller is the student themselves (not staff looking at a student or the class). */
  asStudent: boolean;
  settings: LoadedChartSettings;
  /** The student opted out of peer comparison (only read for `asStudent`). */
  optedOut: boolean;
}

/**
 * The p-quantile of ascending values by linear interpolation between closest ranks (R type 7, the
 * default of R, NumPy and spreadsheets' QUARTILE.INC), rounded to 2 decimals; p = 0.5 is the median.
 */
export function quantile(values: readonly number[], p: number): number {
  const h = (values.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(values.length - 1, lo + 1);
  const f = h - lo;
  // (1 − f)·a + f·b: at the median of an even count (f = ½) this is exactly (a + b) / 2.
  return round2(values[lo]! * (1 - f) + values[hi]! * f);
}

/**
 * Distribution chart data (spec §3) of a coach's class, with the given student highlighted (or none):
 * the share of students per 10-point band, the student's grade and percentile (percent of the class
 * scoring below them, whole number), the band of the class median, the quartiles and the comparison
 * median (the chosen Insight Group's, else the class's). See contracts/charts.ts and docs/charts.md.
 *
 * For a student viewing their own chart the privacy floors apply: a band with fewer than
 * `min_bar_students` students is hidden (count and percent 0, `hidden`); with fewer than
 * `min_class_students` graded students, or when the student opted out of peer comparison, every band is
 * hidden and percentile, median, quartiles and comparison are null (`hidden_reason` says why). A
 * comparison group with fewer than `min_class_students` graded members falls back to the class median.
 */
export async function gradeDistribution(
  database: Database,
  coachId: number,
  userId: number | null,
  view: DistributionView,
): Promise<GradeDistribution | null> {
  const data = await cachedClassScores(database, coachId);
  if (!data) return null;
  const { settings } = view;
  const values = data.scores;
  const n = values.length;
  const counts = GRADE_BANDS.map(() => 0);
  for (const v of values) counts[gradeBandIndex(v)]! += 1;

  let hiddenReason: GradeDistribution['hidden_reason'] = null;
  if (view.asStudent && view.optedOut) hiddenReason = 'opted_out';
  else if (view.asStudent && n > 0 && n < settings.min_class_students) hiddenReason = 'too_few_students';
  const hide = (count: number) =>
    count > 0 && (hiddenReason !== null || (view.asStudent && count < settings.min_bar_students));
  const distribution: DistributionEntry[] = GRADE_BANDS.map((band, i) => {
    const hidden = hide(counts[i]!);
    return {
      ...band,
      count: hidden ? 0 : counts[i]!,
      percent: n > 0 && !hidden ? round2((counts[i]! / n) * 100) : 0,
      hidden,
    };
  });

  let median: GradeDistribution['median'] = null;
  let quartiles: GradeDistribution['quartiles'] = null;
  let comparison: GradeDistribution['comparison'] = null;
  if (n > 0 && hiddenReason === null) {
    const value = quantile(values, 0.5);
    const band = distribution[gradeBandIndex(value)]!;
    median = {
      label: band.label,
      percent: band.percent,
      min_value: band.min_value,
      max_value: band.max_value,
      grade_label: CHART_TEXTS.medianLabel(value),
      value,
    };
    quartiles = { q1: quantile(values, 0.25), q3: quantile(values, 0.75) };
    comparison = { label: 'Class median', value, cohort_id: null };
    if (settings.comparison_cohort_id !== null) {
      const members = await selectCohortMembers(database.query, settings.comparison_cohort_id);
      const inGroup = new Set(members.map((m) => m.user_id));
      const groupValues = values.filter((_, i) => inGroup.has(data.userIds[i]!));
      if (groupValues.length > 0 && (!view.asStudent || groupValues.length >= settings.min_class_students)) {
        comparison = {
          label: `${settings.comparison_cohort_name ?? 'Group'} median`,
          value: quantile(groupValues, 0.5),
          cohort_id: settings.comparison_cohort_id,
        };
      }
    }
  }

  let grade: number | null | undefined;
  if (userId !== null) {
    const at = data.userIds.indexOf(userId);
    grade = at < 0 ? null : values[at]!;
  }
  let percentile: number | null = null;
  if (grade !== undefined && grade !== null && n > 0 && hiddenReason === null) {
    // Students scoring below `grade`: the first index whose value is not below it (values ascending).
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[mid]! < grade) lo = mid + 1;
      else hi = mid;
    }
    percentile = Math.round((lo / n) * 100);
  }
  return {
    label: data.label,
    distribution,
    student: grade === undefined ? null : { grade },
    percentile,
    median,
    curved: false,
    noline: false,
    students_count: n,
    quartiles,
    comparison,
    hidden_reason: hiddenReason,
    privacy: { min_bar_students: settings.min_bar_students, min_class_students: settings.min_class_students },
  };
}
