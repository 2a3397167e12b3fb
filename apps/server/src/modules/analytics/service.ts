import {
  type BulletinAnalytics,
  type CoachUserAnalytics,
  type PlaybookAnalytics,
  type PlaybookEntry,
  pluralLabel,
  type SurveyAnalytics,
  type TodoAnalytics,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import {
  selectAssignmentCounts,
  selectBulletinCounts,
  selectPlaybooks,
  selectSurveyCounts,
  selectTodoCounts,
} from './queries.ts';
import { percentOf } from './student.ts';

/**
 * Bulletin analytics of a student (spec §3): live bulletins counted per topic in SQL, read when the
 * student has viewed them. Topics are listed by name; bulletins without a topic are counted apart
 * (the card groups them under 'General Bulletins').
 */
export async function bulletinAnalytics(
  database: Database,
  coachId: number,
  userId: number,
): Promise<BulletinAnalytics> {
  const rows = await selectBulletinCounts(database.query, coachId, userId);
  const topics = rows.filter((r) => r.topic_name !== null);
  const general = rows.find((r) => r.topic_name === null) ?? { total: 0, read: 0 };
  const total = rows.reduce((s, r) => s + r.total, 0);
  const read = rows.reduce((s, r) => s + r.read, 0);
  return {
    read_messages_count: read,
    read_messages_percentage: percentOf(read, total),
    unread_messages_count: total - read,
    total_messages_count: total,
    total_message_topics_count: topics.length,
    message_topics: topics.map((t) => ({
      topic_name: t.topic_name!,
      num_messages: t.total,
      read_percentage: percentOf(t.read, t.total),
      unread_percentage: percentOf(t.total - t.read, t.total),
    })),
    message_without_topic: general.total,
    messages_without_topic_read_percentage: percentOf(general.read, general.total),
    messages_without_topic_unread_percentage: percentOf(general.total - general.read, general.total),
    content_label: pluralLabel('Bulletin', total),
  };
}

/**
 * To-do analytics of a student (spec §3): their to-do items (see content/queries.ts) counted in SQL,
 * complete when their completion row says so; per tag, and untagged items apart ('General').
 */
export async function todoAnalytics(
  database: Database,
  coachId: number,
  userId: number,
): Promise<TodoAnalytics> {
  const rows = await selectTodoCounts(database.query, coachId, userId);
  const all = rows.find((r) => r.kind === 'all') ?? { total: 0, completed: 0 };
  const untagged = rows.find((r) => r.kind === 'untagged') ?? { total: 0, completed: 0 };
  const tags = rows.filter((r) => r.kind === 'tag');
  return {
    completed_todo_item_count: all.completed,
    completed_todo_item_percentage: percentOf(all.completed, all.total),
    incomplete_todo_item_count: all.total - all.completed,
    total_todo_item_count: all.total,
    tag_todoitem_count: tags.length,
    todoitems_without_tags: untagged.total,
    todoitems_without_tags_completed_percentage: percentOf(untagged.completed, untagged.total),
    todoitems_without_tags_incomplete_percentage: percentOf(
      untagged.total - untagged.completed,
      untagged.total,
    ),
    todoitem_tags: tags.map((t) => ({
      id: t.id!,
      label: t.label!,
      num_items: t.total,
      completed_percentage: percentOf(t.completed, t.total),
      incomplete_percentage: percentOf(t.total - t.completed, t.total),
    })),
    content_label: pluralLabel('To-Do', all.total),
  };
}

/** Survey analytics of a student: live surveys they have responded to, in percent. */
export async function surveyAnalytics(
  database: Database,
  coachId: number,
  userId: number,
): Promise<SurveyAnalytics> {
  const row = await selectSurveyCounts(database.query, coachId, userId);
  const total = row?.total ?? 0;
  const completed = row?.completed ?? 0;
  return {
    survey_completed_percentage: percentOf(completed, total),
    completed_surveys_count: completed,
    total_surveys_count: total,
  };
}

/** The line under a playbook's timeline (ours; the spec names graph_message but not its words). */
export function playbookGraphMessage(p: {
  exam_name: string;
  completed: boolean;
  remaining_date: number | null;
}): string {
  if (p.completed) return `You have completed your plan for ${p.exam_name}.`;
  if (p.remaining_date === null) return `Start planning for ${p.exam_name} now.`;
  if (p.remaining_date === 0) return `${p.exam_name} is here. Follow your plan.`;
  return `${p.remaining_date} ${pluralLabel('day', p.remaining_date)} left to plan for ${p.exam_name}.`;
}

/**
 * Exam playbook analytics of a student (spec §3): released playbooks only (spec §4), by exam date
 * (undated last). remaining_date is whole days from today (UTC) to the exam date, 0 on and after it;
 * planning_duration_percentage is how much of the planning window (planning_opens_on, else the day the
 * playbook was created, to the exam date) has passed; playbook_completed_percentage is the share of the
 * released playbooks whose plan the student has completed.
 */
export async function playbookAnalytics(
  database: Database,
  coachId: number,
  userId: number,
): Promise<PlaybookAnalytics> {
  const rows = await selectPlaybooks(database.query, coachId, userId);
  const list: PlaybookEntry[] = rows.map((r) => {
    let planning = 0;
    if (r.window_days !== null) {
      planning =
        r.window_days <= 0
          ? 100
          : percentOf(Math.min(Math.max(r.elapsed_days, 0), r.window_days), r.window_days);
    }
    const entry = {
      id: r.id,
      exam_name: r.exam_name,
      is_released: true,
      exam_date: r.exam_date,
      custom_date_message: r.custom_date_message,
      planning_duration_percentage: planning,
      remaining_date: r.remaining_date,
      assignment_type: r.assignment_type,
      completed: r.completed,
    };
    return { ...entry, graph_message: playbookGraphMessage(entry) };
  });
  return {
    display_exam_playbook: list.some((p) => p.assignment_type === 'exam'),
    user_playbook_list: list,
    playbook_completed_percentage: percentOf(list.filter((p) => p.completed).length, list.length),
  };
}

/**
 * Coach user analytics (spec §3): everything assigned to the student in the coach (live bulletins,
 * live surveys, released playbooks, their to-do items, the coach's checklist items) and how much of it
 * they completed (viewed, responded, plan completed, item completed, item ticked), in one SQL statement.
 */
export async function coachUserAnalytics(
  database: Database,
  coachId: number,
  userId: number,
): Promise<CoachUserAnalytics> {
  const row = await selectAssignmentCounts(database.query, coachId, userId);
  const total = row?.total ?? 0;
  const completed = row?.completed ?? 0;
  return {
    total_completed_assignments: completed,
    total_assignments_count: total,
    incomplete_assignment_count: total - completed,
    assignment_completed_percentage: percentOf(completed, total),
  };
}
