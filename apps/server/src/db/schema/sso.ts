import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { institutions, users } from './institutions.ts';

/**
 * An institution's OpenID Connect sign-in (docs/sso.md): the provider, our client at it, which claims
 * identify a user and carry roles, and whether local passwords still work for the institution's users.
 * The client secret is stored encrypted (AES-256-GCM, `modules/lms/crypto.ts`, bound to the institution).
 */
export const institutionSso = pgTable('institution_sso', {
  institution_id: integer('institution_id')
    .primaryKey()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  label: text('label').notNull(),
  issuer: text('issuer').notNull(),
  client_id: text('client_id').notNull(),
  client_secret_enc: text('client_secret_enc'),
  scopes: text('scopes').notNull().default('openid email profile'),
  identifier_claim: text('identifier_claim').notNull().default('email'),
  email_claim: text('email_claim').notNull().default('email'),
  name_claim: text('name_claim').notNull().default('name'),
  role_claim: text('role_claim').notNull().default('roles'),
  /** Claim value → 'student' | 'instructor' | 'staff'. */
  role_mapping: jsonb('role_mapping').$type<Record<string, string>>().notNull().default({}),
  password_login: boolean('password_login').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pending OpenID Connect sign-in: the digest of its `state`, its nonce and PKCE verifier, the digest of
 * the browser cookie it is bound to, and where to go afterwards. Used once, within 10 minutes.
 */
export const ssoAuthRequests = pgTable(
  'sso_auth_requests',
  {
    id: text('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    browser_digest: text('browser_digest').notNull(),
    nonce: text('nonce').notNull(),
    code_verifier: text('code_verifier').notNull(),
    redirect_uri: text('redirect_uri').notNull(),
    return_to: text('return_to').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_auth_requests_expires_idx').on(t.expires_at)],
);

/** Which provider account (issuer + `sub`) a user is: set at the first SSO sign-in, used by every later one. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_identities_key').on(t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.user_id),
  ],
);
