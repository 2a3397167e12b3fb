/**
 * Playbooks' SQL for the staff editor and the reminder e-mails (docs/playbooks.md; spec §3 "Playbook
 * (wiring)"): the coach's playbooks, their writes, and the reminders due with their claims. The student's
 * playbook reads and answers are in ./plan-queries.ts, the staff aggregates in ./summary-queries.ts. Dates
 * are UTC calendar dates (`YYYY-MM-DD`).
 */
import type { Query } from '../../db/client.ts';
import type { playbooks } from '../../db/schema/index.ts';
import { TODAY_UTC } from '../content/index.ts';
import { OPENS_ON } from './plan-queries.ts';

/** A playbook as the editor shows it (the exam date as `YYYY-MM-DD`). */
export type PlaybookRow = Pick<
  typeof playbooks.$inferSelect,
  'id' | 'title' | 'custom_date_message' | 'is_released'
> & {
  assignment_type: 'exam' | 'quiz' | 'assessment';
  exam_date: string | null;
};

const COLUMNS = `id, title, assignment_type, to_char(exam_date, 'YYYY-MM-DD') as exam_date, custom_date_message,
                 is_released`;

/** The coach's playbooks by exam date (none last), then id. */
export function selectPlaybooks(q: Query, coachId: number): Promise<PlaybookRow[]> {
  return q<PlaybookRow>(
    `select ${COLUMNS} from playbooks where coach_id = $1 order by exam_date nulls last, id`,
    [coachId],
  );
}

/** The coach's playbook `id`, or undefined. */
export async function selectPlaybook(
  q: Query,
  coachId: number,
  id: number,
): Promise<PlaybookRow | undefined> {
  const [row] = await q<PlaybookRow>(`select ${COLUMNS} from playbooks where coach_id = $1 and id = $2`, [
    coachId,
    id,
  ]);
  return row;
}

/** A playbook's fields as the editor writes them. */
export interface PlaybookFields {
  title: string;
  assignment_type: string;
  exam_date: string | null;
  custom_date_message: string | null;
  is_released: boolean;
}

const fieldValues = (f: PlaybookFields) => [
  f.title,
  f.assignment_type,
  f.exam_date,
  f.custom_date_message,
  f.is_released,
];

/** Creates a playbook of the coach; returns its id. */
export async function insertPlaybook(
  q: Query,
  scope: { institutionId: number; coachId: number },
  f: PlaybookFields,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into playbooks (institution_id, coach_id, title, assignment_type, exam_date, custom_date_message,
                            is_released)
     values ($7, $1, $2, $3, $4, $5, $6) returning id`,
    [scope.coachId, ...fieldValues(f), scope.institutionId],
  );
  return row!.id;
}

/** Replaces the coach's playbook `id`'s fields; false when the coach has none by that id. */
export async function updatePlaybook(
  q: Query,
  coachId: number,
  id: number,
  f: PlaybookFields,
): Promise<boolean> {
  const rows = await q(
    `update playbooks set title = $2, assignment_type = $3, exam_date = $4, custom_date_message = $5,
                          is_released = $6
      where coach_id = $1 and id = $7 returning id`,
    [coachId, ...fieldValues(f), id],
  );
  return rows.length > 0;
}

/** Deletes the coach's playbook `id`; false when the coach has none by that id. */
export async function deletePlaybookRow(q: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await q('delete from playbooks where coach_id = $1 and id = $2 returning id', [coachId, id]);
  return rows.length > 0;
}

/** Reminder kinds: planning has opened; tomorrow is the exam (the last planning day is today). */
export type ReminderKind = 'planning_open' | 'planning_closing';

/** A reminder due: the playbook, the student and the kind. */
export interface DueReminderRow {
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
}

/**
 * Up to `limit` reminders due today (UTC): for every student of a released playbook whose planning is
 * open and who has not completed their plan, `planning_open`, and on the day before the exam
 * `planning_closing`, each unless already sent; by playbook, student and kind.
 */
export function selectDueReminders(q: Query, limit: number): Promise<DueReminderRow[]> {
  return q<DueReminderRow>(
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
      limit ${Math.trunc(limit)}`,
  );
}

/** Claims a reminder before it is sent; false when another run claimed it first. */
export async function claimReminder(q: Query, r: DueReminderRow): Promise<boolean> {
  const rows = await q(
    `insert into playbook_reminders (institution_id, playbook_id, user_id, kind) values ($1, $2, $3, $4)
     on conflict do nothing returning 1`,
    [r.institution_id, r.playbook_id, r.user_id, r.kind],
  );
  return rows.length > 0;
}

/** Gives up a claim (the message was refused), so that a later run sends it again. */
export async function releaseReminder(q: Query, r: DueReminderRow): Promise<void> {
  await q('delete from playbook_reminders where playbook_id = $1 and user_id = $2 and kind = $3', [
    r.playbook_id,
    r.user_id,
    r.kind,
  ]);
}
