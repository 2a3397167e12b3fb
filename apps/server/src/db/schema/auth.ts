import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions, users } from './institutions.ts';

/**
 * Server-side sessions (docs/design.md, Sessions). `id` is the SHA-256 of the cookie's token, so a
 * leaked table does not give working cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    user_agent: text('user_agent'),
    /** Set for a session started by an LTI launch: the platform origin allowed to frame the app (docs/lti.md). */
    frame_origin: text('frame_origin'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);

/**
 * Failed sign-in attempts, one row each, for the sign-in rate limit. Keyed by `email:<address>` and
 * `ip:<address>` so every server instance sees the same counts.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_idx').on(t.key, t.created_at)],
);
