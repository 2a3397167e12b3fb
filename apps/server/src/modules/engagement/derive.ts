import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import {
  createDefinition,
  ensureSource,
  linkSource,
  replaceAllValues,
  type ValueRow,
} from '../imports/index.ts';
import { noteChangedValues, requestPendingSync } from '../tailoring/index.ts';
import { deriveClassWeeks } from './mine.ts';

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
  const [coach] = await q<{ institution_id: number; current_day: number }>(
    'select institution_id, current_day from coaches where id = $1',
    [coachId],
  );
  if (!coach) return [];
  const today = coach.current_day;
  await q('delete from engagement_figures where coach_id = $1', [coachId]);
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
  await deriveClassWeeks(q, coachId, today);
  const figures = await q<{
    user_id: number;
    clicks_7d: number;
    clicks_14d: number;
    days_since_last: number | null;
    active_days: number;
    share: Record<string, number>;
  }>(
    'select user_id, clicks_7d, clicks_14d, days_since_last, active_days, share from engagement_figures where coach_id = $1',
    [coachId],
  );
  const types = (
    await q<{ activity_type: string }>(
      'select distinct activity_type from engagement_activity where coach_id = $1 order by 1',
      [coachId],
    )
  ).map((r) => r.activity_type);
  const inst = coach.institution_id;
  const names = [...Object.values(ENGAGEMENT_CHARACTERISTICS).map((c) => c.name)];
  // Characteristics created below may make rules naming them valid: those groups are synced whole.
  const countDefined = async () =>
    (
      await q<{ n: number }>(
        `select count(*)::int as n from characteristics
          where institution_id = $1 and (name = any($2::text[]) or name like $3)`,
        [inst, names, `${SHARE_PREFIX}%`],
      )
    )[0]?.n ?? 0;
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
  const sourceId = await ensureSource(q, inst, engagementSource(coachId), `LMS activity (coach ${coachId})`);
  const allIds = [...Object.values(ids), ...shareIds.values()];
  await linkSource(q, sourceId, allIds);
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
  const previous = await q<{ user_id: number }>(
    `select distinct user_id from student_characteristic_values
      where source_id = $1 and characteristic_id = any($2::int[]) and coach_id in (0, $3)`,
    [sourceId, allIds, coachId],
  );
  await replaceAllValues(q, inst, coachId, sourceId, allIds, rows);
  const users = [...new Set([...figures.map((f) => f.user_id), ...previous.map((r) => r.user_id)])];
  const created = (await countDefined()) !== definedBefore;
  const defined = await q<{ name: string }>(
    'select name from characteristics where institution_id = $1 and id = any($2::int[])',
    [inst, allIds],
  );
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
  const rows = await q<{ coach_id: number }>(
    `select distinct f.coach_id from engagement_figures f join coaches c on c.id = f.coach_id
      where f.as_of_day <> c.current_day`,
  );
  return rows.map((r) => r.coach_id);
}
