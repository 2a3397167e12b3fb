/**
 * Notifications: the SQL (docs/notifications.md). The content notifications and credits of every coach a
 * student is enrolled in (computed on read, docs/decisions/0011-notifications-computed-on-read.md, from
 * the readers' own SQL: modules/content, modules/history), the read markers, the digest setting, the
 * digests sent and the unsubscribe key. The wording, links, filters and the digest e-mail are the
 * service's (./compute.ts, ./service.ts, ./digest.ts, ./tokens.ts).
 */
import type { Query } from '../../db/client.ts';
import type {
  coaches,
  notificationReads,
  notificationSettings,
  signingKeys,
  users,
} from '../../db/schema/index.ts';
import {
  LIVE_SURVEYS,
  RELEASED_PLAYBOOKS,
  STUDENT_BULLETINS,
  STUDENT_TODO_ITEMS,
  TODAY_UTC,
  TODO_DUE_AT,
} from '../content/index.ts';
import { type CreditRow, USER_CREDITS_SQL } from '../history/index.ts';
import { OPENS_ON } from '../playbooks/index.ts';

type Users = typeof users.$inferSelect;
type NotificationSettings = typeof notificationSettings.$inferSelect;

/** How far back a new bulletin, an opened survey or playbook, or credit received is still news. */
export const NEWS_DAYS = 14;
/** How soon a to-do item, survey or playbook planning must fall due to be told about. */
export const DUE_HOURS = 48;

/** How many digests one run sends at most (the rest go with the next run, a minute later). */
const BATCH = 500;

/** The period key of a digest: the UTC day (`2026-11-26`) or the ISO week (`2026-W48`). */
export const PERIOD_SQL = `case s.digest when 'daily' then to_char(now() at time zone 'UTC', 'YYYY-MM-DD')
  else to_char(now() at time zone 'UTC', 'IYYY-"W"IW') end`;

/** A read marker: the notification's read kind (`readKind`) and its content's id. */
export type ReadRow = Pick<typeof notificationReads.$inferSelect, 'kind' | 'source_id'>;

/** A row with the coach it is about (`coaches.id` and `coaches.name`). */
export type Coached<T> = T & {
  coach_id: (typeof coaches.$inferSelect)['id'];
  coach_name: (typeof coaches.$inferSelect)['name'];
};

/**
 * A content notification (`COACH_SQL`): its kind, the bulletin's, to-do item's, survey's or playbook's
 * id and title, when it happened or falls due (`at`, as the driver gives it), and whether the student
 * opened the bulletin (`seen`; false for the other kinds).
 */
export type NotificationRow = Coached<{
  kind: 'bulletin' | 'todo_due' | 'survey_open' | 'survey_closing' | 'playbook_open' | 'playbook_closing';
  source_id: number;
  title: string;
  at: Date | string;
  seen: boolean;
}>;

/** A user whose digest is due this period, with the period's key (`PERIOD_SQL`). */
export type DueDigestRow = Pick<NotificationSettings, 'user_id'> &
  Pick<Users, 'institution_id' | 'email' | 'name'> & {
    digest: Exclude<NotificationSettings['digest'], 'off'>;
    period: string;
  };

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

/** The user's read markers. */
export function selectReads(q: Query, userId: number): Promise<ReadRow[]> {
  return q<ReadRow>('select kind, source_id from notification_reads where user_id = $1', [userId]);
}

/** The content notifications (credit excepted) of every coach `userId` is a student of, coaches in id order. */
export function selectCoachNotifications(q: Query, userId: number): Promise<NotificationRow[]> {
  return q<NotificationRow>(ALL_COACHES_SQL, [userId]);
}

/** The credits of every coach `userId` is a student of (history's `CreditRow`s), coaches in id order. */
export function selectCredits(q: Query, userId: number): Promise<Coached<CreditRow>[]> {
  return q<Coached<CreditRow>>(ALL_CREDITS_SQL, [userId]);
}

