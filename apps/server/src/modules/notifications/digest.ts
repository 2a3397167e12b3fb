/**
 * The opt-in e-mail digest (docs/notifications.md "E-mail digest"), sent by the e-mail job
 * (jobs/queue.ts `email-dispatch`, every minute) through the same mail transport as every e-mail.
 */
import { NOTIFICATION_ERRORS, NOTIFICATION_PAGES } from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { computeNotifications } from './compute.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from './tokens.ts';

/** How many digests one run sends at most (the rest go with the next run, a minute later). */
const BATCH = 500;

/** The period key of a digest: the UTC day (`2026-11-26`) or the ISO week (`2026-W48`). */
export const PERIOD_SQL = `case s.digest when 'daily' then to_char(now() at time zone 'UTC', 'YYYY-MM-DD')
  else to_char(now() at time zone 'UTC', 'IYYY-"W"IW') end`;

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
  const due = await q<{
    user_id: number;
    institution_id: number;
    email: string;
    name: string;
    digest: 'daily' | 'weekly';
    period: string;
  }>(
    `select u.id as user_id, u.institution_id, u.email, u.name, s.digest, ${PERIOD_SQL} as period
       from notification_settings s join users u on u.id = s.user_id
      where s.digest in ('daily', 'weekly') and u.deactivated_at is null
        and not exists (select 1 from notification_digests d where d.user_id = u.id and d.period = ${PERIOD_SQL})
      order by u.id limit ${BATCH}`,
  );
  let sent = 0;
  let failed = 0;
  for (const u of due) {
    const items = (await computeNotifications(database, u.user_id)).filter((n) => !n.read);
    if (items.length === 0) continue;
    const claimed = await q(
      `insert into notification_digests (institution_id, user_id, period, items) values ($1, $2, $3, $4)
       on conflict do nothing returning 1`,
      [u.institution_id, u.user_id, u.period, items.length],
    );
    if (claimed.length === 0) continue; // another run sent it
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
      await q('delete from notification_digests where user_id = $1 and period = $2', [u.user_id, u.period]);
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
  const changed = await database.query(
    `update notification_settings set digest = 'off', updated_at = now()
      where user_id = $1 and digest <> 'off' returning 1`,
    [userId],
  );
  return { status: changed.length > 0 ? 'unsubscribed' : 'already' };
}
