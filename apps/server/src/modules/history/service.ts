import { type CreditItem, NO_DUE_DATE, NOT_COMPLETED } from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import {
  LIVE_SURVEYS,
  RELEASED_PLAYBOOKS,
  STUDENT_BULLETINS,
  STUDENT_TODO_ITEMS,
  TODO_DUE_AT,
} from '../content/index.ts';

interface Row {
  type: CreditItem['type'];
  id: number;
  title: string;
  content_label: string;
  due: Date | string | null;
  completed: Date | string | null;
  status: CreditItem['status'];
}

/**
 * The status rule of a credit or activity item (contracts/history.ts), in SQL over `due` and
 * `completed` (timestamptz, either may be null).
 */
const STATUS = `case
  when completed is not null and (due is null or completed <= due) then 'success'
  when due is not null and (completed is not null or due < now()) then 'fail'
  else 'pending' end`;

const iso = (v: Date | string | null, fallback: string) =>
  v === null ? fallback : (v instanceof Date ? v : new Date(v)).toISOString();

/** A credit or activity row as the API answers it: dates as ISO strings or the spec's sentinels. */
export function toItem(r: Row): CreditItem {
  return {
    type: r.type,
    id: r.id,
    title: r.title,
    content_tag: r.type,
    content_label: r.content_label,
    status: r.status,
    due: iso(r.due, NO_DUE_DATE),
    completed: iso(r.completed, NOT_COMPLETED),
  };
}

/**
 * The SQL of `userCredits`: `$1` the coach, `$2` the student; columns of `CreditRow`, ordered by
 * deadline (undated last), then title, type and id. Notifications run it for all of a student's
 * coaches in one statement (notifications/compute.ts).
 */
export const USER_CREDITS_SQL = `with items as (
       select 'bulletin' as type, b.id, b.title, 'Bulletin' as content_label, b.credit_deadline as due,
              (select v.viewed_at from bulletin_views v where v.bulletin_id = b.id and v.user_id = $2) as completed
         from (${STUDENT_BULLETINS}) b where b.related_credit
       union all
       select 'survey', s.id, s.title, 'Survey', s.due_at,
              (select r.completed_at from survey_responses r where r.survey_id = s.id and r.user_id = $2)
         from (${LIVE_SURVEYS}) s where s.related_credit
       union all
       select 'playbook', p.id, p.title, case when p.assignment_type = 'exam' then 'Exam Playbook' else 'Playbook' end,
              p.due_at,
              (select pp.completed_at from playbook_plans pp where pp.playbook_id = p.id and pp.user_id = $2)
         from (${RELEASED_PLAYBOOKS}) p where p.related_credit)
     select type, id, title, content_label, due, completed, ${STATUS} as status
       from items order by due nulls last, title, type, id`;

/** A credit or activity row as the history's SQL returns it (before `toCreditItem`). */
export type CreditRow = Row;

/**
 * User credits (spec §2 'For Credit Items'): every live for-credit bulletin, survey and released playbook
 * of the coach, whether or not the student completed it, with its credit deadline, the student's
 * completion time and the credit status. Ordered by deadline (undated last), then title.
 */
export async function userCredits(
  database: Database,
  coachId: number,
  userId: number,
): Promise<CreditItem[]> {
  const rows = await database.query<Row>(USER_CREDITS_SQL, [coachId, userId]);
  return rows.map(toItem);
}

/**
 * Other user activity (spec §2 'Other Items'): what the student has completed in the coach that is not
 * for credit: viewed bulletins, responded surveys, completed playbook plans and completed to-do items
 * (a to-do item is due at the end of its due date, UTC). Most recently completed first.
 */
export async function userActivity(
  database: Database,
  coachId: number,
  userId: number,
): Promise<CreditItem[]> {
  const rows = await database.query<Row>(
    `with items as (
       select 'bulletin' as type, b.id, b.title, 'Bulletin' as content_label, b.credit_deadline as due,
              v.viewed_at as completed
         from (${STUDENT_BULLETINS}) b join bulletin_views v on v.bulletin_id = b.id and v.user_id = $2
        where not b.related_credit
       union all
       select 'survey', s.id, s.title, 'Survey', s.due_at, r.completed_at
         from (${LIVE_SURVEYS}) s join survey_responses r on r.survey_id = s.id and r.user_id = $2
        where not s.related_credit
       union all
       select 'playbook', p.id, p.title, case when p.assignment_type = 'exam' then 'Exam Playbook' else 'Playbook' end,
              p.due_at, pp.completed_at
         from (${RELEASED_PLAYBOOKS}) p
         join playbook_plans pp on pp.playbook_id = p.id and pp.user_id = $2 and pp.completed_at is not null
        where not p.related_credit
       union all
       select 'todo', t.id, t.title, 'To-Do', ${TODO_DUE_AT('t.due_date')}, coalesce(a.completed_at, a.created_at)
         from (${STUDENT_TODO_ITEMS}) t
         join account_todo_items a on a.item_id = t.id and a.user_id = $2 and a.completed)
     select type, id, title, content_label, due, completed, ${STATUS} as status
       from items order by completed desc, title, type, id`,
    [coachId, userId],
  );
  return rows.map(toItem);
}
