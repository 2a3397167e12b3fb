import type { MembershipTask } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import {
  type MembershipChange,
  recomputeMembership,
  recomputeStudents,
  recountQualifying,
} from './membership.ts';
import {
  hasLiveJob,
  insertPending,
  lockSync,
  markFailure,
  markStarted,
  markSuccess,
  selectMembershipCount,
  selectReadingCohorts,
  selectStartedTasks,
  selectSyncCohort,
  selectTask,
  selectTaskRequest,
  setSyncWorkMem,
  type TaskRow,
  takePending,
  tryLockSync,
} from './sync-queries.ts';

/** The pg-boss queue of membership syncs (registered in jobs/queue.ts). */
export const COHORT_SYNC_QUEUE = 'cohort-membership-sync';
export { SYNC_WORK_MEM } from './sync-queries.ts';

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
  return taskOut(await selectTask(q, cohortId));
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
  const ids = await selectReadingCohorts(q, where, characteristics);
  const few = users !== null && users.length <= STUDENT_SYNC_LIMIT;
  if (few && ids.length > 0) {
    // `do update`, not `do nothing`: a row already pending is locked (and rewritten) until this
    // transaction commits, so a run taking the pending students waits for the commit and then sees the
    // values written here. With `do nothing` a run could take (delete) that row while this transaction
    // was still open, recompute the student from the values before it, and leave nothing pending for
    // them. Sorted, so that two writers lock the same rows in the same order.
    await insertPending(
      q,
      ids,
      [...new Set(users)].sort((a, b) => a - b),
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
      await lockSync(q, cohortId);
      // Room for the per-rule hash joins over a large enrolment (this transaction only).
      await setSyncWorkMem(q);
      const cohort = await selectSyncCohort(q, cohortId);
      if (!cohort) return null;
      // The requests this run serves: those seen here. A request made later, or made earlier inside a
      // writer's transaction that commits later (whose data this run may not see), changes requested_at,
      // and then this run does not end the task (markSuccess). As text: node-postgres would turn a
      // timestamptz into a Date and drop the microseconds.
      const task = await selectTaskRequest(q, cohortId);
      const seen = task?.seen ?? null;
      const pending = await takePending(q, cohortId);
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
        count = (await selectMembershipCount(q, cohortId)) ?? 0;
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
        await lockSync(q, cohortId);
        await setSyncWorkMem(q);
        await recountQualifying(q, cohortId);
        await markSuccess(q, cohortId, outcome.seen, false);
      });
    }
    return { ok: true, membershipCount: outcome.count, students: outcome.students };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await markFailure(database.query, cohortId, message.slice(0, 500)).catch(() => undefined);
    return { ok: false, message };
  }
}

/**
 * Resumes syncs left `started` without a job to finish them (e.g. the process stopped between marking
 * the task and queueing the job): every started task whose advisory lock is free and that has no
 * queued, retrying or running job is queued again. Called when workers start.
 * Returns the cohort ids resumed.
 */
export async function resumeInterruptedSyncs(runner: SyncRunner): Promise<number[]> {
  const started = await selectStartedTasks(runner.database.query);
  const resumed: number[] = [];
  for (const { cohort_id } of started) {
    const free = await runner.database.transaction((q) => tryLockSync(q, cohort_id));
    if (!free) continue;
    // A queued, retrying or running job will serve it (the job of a dead worker misses its heartbeat
    // and is retried by pg-boss): a second one would run the same sync twice.
    if (runner.boss) {
      if (await hasLiveJob(runner.database.query, COHORT_SYNC_QUEUE, { cohortId: cohort_id })) continue;
    }
    resumed.push(cohort_id);
    await dispatch(runner, cohort_id);
  }
  return resumed;
}
