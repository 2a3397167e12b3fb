import { PLAYBOOK_PLAN_PAGES } from '@course-coach/contracts';
import type { Transporter } from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { TODAY_UTC } from '../content/index.ts';
import { OPENS_ON } from './plan-queries.ts';

/** Reminder kinds: planning has opened; tomorrow is the exam (the last planning day is today). */
export type ReminderKind = 'planning_open' | 'planning_closing';

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
  const due = await q<{
    playbook_id: number;
    institution_id: number;
    coach_id: number;
    title: string;
    exam_date: string | null;
    custom_date_message: string | null;
    user_id: number;
    email: string;
    name: string;
    kind: ReminderKind;
  }>(
    `with open as (
       select p.id, p.institution_id, p.coach_id, p.title, p.custom_date_message,
              to_char(p.exam_date, 'YYYY-MM-DD') as exam_date,
              (p.exam_date is not null and ${TODAY_UTC} = p.exam_date - 1) as last_day
         from playbooks p
        where p.is_released and ${TODAY_UTC} >= ${OPENS_ON}
          and (p.exam_date is null or ${TODAY_UTC} < p.exam_date))
     select o.id as playbook_id, o.institution_id, o.coach_id, o.title, o.exam_date, o.custom_date_message,
            u.id as user_id, u.email, u.name, k.kind
       from open o
       join enrollments e on e.coach_id = o.coach_id and e.role = 'student'
       join users u on u.id = e.user_id
      cross join (values ('planning_open'), ('planning_closing')) as k(kind)
      where (k.kind = 'planning_open' or o.last_day)
        and not exists (select 1 from playbook_plans pp
                         where pp.playbook_id = o.id and pp.user_id = u.id and pp.completed_at is not null)
        and not exists (select 1 from playbook_reminders r
                         where r.playbook_id = o.id and r.user_id = u.id and r.kind = k.kind)
      order by o.id, u.id, k.kind
      limit ${BATCH}`,
  );
  let sent = 0;
  let failed = 0;
  for (const r of due) {
    const claimed = await q(
      `insert into playbook_reminders (institution_id, playbook_id, user_id, kind) values ($1, $2, $3, $4)
       on conflict do nothing returning 1`,
      [r.institution_id, r.playbook_id, r.user_id, r.kind],
    );
    if (claimed.length === 0) continue; // another run sent it
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
      await q('delete from playbook_reminders where playbook_id = $1 and user_id = $2 and kind = $3', [
        r.playbook_id,
        r.user_id,
        r.kind,
      ]);
      failed++;
    }
  }
  return { sent, failed };
}
