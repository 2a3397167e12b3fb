import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { createDefinition, replaceAllValues, type ValueRow } from '../imports/index.ts';
import {
  ensureTailoringSource,
  linkCharacteristicsToSource,
  noteChangedValues,
  requestPendingSync,
} from '../tailoring/index.ts';
import { deriveClassWeeks } from './mine.ts';
import {
  countCharacteristicsNamed,
  deleteFigures,
  insertFigures,
  selectActivityTypes,
  selectCharacteristicNames,
  selectDeriveCoach,
  selectFigures,
  selectStaleCoaches,
  selectValueHolders,
} from './queries.ts';

/** The pg-boss queue of engagement derivations (registered in jobs/queue.ts). */
export const ENGAGEMENT_QUEUE = 'engagement-derive';
export interface EngagementJobData {
  coachId: number;
}
export type EngagementRunner = { boss: PgBoss | null | undefined; database: Database };

/**
 * The engagement characteristics (names are the dictionary's; `activity_share_<type>` per activity
 * type seen). Values are numbers, so rules use the numeric operations: e.g. “no activity in the last 14
 * days” is `clicks_last_14_days equal to 0`.
 */
export const ENGAGEMENT_CHARACTERISTICS = {
  clicks7: { name: 'clicks_last_7_days', question: 'Clicks in the LMS in the last 7 days' },
  clicks14: { name: 'clicks_last_14_days', question: 'Clicks in the LMS in the last 14 days' },
  daysSince: { name: 'days_since_last_activity', question: 'Days since the last activity in the LMS' },
  activeDays: { name: 'active_days_this_term', question: 'Days with activity in the LMS this term' },
} as const;
export const SHARE_PREFIX = 'activity_share_';

/** The dictionary source of a coach's engagement figures (today's model has no enrolment scope). */
export const engagementSource = (coachId: number) => `lms_activity_coach_${coachId}`;

/**
 * Derives every enrolled student's engagement figures in a coach from its activity log as of the coach's
 * `current_day` (the demo's "today", in presentation days; only activity on or before it counts):
 * - clicks in the last 7 / 14 days: days d with current_day − 7 < d ≤ current_day (resp. 14);
 * - days since the last activity: current_day − the last active day (none: no value);
 * - active days this term: distinct days with clicks, up to today (days before the start included);
 * - share by activity type: percent of the clicks up to today, one decimal;
 * - the class median of every week (engagement_class_weeks, for My engagement: ./mine.ts).
 * Stored per (coach, student) in `engagement_figures` (the enrolment scope), and mirrored into the
 * tailoring dictionary through the characteristic writer under the coach's own source
 * (`lms_activity_coach_<id>`), so rules over them work like any other. Students with no activity get
 * 0 clicks, 0 active days and 0 % shares. Inside the caller's transaction. Returns the ids of the
 * institution's Insight Groups with a rule on an engagement characteristic, which now owe the rewritten
 * students a sync (whole when a characteristic was created; docs/design.md "Membership sync").
 */
export async function deriveEngagement(q: Query, coachId: number): Promise<number[]> {
  const coach = await selectDeriveCoach(q, coachId);
  if (!coach) return [];
  const today = coach.current_day;
  await deleteFigures(q, coachId);
  await insertFigures(q, coachId, today);
  await deriveClassWeeks(q, coachId, today);
  const figures = await selectFigures(q, coachId);
  const types = await selectActivityTypes(q, coachId);
  const inst = coach.institution_id;
  const names = [...Object.values(ENGAGEMENT_CHARACTERISTICS).map((c) => c.name)];
  // Characteristics created below may make rules naming them valid: those groups are synced whole.
  const countDefined = () => countCharacteristicsNamed(q, inst, names, SHARE_PREFIX);
  const definedBefore = await countDefined();
  const number = (name: string, question: string) =>
    createDefinition(q, inst, { name, question, kind: 'number', values: [], min: 0, max: 1_000_000 });
  const C = ENGAGEMENT_CHARACTERISTICS;
  const ids = {
    clicks7: await number(C.clicks7.name, C.clicks7.question),
    clicks14: await number(C.clicks14.name, C.clicks14.question),
    daysSince: await number(C.daysSince.name, C.daysSince.question),
    activeDays: await number(C.activeDays.name, C.activeDays.question),
  };
  const shareIds = new Map<string, number>();
  for (const t of types) {
    const name = `${SHARE_PREFIX}${t.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
    shareIds.set(t, await number(name, `Share of the LMS clicks on “${t}” this term (%)`));
  }
  const sourceId = await ensureTailoringSource(
    q,
    inst,
    engagementSource(coachId),
    `LMS activity (coach ${coachId})`,
  );
  const allIds = [...Object.values(ids), ...shareIds.values()];
  await linkCharacteristicsToSource(q, sourceId, allIds);
  const rows: ValueRow[] = [];
  const put = (userId: number, characteristicId: number, n: number) =>
    rows.push({ userId, characteristicId, value: String(n), num: n });
  for (const f of figures) {
    put(f.user_id, ids.clicks7, Number(f.clicks_7d));
    put(f.user_id, ids.clicks14, Number(f.clicks_14d));
    if (f.days_since_last !== null) put(f.user_id, ids.daysSince, Number(f.days_since_last));
    put(f.user_id, ids.activeDays, Number(f.active_days));
    for (const [t, id] of shareIds) put(f.user_id, id, Number(f.share[t] ?? 0));
  }
  // The students whose figures are rewritten: those with figures, and those whose old values go.
  const previous = await selectValueHolders(q, sourceId, allIds, coachId);
  await replaceAllValues(q, inst, coachId, sourceId, allIds, rows);
  const users = [...new Set([...figures.map((f) => f.user_id), ...previous.map((r) => r.user_id)])];
  const created = (await countDefined()) !== definedBefore;
  const defined = await selectCharacteristicNames(q, inst, allIds);
  return noteChangedValues(
    q,
    { institutionId: inst },
    defined.map((c) => c.name),
    created ? null : users,
  );
}

/** Runs a derivation in one transaction, then requests the affected groups' membership syncs. */
export async function runEngagement(runner: EngagementRunner, coachId: number): Promise<void> {
  const cohorts = await runner.database.transaction((q) => deriveEngagement(q, coachId));
  for (const id of cohorts) await requestPendingSync(runner, id);
}

/** Queues a derivation (or runs it in this process without a queue, awaiting it). */
export async function requestEngagement(runner: EngagementRunner, coachId: number): Promise<void> {
  if (runner.boss) {
    await runner.boss.send(ENGAGEMENT_QUEUE, { coachId } satisfies EngagementJobData, { retryLimit: 2 });
    return;
  }
  await runEngagement(runner, coachId);
}

/**
 * Coaches whose figures are stale (their `current_day` moved since the last derivation): derived again
 * by the maintenance job, so "last 7 days" follows the coach's today.
 */
export async function staleEngagementCoaches(q: Query): Promise<number[]> {
  return selectStaleCoaches(q);
}
