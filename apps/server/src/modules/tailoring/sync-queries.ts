/**
 * Tailoring's SQL of the membership sync's bookkeeping (docs/design.md "Membership sync"): the task of a
 * group (started, success, failure; what was requested), the students pending a sync, the groups reading
 * a characteristic, the sync's advisory lock and work_mem, and the queue's live jobs. When a sync runs and
 * what it recomputes are ./sync.ts's; the membership statement is ./membership.ts's.
 */
import type { Query } from '../../db/client.ts';
import type { cohortSyncTasks, cohorts } from '../../db/schema/index.ts';

/** Advisory lock namespace of a running sync: (this, cohort id) is held for the sync's transaction. */
const SYNC_LOCK_NAMESPACE = 72_620_004;
/** work_mem of a sync's transaction: its hash joins hold one row per enrolled student and rule. */
export const SYNC_WORK_MEM = '128MB';

/** A group's sync task as stored (the timestamps as the driver hands them over: a Date, or its text). */
export type TaskRow = Pick<typeof cohortSyncTasks.$inferSelect, 'state' | 'failure_message'> & {
  started_at: Date | string | null;
  success_at: Date | string | null;
  failure_at: Date | string | null;
};

/** The sync task of group `cohortId`, or undefined when it was never synced. */
export async function selectTask(q: Query, cohortId: number): Promise<TaskRow | undefined> {
  const rows = await q<TaskRow>(
    'select state, started_at, success_at, failure_at, failure_message from cohort_sync_tasks where cohort_id = $1',
    [cohortId],
  );
  return rows[0];
}

/**
 * Marks a cohort's sync `started` unless it already is, in one statement (so two triggers at once
 * start one sync). Returns true when this call started it. `force` (a recomputation is needed because
 * rules or data changed) also records the request time when a sync is already started, so that the
 * running one does not end the task and the queued one does. `full` (default) asks for a whole
 * recomputation; false asks only for that of the students listed in `cohort_sync_pending` (a whole one
 * already asked for stays asked for).
 */
export async function markStarted(q: Query, cohortId: number, force = false, full = true): Promise<boolean> {
  const rows = await q<{ started: boolean }>(
    `insert into cohort_sync_tasks (cohort_id, institution_id, state, started_at, requested_at, full_requested)
     select id, institution_id, 'started', now(), clock_timestamp(), $3 from cohorts where id = $1
     on conflict (cohort_id) do update
       set state = 'started',
           full_requested = cohort_sync_tasks.full_requested or $3,
           started_at = case when cohort_sync_tasks.state = 'started' then cohort_sync_tasks.started_at else now() end,
           -- Strictly increasing (a coarse clock may repeat): a run compares it for equality.
           requested_at = greatest(clock_timestamp(), cohort_sync_tasks.requested_at + interval '1 microsecond')
      where cohort_sync_tasks.state <> 'started' or $2::bool
     returning (xmax = 0 or started_at = now()) as started`,
    [cohortId, force, full],
  );
  return rows.length > 0 && rows[0]!.started;
}

/**
 * The ids of the Insight Groups of institution `where.institutionId` (of coach `where.coachId` when
 * given) with a rule reading one of `characteristics` (by name), other than `where.except`; by id.
 */
export async function selectReadingCohorts(
  q: Query,
  where: { institutionId: number; coachId?: number; except?: number },
  characteristics: string[],
): Promise<number[]> {
  const affected = await q<{ id: number }>(
    `select distinct c.id from cohorts c join cohort_rules r on r.cohort_id = c.id
      where c.institution_id = $1 and r.characteristic = any($2::text[])
        and ($3::int is null or c.coach_id = $3) and ($4::int is null or c.id <> $4) order by c.id`,
    [where.institutionId, characteristics, where.coachId ?? null, where.except ?? null],
  );
  return affected.map((c) => c.id);
}

/**
 * Records every student of `userIds` (sorted, so that two writers lock the same rows in the same order)
 * as pending a sync of every group of `cohortIds`; a row already there is rewritten (`do update`), so it
 * stays locked until the caller commits (./sync.ts `noteChangedValues` says why).
 */
export async function insertPending(q: Query, cohortIds: number[], userIds: number[]): Promise<void> {
  await q(
    `insert into cohort_sync_pending (cohort_id, user_id)
       select c, u from unnest($1::int[]) as a(c), unnest($2::int[]) as b(u)
       on conflict (cohort_id, user_id) do update set user_id = excluded.user_id`,
    [cohortIds, userIds],
  );
}

/** Takes group `cohortId`'s sync lock for this transaction, waiting for a running sync to end. */
export async function lockSync(q: Query, cohortId: number): Promise<void> {
  await q('select pg_advisory_xact_lock($1, $2)', [SYNC_LOCK_NAMESPACE, cohortId]);
}

