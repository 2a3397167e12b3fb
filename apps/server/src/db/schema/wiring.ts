import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
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
 * Characteristic wiring (spec §2 "Characteristics overview", §3 "Characteristic wiring item").
 *
 * A wiring row says "this content item is meant for students whose `characteristic` is `value`"
 * (shown `label: value`). Content is identified by kind and id, so one table serves every kind of
 * content (no foreign key to the content: the owning module deletes its rows with the content, in the
 * same transaction, through `modules/wiring/service.ts`).
 *
 * Matching (see `matchesWiring` in packages/contracts): a student matches a content item when, for
 * every characteristic the item is wired to, the student has (from any source, or by default) one of
 * the values wired for that characteristic. An item without wiring is meant for everyone.
 *
 * Kinds: `bulletin`, `email`, `survey`, `todolist`, `playbook_planning`, `playbook_emotions`,
 * `playbook_reflection` (the three wirings of a playbook, spec §3 "Playbook (wiring)"), `gradebook`,
 * `assignment`, `course` (a course characteristic, below).
 */
export const contentCharacteristics = pgTable(
  'content_characteristics',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    content_kind: text('content_kind').notNull(),
    content_id: integer('content_id').notNull(),
    /** The characteristic's name in the tailoring dictionary (kept by name, like cohort rules). */
    characteristic: text('characteristic').notNull(),
    value: text('value').notNull(),
    /** The value as a number for range characteristics (compared numerically), else null. */
    num: doublePrecision('num'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('content_characteristics_content_idx').on(t.coach_id, t.content_kind, t.content_id),
    uniqueIndex('content_characteristics_key').on(t.content_kind, t.content_id, t.characteristic, t.value),
    check(
      'content_characteristics_kind',
      sql`${t.content_kind} in ('bulletin', 'email', 'survey', 'todolist', 'playbook_planning', 'playbook_emotions', 'playbook_reflection', 'gradebook', 'assignment', 'course', 'checklist_item')`,
    ),
  ],
);

/**
 * A course characteristic of a coach (spec §2 "Course Tailoring ('MTS course characteristics')"):
 * a piece of course content (a document, a page) tailored by its wiring. `status` is Draft, Scheduled
 * or Published (spec §4 status vocabulary).
 */
export const courseCharacteristics = pgTable(
  'course_characteristics',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    document_name: text('document_name'),
    status: text('status', { enum: ['Draft', 'Scheduled', 'Published'] })
      .notNull()
      .default('Draft'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_characteristics_coach_idx').on(t.coach_id),
    check('course_characteristics_status', sql`${t.status} in ('Draft', 'Scheduled', 'Published')`),
  ],
);

/**
 * Students left out of a content item's audience (docs/bulletins.md and docs/emails-surveys.md "Who sees
 * this"): an excluded student does not see the bulletin or survey and is not sent the e-mail, whatever the
 * targeting says. Kinds: `bulletin`, `email`, `survey`. Like the wiring, no foreign key to the content:
 * the owning module deletes the rows with the content (`modules/audience/service.ts`).
 */
export const contentExclusions = pgTable(
  'content_exclusions',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    content_kind: text('content_kind').notNull(),
    content_id: integer('content_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.content_kind, t.content_id, t.user_id] }),
    index('content_exclusions_coach_idx').on(t.coach_id),
    check('content_exclusions_kind', sql`${t.content_kind} in ('bulletin', 'email', 'survey')`),
  ],
);
