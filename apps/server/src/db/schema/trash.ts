import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * A coach's trash (docs/trash.md): one row per deleted item, kept 30 days. The item itself is deleted as
 * before (every read path sees it gone); `snapshot` holds its rows and the rows that went with it
 * (pages, items, completions, wiring, memberships…), table by table in insertion order, so that a
 * restore puts them back unchanged with their ids. `owner_user_id` is set for a student's own to-do:
 * only that student sees and restores it. An entry with `coach_id` null is the institution's own trash
 * (its own FAQ entries): only the institution's staff see and restore it.
 */
export const trashItems = pgTable(
  'trash_items',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    /** The coach whose trash it is; null for the institution's own trash (institution FAQ entries). */
    coach_id: integer('coach_id').references(() => coaches.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    item_id: integer('item_id').notNull(),
    /** The id of the Insight Group a rule belongs to (rules only; restore re-syncs it). */
    parent_id: integer('parent_id'),
    title: text('title').notNull(),
    /** What went with it, e.g. "4 items" (empty when nothing). */
    detail: text('detail').notNull().default(''),
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    deleted_by_id: integer('deleted_by_id').references(() => users.id, { onDelete: 'set null' }),
    deleted_by_email: text('deleted_by_email').notNull().default(''),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb('snapshot').notNull(),
  },
  (t) => [
    uniqueIndex('trash_items_item_key').on(t.coach_id, t.kind, t.item_id),
    uniqueIndex('trash_items_institution_item_key')
      .on(t.institution_id, t.kind, t.item_id)
      .where(sql`${t.coach_id} is null`),
    index('trash_items_deleted_at_idx').on(t.deleted_at),
  ],
);
