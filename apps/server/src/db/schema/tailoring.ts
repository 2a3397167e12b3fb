import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions } from './institutions.ts';

/**
 * Tailoring (spec §3 "Dictionary data", "Cohort", "Cohort group", "Cohort rule", "Membership
 * update task"; docs/design.md "Tailoring semantics").
 */

/** A source of characteristic data in an institution (`registrar`, `gradebook`, `course_coach`, …). */
export const tailoringSources = pgTable(
  'tailoring_sources',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('tailoring_sources_key').on(t.institution_id, t.name)],
);

/**
 * A characteristic of the institution's tailoring dictionary ("MTS"), defined by staff (DESIGN.md
 * "Characteristic definitions"). `name` is the code name rules, wiring and imports use; `label` is what
 * every screen shows. `kind` is the storage kind the rule engine compares by: `range` (numeric
 * `ranges`), `set` (fixed `values`), `text` (neither). `value_type` is the kind staff chose:
 * `categorical`, `ordinal` (values in order), `number` (one range with a `step`), `multivalued` (a set
 * of values), `yes_no` (values `yes`/`no`); null on characteristics made before definitions existed
 * (read as the kind implies). `default_value` is what a student without a value has; the reserved value
 * `__no_answer__` (contracts NO_ANSWER_VALUE) means "a missing answer is an explicit No Answer" that
 * rules can name and that comparisons never match. `scope`: `student` (one value per student,
 * institution-wide: gender, disability) or `enrolment` (one value per student and coach: previous
 * attempts, final result); see `student_characteristic_values.coach_id`. `retired_at`: retired
 * characteristics leave the dictionary (rules on them turn invalid) but keep their values.
 * `cohort_id` is set on a characteristic a group's membership is written back to.
 */
export const characteristics = pgTable(
  'characteristics',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    label: text('label').notNull().default(''),
    question: text('question').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: ['range', 'set', 'text'] }).notNull(),
    value_type: text('value_type', { enum: ['categorical', 'ordinal', 'number', 'multivalued', 'yes_no'] }),
    scope: text('scope', { enum: ['student', 'enrolment'] })
      .notNull()
      .default('student'),
    is_multivalued: boolean('is_multivalued').notNull().default(false),
    default_value: text('default_value'),
    /** [{ value, label }] for `set` characteristics, in order (the order of an ordinal). */
    restriction_values: jsonb('restriction_values')
      .$type<Array<{ value: string; label: string }>>()
      .notNull()
      .default([]),
    /** [{ min, max }] for `range` characteristics. */
    restriction_ranges: jsonb('restriction_ranges')
      .$type<Array<{ min: number; max: number }>>()
      .notNull()
      .default([]),
    /** The step of a `number` characteristic (null: any number in the range). */
    step: doublePrecision('step'),
    cohort_id: integer('cohort_id'),
    retired_at: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('characteristics_key').on(t.institution_id, t.name),
    check('characteristics_kind', sql`${t.kind} in ('range', 'set', 'text')`),
    check('characteristics_scope', sql`${t.scope} in ('student', 'enrolment')`),
    check(
      'characteristics_value_type',
      sql`${t.value_type} is null or ${t.value_type} in ('categorical', 'ordinal', 'number', 'multivalued', 'yes_no')`,
    ),
  ],
);

/** Which sources provide values for which characteristics ("sourced characteristics"). */
export const characteristicSources = pgTable(
  'characteristic_sources',
  {
    characteristic_id: integer('characteristic_id')
      .notNull()
      .references(() => characteristics.id, { onDelete: 'cascade' }),
    source_id: integer('source_id')
      .notNull()
      .references(() => tailoringSources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.characteristic_id, t.source_id] })],
);

