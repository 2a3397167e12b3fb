import type { MembershipTask } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import {
  type MembershipChange,
  recomputeMembership,
  recomputeStudents,
  recountQualifying,
} from './membership.ts';

/** The pg-boss queue of membership syncs (registered in jobs/queue.ts). */
export const COHORT_SYNC_QUEUE = 'cohort-membership-sync';
/** Advisory lock namespace of a running sync: (this, cohort id) is held for the sync's transaction. */
const SYNC_LOCK_NAMESPACE = 72_620_004;
/** work_mem of a sync's transaction: its hash joins hold one row per enrolled student and rule. */
export const SYNC_WORK_MEM = '128MB';

/**
 * Above this many changed students a change is synced whole (one set-wise statement over the enrolment)
 * rather than student by student (docs/design.md "Membership sync").
 */
export const STUDENT_SYNC_LIMIT = 1000;

/** The payload of a membership sync job. */
export interface SyncJobData {
  cohortId: number;
}

/**
 * Where a sync request goes: the pg-boss queue when the process has one, else (tests, scripts) the sync
 * runs in this process right after the request. Either way the task state lives in the database.
 */
export type SyncRunner = { boss: PgBoss | null | undefined; database: Database };

interface TaskRow {
  state: 'started' | 'success' | 'failure';
  started_at: Date | string | null;
  success_at: Date | string | null;
  failure_at: Date | string | null;
  failure_message: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The task row as the spec's membership update task (`started`/`success`, each with `date_done`). */
export function taskOut(row: TaskRow | undefined): MembershipTask {
  if (!row) return { state: 'never', started: null, success: null, failure: null };
  const started = iso(row.started_at);
  const success = iso(row.success_at);
  const failure = iso(row.failure_at);
  return {
    state: row.state,
    started: started ? { date_done: started } : null,
    success: success ? { date_done: success } : null,
    failure: failure ? { date_done: failure, message: row.failure_message ?? '' } : null,
  };
}

/** The membership update task of a cohort. */
export async function taskStatus(q: Query, cohortId: number): Promise<MembershipTask> {
  const rows = await q<TaskRow>(
    'select state, started_at, success_at, failure_at, failure_message from cohort_sync_tasks where cohort_id = $1',
    [cohortId],
  );
  return taskOut(rows[0]);
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
 * Spec §4 "Cohort sync": starts a membership sync unless one is started. Returns whether it started
 * one. The work is queued (or run in-process without a queue).
 */
export async function triggerSync(runner: SyncRunner, cohortId: number): Promise<boolean> {
  const started = await markStarted(runner.database.query, cohortId);
  if (started) await dispatch(runner, cohortId);
  return started;
}

/**
 * Membership must be recomputed (rules changed, data imported): starts a sync, or when one is already
 * started, queues another run after it so that the change is not missed.
 */
export async function requestResync(runner: SyncRunner, cohortId: number): Promise<void> {
  await markStarted(runner.database.query, cohortId, true);
  await dispatch(runner, cohortId);
}

/**
 * Values changed for some students (call it inside the transaction that changed them): finds the Insight
 * Groups of the institution (of one coach when `coachId` is given) with a rule reading one of
 * `characteristics` (by name), other than `except`; for each, records the students in
 * `cohort_sync_pending` (a row already there is rewritten, so it stays locked until the caller commits
 * and a run cannot take it before then) and marks its task started — or, when `users` is null (unknown, or everyone) or
 * longer than STUDENT_SYNC_LIMIT, asks for a whole recomputation. Returns the groups, whose syncs the
 * caller requests after the commit with {@link requestPendingSync}. docs/design.md "Membership sync".
 */
export async function noteChangedValues(
  q: Query,
  where: { institutionId: number; coachId?: number; except?: number },
  characteristics: string[],
  users: number[] | null,
): Promise<number[]> {
  if (characteristics.length === 0 || users?.length === 0) return [];
  const affected = await q<{ id: number }>(
    `select distinct c.id from cohorts c join cohort_rules r on r.cohort_id = c.id
      where c.institution_id = $1 and r.characteristic = any($2::text[])
        and ($3::int is null or c.coach_id = $3) and ($4::int is null or c.id <> $4) order by c.id`,
    [where.institutionId, characteristics, where.coachId ?? null, where.except ?? null],
  );
  const ids = affected.map((c) => c.id);
  const few = users !== null && users.length <= STUDENT_SYNC_LIMIT;
  if (few && ids.length > 0) {
    // `do update`, not `do nothing`: a row already pending is locked (and rewritten) until this
    // transaction commits, so a run taking the pending students waits for the commit and then sees the
    // values written here. With `do nothing` a run could take (delete) that row while this transaction
    // was still open, recompute the student from the values before it, and leave nothing pending for
    // them. Sorted, so that two writers lock the same rows in the same order.
    await q(
      `insert into cohort_sync_pending (cohort_id, user_id)
       select c, u from unnest($1::int[]) as a(c), unnest($2::int[]) as b(u)
       on conflict (cohort_id, user_id) do update set user_id = excluded.user_id`,
      [ids, [...new Set(users)].sort((a, b) => a - b)],
    );
  }
  for (const id of ids) await markStarted(q, id, true, !few);
  return ids;
}

/**
 * After the commit of a change recorded by {@link noteChangedValues}: requests the group's sync again
 * (so that a run that began before the commit does not end the task) without asking for a whole one.
 */
export async function requestPendingSync(runner: SyncRunner, cohortId: number): Promise<void> {
  await markStarted(runner.database.query, cohortId, true, false);
  await dispatch(runner, cohortId);
}

async function dispatch(runner: SyncRunner, cohortId: number): Promise<void> {
  if (runner.boss) {
    await runner.boss.send(COHORT_SYNC_QUEUE, { cohortId } satisfies SyncJobData, {
      retryLimit: 3,
      retryDelay: 5,
    });
    return;
  }
  setImmediate(() => {
    void runSync(runner.database, cohortId, runner.boss).catch(() => undefined);
  });
}

/**
 * The sync job (docs/design.md "Membership sync"). In one transaction holding the cohort's advisory lock:
 * when a whole recomputation was asked for (or more than STUDENT_SYNC_LIMIT students are pending), it
 * recomputes the membership whole (and drops the pending students); else it recomputes only the pending
 * students' membership (taking them off the list). Groups reading this group's membership
 * characteristic are then owed the students who joined or left. The task is marked `success` in the same
 * transaction after a whole run; after a per-student run, the rules' qualifying counts are recounted in a
 * second transaction, which marks it; a run that finds nothing pending recounts them before it ends the
 * task (an earlier run's recount may still be owed). A run does not end the task when `requested_at`
 * changed after it read it (a later request, or one made inside a writer's transaction that committed
 * after the run started).
 * On an error the transaction rolls back (membership, counts, pending students and the written-back
 * characteristic stay as they were) and the task is marked `failure` with the message. Returns the
 * outcome; does not throw.
 */
export async function runSync(
  database: Database,
  cohortId: number,
  boss?: PgBoss | null,
): Promise<{ ok: true; membershipCount: number; students: number | 'all' } | { ok: false; message: string }> {
  try {
    const outcome = await database.transaction(async (q) => {
      await q('select pg_advisory_xact_lock($1, $2)', [SYNC_LOCK_NAMESPACE, cohortId]);
      // Room for the per-rule hash joins over a large enrolment (this transaction only).
      await q(`set local work_mem = '${SYNC_WORK_MEM}'`);
      const [cohort] = await q<{ institution_id: number; characteristic: string | null }>(
        'select institution_id, characteristic from cohorts where id = $1',
        [cohortId],
      );
      if (!cohort) return null;
      // The requests this run serves: those seen here. A request made later, or made earlier inside a
      // writer's transaction that commits later (whose data this run may not see), changes requested_at,
      // and then this run does not end the task (markSuccess). As text: node-postgres would turn a
      // timestamptz into a Date and drop the microseconds.
      const [task] = await q<{ full_requested: boolean; seen: string | null }>(
        'select full_requested, requested_at::text as seen from cohort_sync_tasks where cohort_id = $1',
        [cohortId],
      );
      const seen = task?.seen ?? null;
      const pending = (
        await q<{ user_id: number }>(
          'delete from cohort_sync_pending where cohort_id = $1 returning user_id',
          [cohortId],
        )
      ).map((r) => r.user_id);
      const whole = task?.full_requested !== false || pending.length > STUDENT_SYNC_LIMIT;
      let count: number;
      let change: MembershipChange = [];
      if (whole) {
        const result = await recomputeMembership(q, cohortId);
        count = result.membershipCount;
        change = result.change;
      } else if (pending.length > 0) {
        const result = await recomputeStudents(q, cohortId, pending);
        count = result.membershipCount;
        change = result.change;
      } else {
        const [row] = await q<{ n: number }>('select membership_count as n from cohorts where id = $1', [
          cohortId,
        ]);
        count = row?.n ?? 0;
        // Nothing pending, but this run may end the task while an earlier per-student run has yet to
        // recount (its second transaction): recount here so that a `success` task has true counts.
        await recountQualifying(q, cohortId);
      }
      const owed =
        cohort.characteristic && change.length > 0
          ? await noteChangedValues(
              q,
              { institutionId: cohort.institution_id, except: cohortId },
              [cohort.characteristic],
              change === 'all' ? null : change,
            )
          : [];
      // After a per-student run the qualifying counts are recounted before the task ends (below).
      if (whole || pending.length === 0) await markSuccess(q, cohortId, seen, whole);
      return { count, owed, seen, students: whole ? ('all' as const) : pending.length };
    });
    if (!outcome) return { ok: true, membershipCount: 0, students: 0 };
    for (const id of outcome.owed) await requestPendingSync({ boss, database }, id);
    if (typeof outcome.students === 'number' && outcome.students > 0) {
      await database.transaction(async (q) => {
        await q('select pg_advisory_xact_lock($1, $2)', [SYNC_LOCK_NAMESPACE, cohortId]);
        await q(`set local work_mem = '${SYNC_WORK_MEM}'`);
        await recountQualifying(q, cohortId);
        await markSuccess(q, cohortId, outcome.seen, false);
      });
    }
    return { ok: true, membershipCount: outcome.count, students: outcome.students };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await database
      .query(
        `update cohort_sync_tasks set state = 'failure', failure_at = now(), failure_message = $2 where cohort_id = $1`,
        [cohortId, message.slice(0, 500)],
      )
      .catch(() => undefined);
    return { ok: false, message };
  }
}

/**
 * Ends a run: the task becomes `success` unless a request came after the run read the task (`seen`,
 * the requested_at it read; any later request changes it); a whole run also clears the request for a
 * whole recomputation it served.
 */
async function markSuccess(q: Query, cohortId: number, seen: string | null, whole: boolean): Promise<void> {
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

/**
 * Resumes syncs left `started` without a job to finish them (e.g. the process stopped between marking
 * the task and queueing the job): every started task whose advisory lock is free and that has no
 * queued, retrying or running job is queued again. Called when workers start.
 * Returns the cohort ids resumed.
 */
export async function resumeInterruptedSyncs(runner: SyncRunner): Promise<number[]> {
  const started = await runner.database.query<{ cohort_id: number }>(
    `select cohort_id from cohort_sync_tasks where state = 'started' order by cohort_id`,
  );
  const resumed: number[] = [];
  for (const { cohort_id } of started) {
    const free = await runner.database.transaction(async (q) => {
      const [row] = await q<{ ok: boolean }>('select pg_try_advisory_xact_lock($1, $2) as ok', [
        SYNC_LOCK_NAMESPACE,
        cohort_id,
      ]);
      return row?.ok === true;
    });
    if (!free) continue;
    // A queued, retrying or running job will serve it (the job of a dead worker misses its heartbeat
    // and is retried by pg-boss): a second one would run the same sync twice.
    if (runner.boss) {
      const live = await runner.database.query(
        `select 1 from pgboss.job where name = $1 and data @> $2::jsonb and state in ('created', 'retry', 'active') limit 1`,
        [COHORT_SYNC_QUEUE, JSON.stringify({ cohortId: cohort_id })],
      );
      if (live.length > 0) continue;
    }
    resumed.push(cohort_id);
    await dispatch(runner, cohort_id);
  }
  return resumed;
}
