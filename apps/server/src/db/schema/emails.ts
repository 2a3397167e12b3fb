import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions } from './institutions.ts';

/**
 * Emails (spec §2 Characteristics overview "Email" table, §4 status Draft, Scheduled,
 * Delivered). Staff write an email once, as sections; each recipient gets the sections meant for them
 * (a section with a characteristic and value goes only to students with that value). Recipients are
 * the coach's enrolled students that match the email's wiring (`content_characteristics`, kind `email`).
 *
 * `state`: `draft` (not sent), `scheduled` (sent by the email job once `send_at` has come), `sending`
 * (a run is under way; shown as Scheduled), `delivered` (every recipient was handled). `lease_until` and
 * `run_id` belong to the run that holds the email: a run whose lease ran out is taken to have died.
 */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subject: text('subject').notNull(),
    state: text('state', { enum: ['draft', 'scheduled', 'sending', 'delivered'] })
      .notNull()
      .default('draft'),
    send_at: timestamp('send_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    run_id: text('run_id'),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('emails_coach_idx').on(t.coach_id),
    index('emails_due_idx').on(t.state, t.send_at),
    check('emails_state', sql`${t.state} in ('draft', 'scheduled', 'sending', 'delivered')`),
  ],
);

/**
 * A section of an email, in `position` order. `characteristic` null: for every recipient; else only for
 * recipients whose value of that characteristic (from any source, or its default) is `value`. `body` is
 * sanitised HTML.
 */
export const emailSections = pgTable(
  'email_sections',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    email_id: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    characteristic: text('characteristic'),
    value: text('value'),
    body: text('body').notNull(),
  },
  (t) => [index('email_sections_email_idx').on(t.email_id, t.position)],
);

/**
 * One recipient of an email: the row is inserted (`claimed`) and committed *before* the message is
 * handed to SMTP, and its primary key (email, user) makes a second claim impossible, so nobody is sent
 * the same email twice, whatever worker runs or restarts. `delivered` once the SMTP server accepted the
 * message; a refused send deletes the claim (it was not sent; a later run tries again); a claim left by
 * a run that died is `unconfirmed` (it may or may not have been sent, so the job never sends it again;
 * only staff's explicit "resend to unconfirmed" does). `failed`: a resend the SMTP server refused.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    email_id: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
    institution_id: integer('institution_id').notNull(),
    state: text('state', { enum: ['claimed', 'delivered', 'unconfirmed', 'failed'] })
      .notNull()
      .default('claimed'),
    run_id: text('run_id').notNull(),
    claimed_at: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    message_id: text('message_id'),
  },
  (t) => [
    primaryKey({ columns: [t.email_id, t.user_id] }),
    index('email_deliveries_user_idx').on(t.user_id),
    check('email_deliveries_state', sql`${t.state} in ('claimed', 'delivered', 'unconfirmed', 'failed')`),
  ],
);
