import { z } from 'zod';
import { access, COACH_ANY, defineEndpoint } from './endpoint.ts';
import { API } from './paths.ts';

/**
 * Activity analytics of one student in one coach (spec §3, §4 "Activity cards"). Percentages are 0–100
 * rounded to 2 decimals; counts are whole numbers. Every figure is computed in SQL from the coach's live
 * content: published bulletins and surveys (not Scheduled, not Drafted, publish time reached), released
 * playbooks, and the to-do items the student sees (staff-created items of live lists plus their own).
 */

const percent = z.number().min(0).max(100);
const count = z.number().int().min(0);

/** Bulletin analytics (spec §3). Topics are the coach's bulletin topics; untopiced bulletins are counted apart. */
export const BulletinAnalyticsSchema = z.object({
  read_messages_count: count,
  read_messages_percentage: percent,
  unread_messages_count: count,
  total_messages_count: count,
  /** Named topics with at least one live bulletin (the 'General Bulletins' group is not a topic). */
  total_message_topics_count: count,
  message_topics: z.array(
    z.object({
      topic_name: z.string(),
      num_messages: count,
      read_percentage: percent,
      unread_percentage: percent,
    }),
  ),
  /** Number of live bulletins without a topic. */
  message_without_topic: count,
  messages_without_topic_read_percentage: percent,
  messages_without_topic_unread_percentage: percent,
  /** 'Bulletin' or 'Bulletins' (spec §9 plural labels). */
  content_label: z.string(),
});
export type BulletinAnalytics = z.infer<typeof BulletinAnalyticsSchema>;

/** To-do analytics (spec §3), with tags as categories. */
export const TodoAnalyticsSchema = z.object({
  completed_todo_item_count: count,
  completed_todo_item_percentage: percent,
  incomplete_todo_item_count: count,
  total_todo_item_count: count,
  /** Tags with at least one of the student's items (the 'General' group is not a tag). */
  tag_todoitem_count: count,
  todoitems_without_tags: count,
  todoitems_without_tags_completed_percentage: percent,
  todoitems_without_tags_incomplete_percentage: percent,
  todoitem_tags: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      /** Extra: how many of the student's items carry the tag. */
      num_items: count,
      completed_percentage: percent,
      incomplete_percentage: percent,
    }),
  ),
  /** 'To-Do' or 'To-Dos'. */
  content_label: z.string(),
});
export type TodoAnalytics = z.infer<typeof TodoAnalyticsSchema>;

export const ASSIGNMENT_TYPES = ['exam', 'quiz', 'assessment'] as const;

/** One released playbook of the student (spec §3 user_playbook_list). */
export const PlaybookEntrySchema = z.object({
  id: z.number().int(),
  exam_name: z.string(),
  is_released: z.boolean(),
  /** ISO date (yyyy-MM-dd) or null: then custom_date_message is shown (spec §4). */
  exam_date: z.string().nullable(),
  custom_date_message: z.string().nullable(),
  graph_message: z.string(),
  /** How much of the planning window (opening day to exam date) has passed, 0–100. */
  planning_duration_percentage: percent,
  /** Whole days from today to the exam date (0 on and after it); null without a date. */
  remaining_date: z.number().int().min(0).nullable(),
  assignment_type: z.enum(ASSIGNMENT_TYPES),
  /** Extra: the student has completed their plan. */
  completed: z.boolean(),
});
export type PlaybookEntry = z.infer<typeof PlaybookEntrySchema>;

/** Exam playbook analytics (spec §3 "Playbook analytics"). Only released playbooks are listed (spec §4). */
export const PlaybookAnalyticsSchema = z.object({
  /** True when a listed playbook is for an exam: the card is titled 'Exam Playbook Planning'. */
  display_exam_playbook: z.boolean(),
  user_playbook_list: z.array(PlaybookEntrySchema),
  playbook_completed_percentage: percent,
});
export type PlaybookAnalytics = z.infer<typeof PlaybookAnalyticsSchema>;