/**
 * A student's value of a characteristic from a source: one row per value (several for a multivalued
 * characteristic), none when the student has the default. `coach_id` is the enrolment a value belongs
 * to: the coach's id for an `enrolment`-scoped characteristic (the student's own registration in that
 * course: previous attempts, final result), 0 for a `student`-scoped one (institution-wide). So every
 * reader in a coach reads `coach_id in (0, <coach>)` and gets exactly the student's values for that
 * coach; the one writer (modules/characteristics/values.ts `writeCharacteristicValues`) keeps the rule
 * "enrolment-scoped ⇔ coach_id ≠ 0". Built for tens of millions of rows: five integers, the value and
 * its number; the primary key leads with (characteristic, user, coach) so that each rule is one scan or
 * hash join per characteristic; `num` holds the value of range characteristics as a number (compared
 * numerically). No foreign key: the characteristic's key is checked once per statement by triggers
 * (db/value-triggers.ts: a value of a characteristic that does not exist is refused with 23503, as a
 * foreign key would, and a characteristic's deletion, and so the institution's, removes its values),
 * because a foreign key checks every row on its own, which cost as much as the insert itself in a bulk
 * load (decision 17); users and sources are only ever written by the code that checked them (users are
 * never deleted alone).
 */
export const studentCharacteristicValues = pgTable(
  'student_characteristic_values',
  {
    institution_id: integer('institution_id').notNull(),
    /**
     * The characteristic (`characteristics.id`). Its key is kept by statement-level triggers rather
     * than a foreign key (db/value-triggers.ts; decision 17): checked and locked once per statement,
     * its deletion removing the values.
     */
    characteristic_id: integer('characteristic_id').notNull(),
    user_id: integer('user_id').notNull(),
    /** The coach of the enrolment for enrolment-scoped characteristics; 0 for student-scoped ones. */
    coach_id: integer('coach_id').notNull().default(0),
    source_id: integer('source_id').notNull(),
    value: text('value').notNull(),
    num: doublePrecision('num'),
    /** When the value was written (shown to the student on My data, docs/my-data.md). */
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.characteristic_id, t.user_id, t.coach_id, t.source_id, t.value] }),
    // A student's values (wiring/queries.ts studentValuesSql, per request on every wired item check).
    index('student_characteristic_values_user_idx').on(t.user_id, t.institution_id),
  ],
);

/** An Insight Group Collection (spec: cohort group) of a coach. */
export const cohortGroups = pgTable(
  'cohort_groups',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cohort_groups_coach_idx').on(t.coach_id)],
);

/**
 * An Insight Group (spec: cohort) of a coach. `source`/`characteristic`: the membership characteristic
 * written back to the dictionary after each sync (null: none). `membership_count` as of the last sync.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    cohort_group_id: integer('cohort_group_id').references(() => cohortGroups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    source: text('source'),
    characteristic: text('characteristic'),
    membership_count: integer('membership_count').notNull().default(0),
    /**
     * Bumped by database triggers (db/tailoring-count-triggers.ts) whenever the group's memberships are
     * written: one of the versions that key the tailoring distribution's cached counts.
     */
    membership_version: bigint('membership_version', { mode: 'number' }).notNull().default(0),
    /** Staff show this group to its members on their My data page (docs/my-data.md). */
    visible_to_students: boolean('visible_to_students').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cohorts_coach_idx').on(t.coach_id), index('cohorts_group_idx').on(t.cohort_group_id)],
);

/**
 * A rule of an Insight Group. `characteristic` is kept by name, so that a rule whose characteristic
 * leaves the dictionary is still listed (as invalid). `qualifying_subjects_count` as of the last sync.
 */
