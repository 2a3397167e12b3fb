import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * Coach content that students complete: bulletins (with topics, views and credit), surveys (with
 * responses) and playbooks (with exam dates, release and each student's planning progress). This is the
 * minimum the activity cards, the completion history and the coach user count read; the
 * content issue extends these tables (bulletin pages, stars, tailoring, survey questions, playbook steps).
 *
 * A bulletin or survey is *live* for students when `is_published` and neither queued (Scheduled) nor
 * under review (Drafted), and its publish time has come. A playbook is live when `is_released` (spec §4).
 * An item is *for credit* when `related_credit`; its credit deadline is `credit_deadline` / `due_at`.
 */

/** A bulletin topic of a coach (spec §3 message_topics.topic_name). Names are unique per coach. */
export const bulletinTopics = pgTable(
  'bulletin_topics',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('bulletin_topics_coach_name_key').on(t.coach_id, t.name)],
);

/**
 * A bulletin of a coach (spec §3 "Bulletin"). `topic_id` null: the bulletin has no topic (grouped under
 * 'General Bulletins', spec §4). `description` is sanitised HTML.
 */
export const bulletins = pgTable(
  'bulletins',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    topic_id: integer('topic_id').references(() => bulletinTopics.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    /**
     * The description as the bulletin list's search reads it: HTML tags replaced by spaces, lower-cased.
     * Derived, never written by the app: a trigger sets it on every insert and update
     * (db/bulletin-triggers.ts); null only until the first start after migration 0025 fills it.
     */
    description_text: text('description_text'),
    icon_url: text('icon_url'),
    is_published: boolean('is_published').notNull().default(false),
    is_queued: boolean('is_queued').notNull().default(false),
    under_review: boolean('under_review').notNull().default(false),
    is_interactive: boolean('is_interactive').notNull().default(false),
    publish_timestamp: timestamp('publish_timestamp', { withTimezone: true }).notNull().defaultNow(),
    related_credit: boolean('related_credit').notNull().default(false),
    credit_deadline: timestamp('credit_deadline', { withTimezone: true }),
    /**
     * The Insight Group the bulletin is meant for, or null: every student of the coach. Kept
     * without a foreign key, like `cohort_memberships`: when the group is deleted its memberships go with
     * it, so the bulletin is then seen by nobody (never silently widened to everybody).
     */
    audience_cohort_id: integer('audience_cohort_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bulletins_coach_idx').on(t.coach_id, t.publish_timestamp)],
);

/**
 * A page of an interactive bulletin (spec §2 /InteractiveMessage/{coachId}/{bulletinId}/{pageId}/).
 * `position` orders the pages from 0; the card links to page 0 (spec: "pageId 0"), so the page id in
 * the route is the position. `body` is sanitised HTML.
 */
export const bulletinPages = pgTable(
  'bulletin_pages',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    bulletin_id: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
  },
  (t) => [uniqueIndex('bulletin_pages_bulletin_position_key').on(t.bulletin_id, t.position)],
);

/** A student's star on a bulletin (spec §3 Bulletin.starred, §4 Star toggle). */
export const bulletinStars = pgTable(
  'bulletin_stars',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    bulletin_id: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starred_at: timestamp('starred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bulletin_id, t.user_id] }),
    index('bulletin_stars_user_idx').on(t.user_id),
  ],
);

/** A student's first view of a bulletin (spec §3 Bulletin.viewed); the view completes the bulletin. */
export const bulletinViews = pgTable(
  'bulletin_views',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    bulletin_id: integer('bulletin_id')
      .notNull()
      .references(() => bulletins.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewed_at: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bulletin_views_bulletin_user_key').on(t.bulletin_id, t.user_id),
    index('bulletin_views_user_idx').on(t.user_id),
  ],
);

/** A survey of a coach. Its questions come with the content issue; a response completes it. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    is_published: boolean('is_published').notNull().default(false),
    is_queued: boolean('is_queued').notNull().default(false),
    under_review: boolean('under_review').notNull().default(false),
    publish_timestamp: timestamp('publish_timestamp', { withTimezone: true }).notNull().defaultNow(),
    related_credit: boolean('related_credit').notNull().default(false),
    due_at: timestamp('due_at', { withTimezone: true }),
    /** Anonymous: staff see aggregates only, never who answered what (docs/emails-surveys.md). */
    anonymous: boolean('anonymous').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_coach_idx').on(t.coach_id)],
);

/** A student's completed response to a survey (one per student). */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    survey_id: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed_at: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_responses_survey_user_key').on(t.survey_id, t.user_id),
    index('survey_responses_user_idx').on(t.user_id),
  ],
);

/**
 * A playbook of a coach (spec §3 "Playbook analytics"): planning for an assessment. `assignment_type` is
 * exam, quiz or assessment (spec §9); `exam_date` null shows `custom_date_message` instead (spec §4).
 * Students see it only when `is_released`. The planning window runs from `planning_opens_on` (or the day
 * it was created) to `exam_date`.
 */
export const playbooks = pgTable(
  'playbooks',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    assignment_type: text('assignment_type', { enum: ['exam', 'quiz', 'assessment'] })
      .notNull()
      .default('exam'),
    exam_date: date('exam_date', { mode: 'string' }),
    custom_date_message: text('custom_date_message'),
    is_released: boolean('is_released').notNull().default(false),
    planning_opens_on: date('planning_opens_on', { mode: 'string' }),
    related_credit: boolean('related_credit').notNull().default(false),
    due_at: timestamp('due_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('playbooks_coach_idx').on(t.coach_id),
    check('playbooks_assignment_type', sql`${t.assignment_type} in ('exam', 'quiz', 'assessment')`),
  ],
);

/**
 * A student's planning progress on a playbook: started, and completed when `completed_at` is set (the
 * credit of the history and activity cards); reflection completed when `reflection_completed_at` is set.
 */
export const playbookPlans = pgTable(
  'playbook_plans',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    playbook_id: integer('playbook_id')
      .notNull()
      .references(() => playbooks.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    /** When the student completed the reflection after the exam (docs/playbooks.md). */
    reflection_completed_at: timestamp('reflection_completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('playbook_plans_playbook_user_key').on(t.playbook_id, t.user_id),
    index('playbook_plans_user_idx').on(t.user_id),
    // The completed plans alone, counted by playbook (the Coach Activity Breakdown).
    index('playbook_plans_completed_idx')
      .on(t.playbook_id, t.user_id)
      .where(sql`${t.completed_at} is not null`),
  ],
);