/**
 * Marks the user's notifications (`kinds[i]`, `sourceIds[i]`) read; a marker already there is kept.
 * Nothing for a user id that does not exist.
 */
export async function insertReadRows(
  q: Query,
  userId: number,
  kinds: string[],
  sourceIds: number[],
): Promise<void> {
  await q(
    `insert into notification_reads (institution_id, user_id, kind, source_id)
     select u.institution_id, u.id, m.kind, m.source_id
       from users u, unnest($2::text[], $3::int[]) as m(kind, source_id)
      where u.id = $1
     on conflict do nothing`,
    [userId, kinds, sourceIds],
  );
}

/** The user's digest setting; undefined when never set. */
export async function selectDigest(
  q: Query,
  userId: number,
): Promise<Pick<NotificationSettings, 'digest'> | undefined> {
  const [row] = await q<Pick<NotificationSettings, 'digest'>>(
    'select digest from notification_settings where user_id = $1',
    [userId],
  );
  return row;
}

/** Saves the user's digest setting (nothing for a user id that does not exist). */
export async function upsertDigest(
  q: Query,
  userId: number,
  digest: NotificationSettings['digest'],
): Promise<void> {
  await q(
    `insert into notification_settings (user_id, institution_id, digest)
     select id, institution_id, $2 from users where id = $1
     on conflict (user_id) do update set digest = excluded.digest, updated_at = now()`,
    [userId, digest],
  );
}

/**
 * The users (not deactivated) whose digest is on and not yet sent this period, by id, at most `BATCH`.
 */
export function selectDueDigests(q: Query): Promise<DueDigestRow[]> {
  return q<DueDigestRow>(
    `select u.id as user_id, u.institution_id, u.email, u.name, s.digest, ${PERIOD_SQL} as period
       from notification_settings s join users u on u.id = s.user_id
      where s.digest in ('daily', 'weekly') and u.deactivated_at is null
        and not exists (select 1 from notification_digests d where d.user_id = u.id and d.period = ${PERIOD_SQL})
      order by u.id limit ${BATCH}`,
  );
}

/**
 * Claims the user's digest of `period` (listing `items` notifications) before it is sent; false when a
 * digest of that period is claimed already (another run sent it).
 */
export async function claimDigest(
  q: Query,
  u: Pick<DueDigestRow, 'institution_id' | 'user_id' | 'period'>,
  items: number,
): Promise<boolean> {
  const claimed = await q(
    `insert into notification_digests (institution_id, user_id, period, items) values ($1, $2, $3, $4)
       on conflict do nothing returning 1`,
    [u.institution_id, u.user_id, u.period, items],
  );
  return claimed.length > 0;
}

/** Releases the user's claim on the digest of `period` (the server refused the message). */
export async function deleteDigest(q: Query, userId: number, period: string): Promise<void> {
  await q('delete from notification_digests where user_id = $1 and period = $2', [userId, period]);
}

/** Turns the user's digest off; whether it was on. */
export async function turnDigestOff(q: Query, userId: number): Promise<boolean> {
  const changed = await q(
    `update notification_settings set digest = 'off', updated_at = now()
      where user_id = $1 and digest <> 'off' returning 1`,
    [userId],
  );
  return changed.length > 0;
}

/** The signing key `name` (base64); undefined when it has not been made yet. */
export async function selectSigningKey(
  q: Query,
  name: string,
): Promise<(typeof signingKeys.$inferSelect)['key'] | undefined> {
  const [row] = await q<Pick<typeof signingKeys.$inferSelect, 'key'>>(
    'select key from signing_keys where name = $1',
    [name],
  );
  return row?.key;
}

/** Stores the signing key `name` unless one is there already (the first instance's key wins). */
export async function insertSigningKey(q: Query, name: string, key: string): Promise<void> {
  await q('insert into signing_keys (name, key) values ($1, $2) on conflict (name) do nothing', [name, key]);
}
