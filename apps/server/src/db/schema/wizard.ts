import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * Coach setup wizard (spec §3 "Wizard reference data", §4 "Wizard order"; docs/wizard.md).
 */

/** A term the institution runs courses in (the wizard's `terms`; `code` is the coach's `term_code`). */
export const institutionTerms = pgTable(
  'institution_terms',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    starts_on: date('starts_on', { mode: 'string' }),
    /** Length of the term in days (a new coach's `length_days`). */
    length_days: integer('length_days').notNull(),
  },
  (t) => [uniqueIndex('institution_terms_key').on(t.institution_id, t.code)],
);

/** A course the institution offers (the wizard's `courses`; `code` is the coach's `course_code`). */
export const institutionCourses = pgTable(
  'institution_courses',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('institution_courses_key').on(t.institution_id, t.code)],
);

/**
 * One coach's set-up through the wizard (one row per coach created by the wizard; coaches created
 * otherwise have none). `step` is the furthest step the set-up may go to (the next one to fill in);
 * `form_data` holds each saved step's data by step name. `status`: `in_progress` (being filled in),
 * `setting_up` (the set-up job is queued or running; step mts), `failed` (the job failed: `error` says
 * why; the content calendar can be saved again to retry), `complete` (the coach is set up).
 * The coach's own `setup_status` mirrors whether it is complete (hidden from students until then).
 */
export const coachSetups = pgTable(
  'coach_setups',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    step: text('step').notNull().default('canvas_auth'),
    status: text('status', { enum: ['in_progress', 'setting_up', 'failed', 'complete'] })
      .notNull()
      .default('in_progress'),
    form_data: jsonb('form_data').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    /** Runs of the set-up job requested so far (each save of the content calendar adds one). */
    attempts: integer('attempts').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coach_setups_coach_key').on(t.coach_id),
    check('coach_setups_status', sql`${t.status} in ('in_progress', 'setting_up', 'failed', 'complete')`),
  ],
);
