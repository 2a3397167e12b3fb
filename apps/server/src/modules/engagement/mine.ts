/**
 * A student's own engagement (docs/engagement.md "My engagement"): their clicks by week over the term
 * beside the class median, and the kinds of material they use.
 */
import { activityTypeLabel, MEDIAN_MIN_STUDENTS, type MyEngagement } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import {
  type ClassWeekRow,
  countClass,
  deleteClassWeeks,
  insertClassWeeks,
  selectLiveClassWeeks,
  selectMineCoach,
  selectOwnKinds,
  selectOwnWeeks,
  selectStoredClassWeeks,
} from './queries.ts';

/**
 * Stores the class median of every week as of `today` (engagement_class_weeks), replacing the coach's
 * previous ones. Part of the engagement derivation (./derive.ts), inside its transaction.
 */
export async function deriveClassWeeks(q: Query, coachId: number, today: number): Promise<void> {
  const size = await countClass(q, coachId);
  await deleteClassWeeks(q, coachId);
  await insertClassWeeks(q, coachId, today, size);
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
  const coach = await selectMineCoach(q, coachId);
  if (!coach) throw new Error(`coach ${coachId} vanished`);
  const today = coach.current_day;
  const size = await countClass(q, coachId);
  const medianAvailable = size >= MEDIAN_MIN_STUDENTS;
  let medians: ClassWeekRow[] = [];
  if (coach.has_log) {
    medians = await selectStoredClassWeeks(q, coachId, today, size);
    if (medians.length === 0) medians = await selectLiveClassWeeks(q, coachId, today, size);
  }
  const own = await selectOwnWeeks(q, coachId, userId, today);
  const clicksOf = new Map(own.map((r) => [r.week, r.clicks]));
  const kinds = await selectOwnKinds(q, coachId, userId, today);
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
