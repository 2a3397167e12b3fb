import { randomUUID } from 'node:crypto';
import type { StudentValue } from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import type { Database, Query } from '../../db/client.ts';
import { excludedSql } from '../wiring/index.ts';
import { type RenderSection, renderEmail, withText } from './render.ts';
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
  const rows = await q<{ user_id: number; name: string; value: string; num: number | null }>(
    `select v.user_id, c.name, v.value, v.num
       from characteristics c
       join student_characteristic_values v on v.characteristic_id = c.id and v.user_id = any($3::int[])
                                           and v.coach_id in (0, $4)
      where c.institution_id = $1 and c.name = any($2::text[])`,
    [institutionId, names, userIds, coachId],
  );
  for (const r of rows) out.get(r.user_id)?.push({ name: r.name, value: r.value, num: r.num });
  const defaults = await q<{ name: string; default_value: string; kind: string }>(
    `select name, default_value, kind from characteristics
      where institution_id = $1 and name = any($2::text[]) and default_value is not null`,
    [institutionId, names],
  );
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
 * SQL (params: $1 email id, $2 coach id, $3 institution id) of the students the email targets: the coach's
 * enrolled students who match the email's wiring (for every wired characteristic, one of the wired
 * values from any source, or by default; no wiring: everybody), with their name and address.
 */
export const TARGETED_SQL = `
  with w as (
    select w.characteristic, w.value, w.num, c.id as cid, c.default_value, c.kind
      from content_characteristics w
      left join characteristics c on c.institution_id = $3 and c.name = w.characteristic
     where w.content_kind = 'email' and w.content_id = $1)
  select u.id as user_id, u.email, u.name
    from enrollments e join users u on u.id = e.user_id
   where e.coach_id = $2 and e.role = 'student'
     and not exists (
       select 1 from (select distinct characteristic from w) wc
        where not exists (
          select 1 from w
           where w.characteristic = wc.characteristic and w.cid is not null
             and (exists (select 1 from student_characteristic_values v
                           where v.characteristic_id = w.cid and v.user_id = e.user_id and v.coach_id in (0, $2)
                             and (v.value = w.value or (w.num is not null and v.num = w.num)))
                  or (not exists (select 1 from student_characteristic_values v
                                   where v.characteristic_id = w.cid and v.user_id = e.user_id
                                     and v.coach_id in (0, $2))
                      and (w.default_value = w.value
                           or (w.num is not null and w.kind = 'range'
                               and w.default_value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$'
                               and w.default_value::float8 = w.num))))))`;

/**
 * `TARGETED_SQL` less the students excluded from the email (`content_exclusions`, docs/emails-surveys.md
 * "Who sees this"): the students the job sends it to. Same params.
 */
export const RECIPIENTS_SQL = `${TARGETED_SQL}
     and not ${excludedSql('email', '$1', 'e.user_id')}`;

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
  const [email] = await q<{ institution_id: number; coach_id: number; subject: string }>(
    `update emails set state = 'sending', run_id = $2, lease_until = now() + make_interval(secs => $3)
      where id = $1 and send_at <= now()
        and (state = 'scheduled' or (state = 'sending' and (lease_until is null or lease_until < now())))
      returning institution_id, coach_id, subject`,
    [emailId, runId, lease],
  );
  if (!email) return { ran: false };
  await q(
    `update email_deliveries set state = 'unconfirmed' where email_id = $1 and state = 'claimed' and run_id <> $2`,
    [emailId, runId],
  );
  const sections = withText(
    await q<RenderSection>(
      'select characteristic, value, body from email_sections where email_id = $1 order by position, id',
      [emailId],
    ),
  );
  const names = [...new Set(sections.flatMap((s) => (s.characteristic ? [s.characteristic] : [])))];
  const failedUsers: number[] = [];
  let sent = 0;
  let stopped = false;
  let pendingMarks: Array<{ userId: number; messageId: string }> = [];
  const flush = async () => {
    if (pendingMarks.length === 0) return;
    const marks = pendingMarks;
    pendingMarks = [];
    await q(
      `update emails set lease_until = now() + make_interval(secs => $3) where id = $1 and run_id = $2`,
      [emailId, runId, lease],
    );
    await q(
      `update email_deliveries d set state = 'delivered', delivered_at = now(), message_id = m.mid
         from unnest($2::int[], $3::text[]) as m(uid, mid)
        where d.email_id = $1 and d.user_id = m.uid and d.run_id = $4 and d.state = 'claimed'`,
      [emailId, marks.map((m) => m.userId), marks.map((m) => m.messageId), runId],
    );
  };

  for (;;) {
    const renewed = await q(
      `update emails set lease_until = now() + make_interval(secs => $3) where id = $1 and run_id = $2 returning 1`,
      [emailId, runId, lease],
    );
    if (renewed.length === 0) break; // another run took over (ours outlived its lease)
    const batch = await q<{ user_id: number; email: string; name: string }>(
      `${RECIPIENTS_SQL}
         and not exists (select 1 from email_deliveries d where d.email_id = $1 and d.user_id = e.user_id)
         and not (e.user_id = any($4::int[]))
       order by e.user_id limit ${CHUNK}`,
      [emailId, email.coach_id, email.institution_id, failedUsers],
    );
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
        const claimed = await q(
          `insert into email_deliveries (email_id, user_id, institution_id, run_id)
           values ($1, $2, $3, $4) on conflict do nothing returning 1`,
          [emailId, recipient.user_id, email.institution_id, runId],
        );
        if (claimed.length === 0) continue; // someone else has it
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
          await q(`delete from email_deliveries where email_id = $1 and user_id = $2 and run_id = $3`, [
            emailId,
            recipient.user_id,
            runId,
          ]);
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
  const [done] = await q<{ delivered: boolean }>(
    `update emails set state = case when $3::int > 0 then 'scheduled' else 'delivered' end,
            delivered_at = case when $3::int > 0 then delivered_at else now() end,
            lease_until = null, run_id = null, updated_at = now()
      where id = $1 and run_id = $2 returning state = 'delivered' as delivered`,
    [emailId, runId, failedUsers.length],
  );
  const [{ unconfirmed } = { unconfirmed: 0 }] = await q<{ unconfirmed: number }>(
    `select count(*)::int as unconfirmed from email_deliveries where email_id = $1 and state = 'unconfirmed'`,
    [emailId],
  );
  return { ran: true, sent, failed: failedUsers.length, unconfirmed, delivered: done?.delivered === true };
}

/**
 * The email job: sends every email that is due (scheduled with its send time come) or whose sending run
 * died (lease ran out), one after another. Returns what each run did.
 */
export async function dispatchDueEmails(
  database: Database,
  opts: DeliveryOptions,
): Promise<Array<{ emailId: number; result: DeliveryResult }>> {
  const due = await database.query<{ id: number }>(
    `select id from emails
      where (state = 'scheduled' and send_at <= now())
         or (state = 'sending' and (lease_until is null or lease_until < now()))
      order by send_at, id`,
  );
  const out: Array<{ emailId: number; result: DeliveryResult }> = [];
  for (const { id } of due) out.push({ emailId: id, result: await deliverEmail(database, id, opts) });
  return out;
}
