import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * A student's testimonial for a coach: plain text (at most 500 characters), shown with their testimonial
 * picture (the `testimonial_icon` image field, spec §2 icon-picker variant). One per student and coach.
 * `consent`: the student agrees it may be shown to the coach's students; `featured`: staff chose to show
 * it on the coach dashboard. It is shown only when both hold.
 */
export const testimonials = pgTable(
  'testimonials',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    consent: boolean('consent').notNull().default(false),
    featured: boolean('featured').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('testimonials_coach_user_key').on(t.coach_id, t.user_id),
    index('testimonials_featured_idx').on(t.coach_id).where(sql`${t.featured} and ${t.consent}`),
    check('testimonials_text_length', sql`char_length(${t.text}) between 1 and 500`),
  ],
);
