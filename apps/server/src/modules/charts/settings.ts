import { type ChartSettings, DEFAULT_CHART_SETTINGS } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import {
  deleteOptOut,
  insertOptOut,
  isCoachCohort,
  isOptedOut,
  selectChartSettings,
  upsertChartSettings,
} from './queries.ts';

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
  const row = await selectChartSettings(database.query, coachId);
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
      if (!(await isCoachCohort(q, settings.comparison_cohort_id, coachId))) {
        throw badRequest({ comparison_cohort_id: ['Choose an Insight Group of this course.'] });
      }
    }
    await upsertChartSettings(q, coachId, settings);
    return settings;
  });
}

/** Whether the student opted out of peer comparison in the coach (docs/my-data.md). */
export async function optedOut(database: Database, coachId: number, userId: number): Promise<boolean> {
  return isOptedOut(database.query, coachId, userId);
}

/** Records (or withdraws) a student's opt-out of peer comparison in a coach; idempotent. */
export async function setOptOut(
  database: Database,
  coachId: number,
  userId: number,
  optOut: boolean,
): Promise<void> {
  if (optOut) {
    await insertOptOut(database.query, coachId, userId);
  } else {
    await deleteOptOut(database.query, coachId, userId);
  }
}
