/**
 * A student's history: the SQL (spec §2 'For Credit Items', 'Other Items'; contracts/history.ts). Both
 * statements take one coach (`$1`) and one student (`$2`) over what the student is assigned
 * (content/queries.ts); the answer's shape (ISO dates, the spec's sentinels) is the service's
 * (./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type { bulletins, bulletinViews } from '../../db/schema/index.ts';
import {
  LIVE_SURVEYS,
  RELEASED_PLAYBOOKS,
  STUDENT_BULLETINS,
  STUDENT_TODO_ITEMS,
  TODO_DUE_AT,
} from '../content/index.ts';

type Bulletins = typeof bulletins.$inferSelect;

/**
 * A credit or activity row as the history's SQL returns it (before `toCreditItem`): a bulletin, survey,
 * playbook or to-do item (each table's `id` and `title`), its deadline and the student's completion time
 * (timestamptz, either may be null) and the status `STATUS` gives.
 */
export type CreditRow = Pick<Bulletins, 'id' | 'title'> & {
  type: 'bulletin' | 'survey' | 'playbook' | 'todo';
  content_label: string;
  due: Bulletins['credit_deadline'] | string;
  completed: (typeof bulletinViews.$inferSelect)['viewed_at'] | string | null;
  status: 'success' | 'fail' | 'pending';
};

/**
 * The status rule of a credit or activity item (contracts/history.ts), in SQL over `due` and
 * `completed` (timestamptz, either may be null).
 */
const STATUS = `case
  when completed is not null and (due is null or completed <= due) then 'success'
  when due is not null and (completed is not null or due < now()) then 'fail'
  else 'pending' end`;

/**
 * The SQL of `userCredits`: `$1` the coach, `$2` the student; columns of `CreditRow`, ordered by
 * deadline (undated last), then title, type and id. Notifications run it for all of a student's
 * coaches in one statement (notifications/queries.ts, called from notifications/compute.ts).
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

/**
 * The coach's live for-credit bulletins and surveys and released for-credit playbooks, completed by the
 * student or not, in `USER_CREDITS_SQL`'s order.
 */
export function selectUserCredits(q: Query, coachId: number, userId: number): Promise<CreditRow[]> {
  return q<CreditRow>(USER_CREDITS_SQL, [coachId, userId]);
}

/**
 * What the student completed in the coach that is not for credit (viewed bulletins, responded surveys,
 * completed playbook plans, completed to-do items, a to-do item due at the end of its due date, UTC),
 * most recently completed first, then by title, type and id.
 */
export function selectUserActivity(q: Query, coachId: number, userId: number): Promise<CreditRow[]> {
  return q<CreditRow>(
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
}
