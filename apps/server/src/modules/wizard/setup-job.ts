/**
 * The coach set-up job (spec §4 mts step): the queue, running a set-up in one transaction, and
 * (re-)queuing set-ups. What a set-up creates: ./setup-content.ts and ./setup-characteristics.ts.
 */
import { WIZARD_ERRORS } from '@course-coach/contracts';
import type { PgBoss } from 'pg-boss';
import type { Database, Query } from '../../db/client.ts';
import { markSetupComplete, markSetupFailed, selectSettingUpCoachIds, selectSetupForRun } from './queries.ts';
import { createCoachContent, SetupError } from './setup-content.ts';
import { firstInvalidStep } from './steps.ts';

export { WIZARD_CHARACTERISTICS } from './setup-characteristics.ts';
export { SetupError } from './setup-content.ts';

/** The pg-boss queue of coach set-ups (registered in jobs/queue.ts). */
export const COACH_SETUP_QUEUE = 'coach-setup';
/** The data of a set-up job. */
export interface SetupJobData {
  coachId: number;
}

/** Where a set-up request goes: the pg-boss queue when the process has one, else run in this process. */
export type SetupRunner = { boss: PgBoss | null | undefined; database: Database };

/**
 * Test hooks (in-process only): `beforeCommit` runs inside the set-up transaction just before it
 * commits; throwing there makes the set-up fail after everything was written, which must then all be
 * rolled back.
 */
export const setupTestHooks: { beforeCommit?: (coachId: number, q: Query) => Promise<void> | void } = {};

/** How `runSetup` went: `ran` false when there was nothing to set up. */
export type SetupOutcome = { ok: true; ran: boolean } | { ok: false; message: string };

/**
 * The set-up job (spec §4 mts step): in ONE transaction holding the set-up row's lock, re-validates the
 * saved steps, creates the coach's characteristics, course characteristics, admins, bulletins, emails
 * and playbooks, and marks the set-up and the coach complete. Any failure rolls all of it back and marks
 * the set-up `failed` with the text shown after 'Sorry, there was an error setting up your coach:' (a
 * SetupError's message, else a generic one; the cause is logged). A set-up that is not `setting_up`
 * (already complete, discarded, or back in progress) is left alone, so duplicate or late jobs do nothing.
 * Does not throw.
 */
export async function runSetup(
  database: Database,
  coachId: number,
  log: (msg: string) => void = () => undefined,
): Promise<SetupOutcome> {
  try {
    const ran = await database.transaction(async (q) => {
      const setup = await selectSetupForRun(q, coachId);
      if (setup?.status !== 'setting_up') return false;
      const invalid = firstInvalidStep(setup.form_data);
      if (invalid) throw new SetupError(`The ${invalid.replace('_', ' ')} step needs to be completed again.`);
      await createCoachContent(q, setup.institution_id, coachId, setup.form_data);
      await setupTestHooks.beforeCommit?.(coachId, q);
      await markSetupComplete(q, coachId);
      return true;
    });
    if (ran) log(`coach ${coachId}: set up`);
    return { ok: true, ran };
  } catch (error) {
    const message = error instanceof SetupError ? error.message : WIZARD_ERRORS.setupFailedGeneric;
    log(`coach ${coachId}: set-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await markSetupFailed(database.query, coachId, message).catch(() => undefined);
    return { ok: false, message };
  }
}

/**
 * Runs a set-up job for `coachId` (after its set-up was marked `setting_up`): queued on pg-boss when
 * the process has a queue (it survives restarts: a job a dead worker left active is retried, and
 * `resumeSetups` re-queues set-ups left `setting_up`), else run in this process right after.
 */
export async function requestSetup(runner: SetupRunner, coachId: number): Promise<void> {
  if (runner.boss) {
    await runner.boss.send(COACH_SETUP_QUEUE, { coachId } satisfies SetupJobData, {
      retryLimit: 3,
      retryDelay: 5,
    });
    return;
  }
  setImmediate(() => {
    void runSetup(runner.database, coachId);
  });
}

/** Re-queues every set-up left `setting_up` (called when workers start). Returns their coach ids. */
export async function resumeSetups(runner: SetupRunner): Promise<number[]> {
  const coachIds = await selectSettingUpCoachIds(runner.database.query);
  for (const coachId of coachIds) await requestSetup(runner, coachId);
  return coachIds;
}
