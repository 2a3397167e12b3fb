import { createHash } from 'node:crypto';
import { BREAKDOWN_KINDS, BREAKDOWN_LABELS, type CoachActivityBreakdown } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { percentOf } from '../analytics/index.ts';
import { BREAKDOWN_SQL, STUDENT_COUNT_SQL } from './breakdown-sql.ts';
import {
  type KindFigures,
  selectBreakdownFigures,
  selectCacheHead,
  selectStudentCount,
  upsertCachedFigures,
} from './queries.ts';

export { BREAKDOWN_SQL } from './breakdown-sql.ts';

/**
 * The cache rows this code may read (schema/grades.ts coachActivityCache `query_key`): a digest of the
 * statements that compute them, so rows stored by a release that counted differently are never answered.
 */
const QUERY_KEY = createHash('sha256')
  .update(BREAKDOWN_SQL)
  .update(STUDENT_COUNT_SQL)
  .digest('hex')
  .slice(0, 32);

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
  const rows = await selectBreakdownFigures(database.query, coachId);
  const studentCount = await selectStudentCount(database.query, coachId);
  return { rows, studentCount };
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
  const head = await selectCacheHead(database.query, coach.id, QUERY_KEY);
  if (head?.hit && head.figures && head.student_count !== null) {
    return toBreakdown(coach, head.figures, head.student_count);
  }
  const { rows, studentCount } = await computeFigures(database, coach.id);
  if (head) {
    await upsertCachedFigures(database.query, coach.id, head, studentCount, rows, QUERY_KEY).catch(
      () => undefined,
    );
  }
  return toBreakdown(coach, rows, studentCount);
}
