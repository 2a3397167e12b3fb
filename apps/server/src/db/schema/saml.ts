import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { institutions } from './institutions.ts';

/**
 * An institution's SAML 2.0 sign-in (docs/sso.md, SAML): the identity provider's metadata as pasted and
 * what was read from it (entity ID, single sign-on URL, signing certificates), which attributes identify
 * a user and carry roles, and whether local passwords still work for the institution's users. Nothing
 * secret: the certificates are the provider's public ones.
 */
export const institutionSaml = pgTable('institution_saml', {
  institution_id: integer('institution_id')
    .primaryKey()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  label: text('label').notNull(),
  idp_metadata: text('idp_metadata').notNull(),
  idp_entity_id: text('idp_entity_id').notNull(),
  idp_sso_url: text('idp_sso_url').notNull(),
  /** The provider's signing certificates, base64 DER (as in the metadata's X509Certificate). */
  idp_certs: jsonb('idp_certs').$type<string[]>().notNull(),
  identifier_attribute: text('identifier_attribute').notNull(),
  email_attribute: text('email_attribute').notNull(),
  name_attribute: text('name_attribute').notNull(),
  role_attribute: text('role_attribute').notNull(),
  /** Attribute value → 'student' | 'instructor' | 'staff'. */
  role_mapping: jsonb('role_mapping').$type<Record<string, string>>().notNull().default({}),
  password_login: boolean('password_login').notNull().default(true),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A pending SAML sign-in: the ID of the AuthnRequest we sent (an assertion must answer it, once), the
 * digest of the browser cookie it is bound to, and where to go afterwards. Usable within 10 minutes.
 */
export const samlRequests = pgTable(
  'saml_requests',
  {
    id: text('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    browser_digest: text('browser_digest').notNull(),
    return_to: text('return_to').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('saml_requests_expires_idx').on(t.expires_at)],
);

/** Every assertion ID we accepted, per identity provider, kept until the assertion expires: no replay. */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    issuer: text('issuer').notNull(),
    assertion_id: text('assertion_id').notNull(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.assertion_id] }),
    index('saml_assertions_expires_idx').on(t.expires_at),
  ],
);
