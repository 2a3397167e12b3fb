/**
 * The send log of an email and "resend to unconfirmed" (docs/emails-surveys.md "Send log";
 * docs/decisions/0005-at-most-once-email.md). The job never sends an email twice to anyone; staff may
 * choose to send it again to the recipients whose message is `unconfirmed` (a run died after possibly
 * handing it to SMTP) or `failed` (a resend the SMTP server refused). Delivered recipients are never
 * sent it again.
 */
import { randomUUID } from 'node:crypto';
import { EMAIL_LOG_TEXTS, type EmailLog, type EmailResend, emailStatus } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { DEFAULT_LEASE_SECONDS, type DeliveryOptions, valuesOf } from './delivery.ts';
import {
  claimForResend,
  countDeliveriesByState,
  expireResendClaims,
  markResendFailed,
  markResent,
  selectEmailOwner,
  selectLogEmail,
  selectLogRecipients,
  selectPeople,
  selectSections,
} from './queries.ts';
import { renderEmail, withText } from './render.ts';
import type { EmailScope } from './service.ts';

/** Run ids of resends start with this (a resend's claims are told apart from the job's). */
const RESEND = 'resend:';

async function emailOf(q: Query, scope: EmailScope, id: number) {
  const email = await selectLogEmail(q, scope.coachId, id);
  if (!email) throw notFound('This email does not exist in this coach.');
  return email;
}

/** GET log: the email's counts by delivery state and its recipients not confirmed; 404: not this coach's. */
export async function emailLog(q: Query, scope: EmailScope, id: number): Promise<EmailLog> {
  const email = await emailOf(q, scope, id);
  const counts = await countDeliveriesByState(q, id);
  const n = (state: string) => counts.find((c) => c.state === state)?.n ?? 0;
  const recipients = await selectLogRecipients(q, id);
  return {
    email: email.id,
    title: email.title,
    status: emailStatus(email.state as Parameters<typeof emailStatus>[0]),
    delivered: n('delivered'),
    unconfirmed: n('unconfirmed'),
    failed: n('failed'),
    pending: n('claimed'),
    recipients: recipients.map((r) => ({ ...r, state: r.state as 'unconfirmed' | 'failed' | 'claimed' })),
  };
}

/**
 * POST resend: sends the email again to its unconfirmed and failed recipients only. In one transaction,
 * a conditional `UPDATE … WHERE state in ('unconfirmed', 'failed') RETURNING` claims them for this
 * resend (state `claimed`, a run id of its own) and commits before anything is sent: a concurrent or
 * second resend finds nobody left to claim. Accepted messages become `delivered`, refused ones `failed`.
 * A resend that died leaves claims that become `unconfirmed` again once the lease time has passed.
 *
 * Errors: 404 not this coach's email. Nothing is sent, and the answer's `message` says why, while the
 * email is not Delivered yet (the job is still sending it) or when nobody is unconfirmed or failed.
 */
export async function resendEmail(
  database: Database,
  scope: EmailScope,
  id: number,
  opts: DeliveryOptions,
): Promise<EmailResend> {
  const email = await emailOf(database.query, scope, id);
  const nothing = (message: string) => ({ sent: 0, failed: 0, message });
  if (email.state !== 'delivered') return nothing(EMAIL_LOG_TEXTS.notDelivered);
  const runId = `${RESEND}${randomUUID()}`;
  const lease = opts.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const claimed = await database.transaction(async (q) => {
    await expireResendClaims(q, id, RESEND, lease);
    return claimForResend(q, id, runId);
  });
  if (claimed.length === 0) return nothing(EMAIL_LOG_TEXTS.nothingToResend);
  const q = database.query;
  const meta = await selectEmailOwner(q, id);
  const people = await selectPeople(
    q,
    claimed.map((c) => c.user_id),
  );
  const sections = withText(await selectSections(q, id));
  const names = [...new Set(sections.flatMap((s) => (s.characteristic ? [s.characteristic] : [])))];
  const values = await valuesOf(
    q,
    meta!.institution_id,
    meta!.coach_id,
    names,
    people.map((p) => p.user_id),
  );
  let sent = 0;
  let failed = 0;
  for (const person of people) {
    const rendered = renderEmail(email, sections, person, values.get(person.user_id) ?? []);
    try {
      const info = await opts.transport.sendMail({
        from: opts.from,
        to: { name: person.name, address: person.email },
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        headers: { 'X-Course-Coach-Email': `${id}/${person.user_id}` },
      });
      await markResent(q, id, person.user_id, runId, String(info.messageId ?? ''));
      sent++;
    } catch {
      await markResendFailed(q, id, person.user_id, runId);
      failed++;
    }
  }
  return { sent, failed, message: EMAIL_LOG_TEXTS.resent(sent, failed) };
}
