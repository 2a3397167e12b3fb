import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { institutions, users } from './institutions.ts';

/**
 * Password reset and invitation tokens (docs/accounts.md): only the SHA-256 of the 32 random bytes is
 * stored; a token works once (`used_at`) and until `expires_at` (30 minutes after it was made).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reset', 'invite'] }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.user_id),
    check('account_tokens_kind', sql`${t.kind} in ('reset', 'invite')`),
  ],
);

/**
 * The audit log (docs/audit-log.md): one row per staff or admin change, written in the change's own
 * transaction. `actor_email` is kept so that an entry still names its author after the account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_email: text('actor_email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_institution_at_idx').on(t.institution_id, t.at)],
);
