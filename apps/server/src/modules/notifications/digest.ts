/**
 * The opt-in e-mail digest (docs/notifications.md "E-mail digest"), sent by the e-mail job
 * (jobs/queue.ts `email-dispatch`, every minute) through the same mail transport as every e-mail.
 */
import { NOTIFICATION_ERRORS, NOTIFICATION_PAGES } from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { computeNotifications } from './compute.ts';
import { claimDigest, deleteDigest, selectDueDigests, turnDigestOff } from './queries.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from './tokens.ts';

export interface DigestOptions {
  transport: Transporter;
  from: string;
  /** The app's address for the links (APP_URL), without a trailing slash. */
  appUrl: string;
}

/**
 * Sends each user whose digest is on (and who is not deactivated) one e-mail per period (day or ISO
 * week, UTC) listing their unread notifications, when they have any; a user with none is looked at again
 * next run. The period's row in `notification_digests` is claimed before the message goes to SMTP, so no
 * period is ever sent twice with any number of workers, and deleted when the server refuses the message
 * (a later run retries). Each e-mail carries the unsubscribe link in its text and the RFC 8058 headers
 * (List-Unsubscribe with the API's one-click URL, List-Unsubscribe-Post). Returns the counts.
 */
export async function sendDigests(
  database: Database,
  opts: DigestOptions,
): Promise<{ sent: number; failed: number }> {
  const q = database.query;
  const due = await selectDueDigests(q);
  let sent = 0;
  let failed = 0;
  for (const u of due) {
    const items = (await computeNotifications(database, u.user_id)).filter((n) => !n.read);
    if (items.length === 0) continue;
    if (!(await claimDigest(q, u, items.length))) continue; // another run sent it
    const token = await unsubscribeToken(q, u.user_id);
    const page = `${opts.appUrl}${NOTIFICATION_PAGES.unsubscribe}?token=${encodeURIComponent(token)}`;
    const oneClick = `${opts.appUrl}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    const text = [
      `Hello ${u.name},`,
      '',
      `Your ${u.digest} Course Coach digest: ${items.length} unread notification${items.length === 1 ? '' : 's'}.`,
      '',
      ...items.map((n) => `- ${n.text} (${n.coach_label}): ${opts.appUrl}${n.link}`),
      '',
      `All your notifications: ${opts.appUrl}${NOTIFICATION_PAGES.list}`,
      '',
      `Unsubscribe from this digest (one click, no sign-in): ${page}`,
    ].join('\n');
    try {
      await opts.transport.sendMail({
        from: opts.from,
        to: { name: u.name, address: u.email },
        subject: `Your Course Coach digest: ${items.length} unread notification${items.length === 1 ? '' : 's'}`,
        text,
        headers: {
          'List-Unsubscribe': `<${oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          'X-Course-Coach-Digest': `${u.user_id}/${u.period}`,
        },
      });
      sent++;
    } catch {
      await deleteDigest(q, u.user_id, u.period);
      failed++;
    }
  }
  return { sent, failed };
}

/**
 * One-click unsubscribe (signed out): turns the token's user's digest off. A forged or altered token is a
 * 400 (`token`) and changes nothing; a token whose user's digest is off already answers `already` and
 * changes nothing (a reused link).
 */
export async function unsubscribe(
  database: Database,
  token: string,
): Promise<{ status: 'unsubscribed' | 'already' }> {
  const userId = await verifyUnsubscribeToken(database.query, token);
  if (userId === null) throw badRequest({ token: [NOTIFICATION_ERRORS.token] });
  return { status: (await turnDigestOff(database.query, userId)) ? 'unsubscribed' : 'already' };
}
