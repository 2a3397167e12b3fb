/**
 * Notifications computed from the content tables on read (docs/notifications.md; the choice:
 * docs/decisions/0011-notifications-computed-on-read.md). Who sees what comes from the same SQL as the
 * readers: the bulletin reader's targeting and `content_exclusions` (`STUDENT_BULLETINS`), the survey
 * reader's (`LIVE_SURVEYS`), the student's to-do items and released playbooks (modules/content), and the
 * completion history's credit rule (modules/history). Only student enrolments give notifications. The
 * SQL is in ./queries.ts.
 */
import {
  NOTIFICATION_PAGES,
  type Notification,
  type NotificationKind,
  PLAYBOOK_PLAN_PAGES,
  SURVEY_PAGES,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { toCreditItem } from '../history/index.ts';
import { NEWS_DAYS, selectCoachNotifications, selectCredits, selectReads } from './queries.ts';

/** The read marker's kind of a notification: its kind, or `credit_<type>` for credit received. */
export const readKind = (n: { kind: NotificationKind; item_type: string | null }) =>
  n.kind === 'credit' ? `credit_${n.item_type}` : n.kind;

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
 * Every notification of the user now (docs/notifications.md "What is a notification"): newest first
 * (by `at`, then kind and id). `read` is set from `notification_reads`; a bulletin the user has opened
 * counts as read too. A user with no student enrolment has none. Three statements whatever the number
 * of enrolments: the read markers, the content notifications of every coach, the credits of every coach.
 */
export async function computeNotifications(database: Database, userId: number): Promise<Notification[]> {
  const out: Notification[] = [];
  const reads = await selectReads(database.query, userId);
  const readSet = new Set(reads.map((r) => `${r.kind}:${r.source_id}`));
  const newsSince = Date.now() - NEWS_DAYS * 86_400_000;
  for (const r of await selectCoachNotifications(database.query, userId)) {
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
  for (const row of await selectCredits(database.query, userId)) {
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
