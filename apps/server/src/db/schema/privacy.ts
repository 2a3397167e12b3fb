import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { users } from './institutions.ts';
import { cohorts } from './tailoring.ts';

/**
 * A coach's class chart settings (docs/charts.md, privacy floor and comparison median). A coach without a
 * row has the defaults (contracts DEFAULT_CHART_SETTINGS: 5 and 10, the class median).
 */
export const chartSettings = pgTable(
  'chart_settings',
  {
    coach_id: integer('coach_id')
      .primaryKey()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    min_bar_students: integer('min_bar_students').notNull().default(5),
    min_class_students: integer('min_class_students').notNull().default(10),
    /** An Insight Group of the same coach (checked by the writer); null: the class median. */
    comparison_cohort_id: integer('comparison_cohort_id').references(() => cohorts.id, {
      onDelete: 'set null',
    }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'chart_settings_floors',
      sql`${t.min_bar_students} >= 1 and ${t.min_class_students} >= ${t.min_bar_students}`,
    ),
  ],
);

/**
 * A student's choice not to be compared with other students in a coach (docs/my-data.md): their charts
 * then show only their own progress. One row per enrolment that opted out; none means "compare".
 */
export const peerComparisonOptOuts = pgTable(
  'peer_comparison_opt_outs',
  {
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.coach_id, t.user_id] })],
);