/** Survey analytics (spec §3), plus the counts behind the percentage. */
export const SurveyAnalyticsSchema = z.object({
  survey_completed_percentage: percent,
  completed_surveys_count: count,
  total_surveys_count: count,
});
export type SurveyAnalytics = z.infer<typeof SurveyAnalyticsSchema>;

/**
 * Coach user analytics (spec §3): the student's overall count over everything assigned to them in the
 * coach: live bulletins, live surveys, released playbooks and their to-do items.
 */
export const CoachUserAnalyticsSchema = z.object({
  total_completed_assignments: count,
  total_assignments_count: count,
  incomplete_assignment_count: count,
  assignment_completed_percentage: percent,
});
export type CoachUserAnalytics = z.infer<typeof CoachUserAnalyticsSchema>;

/** Spec §9: "Plural labels add an s unless the total is 1." */
export function pluralLabel(singular: string, total: number): string {
  return total === 1 ? singular : `${singular}s`;
}

/** One category of a bulletin or to-do card: a topic/tag, or the 'General …' group. */
export interface ActivityCategory {
  key: string;
  label: string;
  count: number;
  completedPercentage: number;
  incompletePercentage: number;
}

/** What an activity card shows (spec §4 "Bulletin analytics", "To-do analytics"). */
export interface ActivityCardView {
  /** Shown only when the total is above 0. */
  visible: boolean;
  /** Category breakdown and progress bar: more than 1 topic (tag) and more than 1 message (item). */
  showBreakdown: boolean;
  /** Topic (tag) graph: at least 1 topic (tag). */
  showTopicGraph: boolean;
  /** Topics (tags), then the general group when it has any entry. */
  categories: ActivityCategory[];
}

/** Spec §4 rules of the bulletin card. Bulletins without a topic are grouped under 'General Bulletins'. */
export function bulletinCardView(data: BulletinAnalytics): ActivityCardView {
  const categories: ActivityCategory[] = data.message_topics.map((t) => ({
    key: `topic:${t.topic_name}`,
    label: t.topic_name,
    count: t.num_messages,
    completedPercentage: t.read_percentage,
    incompletePercentage: t.unread_percentage,
  }));
  if (data.message_without_topic > 0) {
    categories.push({
      key: 'general',
      label: ANALYTICS_TEXTS.generalBulletins,
      count: data.message_without_topic,
      completedPercentage: data.messages_without_topic_read_percentage,
      incompletePercentage: data.messages_without_topic_unread_percentage,
    });
  }
  return {
    visible: data.total_messages_count > 0,
    showBreakdown: data.total_message_topics_count > 1 && data.total_messages_count > 1,
    showTopicGraph: data.total_message_topics_count >= 1,
    categories,
  };
}

/** Spec §4 rules of the to-do card ("same, with tags as categories; untagged items go under 'General'"). */
export function todoCardView(data: TodoAnalytics): ActivityCardView {
  const categories: ActivityCategory[] = data.todoitem_tags.map((t) => ({
    key: `tag:${t.id}`,
    label: t.label,
    count: t.num_items,
    completedPercentage: t.completed_percentage,
    incompletePercentage: t.incomplete_percentage,
  }));
  if (data.todoitems_without_tags > 0) {
    categories.push({
      key: 'general',
      label: ANALYTICS_TEXTS.general,
      count: data.todoitems_without_tags,
      completedPercentage: data.todoitems_without_tags_completed_percentage,
      incompletePercentage: data.todoitems_without_tags_incomplete_percentage,
    });
  }
  return {
    visible: data.total_todo_item_count > 0,
    showBreakdown: data.tag_todoitem_count > 1 && data.total_todo_item_count > 1,
    showTopicGraph: data.tag_todoitem_count >= 1,
    categories,
  };
}

