import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A university or college: the tenant. Every tenant table carries `institution_id` (docs/design.md, Tenancy). */
export const institutions = pgTable('institutions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Bumped by database triggers (db/tailoring-count-triggers.ts) whenever a characteristic value or a
   * tailoring source of the institution is written: one of the three versions that key the tailoring
   * distribution's cached counts (modules/tailoring/distribution-cache.ts).
   */
  tailoring_version: bigint('tailoring_version', { mode: 'number' }).notNull().default(0),
});

/** A person who can sign in. Email is stored lower-case and unique across the installation. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id PHC string. */
    password_hash: text('password_hash').notNull(),
    /** The student or staff number in the institution's records (for OULAD: id_student). */
    external_id: text('external_id'),
    /** Set when staff deactivate the account (docs/accounts.md): no sign-in, no sessions. */
    deactivated_at: timestamp('deactivated_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_institution_external_key').on(t.institution_id, t.external_id),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Institution-wide roles (docs/design.md, Roles): staff and admin may use every coach of their institution. */
export const institutionMemberships = pgTable(
  'institution_memberships',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['staff', 'admin'] }).notNull(),
  },
  (t) => [
    uniqueIndex('institution_memberships_key').on(t.institution_id, t.user_id),
    check('institution_memberships_role', sql`${t.role} in ('staff', 'admin')`),
  ],
);
