import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions, users } from './institutions.ts';

/*
 * Notifications (docs/notifications.md, docs/decisions/0011-notifications-computed-on-read.md): the
 * notifications themselves are computed from the content tables on every read; only what a user did
 * with them is stored here.
 */

/**
 * A notification the user has read: (user, kind, source id). `kind` is a notification kind, or
 * `credit_<bulletin|survey|playbook>` for credit received (the source id is that item's).
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    source_id: integer('source_id').notNull(),
    read_at: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind, t.source_id] })],
);

/** A user's notification settings: the e-mail digest, `off` (no row means off), `daily` or `weekly`. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    digest: text('digest', { enum: ['off', 'daily', 'weekly'] })
      .notNull()
      .default('off'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_settings_digest', sql`${t.digest} in ('off', 'daily', 'weekly')`)],
);

/**
 * A digest period sent to a user (`2026-11-26` for a day, `2026-W48` for an ISO week): claimed before the
 * message goes to SMTP, so the same period is never sent twice (deleted when the server refuses it).
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    items: integer('items').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.period] })],
);

/**
 * Keys the app signs with (HMAC-SHA-256), by purpose: made on first use and shared by every instance
 * through the database. `unsubscribe` signs the digest e-mails' unsubscribe links.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  /** 32 random bytes, base64. */
  key: text('key').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
