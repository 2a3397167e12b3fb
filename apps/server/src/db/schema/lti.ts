import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { coaches } from './coaches.ts';
import { institutions, users } from './institutions.ts';

/**
 * The LTI 1.3 tool's own signing keys (docs/lti.md): generated at first use, the private key stored
 * encrypted (AES-256-GCM with LMS_TOKEN_KEY, `modules/lms/crypto.ts`), the public one served as our JWKS.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  public_jwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  private_jwk_enc: text('private_jwk_enc').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One LTI platform (e.g. a Canvas developer key) registered by an institution's staff (docs/lti.md). */
export const ltiRegistrations = pgTable(
  'lti_registrations',
  {
    id: serial('id').primaryKey(),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    issuer: text('issuer').notNull(),
    client_id: text('client_id').notNull(),
    auth_login_url: text('auth_login_url').notNull(),
    jwks_url: text('jwks_url').notNull(),
    /** The platform's OAuth 2.0 token endpoint (client-credentials grant for NRPS); null: no roster sync. */
    token_url: text('token_url'),
    /** The only origin allowed to frame Course Coach after a launch from this platform. */
    platform_origin: text('platform_origin').notNull(),
    deployment_ids: jsonb('deployment_ids').$type<string[]>().notNull().default([]),
    /** LIS role URIs mapped to institution staff; empty: none. */
    staff_roles: jsonb('staff_roles').$type<string[]>().notNull().default([]),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lti_registrations_key').on(t.issuer, t.client_id),
    index('lti_registrations_institution_idx').on(t.institution_id),
  ],
);

/**
 * A started LTI login (OIDC third-party-initiated login): the digest of its `state`, the nonce sent to
 * the platform and the digest of the browser cookie it is bound to. Used once, within 10 minutes.
 */
export const ltiLoginStates = pgTable(
  'lti_login_states',
  {
    id: text('id').primaryKey(),
    registration_id: integer('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    browser_digest: text('browser_digest').notNull(),
    nonce: text('nonce').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('lti_login_states_expires_idx').on(t.expires_at)],
);

/** Every id_token nonce a launch has used (per registration), so a replayed id_token is refused. */
export const ltiUsedNonces = pgTable(
  'lti_used_nonces',
  {
    registration_id: integer('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.registration_id, t.nonce] }),
    index('lti_used_nonces_expires_idx').on(t.expires_at),
  ],
);

/**
 * An LMS course seen in a launch (the LTI context), and the coach it is linked to (null until staff link
 * it). Keeps what roster (NRPS) and grade (AGS) services would need: the deployment and the endpoints of
 * the last launch.
 */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: serial('id').primaryKey(),
    registration_id: integer('registration_id')
      .notNull()
      .references(() => ltiRegistrations.id, { onDelete: 'cascade' }),
    institution_id: integer('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    deployment_id: text('deployment_id').notNull(),
    context_id: text('context_id').notNull(),
    title: text('title'),
    coach_id: integer('coach_id').references(() => coaches.id, { onDelete: 'set null' }),
    /** NRPS context_memberships_url of the last launch, when the platform offered it. */
    nrps_url: text('nrps_url'),
    /** AGS endpoint claim of the last launch (lineitems, lineitem, scope), when offered. */
    ags: jsonb('ags').$type<Record<string, unknown>>(),
    last_launch_at: timestamp('last_launch_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last NRPS roster sync ended (docs/lti.md, Roster); null: never. */
    roster_synced_at: timestamp('roster_synced_at', { withTimezone: true }),
    /** The counts of the last successful roster sync. */
    roster_result: jsonb('roster_result').$type<{ added: number; removed: number; unchanged: number }>(),
    /** The plain sentence of the last failed roster sync; null when it succeeded. */
    roster_error: text('roster_error'),
  },
  (t) => [uniqueIndex('lti_contexts_key').on(t.registration_id, t.context_id)],
);

/** A one-time offer to staff, shown after an unlinked launch, to link that context to a coach. */
export const ltiLinkOffers = pgTable('lti_link_offers', {
  id: text('id').primaryKey(),
  context_row_id: integer('context_row_id')
    .notNull()
    .references(() => ltiContexts.id, { onDelete: 'cascade' }),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
