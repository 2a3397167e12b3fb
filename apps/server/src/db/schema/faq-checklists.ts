import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * An FAQ entry (docs/faq-checklists.md): a coach's when `coach_id` is set, else its institution's.
 * `question` is plain text, `answer` sanitised HTML; entries show in `position` order.
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('faq_entries_coach_idx').on(t.coach_id, t.position),
    index('faq_entries_institution_idx').on(t.institution_id, t.position),
  ],
);

/** A coach's support e-mail address (docs/faq-checklists.md), shown on the FAQ page and in the footer. */
export const coachSupportEmails = pgTable('coach_support_emails', {
  coach_id: integer('coach_id')
    .primaryKey()
    .references(() => coaches.id, { onDelete: 'cascade' }),
  institution_id: integer('institution_id')
    .notNull()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
});

/** A coach's "getting started" checklist item (docs/faq-checklists.md); `description` is sanitised HTML. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklist_items_coach_idx').on(t.coach_id, t.position)],
);

/** A student's tick of a checklist item: the row exists while the item is ticked off. */
export const accountChecklistItems = pgTable(
  'account_checklist_items',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => checklistItems.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completed_at: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.item_id, t.user_id] }),
    index('account_checklist_items_user_idx').on(t.user_id),
  ],
);
