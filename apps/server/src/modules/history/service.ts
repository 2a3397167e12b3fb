import { type CreditItem, NO_DUE_DATE, NOT_COMPLETED } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { type CreditRow, selectUserActivity, selectUserCredits } from './queries.ts';

const iso = (v: Date | string | null, fallback: string) =>
  v === null ? fallback : (v instanceof Date ? v : new Date(v)).toISOString();

/** A credit or activity row as the API answers it: dates as ISO strings or the spec's sentinels. */
export function toItem(r: CreditRow): CreditItem {
  return {
    type: r.type,
    id: r.id,
    title: r.title,
    content_tag: r.type,
    content_label: r.content_label,
    status: r.status,
    due: iso(r.due, NO_DUE_DATE),
    completed: iso(r.completed, NOT_COMPLETED),
  };
}

/**
 * User credits (spec §2 'For Credit Items'): every live for-credit bulletin, survey and released playbook
 * of the coach, whether or not the student completed it, with its credit deadline, the student's
 * completion time and the credit status. Ordered by deadline (undated last), then title.
 */
export async function userCredits(
  database: Database,
  coachId: number,
  userId: number,
): Promise<CreditItem[]> {
  const rows = await selectUserCredits(database.query, coachId, userId);
  return rows.map(toItem);
}

/**
 * Other user activity (spec §2 'Other Items'): what the student has completed in the coach that is not
 * for credit: viewed bulletins, responded surveys, completed playbook plans and completed to-do items
 * (a to-do item is due at the end of its due date, UTC). Most recently completed first.
 */
export async function userActivity(
  database: Database,
  coachId: number,
  userId: number,
): Promise<CreditItem[]> {
  const rows = await selectUserActivity(database.query, coachId, userId);
  return rows.map(toItem);
}
