import { randomUUID } from 'node:crypto';
import type { StudentValue } from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import type { Database, Query } from '../../db/client.ts';
import {
  claimRecipient,
  countUnconfirmed,
  extendLease,
  finishRun,
  markDelivered,
  releaseClaim,
  renewLease,
  selectDefaults,
  selectDueEmails,
  selectUnclaimedRecipients,
  selectValues,
  takeLease,
  unconfirmOtherClaims,
} from './delivery-queries.ts';
import { selectSections } from './queries.ts';
import { renderEmail, withText } from './render.ts';
import { SMTP_CONNECTIONS } from './transport.ts';

/** The pg-boss queue of email sending (registered in jobs/queue.ts; scheduled every minute). */
export const EMAIL_QUEUE = 'email-dispatch';
/** How long a run holds an email before another run may take it over (renewed every chunk). */
export const DEFAULT_LEASE_SECONDS = 120;
/** Recipients read (and their characteristic values loaded) per round. */
const CHUNK = 500;
/** Delivered marks written per statement (each also renews the run's lease). */
export const MARK_EVERY = 50;

export interface DeliveryOptions {
  transport: Transporter;
  from: string;
  /** Lease length (tests shorten it to simulate a dead worker's lease running out). */
  leaseSeconds?: number;
  /** Messages in flight at once (default: the SMTP pool's connection count). */
  concurrency?: number;
  /**
   * Called after the SMTP server accepted a message and before its delivery is recorded: a test throws
   * here to simulate a worker that dies mid-batch (the run stops at once and records nothing more).
   */
  afterSend?: (userId: number) => void;
}

export type DeliveryResult =
  | { ran: false }
  | { ran: true; sent: number; failed: number; unconfirmed: number; delivered: boolean };

/**
 * Values of the given characteristics for a set of users in a coach (any source; institution-wide and
 * that coach's enrolment values), plus each characteristic's default.
 */
export async function valuesOf(
  q: Query,
  institutionId: number,
  coachId: number,
  names: string[],
  userIds: number[],
): Promise<Map<number, StudentValue[]>> {
  const out = new Map<number, StudentValue[]>(userIds.map((u) => [u, []]));
  if (names.length === 0 || userIds.length === 0) return out;
  const rows = await selectValues(q, institutionId, coachId, names, userIds);
  for (const r of rows) out.get(r.user_id)?.push({ name: r.name, value: r.value, num: r.num });
  const defaults = await selectDefaults(q, institutionId, names);
  for (const [, list] of out) {
    for (const d of defaults) {
      if (list.some((v) => v.name === d.name)) continue;
      const n = Number(d.default_value);
      list.push({
        name: d.name,
        value: d.default_value,
        num: d.kind === 'range' && Number.isFinite(n) ? n : null,
      });
    }
  }
  return out;
}

/**
 * Sends one email to every recipient that has not had it yet. Idempotent and safe with
 * any number of workers:
 *
 * 1. The run takes the email's lease (state `sending`, its run id, `lease_until`) when the email is due
 *    (`scheduled`, send time come) or its previous run's lease ran out (that run died). Otherwise it
 *    does nothing.
 * 2. Claims a previous run left behind are marked `unconfirmed`: that run may have handed them to SMTP
 *    before dying, so they are never sent again.
 * 3. For each recipient without a delivery row: insert the row (`claimed`) and commit, *then* render the
 *    student's version and hand it to SMTP. The primary key (email, user) makes a second claim
 *    impossible. Accepted messages are marked `delivered` (in batches); a refused one has its claim
 *    deleted, so a later run tries again.
 * 4. When every recipient has a row, the email is `delivered`. If some sends were refused it goes back
 *    to `scheduled` (the next run retries those recipients).
 */
export async function deliverEmail(
  database: Database,
  emailId: number,
  opts: DeliveryOptions,
): Promise<DeliveryResult> {
  const q = database.query;
  const runId = randomUUID();
  const lease = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const email = await takeLease(q, emailId, runId, lease);
  if (!email) return { ran: false };
  await unconfirmOtherClaims(q, emailId, runId);
  const sections = withText(await selectSections(q, emailId));
  const names = [...new Set(sections.flatMap((s) => (s.characteristic ? [s.characteristic] : [])))];
  const failedUsers: number[] = [];
  let sent = 0;
  let stopped = false;
  let pendingMarks: Array<{ userId: number; messageId: string }> = [];
  const flush = async () => {
    if (pendingMarks.length === 0) return;
    const marks = pendingMarks;
    pendingMarks = [];
    await extendLease(q, emailId, runId, lease);
    await markDelivered(
      q,
      emailId,
      runId,
      marks.map((m) => m.userId),
      marks.map((m) => m.messageId),
    );
  };

  for (;;) {
    if (!(await renewLease(q, emailId, runId, lease))) break; // another run took over (ours outlived its lease)
    const batch = await selectUnclaimedRecipients(q, { id: emailId, ...email }, failedUsers, CHUNK);
    if (batch.length === 0) break;
    const values = await valuesOf(
      q,
      email.institution_id,
      email.coach_id,
      names,
      batch.map((r) => r.user_id),
    );
    let next = 0;
    const lane = async () => {
      for (;;) {
        if (stopped) return;
        const recipient = batch[next++];
        if (!recipient) return;
        const claimed = await claimRecipient(q, emailId, recipient.user_id, email.institution_id, runId);
        if (!claimed) continue; // someone else has it
        const rendered = renderEmail(email, sections, recipient, values.get(recipient.user_id) ?? []);
        let messageId: string;
        try {
          const info = await opts.transport.sendMail({
            from: opts.from,
            to: { name: recipient.name, address: recipient.email },
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            headers: { 'X-Course-Coach-Email': `${emailId}/${recipient.user_id}` },
          });
          messageId = String(info.messageId ?? '');
        } catch {
          // Not accepted by the server: release the claim so that a later run sends it.
          await releaseClaim(q, emailId, recipient.user_id, runId);
          failedUsers.push(recipient.user_id);
          continue;
        }
        try {
          opts.afterSend?.(recipient.user_id);
        } catch (error) {
          stopped = true; // a dying worker stops every lane at once
          throw error;
        }
        sent++;
        pendingMarks.push({ userId: recipient.user_id, messageId });
        if (pendingMarks.length >= MARK_EVERY) await flush();
      }
    };
    const lanes = Math.max(1, opts.concurrency ?? SMTP_CONNECTIONS);
    await Promise.all(Array.from({ length: lanes }, lane));
    await flush();
  }
  await flush();
  const done = await finishRun(q, emailId, runId, failedUsers.length);
  const unconfirmed = await countUnconfirmed(q, emailId);
  return { ran: true, sent, failed: failedUsers.length, unconfirmed, delivered: done === true };
}

/**
 * The email job: sends every email that is due (scheduled with its send time come) or whose sending run
 * died (lease ran out), one after another. Returns what each run did.
 */
export async function dispatchDueEmails(
  database: Database,
  opts: DeliveryOptions,
): Promise<Array<{ emailId: number; result: DeliveryResult }>> {
  const due = await selectDueEmails(database.query);
  const out: Array<{ emailId: number; result: DeliveryResult }> = [];
  for (const { id } of due) out.push({ emailId: id, result: await deliverEmail(database, id, opts) });
  return out;
}
