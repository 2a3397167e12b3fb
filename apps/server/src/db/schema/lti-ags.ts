import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './institutions.ts';
import { ltiContexts } from './lti.ts';

/**
 * LTI Assignment and Grade Services (docs/lti.md, Grades): the platform line item (gradebook column) made
 * for each for-credit item of a linked coach, per LMS course, and the outbox of its creation. `url` is the
 * line item's id (its URL), set once it exists; until then `state` says where its creation is: `pending`
 * (due at `next_attempt_at`), `creating` (claimed by one worker until `claimed_until`: a second worker never
 * creates another) or `failed` (a refusal, or too many attempts; a score post still tries it again).
 */
export const ltiLineItems = pgTable(
  'lti_line_items',
  {
    id: serial('id').primaryKey(),
    context_row_id: integer('context_row_id')
      .notNull()
      .references(() => ltiContexts.id, { onDelete: 'cascade' }),
    /** `bulletin`, `survey` or `playbook`. */
    item_type: text('item_type').notNull(),
    item_id: integer('item_id').notNull(),
    url: text('url'),
    /** `pending`, `creating`, `failed`, or `created` once `url` is set. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    /** The plain sentence of the last failure. */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_line_items_key').on(t.context_row_id, t.item_type, t.item_id)],
);

/**
 * The outbox of AGS scores (docs/lti.md, Grades): a row per (LMS course, item, student), inserted
 * `pending` by the transaction in which the student earns the credit, posted by the `lti-score-post` job.
 * `state`: pending → posting (claimed until `claimed_until`) → posted, or back to pending with a later
 * `next_attempt_at` after a 5xx or network failure, or failed (a 4xx, or too many attempts).
 */
export const ltiScorePosts = pgTable(
  'lti_score_posts',
  {
    id: serial('id').primaryKey(),
    context_row_id: integer('context_row_id')
      .notNull()
      .references(() => ltiContexts.id, { onDelete: 'cascade' }),
    item_type: text('item_type').notNull(),
    item_id: integer('item_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the student completed the item (the score's timestamp). */
    completed_at: timestamp('completed_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    posted_at: timestamp('posted_at', { withTimezone: true }),
    /** When the last attempt started (shown to staff with a failed post). */
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    /** The plain sentence of the last failure. */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_score_posts_key').on(t.context_row_id, t.item_type, t.item_id, t.user_id),
    index('lti_score_posts_due_idx').on(t.state, t.next_attempt_at),
  ],
);
