import { fromPglite, PgBoss } from 'pg-boss';
import { purgeOldLoginFailures } from '../auth/rate-limit.ts';
import { purgeExpiredSessions } from '../auth/sessions.ts';
import { errorReason } from '../db/availability.ts';
import type { Database } from '../db/client.ts';
import { type DeliveryOptions, dispatchDueEmails, EMAIL_QUEUE } from '../modules/emails/delivery.ts';
import {
  ENGAGEMENT_QUEUE,
  type EngagementJobData,
  runEngagement,
  staleEngagementCoaches,
} from '../modules/engagement/derive.ts';
import { sweepStaleUploads } from '../modules/imports/cleanup.ts';
import {
  GUIDED_IMPORT_QUEUE,
  type GuidedImportJobData,
  resumeGuidedImports,
  runGuidedImport,
} from '../modules/imports/job.ts';
import {
  backfillLineItems,
  createDueLineItems,
  LTI_SCORE_QUEUE,
  nextScoreAttempt,
  postDueScores,
  purgeExpiredLti,
  type ScoreJobOptions,
} from '../modules/lti/index.ts';
import {
  LTI_ROSTER_NIGHTLY_QUEUE,
  LTI_ROSTER_QUEUE,
  type RosterJobData,
  syncableContexts,
  syncRoster,
} from '../modules/lti/nrps.ts';
import { sendDigests } from '../modules/notifications/index.ts';
import { sendPlaybookReminders } from '../modules/playbooks/reminders.ts';
import { purgeExpiredSaml, purgeExpiredSignOns } from '../modules/sso/index.ts';
import { sweepOrphanMemberships } from '../modules/tailoring/membership.ts';
import {
  COHORT_SYNC_QUEUE,
  resumeInterruptedSyncs,
  runSync,
  type SyncJobData,
} from '../modules/tailoring/sync.ts';
import { purgeExpired as purgeExpiredTrash } from '../modules/trash/index.ts';
import { COACH_SETUP_QUEUE, resumeSetups, runSetup, type SetupJobData } from '../modules/wizard/setup-job.ts';

/** Queue names. Every job handler is registered in `startWorkers`. */
export const QUEUES = {
  maintenance: 'maintenance',
  cohortSync: COHORT_SYNC_QUEUE,
  emails: EMAIL_QUEUE,
  coachSetup: COACH_SETUP_QUEUE,
  guidedImport: GUIDED_IMPORT_QUEUE,
  engagement: ENGAGEMENT_QUEUE,
  ltiRoster: LTI_ROSTER_QUEUE,
  ltiRosterNightly: LTI_ROSTER_NIGHTLY_QUEUE,
  ltiScores: LTI_SCORE_QUEUE,
} as const;

/** How the membership sync worker fetches its jobs (see startWorkers). */
export const SYNC_WORK_OPTIONS = { pollingIntervalSeconds: 0.5, batchSize: 10 } as const;

/** How often (ms) the same job-queue error is logged at most: pg-boss's loops retry every few seconds. */
const ERROR_LOG_INTERVAL_MS = 30_000;

/**
 * A logger for pg-boss's 'error' events that prints the same message (its worker suffix left out) at most
 * once per ERROR_LOG_INTERVAL_MS, with the count of repeats it held back: while the database is away,
 * every worker's poll fails every couple of seconds.
 */
export function throttledErrorLog(
  log: (message: string) => void,
  now: () => number = Date.now,
): (error: Error) => void {
  const last = new Map<string, { at: number; held: number }>();
  return (error) => {
    const message = errorReason(error).replace(/\s*\(Queue: [^)]*\)$/, '');
    const seen = last.get(message);
    if (seen && now() - seen.at < ERROR_LOG_INTERVAL_MS) {
      seen.held++;
      return;
    }
    const repeats = seen?.held ? ` (${seen.held} more since the last report)` : '';
    if (last.size >= 200) last.clear(); // messages naming ids: keep the memory bounded
    last.set(message, { at: now(), held: 0 });
    log(`[jobs] ${message}${repeats}`);
  };
}

/**
 * Creates the pg-boss queue on the app's own database: PostgreSQL through its connection string, or
 * PGlite through pg-boss's PGlite adapter (`backend: 'pglite'`, see pgboss.io/database-backends).
 * Call `start()` on the result; it installs pg-boss's schema (`pgboss`) on first use.
 *
 * Its 'error' event (a lost connection, a failed poll) is always handled, logged through `log`
 * (throttledErrorLog): unhandled it would end the process. pg-boss keeps its own pool, whose lost
 * connections it drops, and its workers and its LISTEN connection go on retrying, so jobs resume
 * once the database is back (README "Running against PostgreSQL").
 */
