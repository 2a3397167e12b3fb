import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';
import { characteristicImports } from './tailoring.ts';

/**
 * Guided import (modules/imports; README "Importing a registrar's file") and engagement from the LMS
 * activity log (modules/engagement).
 */

/**
 * An uploaded file waiting to be mapped, checked and committed (kept so that each step does not send the
 * file again). Removed when its import commits; the maintenance job removes those older than a day.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    file_name: text('file_name').notNull(),
    content: text('content').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_uploads_coach_idx').on(t.coach_id)],
);

/** A saved mapping of a coach (ImportMappingSchema), re-run on next term's file. */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mapping: jsonb('mapping').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_key').on(t.coach_id, t.name)],
);

/**
 * A coach's LMS activity log, aggregated per (student, day, activity type): the clicks summed over the
 * log's rows and sites (OULAD studentVle rows repeat and are summed, never de-duplicated). `day` is in
 * presentation days (negative before the start), like `coaches.current_day`.
 */
export const engagementActivity = pgTable(
  'engagement_activity',
  {
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    day: smallint('day').notNull(),
    activity_type: text('activity_type').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coach_id, t.user_id, t.day, t.activity_type] })],
);

/**
 * Engagement figures of a student in a coach (enrolment scope), derived from `engagement_activity` as of
 * the coach's `current_day` by the engagement job. `share` holds the percentage of the term's clicks per
 * activity type. Mirrored into the tailoring dictionary (see modules/engagement/derive.ts).
 */
export const engagementFigures = pgTable(
  'engagement_figures',
  {
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    clicks_7d: integer('clicks_7d').notNull(),
    clicks_14d: integer('clicks_14d').notNull(),
    days_since_last: integer('days_since_last'),
    active_days: integer('active_days').notNull(),
    share: jsonb('share').$type<Record<string, number>>().notNull().default({}),
    as_of_day: integer('as_of_day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coach_id, t.user_id] })],
);

/**
 * The class median of a coach's weekly clicks (docs/engagement.md "My engagement"), derived with the
 * engagement figures as of `as_of_day` over `class_size` enrolled students: My engagement reads it instead
 * of aggregating the whole log on every request (and computes it live while it is stale).
 */
export const engagementClassWeeks = pgTable(
  'engagement_class_weeks',
  {
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    week: smallint('week').notNull(),
    class_median: doublePrecision('class_median').notNull(),
    as_of_day: integer('as_of_day').notNull(),
    class_size: integer('class_size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coach_id, t.week] })],
);

/** The commit job of a guided import: the `characteristic_imports` row it reports to, its upload and mapping. */
export const importJobs = pgTable('import_jobs', {
  import_id: integer('import_id')
    .primaryKey()
    .references(() => characteristicImports.id, { onDelete: 'cascade' }),
  upload_id: integer('upload_id').notNull(),
  mapping: jsonb('mapping').notNull(),
});
