import { type ChartSettings, DEFAULT_CHART_SETTINGS } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';

/** A coach's chart settings with the comparison group's name (null with no group). */
export interface LoadedChartSettings extends ChartSettings {
  comparison_cohort_name: string | null;
}

/**
 * A coach's class chart settings (docs/charts.md): its `chart_settings` row, else the defaults
 * (contracts DEFAULT_CHART_SETTINGS). The comparison group is read with its name; a group deleted since
 * is gone (the column is set null by its foreign key).
 */
export async function loadChartSettings(database: Database, coachId: number): Promise<LoadedChartSettings> {
  const [row] = await database.query<ChartSettings & { comparison_cohort_name: string | null }>(
    `select s.min_bar_students, s.min_class_students, s.comparison_cohort_id, c.name as comparison_cohort_name
       from chart_settings s left join cohorts c on c.id = s.comparison_cohort_id
      where s.coach_id = $1`,
    [coachId],
  );
  return row ?? { ...DEFAULT_CHART_SETTINGS, comparison_cohort_name: null };
}

/**
 * Saves a coach's chart settings (the body already passed ChartSettingsSchema: floors 1–1000, class ≥
 * bar). The comparison group must be an Insight Group of this coach: another coach's (or a missing) one
 * is refused with a field error and nothing is written.
 *
 * @throws HttpError 400 `{ comparison_cohort_id: [...] }`.
 */
export async function saveChartSettings(
  database: Database,
  coachId: number,
  settings: ChartSettings,
): Promise<ChartSettings> {
  return database.transaction(async (q: Query) => {
    if (settings.comparison_cohort_id !== null) {
      const own = await q('select 1 from cohorts where id = $1 and coach_id = $2', [
        settings.comparison_cohort_id,
        coachId,
      ]);
      if (own.length === 0) {
        throw badRequest({ comparison_cohort_id: ['Choose an Insight Group of this course.'] });
      }
    }
    await q(
      `insert into chart_settings (coach_id, min_bar_students, min_class_students, comparison_cohort_id, updated_at)
       values ($1, $2, $3, $4, now())
       on conflict (coach_id) do update
          set min_bar_students = excluded.min_bar_students, min_class_students = excluded.min_class_students,
              comparison_cohort_id = excluded.comparison_cohort_id, updated_at = now()`,
      [coachId, settings.min_bar_students, settings.min_class_students, settings.comparison_cohort_id],
    );
    return settings;
  });
}

/** Whether the student opted out of peer comparison in the coach (docs/my-data.md). */
export async function optedOut(database: Database, coachId: number, userId: number): Promise<boolean> {
  const rows = await database.query(
    'select 1 from peer_comparison_opt_outs where coach_id = $1 and user_id = $2',
    [coachId, userId],
  );
  return rows.length > 0;
}

/** Records (or withdraws) a student's opt-out of peer comparison in a coach; idempotent. */
export async function setOptOut(
  database: Database,
  coachId: number,
  userId: number,
  optOut: boolean,
): Promise<void> {
  if (optOut) {
    await database.query(
      `insert into peer_comparison_opt_outs (coach_id, user_id) values ($1, $2) on conflict do nothing`,
      [coachId, userId],
    );
  } else {
    await database.query('delete from peer_comparison_opt_outs where coach_id = $1 and user_id = $2', [
      coachId,
      userId,
    ]);
  }
}