export function createQueue(
  database: Database,
  url: string | undefined,
  log: (message: string) => void = (message) => console.error(message),
): PgBoss {
  // The supervisor fails the jobs of a dead worker (missed heartbeats, see JOB_HEARTBEAT_SECONDS) on
  // its monitor pass; every 10 s instead of pg-boss's 60 s, so that another instance retries them soon.
  const supervise = { superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 };
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...supervise })
    : new PgBoss({ connectionString: url, max: 4, ...supervise });
  boss.on('error', throttledErrorLog(log));
  return boss;
}

/**
 * Heartbeat of the long jobs (membership sync, email dispatch): a worker holding one refreshes it every
 * 5 s; when an instance dies (SIGKILL, lost host) its jobs miss the heartbeat and pg-boss fails them after
 * 10 s, and retries them on a live instance (instead of after pg-boss's default 15-minute expiry).
 */
export const JOB_HEARTBEAT_SECONDS = 10;

/** Creates a queue with the job heartbeat, and sets it on a queue an older version created without. */
async function createHeartbeatQueue(boss: PgBoss, name: string): Promise<void> {
  await boss.createQueue(name, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
  await boss.updateQueue(name, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
}

/**
 * Creates the queues and registers their handlers (run by the web server when WORKERS is on, and by
 * `npm run worker`). `maintenance` runs every 15 minutes: it drops expired sessions, old sign-in failures, members of deleted
 * groups and guided-import uploads never committed within a day (modules/imports/cleanup.ts) and trash entries older than
 * 30 days (docs/trash.md).
 * `cohort-membership-sync` recomputes an Insight Group's membership (modules/tailoring/sync.ts); on start,
 * syncs left `started` without a live job are resumed. The sync and email jobs carry a heartbeat, so the
 * jobs of an instance that dies are retried by another one (JOB_HEARTBEAT_SECONDS).
 */
export async function startWorkers(
  boss: PgBoss,
  database: Database,
  log: (msg: string) => void,
  mail?: Pick<DeliveryOptions, 'transport' | 'from' | 'leaseSeconds'> & { appUrl?: string },
  lti?: { tokenKey: Buffer; scores?: ScoreJobOptions },
): Promise<void> {
  await boss.createQueue(QUEUES.maintenance);
  await boss.schedule(QUEUES.maintenance, '*/15 * * * *');
  await boss.work(QUEUES.maintenance, async () => {
    const sessions = await purgeExpiredSessions(database);
    const failures = await purgeOldLoginFailures(database);
    await purgeExpiredSignOns(database);
    await purgeExpiredSaml(database);
    await purgeExpiredLti(database);
    const memberships = await sweepOrphanMemberships(database.query);
    // Uploads never committed, after a day; engagement figures of coaches whose current day moved.
    const uploads = await sweepStaleUploads(database.query);
    // Trash entries past their 30 days (docs/trash.md).
    const trashed = await purgeExpiredTrash(database.query);
    for (const coachId of await staleEngagementCoaches(database.query)) {
      await boss.send(QUEUES.engagement, { coachId } satisfies EngagementJobData);
    }
    log(
      `maintenance: removed ${sessions} expired sessions, ${failures} old sign-in failures, ${memberships} members of deleted groups, ${uploads} uncommitted uploads and ${trashed} expired trash entries`,
    );
    return { sessions, failures, memberships, uploads, trashed };
  });
  await createHeartbeatQueue(boss, QUEUES.cohortSync);
  // Picked up within half a second (pg-boss's shortest poll; its default, 2 s, was paid again after
  // every job), up to 10 at a time: the groups one change touches are synced back to back.
  await boss.work<SyncJobData>(QUEUES.cohortSync, SYNC_WORK_OPTIONS, async (jobs) => {
    for (const job of jobs) {
      const result = await runSync(database, job.data.cohortId, boss);
      log(
        result.ok
          ? `cohort ${job.data.cohortId}: membership synced (${result.membershipCount} members; ${result.students === 'all' ? 'whole' : `${result.students} students`})`
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
  // `guided-import` commits a guided import (modules/imports/job.ts, one transaction); imports left
  // `started` without a live job are queued again. `engagement-derive` derives a coach's engagement
  // figures from its activity log (modules/engagement/derive.ts).
  const importRunner = { boss, database };
  await createHeartbeatQueue(boss, QUEUES.guidedImport);
  await boss.work<GuidedImportJobData>(QUEUES.guidedImport, async (jobs) => {
    for (const job of jobs) await runGuidedImport(importRunner, job.data.importId);
  });
  const imports = await resumeGuidedImports(importRunner);
  if (imports.length > 0) log(`resumed interrupted imports ${imports.join(', ')}`);
  await createHeartbeatQueue(boss, QUEUES.engagement);
  await boss.work<EngagementJobData>(QUEUES.engagement, async (jobs) => {
    for (const job of jobs) await runEngagement(importRunner, job.data.coachId);
  });
  if (lti) {
    // `lti-roster-sync` syncs one linked LMS course's roster over NRPS (modules/lti/nrps.ts), queued by a
    // launch and, every night at 03:00 UTC, by `lti-roster-nightly` for every linked course (docs/lti.md).
    await boss.createQueue(QUEUES.ltiRoster, { retryLimit: 2, retryDelay: 60, retryBackoff: true });
    await boss.work<RosterJobData>(QUEUES.ltiRoster, async (jobs) => {
      for (const job of jobs) {
        // A backfill of the course's line items first (docs/lti.md, Grades): made by the score job.
        if ((await backfillLineItems(database.query, job.data.contextId)) > 0)
          await boss.send(QUEUES.ltiScores, {});
        const outcome = await syncRoster(database, lti.tokenKey, job.data.contextId);
        log(
          outcome.ok
            ? `LTI course ${job.data.contextId}: roster synced (${outcome.added} added, ${outcome.removed} removed, ${outcome.unchanged} unchanged)`
            : `LTI course ${job.data.contextId}: roster sync failed: ${outcome.error}`,
        );
      }
    });
    await boss.createQueue(QUEUES.ltiRosterNightly);
    await boss.schedule(QUEUES.ltiRosterNightly, '0 3 * * *');
    await boss.work(QUEUES.ltiRosterNightly, async () => {
      for (const contextId of await syncableContexts(database))
        await boss.send(QUEUES.ltiRoster, { contextId } satisfies RosterJobData);
    });
    // `lti-score-post` posts the scores of credits earned in linked courses (modules/lti/scores.ts): every
    // minute, when a credit is noted, and when the next retry of a failed post is due (docs/lti.md, Grades).
    await boss.createQueue(QUEUES.ltiScores);
    await boss.schedule(QUEUES.ltiScores, '* * * * *');
    await boss.work(QUEUES.ltiScores, async () => {
      // Line items up front first (modules/lti/line-items.ts), then the scores.
      const items = await createDueLineItems(database, lti.tokenKey, lti.scores);
      if (items.created + items.retrying + items.failed > 0)
        log(`LTI line items: ${items.created} created, ${items.retrying} to retry, ${items.failed} failed`);
      const run = await postDueScores(database, lti.tokenKey, lti.scores);
      if (run.posted + run.retrying + run.failed > 0)
        log(`LTI scores: ${run.posted} posted, ${run.retrying} to retry, ${run.failed} failed`);
      const next = await nextScoreAttempt(database);
      if (next && run.retrying + items.retrying > 0)
        await boss.send(QUEUES.ltiScores, {}, { startAfter: new Date(Math.max(next.getTime(), Date.now())) });
      return run;
    });
    await boss.send(QUEUES.ltiScores, {});
  }
  if (mail) {
    // `email-dispatch` sends every due email (and takes over those whose sending run died); it runs every
    // minute, at each email's send time (queued when saved) and once now (modules/emails/delivery.ts).
    await createHeartbeatQueue(boss, QUEUES.emails);
    await boss.schedule(QUEUES.emails, '* * * * *');
    await boss.work(QUEUES.emails, async () => {
      for (const { emailId, result } of await dispatchDueEmails(database, mail)) {
        if (result.ran)
          log(
            `email ${emailId}: ${result.sent} sent, ${result.failed} refused by the server${result.delivered ? ', delivered' : ''}`,
          );
      }
      // Playbook reminders go out with the e-mails, once per student and kind (modules/playbooks/reminders.ts).
      const reminders = await sendPlaybookReminders(database, mail);
      if (reminders.sent + reminders.failed > 0)
        log(`playbook reminders: ${reminders.sent} sent, ${reminders.failed} refused by the server`);
      // Notification digests, once per user and period (modules/notifications/digest.ts).
      if (mail.appUrl) {
        const digests = await sendDigests(database, { ...mail, appUrl: mail.appUrl });
        if (digests.sent + digests.failed > 0)
          log(`notification digests: ${digests.sent} sent, ${digests.failed} refused by the server`);
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
