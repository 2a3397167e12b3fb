import { PLAYBOOK_PLAN_PAGES } from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { claimReminder, releaseReminder, selectDueReminders } from './queries.ts';

export type { ReminderKind } from './queries.ts';

/** How many reminders one run sends at most (the job runs every minute; the rest go next time). */
const BATCH = 2000;

/**
 * Reminder e-mails of playbooks (docs/playbooks.md "Reminders"), sent by the e-mail job
 * (jobs/queue.ts `email-dispatch`, every minute): to each student of the coach who has not completed
 * their plan of a released playbook whose planning is open, `planning_open` once, and on the last
 * planning day (the day before the exam) `planning_closing` once. At most once per student, playbook
 * and kind, with any number of workers: the reminder's row (primary key playbook, user, kind) is claimed
 * before the message goes to SMTP, and deleted when the server refuses it so that a later run retries.
 * Returns the number sent and refused.
 */
export async function sendPlaybookReminders(
  database: Database,
  opts: { transport: Transporter; from: string },
): Promise<{ sent: number; failed: number }> {
  const q = database.query;
  const due = await selectDueReminders(q, BATCH);
  let sent = 0;
  let failed = 0;
  for (const r of due) {
    if (!(await claimReminder(q, r))) continue; // another run sent it
    const when = r.exam_date ? `on ${r.exam_date}` : (r.custom_date_message ?? 'soon');
    const subject =
      r.kind === 'planning_open'
        ? `Plan for ${r.title}: your playbook is open`
        : `Last day to plan for ${r.title}`;
    const text = [
      `Hello ${r.name},`,
      '',
      r.kind === 'planning_open'
        ? `Planning for ${r.title} is open. The exam is ${when}. Make your plan: which study resources you will use, how much, and how you feel.`
        : `Tomorrow is ${r.title}. Today is the last day to complete your plan.`,
      '',
      `Open Course Coach and go to Playbooks (${PLAYBOOK_PLAN_PAGES.one(r.coach_id, r.playbook_id)}).`,
    ].join('\n');
    try {
      await opts.transport.sendMail({
        from: opts.from,
        to: { name: r.name, address: r.email },
        subject,
        text,
        headers: { 'X-Course-Coach-Playbook': `${r.playbook_id}/${r.user_id}/${r.kind}` },
      });
      sent++;
    } catch {
      await releaseReminder(q, r);
      failed++;
    }
  }
  return { sent, failed };
}
