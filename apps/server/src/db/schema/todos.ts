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
 * A coach's to-do list (spec §3 "To-do list": id, coach, title, is_queued, is_under_review, items).
 * `title` may be empty (the card then shows 'No list title'). `is_queued` shows the Scheduled label,
 * `is_under_review` the Drafted label. Lists page in `position` order, then by id.
 */
export const todoLists = pgTable(
  'todo_lists',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    is_queued: boolean('is_queued').notNull().default(false),
    is_under_review: boolean('is_under_review').notNull().default(false),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('todo_lists_coach_idx').on(t.coach_id, t.position)],
);

/** A coach's to-do tag (spec §3: tags of an item have id and label). Labels are unique per coach. */
export const todoTags = pgTable(
  'todo_tags',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('todo_tags_coach_label_key').on(t.coach_id, t.label)],
);

/**
 * A to-do item (spec §3 "To-do item"). Staff-created items (`staff_created`) belong to every student
 * of the coach and are read-only to students; self-created items have `owner_user_id` and are seen,
 * edited and deleted only by their owner. `description` is sanitised HTML; `due_date` a calendar date.
 */
export const todoItems = pgTable(
  'todo_items',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    todo_list_id: integer('todo_list_id').references(() => todoLists.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    due_date: date('due_date', { mode: 'string' }),
    staff_created: boolean('staff_created').notNull().default(false),
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('todo_items_list_idx').on(t.todo_list_id, t.position),
    index('todo_items_coach_idx').on(t.coach_id),
    index('todo_items_owner_idx').on(t.owner_user_id),
    check(
      'todo_items_owner',
      sql`(${t.staff_created} and ${t.owner_user_id} is null) or (not ${t.staff_created} and ${t.owner_user_id} is not null)`,
    ),
  ],
);

/** Item ↔ tag (spec §3 item_tag_ids). */
export const todoItemTags = pgTable(
  'todo_item_tags',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => todoItems.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => todoTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.item_id, t.tag_id] }), index('todo_item_tags_tag_idx').on(t.tag_id)],
);

/**
 * A student's completion state of an item (spec §3 account_item: "a list whose first entry has
 * completed"). One row per item and student; `completed_at` is set when `completed` turns true.
 */
export const accountTodoItems = pgTable(
  'account_todo_items',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => todoItems.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull().default(false),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_todo_items_item_user_key').on(t.item_id, t.user_id),
    index('account_todo_items_user_idx').on(t.user_id),
    // The completed rows alone, for counting completions by item (the Coach Activity Breakdown and the
    // instructor home read every completion of a coach's items): an index-only scan of half the rows.
    index('account_todo_items_completed_idx').on(t.item_id, t.user_id).where(sql`${t.completed}`),
  ],
);
