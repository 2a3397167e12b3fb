import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * A user's authorization of Course Coach in an LMS (Canvas), per institution. The tokens are stored
 * encrypted with AES-256-GCM (`modules/lms/crypto.ts`, key `LMS_TOKEN_KEY`), never in plaintext; the
 * ciphertext is bound to the row's institution, user and provider, so it cannot be moved to another row.
 */
export const lmsAuthorizations = pgTable(
  'lms_authorizations',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['canvas'] }).notNull(),
    /** The LMS's id and name of the person who authorized (Canvas's token response `user`). */
    lms_user_id: text('lms_user_id'),
    lms_user_name: text('lms_user_name'),
    access_token_enc: text('access_token_enc').notNull(),
    refresh_token_enc: text('refresh_token_enc'),
    /** When the access token expires (from `expires_in`); null when the LMS gave no lifetime. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lms_authorizations_key').on(t.institution_id, t.user_id, t.provider),
    check('lms_authorizations_provider', sql`${t.provider} in ('canvas')`),
  ],
);

/**
 * A pending OAuth2 authorization request: the `state` sent to the LMS (only its SHA-256 is kept), bound to
 * the user and the session that started it; used once, within 10 minutes.
 */
export const lmsOauthStates = pgTable(
  'lms_oauth_states',
  {
    id: text('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_id: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['canvas'] }).notNull(),
    /** The page (a path of this site) to go back to afterwards. */
    return_to: text('return_to').notNull(),
    /** The redirect_uri sent to the LMS (the token request must repeat it). */
    redirect_uri: text('redirect_uri').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lms_oauth_states_expires_idx').on(t.expires_at)],
);

/** Which LMS user a Course Coach user is, per institution (filled by roster imports; makes them idempotent). */
export const lmsUserLinks = pgTable(
  'lms_user_links',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['canvas'] }).notNull(),
    lms_user_id: text('lms_user_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('lms_user_links_key').on(t.institution_id, t.provider, t.lms_user_id)],
);

/** The LMS course a coach was connected to (set by the roster import). One per coach. */
export const coachLmsCourses = pgTable(
  'coach_lms_courses',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    coach_id: integer('coach_id')
      .notNull()
      .references(() => coaches.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['canvas'] }).notNull(),
    lms_course_id: text('lms_course_id').notNull(),
    lms_course_name: text('lms_course_name').notNull(),
    /** Who connected it. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    imported_at: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coach_lms_courses_coach_key').on(t.coach_id)],
);