export const cohortRules = pgTable(
  'cohort_rules',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    cohort_id: integer('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    characteristic: text('characteristic').notNull(),
    operation: text('operation').notNull(),
    value: text('value'),
    values_for_include: text('values_for_include').array().notNull().default(sql`'{}'::text[]`),
    qualifying_subjects_count: integer('qualifying_subjects_count').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cohort_rules_cohort_idx').on(t.cohort_id)],
);

/**
 * The members of an Insight Group, as of its last successful sync. No foreign keys: a sync rewrites up
 * to a million rows, and a per-row check of the cohort and the user (a locking lookup each) costs more
 * than the membership query itself. Rows go with their group in `deleteCohort`; rows of groups removed
 * by a cascade (a coach or institution deleted) are swept by the maintenance job.
 */
export const cohortMemberships = pgTable(
  'cohort_memberships',
  {
    cohort_id: integer('cohort_id').notNull(),
    user_id: integer('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cohort_id, t.user_id] }),
    // A student's groups (the bulletin reader's audience test, docs/bulletins.md "Lists"): without it
    // every list request read the whole table (60,000 rows for 30,000 students in two groups each).
    index('cohort_memberships_user_idx').on(t.user_id, t.cohort_id),
  ],
);

/**
 * Students whose membership of an Insight Group is owed a recomputation because some of their values read
 * by the group's rules changed (written in the transaction that changed them; consumed by the group's next
 * sync, see modules/tailoring/sync.ts and docs/design.md "Membership sync"). Several changes to the same
 * student before the sync runs coalesce into one row. No foreign keys, like `cohort_memberships`.
 */
export const cohortSyncPending = pgTable(
  'cohort_sync_pending',
  {
    cohort_id: integer('cohort_id').notNull(),
    user_id: integer('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cohort_id, t.user_id] })],
);

/**
 * The membership update task of an Insight Group (spec §3): its state and the time of each state.
 * Kept in the database so that any instance answers its status and a sync interrupted by a dying
 * worker is resumed (see modules/tailoring/sync.ts).
 */
export const cohortSyncTasks = pgTable(
  'cohort_sync_tasks',
  {
    cohort_id: integer('cohort_id')
      .primaryKey()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['started', 'success', 'failure'] }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }),
    /**
     * Latest time a (re)computation was asked for, strictly increasing (a request version): a run ends
     * the task only when it is still the value the run read when it started (modules/tailoring/sync.ts).
     */
    requested_at: timestamp('requested_at', { withTimezone: true }),
    success_at: timestamp('success_at', { withTimezone: true }),
    failure_at: timestamp('failure_at', { withTimezone: true }),
    failure_message: text('failure_message'),
    /**
     * A whole recomputation is owed (rules edited, a bulk import, a sync asked for by hand); false when
     * only the students listed in `cohort_sync_pending` are owed one (modules/tailoring/sync.ts).
     */
    full_requested: boolean('full_requested').notNull().default(true),
  },
  (t) => [
    index('cohort_sync_tasks_state_idx').on(t.state),
    check('cohort_sync_tasks_state', sql`${t.state} in ('started', 'success', 'failure')`),
  ],
);

/**
 * A CSV import of characteristic values. Checked rows are staged in `characteristic_import_rows`
 * (progress = rows staged), then applied in one transaction.
 */
export const characteristicImports = pgTable('characteristic_imports', {
  id: serial('id').primaryKey(),
  institution_id: integer('institution_id')
    .notNull()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  coach_id: integer('coach_id')
    .notNull()
    .references(() => coaches.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  state: text('state', { enum: ['started', 'success', 'failure'] }).notNull(),
  rows_total: integer('rows_total').notNull(),
  rows_done: integer('rows_done').notNull().default(0),
  characteristics: text('characteristics').array().notNull(),
  message: text('message'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staged rows of an import: the values to write for each (student, characteristic) of the file. */
export const characteristicImportRows = pgTable(
  'characteristic_import_rows',
  {
    import_id: integer('import_id')
      .notNull()
      .references(() => characteristicImports.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    characteristic_id: integer('characteristic_id').notNull(),
    value: text('value'),
    num: doublePrecision('num'),
  },
  (t) => [index('characteristic_import_rows_import_idx').on(t.import_id)],
);