/** Spec §9 "tick-hiding threshold 14". */
export const PLAYBOOK_TICK_HIDING_THRESHOLD = 14;

/**
 * The ticks of a playbook timeline (spec §9: "Playbook ticks equal remaining_date + 1"): one per day from
 * today (0) to the exam (remaining_date). With more than 14 ticks every other label is hidden (spec §4),
 * keeping the first.
 */
export function playbookTicks(remainingDate: number): Array<{ day: number; labelHidden: boolean }> {
  const n = Math.max(0, Math.floor(remainingDate)) + 1;
  const hide = n > PLAYBOOK_TICK_HIDING_THRESHOLD;
  return Array.from({ length: n }, (_, day) => ({ day, labelHidden: hide && day % 2 === 1 }));
}

/** Texts of the activity cards: the spec's where it gives them, ours otherwise. */
export const ANALYTICS_TEXTS = {
  /** Spec §4. */
  generalBulletins: 'General Bulletins',
  /** Spec §4. */
  general: 'General',
  bulletinsTitle: 'Bulletins',
  todosTitle: 'To-Dos',
  /** Spec §2 "Playbook (or Exam Playbook) Planning". */
  playbookTitle: 'Playbook Planning',
  examPlaybookTitle: 'Exam Playbook Planning',
  surveysTitle: 'Surveys',
  overallTitle: 'Overall progress',
  /** Ours: ends each card's region name (“To-Dos activity”), apart from the to-do card's “To-Dos”. */
  cardRegionSuffix: 'activity',
  read: 'Read',
  unread: 'Unread',
  completed: 'Completed',
  incomplete: 'Not completed',
  noPlaybooks: 'No playbooks have been released yet.',
  noActivity: 'Nothing has been assigned to you in this coach yet.',
  loadFailed: 'We couldn’t load your activity',
} as const;

/**
 * The query of every per-student route: `?user_id=` lets instructors, staff and admins ask for one
 * student of the coach (as on the grade-data route). Plain decimal ids only.
 */
export const StudentQuerySchema = z.strictObject({
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Enter a valid user id.')
    .pipe(z.coerce.number<string>().int().positive().max(2_147_483_647, 'Enter a valid user id.'))
    .optional(),
});

/**
 * The activity analytics of spec §7 ("Activity: GETs with {coachId} for … coach user analytics, bulletin
 * analytics, survey analytics, to-do analytics and exam playbook analytics"; the paths are ours). A
 * student gets their own figures; staff pass `?user_id=` for a student of the coach.
 */
export const ANALYTICS_ENDPOINTS = {
  /** GET user-analytics → coach user analytics (the overall count). */
  coachUser: defineEndpoint({
    method: 'GET',
    path: API.coachUserAnalytics(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['analytics'],
    query: StudentQuerySchema,
    responses: { 200: CoachUserAnalyticsSchema },
  }),
  /** GET bulletin-analytics. */
  bulletins: defineEndpoint({
    method: 'GET',
    path: API.bulletinAnalytics(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['analytics'],
    query: StudentQuerySchema,
    responses: { 200: BulletinAnalyticsSchema },
  }),
  /** GET survey-analytics. */
  surveys: defineEndpoint({
    method: 'GET',
    path: API.surveyAnalytics(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['analytics'],
    query: StudentQuerySchema,
    responses: { 200: SurveyAnalyticsSchema },
  }),
  /** GET todo-analytics. */
  todos: defineEndpoint({
    method: 'GET',
    path: API.todoAnalytics(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['analytics'],
    query: StudentQuerySchema,
    responses: { 200: TodoAnalyticsSchema },
  }),
  /** GET exam-playbook-analytics. */
  playbooks: defineEndpoint({
    method: 'GET',
    path: API.examPlaybookAnalytics(':coachId'),
    access: access.coach(...COACH_ANY),
    tags: ['analytics'],
    query: StudentQuerySchema,
    responses: { 200: PlaybookAnalyticsSchema },
  }),
};
