import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutions, users } from './institutions.ts';

/**
 * A coach: one course's coaching space in one term. `current_day` is the coach's "today",
 * counted in whole days from the start of the term (OULAD dates are days from the presentation start);
 * grades are computed as of that day.
 */
export const coaches = pgTable(
  'coaches',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    course_code: text('course_code').notNull(),
    term_code: text('term_code').notNull(),
    /** Length of the term in days. */
    length_days: integer('length_days').notNull(),
    current_day: integer('current_day').notNull().default(0),
    calculator_active: boolean('calculator_active').notNull().default(false),
    /**
     * The coach's letter boundaries for the Grade Calculator, lowest letter first
     * ([{ letter, min }], validated by LetterBoundariesSchema in packages/contracts); null: the defaults
     * (DEFAULT_LETTER_BOUNDARIES, docs/grades.md "The Grade Calculator").
     */
    letter_boundaries: jsonb('letter_boundaries').$type<Array<{ letter: string; min: number }>>(),
    /**
     * `complete` for a working coach; `in_progress` while the setup wizard has not finished it:
     * such a coach is seen only by the institution's staff (not in coach lists, not by its students).
     */
    setup_status: text('setup_status', { enum: ['in_progress', 'complete'] })
      .notNull()
      .default('complete'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by database triggers (db/grade-triggers.ts) whenever anything a grade depends on changes:
     * the coach's scores, assignments, student enrollments or current_day. Keys the class score cache.
     */
    grades_version: bigint('grades_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by database triggers (db/activity-triggers.ts) whenever anything the Coach Activity
     * Breakdown depends on changes: the coach's student enrollments, content (bulletins, surveys,
     * playbooks, to-do lists and items, checklist items, wiring), the completions of that content, and
     * the characteristic values and definitions its wiring is matched against. Keys the coach activity
     * cache (schema/grades.ts coachActivityCache; docs/activity.md).
     */
    activity_version: bigint('activity_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by database triggers (db/tailoring-count-triggers.ts) whenever the coach's enrollments are
     * written: one of the versions that key the tailoring distribution's cached counts.
     */
    enrollment_version: bigint('enrollment_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('coaches_course_term_key').on(t.institution_id, t.course_code, t.term_code)],
);

/** Per-coach roles (docs/design.md, Roles): a student or an instructor enrolled in a coach. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['student', 'instructor'] }).notNull(),
    /** Day of registration relative to the term start (negative: before it); null when unknown. */
    registered_day: integer('registered_day'),
    /** Day the student withdrew; null when they did not. */
    unregistered_day: integer('unregistered_day'),
    /** Where the enrollment came from: 'lti' (a launch or an NRPS roster sync, docs/lti.md); null: staff, CSV or import. */
    source: text('source'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_coach_user_key').on(t.coach_id, t.user_id),
    index('enrollments_user_idx').on(t.user_id),
    check('enrollments_role', sql`${t.role} in ('student', 'instructor')`),
  ],
);
