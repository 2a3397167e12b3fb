import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/** A coach's gradebook (spec §3 "Gradebook (wiring)": id, title). */
export const gradebooks = pgTable(
  'gradebooks',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
  },
  (t) => [index('gradebooks_coach_idx').on(t.coach_id)],
);

/**
 * A graded assessment of a gradebook. `weight` is in percent of its group (OULAD weights do not always
 * add up to 100: grades normalise by the coach's total weight). `due_day` is days from the term start.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    gradebook_id: integer('gradebook_id')
      .notNull()
      .references(() => gradebooks.id, { onDelete: 'cascade' }),
    external_id: text('external_id'),
    title: text('title').notNull(),
    /** TMA, CMA, Exam (OULAD) or the LMS's assignment kind. */
    assessment_type: text('assessment_type').notNull(),
    due_day: integer('due_day').notNull(),
    weight: numeric('weight', { precision: 7, scale: 3, mode: 'number' }).notNull(),
  },
  (t) => [
    index('assignments_coach_idx').on(t.coach_id),
    uniqueIndex('assignments_external_key').on(t.coach_id, t.external_id),
    check('assignments_weight_nonnegative', sql`${t.weight} >= 0`),
  ],
);

/**
 * A student's result on an assignment. A missing row means not submitted; a row with a null score
 * means submitted but not (yet) marked. `is_banked`: carried over from an earlier attempt.
 */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    assignment_id: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submitted_day: integer('submitted_day').notNull(),
    is_banked: boolean('is_banked').notNull().default(false),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }),
  },
  (t) => [
    uniqueIndex('scores_assignment_user_key').on(t.assignment_id, t.user_id),
    index('scores_user_idx').on(t.user_id),
    check('scores_score_range', sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= 100)`),
  ],
);

/**
 * Every student's current score in a coach (charts/service.ts classScores), computed once per
 * `coaches.grades_version`: the grade distribution reads it instead of scoring the whole class on each
 * request. Valid only while `grades_version` equals the coach's; the triggers that bump the coach's
 * version make any stored row stale on every instance at once. `scores` ascending, `user_ids` aligned.
 */
export const classScoreCache = pgTable('class_score_cache', {
  coach_id: integer('coach_id')
    .primaryKey()
    .references(() => coaches.id, { onDelete: 'cascade' }),
  grades_version: bigint('grades_version', { mode: 'number' }).notNull(),
  user_ids: integer('user_ids').array().notNull(),
  scores: doublePrecision('scores').array().notNull(),
  computed_at: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The Coach Activity Breakdown's figures of one coach (institutions/activity.ts), computed once per
 * `coaches.activity_version` (docs/activity.md "The breakdown's cache"; decision 13). Valid only while
 * `activity_version` equals the coach's and, when `valid_until` is set, before that time (the publish time
 * of the coach's next scheduled bulletin or survey, which turns live by the clock, not by a write).
 * `figures` is `[{ kind, total, completed }]` per breakdown kind; `student_count` the coach's students.
 * Only rows whose `query_key` is the running code's are read.
 */
export const coachActivityCache = pgTable('coach_activity_cache', {
  coach_id: integer('coach_id')
    .primaryKey()
    .references(() => coaches.id, { onDelete: 'cascade' }),
  activity_version: bigint('activity_version', { mode: 'number' }).notNull(),
  /**
   * A digest of the SQL that computed the figures: a release that changes how they are counted does not
   * answer from rows the previous release stored.
   */
  query_key: text('query_key').notNull(),
  valid_until: timestamp('valid_until', { withTimezone: true }),
  student_count: integer('student_count').notNull(),
  figures: jsonb('figures').$type<Array<{ kind: string; total: number; completed: number }>>().notNull(),
  computed_at: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
