/**
 * A student's analytics: the SQL (spec §3 "Bulletin analytics", "To-do analytics", "Survey analytics",
 * "Playbook analytics", "Coach user analytics"). Every statement counts one student (`userId`) in one
 * coach (`coachId`), over what the student is assigned (content/queries.ts); the percentages and the
 * answers' shapes are the service's (./service.ts).
 */
import type { Query } from '../../db/client.ts';
import type { bulletinTopics, playbooks, todoTags } from '../../db/schema/index.ts';
import {
  LIVE_SURVEYS,
  RELEASED_PLAYBOOKS,
  STUDENT_BULLETINS,
  STUDENT_TODO_ITEMS,
  studentValuesOf,
  TODAY_UTC,
} from '../content/index.ts';
import { wiringVisibleSql } from '../wiring/index.ts';

type Playbooks = typeof playbooks.$inferSelect;
type TodoTags = typeof todoTags.$inferSelect;

/** How many of something there are and how many of them the student completed. */
export interface CountRow {
  total: number;
  completed: number;
}

/** A topic's live bulletins and how many the student read; `topic_name` null: those without a topic. */
export interface TopicCountRow {
  topic_name: (typeof bulletinTopics.$inferSelect)['name'] | null;
  total: number;
  read: number;
}

/** The student's to-do items counted: all of them, the untagged ones, or those with one tag. */
export type TodoCountRow = CountRow & {
  kind: 'all' | 'untagged' | 'tag';
  id: TodoTags['id'] | null;
  label: TodoTags['label'] | null;
};

/** A released playbook with its dates in whole days (from today, UTC) and the student's plan. */
export type PlaybookRow = Pick<Playbooks, 'id' | 'custom_date_message' | 'assignment_type' | 'exam_date'> & {
  exam_name: Playbooks['title'];
  remaining_date: number | null;
  window_days: number | null;
  elapsed_days: number;
  completed: boolean;
};

/**
 * The coach's live bulletins for the student, counted per topic with those they viewed: by topic name,
 * the bulletins without a topic last.
 */
export function selectBulletinCounts(q: Query, coachId: number, userId: number): Promise<TopicCountRow[]> {
  return q<TopicCountRow>(
    `with live as (${STUDENT_BULLETINS}),
          v as (
            select live.topic_id,
                   exists (select 1 from bulletin_views bv where bv.bulletin_id = live.id and bv.user_id = $2) as read
              from live)
     select t.name as topic_name, count(*)::int as total, (count(*) filter (where v.read))::int as read
       from v left join bulletin_topics t on t.id = v.topic_id
      group by t.id, t.name
      order by t.name nulls last, t.id`,
    [coachId, userId],
  );
}

/**
 * The student's to-do items, counted with those their completion row marks complete: one `all` row, one
 * `untagged` row, then a `tag` row per tag (by label, then id).
 */
export function selectTodoCounts(q: Query, coachId: number, userId: number): Promise<TodoCountRow[]> {
  return q<TodoCountRow>(
    `with items as (${STUDENT_TODO_ITEMS}),
          done as (
            select items.id,
                   coalesce((select a.completed from account_todo_items a
                              where a.item_id = items.id and a.user_id = $2), false) as completed,
                   exists (select 1 from todo_item_tags it where it.item_id = items.id) as tagged
              from items)
     select 'all' as kind, null::int as id, null as label, count(*)::int as total,
            (count(*) filter (where completed))::int as completed
       from done
     union all
     select 'untagged', null, null, count(*)::int, (count(*) filter (where completed))::int
       from done where not tagged
     union all
     select * from (
       select 'tag', t.id, t.label, count(*)::int, (count(*) filter (where done.completed))::int
         from done join todo_item_tags it on it.item_id = done.id join todo_tags t on t.id = it.tag_id
        group by t.id, t.label
        order by t.label, t.id) tags`,
    [coachId, userId],
  );
}

