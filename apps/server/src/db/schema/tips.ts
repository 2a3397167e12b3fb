import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions } from './institutions.ts';

/** A coach's tip of the week (spec §3 "Tip": html). `html` is stored sanitised; tips show in `position` order. */
export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    html: text('html').notNull(),
    position: integer('position').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tips_coach_idx').on(t.coach_id, t.position)],
);
