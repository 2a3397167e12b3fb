import { fromPglite, PgBoss } from 'pg-boss';
import { purgeOldLoginFailures } from '../auth/rate-limit.ts';
import { purgeExpiredSessions } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { type DeliveryOptions, dispatchDueEmails, EMAIL_QUEUE } from '../modules/emails/delivery.ts';
import { sweepOrphanMemberships } from '../modules/tailoring/membership.ts';
import {
  COHORT_SYNC_QUEUE,
  resumeInterruptedSyncs,
  runSync,
  type SyncJobData,
} from '../modules/tailoring/sync.ts';
import { COACH_SETUP_QUEUE, resumeSetups, runSetup, type SetupJobData } from '../modules/wizard/setup-job.ts';

/** Queue names. Every job handler is registered in `startWorkers`. */
export const QUEUES = {
  maintenance: 'maintenance',
  cohortSync: COHORT_SYNC_QUEUE,
  emails: EMAIL_QUEUE,
  coachSetup: COACH_SETUP_QUEUE,
} as const;

/**
 * Creates the pg-boss queue on the app's own database: PostgreSQL through its connection string, or
 * PGlite through pg-boss's PGlite adapter (`backend: 'pglite'`, see pgboss.io/database-backends).
 * Call `start()` on the result; it installs pg-boss's schema (`pgboss`) on first use.
 */
export function createQueue(database: Database, url: string | undefined): PgBoss {
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite' })
    : new PgBoss({ connectionString: url, max: 4 });
  return boss;
}

/**
 * Creates the queues and registers their handlers (run by the web server when WORKERS is on, and by
 * `npm run worker`). `maintenance` runs every 15 minutes: it drops expired sessions and old sign-in failures.
 * `cohort-membership-sync` recomputes an Insight Group's membership (modules/tailoring/sync.ts); on start,
 * syncs a dead worker left `started` are resumed.
 */
export async function startWorkers(
  boss: PgBoss,
  database: Database,
  log: (msg: string) => void,
  mail?: Pick<DeliveryOptions, 'transport' | 'from' | 'leaseSeconds'>,
): Promise<void> {
  await boss.createQueue(QUEUES.maintenance);
  await boss.schedule(QUEUES.maintenance, '*/15 * * * *');
  await boss.work(QUEUES.maintenance, async () => {
    const sessions = await purgeExpiredSessions(database);
    const failures = await purgeOldLoginFailures(database);
    const memberships = await sweepOrphanMemberships(database.query);
    log(
      `maintenance: removed ${sessions} expired sessions, ${failures} old sign-in failures and ${memberships} members of deleted groups`,
    );
    return { sessions, failures, memberships };
  });
  await boss.createQueue(QUEUES.cohortSync);
  await boss.work<SyncJobData>(QUEUES.cohortSync, async (jobs) => {
    for (const job of jobs) {
      const result = await runSync(database, job.data.cohortId);
      log(
        result.ok
          ? `cohort ${job.data.cohortId}: membership synced (${result.membershipCount} members)`
          : `cohort ${job.data.cohortId}: sync failed: ${result.message}`,
      );
    }
  });
  const resumed = await resumeInterruptedSyncs({ boss, database });
  if (resumed.length > 0) log(`resumed interrupted membership syncs of cohorts ${resumed.join(', ')}`);
  // `coach-setup` runs the coach setup wizard's set-up job (modules/wizard/setup-job.ts); set-ups a dead
  // worker left `setting_up` are queued again (the job is one transaction, so nothing was half written).
  await boss.createQueue(QUEUES.coachSetup);
  await boss.work<SetupJobData>(QUEUES.coachSetup, async (jobs) => {
    for (const job of jobs) await runSetup(database, job.data.coachId, log);
  });
  const setups = await resumeSetups({ boss, database });
  if (setups.length > 0) log(`resumed interrupted set-ups of coaches ${setups.join(', ')}`);
  if (mail) {
    // `email-dispatch` sends every due email (and takes over those whose sending run died); it runs every
    // minute, at each email's send time (queued when saved) and once now (modules/emails/delivery.ts).
    await boss.createQueue(QUEUES.emails);
    await boss.schedule(QUEUES.emails, '* * * * *');
    await boss.work(QUEUES.emails, async () => {
      for (const { emailId, result } of await dispatchDueEmails(database, mail)) {
        if (result.ran)
          log(
            `email ${emailId}: ${result.sent} sent, ${result.failed} refused by the server${result.delivered ? ', delivered' : ''}`,
          );
      }
      // An email another run holds: look again when its lease runs out (that run may have died).
      const [held] = await database.query<{ at: string | Date | null }>(
        `select min(lease_until) as at from emails where state = 'sending'`,
      );
      if (held?.at) {
        await boss.send(QUEUES.emails, {}, { startAfter: new Date(new Date(held.at).getTime() + 1000) });
      }
    });
    await boss.send(QUEUES.emails, {});
  }
}
