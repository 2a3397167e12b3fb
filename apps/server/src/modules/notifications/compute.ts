/**
 * Notifications computed from the content tables on read (docs/notifications.md; the choice:
 * docs/decisions/0011-notifications-computed-on-read.md). Who sees what comes from the same SQL as the
 * readers: the bulletin reader's targeting and `content_exclusions` (`STUDENT_BULLETINS`), the survey
 * reader's (`LIVE_SURVEYS`), the student's to-do items and released playbooks (modules/content), and the
 * completion history's credit rule (modules/history). Only student enrolments give notifications.
 */
import {
  NOTIFICATION_PAGES,
  type Notification,
  type NotificationKind,
  PLAYBOOK_PLAN_PAGES,
  SURVEY_PAGES,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import {
  LIVE_SURVEYS,
  RELEASED_PLAYBOOKS,
  STUDENT_BULLETINS,
  STUDENT_TODO_ITEMS,
  TODAY_UTC,
  TODO_DUE_AT,
} from '../content/index.ts';
import { type CreditRow, toCreditItem, USER_CREDITS_SQL } from '../history/index.ts';
import { OPENS_ON } from '../playbooks/index.ts';

/** How far back a new bulletin, an opened survey or playbook, or credit received is still news. */
export const NEWS_DAYS = 14;
/** How soon a to-do item, survey or playbook planning must fall due to be told about. */
export const DUE_HOURS = 48;

/** The read marker's kind of a notification: its kind, or `credit_<type>` for credit received. */
export const readKind = (n: { kind: NotificationKind; item_type: string | null }) =>
  n.kind === 'credit' ? `credit_${n.item_type}` : n.kind;

interface Row {
  kind: Exclude<NotificationKind, 'credit'>;
  source_id: number;
  title: string;
  at: Date | string;
  seen: boolean;
}

const RESPONDED = `exists (select 1 from survey_responses r where r.survey_id = s.id and r.user_id = $2
                                                      and r.completed_at is not null)`;
const PLANNED = `exists (select 1 from playbook_plans pp where pp.playbook_id = p.id and pp.user_id = $2
                                                       and pp.completed_at is not null)`;

/** One coach's (`$1`) notifications for the student (`$2`), credit excepted. */
const COACH_SQL = `
  select 'bulletin' as kind, b.id as source_id, b.title, b.publish_timestamp as at,
         exists (select 1 from bulletin_views v where v.bulletin_id = b.id and v.user_id = $2) as seen
    from (${STUDENT_BULLETINS}) b
   where b.publish_timestamp >= now() - interval '${NEWS_DAYS} days'
  union all
  select 'todo_due', t.id, t.title, ${TODO_DUE_AT('t.due_date')}, false
    from (${STUDENT_TODO_ITEMS}) t
   where t.due_date is not null
     and ${TODO_DUE_AT('t.due_date')} between now() and now() + interval '${DUE_HOURS} hours'
     and not exists (select 1 from account_todo_items a where a.item_id = t.id and a.user_id = $2 and a.completed)
  union all
  select 'survey_open', s.id, s.title, s.publish_timestamp, false
    from (${LIVE_SURVEYS}) s
   where s.publish_timestamp >= now() - interval '${NEWS_DAYS} days' and not ${RESPONDED}
  union all
  select 'survey_closing', s.id, s.title, s.due_at, false
    from (${LIVE_SURVEYS}) s
   where s.due_at between now() and now() + interval '${DUE_HOURS} hours' and not ${RESPONDED}
  union all
  select 'playbook_open', p.id, p.title, (${OPENS_ON})::timestamp at time zone 'UTC', false
    from (${RELEASED_PLAYBOOKS}) p
   where ${TODAY_UTC} >= ${OPENS_ON} and ${OPENS_ON} >= ${TODAY_UTC} - ${NEWS_DAYS}
     and (p.exam_date is null or ${TODAY_UTC} < p.exam_date) and not ${PLANNED}
  union all
  select 'playbook_closing', p.id, p.title, p.exam_date::timestamp at time zone 'UTC', false
    from (${RELEASED_PLAYBOOKS}) p
   where p.exam_date is not null and ${TODAY_UTC} >= ${OPENS_ON} and ${TODAY_UTC} < p.exam_date
     and p.exam_date::timestamp at time zone 'UTC' <= now() + interval '${DUE_HOURS} hours' and not ${PLANNED}`;

const TEXT: Record<NotificationKind, string> = {
  bulletin: 'New bulletin',
  todo_due: 'To-do due within 48 hours',
  survey_open: 'New survey',
  survey_closing: 'Survey closing within 48 hours',
  playbook_open: 'Playbook planning is open',
  playbook_closing: 'Playbook planning closes within 48 hours',
  credit: 'Credit received',
};

function linkOf(kind: NotificationKind, coach: number, id: number, itemType: string | null): string {
  if (kind === 'bulletin' || (kind === 'credit' && itemType === 'bulletin'))
    return `/MessageCenter/${coach}/${id}/`;
  if (kind === 'todo_due') return `/Dashboard/Coach/${coach}/ToDo/`;
  if (kind === 'survey_open' || kind === 'survey_closing') return SURVEY_PAGES.take(coach, id);
  if (kind === 'credit') return `/Dashboard/Coach/${coach}/History/`;
  return PLAYBOOK_PLAN_PAGES.one(coach, id);
}

/**
 * A per-coach statement (`$1` the coach, `$2` the student) run for every coach the student (`$1`) is
 * enrolled in as a student, in one statement: the coach becomes the lateral column `sc.id` and the
 * student `$1`. Each row gets the coach's `coach_id` and `coach_name`, coaches in id order.
 */
function forEveryCoach(perCoach: string): string {
  const sql = perCoach.replace(/\$1(?!\d)/g, () => 'sc.id').replace(/\$2(?!\d)/g, () => '$1');
  return `with sc as materialized (
            select c.id, c.name from enrollments e join coaches c on c.id = e.coach_id
             where e.user_id = $1 and e.role = 'student')
          select sc.id as coach_id, sc.name as coach_name, n.*
            from sc cross join lateral (${sql}) n`;
}

/** Every coach's notifications but credit, for the student `$1` (`COACH_SQL` over their enrolments). */
const ALL_COACHES_SQL = `${forEveryCoach(COACH_SQL)} order by sc.id`;
/** Every coach's credits for the student `$1`, in `userCredits`' order within each coach. */
const ALL_CREDITS_SQL = `${forEveryCoach(USER_CREDITS_SQL)}
  order by sc.id, n.due nulls last, n.title, n.type, n.id`;

type Coached<T> = T & { coach_id: number; coach_name: string };

/**
 * Every notification of the user now (docs/notifications.md "What is a notification"): newest first
 * (by `at`, then kind and id). `read` is set from `notification_reads`; a bulletin the user has opened
 * counts as read too. A user with no student enrolment has none. Three statements whatever the number
 * of enrolments: the read markers, the content notifications of every coach, the credits of every coach.
 */
export async function computeNotifications(database: Database, userId: number): Promise<Notification[]> {
  const out: Notification[] = [];
  const reads = await database.query<{ kind: string; source_id: number }>(
    'select kind, source_id from notification_reads where user_id = $1',
    [userId],
  );
  const readSet = new Set(reads.map((r) => `${r.kind}:${r.source_id}`));
  const newsSince = Date.now() - NEWS_DAYS * 86_400_000;
  for (const r of await database.query<Coached<Row>>(ALL_COACHES_SQL, [userId])) {
    const n = { kind: r.kind, item_type: null };
    out.push({
      kind: r.kind,
      source_id: r.source_id,
      item_type: null,
      coach: r.coach_id,
      coach_label: r.coach_name,
      title: r.title,
      text: `${TEXT[r.kind]}: ${r.title}`,
      at: new Date(r.at).toISOString(),
      link: linkOf(r.kind, r.coach_id, r.source_id, null),
      read: r.seen || readSet.has(`${readKind(n)}:${r.source_id}`),
    });
  }
  for (const row of await database.query<Coached<CreditRow>>(ALL_CREDITS_SQL, [userId])) {
    const c = toCreditItem(row);
    if (c.status !== 'success' || c.type === 'todo') continue;
    const completed = Date.parse(c.completed);
    if (!(completed >= newsSince)) continue;
    const itemType = c.type;
    out.push({
      kind: 'credit',
      source_id: c.id,
      item_type: itemType,
      coach: row.coach_id,
      coach_label: row.coach_name,
      title: c.title,
      text: `${TEXT.credit}: ${c.title}`,
      at: new Date(completed).toISOString(),
      link: linkOf('credit', row.coach_id, c.id, itemType),
      read: readSet.has(`credit_${itemType}:${c.id}`),
    });
  }
  return out.sort(
    (a, b) => b.at.localeCompare(a.at) || a.kind.localeCompare(b.kind) || a.source_id - b.source_id,
  );
}

/** The notifications page of the web app (for links in e-mails). */
export const LIST_PAGE = NOTIFICATION_PAGES.list;