/** The coach's live surveys and how many of them the student responded to. */
export async function selectSurveyCounts(
  q: Query,
  coachId: number,
  userId: number,
): Promise<CountRow | undefined> {
  const [row] = await q<CountRow>(
    `with live as (${LIVE_SURVEYS})
     select count(*)::int as total,
            (count(*) filter (where exists (
               select 1 from survey_responses r where r.survey_id = live.id and r.user_id = $2)))::int as completed
       from live`,
    [coachId, userId],
  );
  return row;
}

/**
 * The coach's released playbooks by exam date (undated last), then id: `exam_date` as YYYY-MM-DD, the days
 * to it (0 on and after it, null when undated), the planning window's length and the days of it gone by
 * (from `planning_opens_on`, else the day the playbook was created), and whether the student completed
 * their plan.
 */
export function selectPlaybooks(q: Query, coachId: number, userId: number): Promise<PlaybookRow[]> {
  return q<PlaybookRow>(
    `with released as (${RELEASED_PLAYBOOKS})
     select p.id, p.title as exam_name, to_char(p.exam_date, 'YYYY-MM-DD') as exam_date,
            p.custom_date_message, p.assignment_type,
            case when p.exam_date is not null then greatest(0, p.exam_date - ${TODAY_UTC}) end as remaining_date,
            p.exam_date - coalesce(p.planning_opens_on, (p.created_at at time zone 'UTC')::date) as window_days,
            ${TODAY_UTC} - coalesce(p.planning_opens_on, (p.created_at at time zone 'UTC')::date) as elapsed_days,
            exists (select 1 from playbook_plans pp
                     where pp.playbook_id = p.id and pp.user_id = $2 and pp.completed_at is not null) as completed
       from released p
      order by p.exam_date nulls last, p.id`,
    [coachId, userId],
  );
}

/**
 * Everything assigned to the student in the coach (live bulletins, live surveys, released playbooks, their
 * to-do items, the checklist items they see) and how much of it they completed (viewed, responded, plan
 * completed, item completed, item ticked).
 */
export async function selectAssignmentCounts(
  q: Query,
  coachId: number,
  userId: number,
): Promise<CountRow | undefined> {
  const [row] = await q<CountRow>(
    `with b as (${STUDENT_BULLETINS}), s as (${LIVE_SURVEYS}), p as (${RELEASED_PLAYBOOKS}), t as (${STUDENT_TODO_ITEMS}),
          counts as (
            select count(*) as total,
                   count(*) filter (where exists (select 1 from bulletin_views v where v.bulletin_id = b.id and v.user_id = $2)) as completed
              from b
            union all
            select count(*),
                   count(*) filter (where exists (select 1 from survey_responses r where r.survey_id = s.id and r.user_id = $2))
              from s
            union all
            select count(*),
                   count(*) filter (where exists (select 1 from playbook_plans pp
                                                   where pp.playbook_id = p.id and pp.user_id = $2 and pp.completed_at is not null))
              from p
            union all
            select count(*),
                   count(*) filter (where exists (select 1 from account_todo_items a
                                                   where a.item_id = t.id and a.user_id = $2 and a.completed))
              from t
            union all
            select count(*),
                   count(*) filter (where exists (select 1 from account_checklist_items a
                                                   where a.item_id = c.id and a.user_id = $2))
              from checklist_items c
             where c.coach_id = $1 and ${wiringVisibleSql('c.id', "'checklist_item'", studentValuesOf('$2'))})
     select sum(total)::int as total, sum(completed)::int as completed from counts`,
    [coachId, userId],
  );
  return row;
}

/** Whether `userId` is a student of the coach (an `enrollments` row with role student). */
export async function isStudentOf(q: Query, coachId: number, userId: number): Promise<boolean> {
  const rows = await q(
    `select 1 from enrollments where coach_id = $1 and user_id = $2 and role = 'student'`,
    [coachId, userId],
  );
  return rows.length > 0;
}
