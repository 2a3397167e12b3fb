import type { Engagement } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { type ActivityTotals, readOuladClicksMany, storeActivity } from './activity.ts';
import { deriveEngagement, type EngagementRunner, requestEngagement } from './derive.ts';
import { countActivityRows, selectActivityDone, selectCurrentDay, selectFiguresByUser } from './queries.ts';

/**
 * Replaces a coach's activity log by `totals` (one transaction), then derives its engagement figures
 * (queued, or in this process without a queue). Returns what was stored. A file naming no enrolled
 * student: 400, nothing written.
 */
export async function importActivity(
  runner: EngagementRunner,
  coachId: number,
  totals: ActivityTotals,
): Promise<{ stored: number; clicks: number; students: number; unknown: number }> {
  const result = await runner.database.transaction(async (q) => {
    const stored = await storeActivity(q, coachId, totals);
    // Rolls the replacement back: the coach's log stays as it was.
    if (stored.students === 0)
      throw badRequest({ file: ['No row names a student enrolled in this coach: nothing was imported.'] });
    return stored;
  });
  await requestEngagement(runner, coachId);
  return result;
}

/** Rows per short transaction when the demo's click logs are written in the background. */
const DEMO_BATCH = 5_000;

/**
 * Demo: imports the OULAD click logs of the given coaches (`{ coachId, module, presentation }`) from
 * `dir` (config.OULAD_DIR; `.csv` or `.csv.gz`), and derives their figures. It runs in the background
 * after the server listens (seed/preparation.ts), so the log is written in short transactions of
 * DEMO_BATCH rows (an embedded database is one connection: a long transaction would hold every request
 * until it ends), then the figures in one. A coach with both activity and figures is done and skipped; a
 * coach left half-written by a stopped start is written again from the start (the log is replaced).
 * Returns the log rows read per coach written.
 */
export async function importOuladActivity(
  runner: EngagementRunner,
  dir: string,
  coaches: Array<{ coachId: number; module: string; presentation: string }>,
): Promise<Array<{ coachId: number; rows: number; clicks: number }>> {
  const out: Array<{ coachId: number; rows: number; clicks: number }> = [];
  const todo: typeof coaches = [];
  for (const c of coaches) {
    if (!(await selectActivityDone(runner.database.query, c.coachId))) todo.push(c);
  }
  if (todo.length === 0) return out;
  // One pass over the click log for every presentation.
  const logs = await readOuladClicksMany(dir, todo);
  for (const c of todo) {
    const { totals, rows } = logs.get(`${c.module}-${c.presentation}`)!;
    const stored = await storeActivity(runner.database.query, c.coachId, totals, {
      write: (fn) => runner.database.transaction(fn),
      batch: DEMO_BATCH,
    });
    await runner.database.transaction((q) => deriveEngagement(q, c.coachId));
    out.push({ coachId: c.coachId, rows, clicks: stored.clicks });
  }
  return out;
}

/** A coach's engagement figures (every enrolled student's), with the day they are as of. */
export async function engagementOf(q: Query, coachId: number): Promise<Engagement> {
  const currentDay = await selectCurrentDay(q, coachId);
  const figures = await selectFiguresByUser(q, coachId);
  const activityRows = await countActivityRows(q, coachId);
  return {
    current_day: currentDay ?? 0,
    students: figures.length,
    with_activity: figures.filter((f) => f.days_since_last !== null).length,
    activity_rows: activityRows ?? 0,
    figures: figures.map((f) => ({
      ...f,
      share: Object.fromEntries(Object.entries(f.share).map(([k, v]) => [k, Number(v)])),
    })),
  };
}