/** Takes group `cohortId`'s sync lock for this transaction if it is free; whether it was. */
export async function tryLockSync(q: Query, cohortId: number): Promise<boolean> {
  const [row] = await q<{ ok: boolean }>('select pg_try_advisory_xact_lock($1, $2) as ok', [
    SYNC_LOCK_NAMESPACE,
    cohortId,
  ]);
  return row?.ok === true;
}

/** Sets this transaction's work_mem to SYNC_WORK_MEM. */
export async function setSyncWorkMem(q: Query): Promise<void> {
  await q(`set local work_mem = '${SYNC_WORK_MEM}'`);
}

/** What a sync needs of its group: the institution and the characteristic its membership is written to. */
export type SyncCohortRow = Pick<typeof cohorts.$inferSelect, 'institution_id' | 'characteristic'>;

/** Group `cohortId`'s institution and membership characteristic, or undefined when there is no such group. */
export async function selectSyncCohort(q: Query, cohortId: number): Promise<SyncCohortRow | undefined> {
  const [cohort] = await q<SyncCohortRow>(
    'select institution_id, characteristic from cohorts where id = $1',
    [cohortId],
  );
  return cohort;
}

/**
 * What group `cohortId`'s task asks for: a whole recomputation or not, and the request version it was
 * read at (`seen`: requested_at as text, as node-postgres would turn a timestamptz into a Date and drop
 * the microseconds); undefined when it has no task.
 */
export async function selectTaskRequest(
  q: Query,
  cohortId: number,
): Promise<{ full_requested: boolean; seen: string | null } | undefined> {
  const [task] = await q<{ full_requested: boolean; seen: string | null }>(
    'select full_requested, requested_at::text as seen from cohort_sync_tasks where cohort_id = $1',
    [cohortId],
  );
  return task;
}

/** Takes (deletes) the students pending a sync of group `cohortId`; their ids. */
export async function takePending(q: Query, cohortId: number): Promise<number[]> {
  return (
    await q<{ user_id: number }>('delete from cohort_sync_pending where cohort_id = $1 returning user_id', [
      cohortId,
    ])
  ).map((r) => r.user_id);
}

/** Group `cohortId`'s stored membership count, or undefined when there is no such group. */
export async function selectMembershipCount(q: Query, cohortId: number): Promise<number | undefined> {
  const [row] = await q<{ n: number }>('select membership_count as n from cohorts where id = $1', [cohortId]);
  return row?.n;
}

/**
 * Ends a run: the task becomes `success` unless a request came after the run read the task (`seen`,
 * the requested_at it read; any later request changes it); a whole run also clears the request for a
 * whole recomputation it served.
 */
export async function markSuccess(
  q: Query,
  cohortId: number,
  seen: string | null,
  whole: boolean,
): Promise<void> {
  await q(
    `insert into cohort_sync_tasks (cohort_id, institution_id, state, started_at, success_at, full_requested)
     select id, institution_id, 'success', now(), now(), false from cohorts where id = $1
     on conflict (cohort_id) do update
       set state = case when cohort_sync_tasks.requested_at is distinct from $2::timestamptz
                        then cohort_sync_tasks.state else 'success' end,
           success_at = case when cohort_sync_tasks.requested_at is distinct from $2::timestamptz
                             then cohort_sync_tasks.success_at else now() end,
           full_requested = case when cohort_sync_tasks.requested_at is distinct from $2::timestamptz
                                   or not $3::bool
                                 then cohort_sync_tasks.full_requested else false end`,
    [cohortId, seen, whole],
  );
}

/** Marks group `cohortId`'s task `failure`, now, with `message` (the caller shortens it). */
export async function markFailure(q: Query, cohortId: number, message: string): Promise<void> {
  await q(
    `update cohort_sync_tasks set state = 'failure', failure_at = now(), failure_message = $2 where cohort_id = $1`,
    [cohortId, message],
  );
}

/** The groups whose task is `started`, by id. */
export function selectStartedTasks(q: Query): Promise<Array<{ cohort_id: number }>> {
  return q<{ cohort_id: number }>(
    `select cohort_id from cohort_sync_tasks where state = 'started' order by cohort_id`,
  );
}

/** Whether pg-boss has a queued, retrying or running job of `queue` whose data holds `data`. */
export async function hasLiveJob(q: Query, queue: string, data: Record<string, unknown>): Promise<boolean> {
  const live = await q(
    `select 1 from pgboss.job where name = $1 and data @> $2::jsonb and state in ('created', 'retry', 'active') limit 1`,
    [queue, JSON.stringify(data)],
  );
  return live.length > 0;
}
