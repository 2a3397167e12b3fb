/**
 * Single sign-on with OpenID Connect and the accounts a sign-on signs in to: the SQL (docs/sso.md). The
 * institutions' configurations, the pending sign-on requests and the linked identities. The statements
 * run on the caller's handle or transaction (`q`); the secret's encryption, the role rules, the
 * refusals and the audit entries are the services' (./config-store.ts, ./flow.ts, ./accounts.ts); the
 * SAML statements are in ./saml-queries.ts.
 */
import type { Query } from '../../db/client.ts';
import type { institutionSso, institutions, ssoAuthRequests, users } from '../../db/schema/index.ts';

type Users = typeof users.$inferSelect;

/** A stored OpenID Connect configuration (`institution_sso`). */
export type InstitutionSsoRow = typeof institutionSso.$inferSelect;

/** A configuration with its institution's slug and name (`institution`). */
export type SsoSettingsRow = InstitutionSsoRow &
  Pick<typeof institutions.$inferSelect, 'slug'> & {
    institution: (typeof institutions.$inferSelect)['name'];
  };

/** The columns of a configuration to write (the secret already encrypted; null keeps the stored one). */
export type SsoSettingsWrite = Omit<InstitutionSsoRow, 'institution_id' | 'updated_at'>;

/** A pending sign-on to store (`id` the digest of its state, `browser_digest` of the browser cookie). */
export type AuthRequestWrite = Omit<typeof ssoAuthRequests.$inferSelect, 'created_at' | 'expires_at'>;

/** A pending sign-on taken, with whether it was still live. */
export type TakenAuthRequestRow = Omit<AuthRequestWrite, 'id'> & { live: boolean };

/** An account a sign-on may sign in to: its id, institution and whether it is deactivated. */
export type SignOnUserRow = Pick<Users, 'id' | 'institution_id'> & { deactivated?: boolean };

/** A new account created by a sign-on. */
export type SsoUserWrite = Pick<Users, 'institution_id' | 'email' | 'name' | 'password_hash' | 'external_id'>;

const SELECT = `select s.*, i.slug, i.name as institution from institution_sso s
                  join institutions i on i.id = s.institution_id`;

/** The configuration of institution `institutionId` (none or one row). */
export function selectSsoByInstitution(q: Query, institutionId: number): Promise<SsoSettingsRow[]> {
  return q<SsoSettingsRow>(`${SELECT} where s.institution_id = $1`, [institutionId]);
}

/** The configuration of the institution with `slug` (none or one row). */
export function selectSsoBySlug(q: Query, slug: string): Promise<SsoSettingsRow[]> {
  return q<SsoSettingsRow>(`${SELECT} where i.slug = $1`, [slug]);
}

/** Every enabled configuration, by institution name then id. */
export function selectEnabledSso(q: Query): Promise<SsoSettingsRow[]> {
  return q<SsoSettingsRow>(`${SELECT} where s.enabled order by i.name, i.id`);
}

/** The stored configuration of institution `institutionId`, locked when `forUpdate`; undefined when none. */
export async function selectInstitutionSso(
  q: Query,
  institutionId: number,
  forUpdate: boolean,
): Promise<InstitutionSsoRow | undefined> {
  const [row] = await q<InstitutionSsoRow>(
    forUpdate
      ? 'select * from institution_sso where institution_id = $1 for update'
      : 'select * from institution_sso where institution_id = $1',
    [institutionId],
  );
  return row;
}

/** Creates or replaces the institution's configuration (a null `client_secret_enc` keeps the stored one). */
export async function upsertInstitutionSso(
  q: Query,
  institutionId: number,
  row: SsoSettingsWrite,
): Promise<void> {
  await q(
    `insert into institution_sso
       (institution_id, enabled, label, issuer, client_id, client_secret_enc, scopes, identifier_claim,
        email_claim, name_claim, role_claim, role_mapping, password_login, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, now())
     on conflict (institution_id) do update set
       enabled = excluded.enabled, label = excluded.label, issuer = excluded.issuer,
       client_id = excluded.client_id,
       client_secret_enc = coalesce(excluded.client_secret_enc, institution_sso.client_secret_enc),
       scopes = excluded.scopes, identifier_claim = excluded.identifier_claim,
       email_claim = excluded.email_claim, name_claim = excluded.name_claim,
       role_claim = excluded.role_claim, role_mapping = excluded.role_mapping,
       password_login = excluded.password_login, updated_at = now()`,
    [
      institutionId,
      row.enabled,
      row.label,
      row.issuer,
      row.client_id,
      row.client_secret_enc,
      row.scopes,
      row.identifier_claim,
      row.email_claim,
      row.name_claim,
      row.role_claim,
      JSON.stringify(row.role_mapping),
      row.password_login,
    ],
  );
}

/** Stores a pending sign-on expiring `minutes` from now. */
export async function insertAuthRequest(q: Query, request: AuthRequestWrite, minutes: number): Promise<void> {
  await q(
    `insert into sso_auth_requests
       (id, institution_id, browser_digest, nonce, code_verifier, redirect_uri, return_to, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + $8::int * interval '1 minute')`,
    [
      request.id,
      request.institution_id,
      request.browser_digest,
      request.nonce,
      request.code_verifier,
      request.redirect_uri,
      request.return_to,
      minutes,
    ],
  );
}

/** Deletes the pending sign-on `id` (single use); it, or undefined when unknown or already used. */
export async function takeAuthRequest(q: Query, id: string): Promise<TakenAuthRequestRow | undefined> {
  const rows = await q<TakenAuthRequestRow>(
    `delete from sso_auth_requests where id = $1
     returning institution_id, browser_digest, nonce, code_verifier, redirect_uri, return_to, expires_at > now() as live`,
    [id],
  );
  return rows[0];
}

/** Deletes the expired pending sign-ons; how many. */
export async function deleteExpiredAuthRequests(q: Query): Promise<number> {
  const rows = await q('delete from sso_auth_requests where expires_at <= now() returning id');
  return rows.length;
}

/** The account linked to the provider's (`issuer`) `subject`; undefined when none is. */
export async function selectLinkedUser(
  q: Query,
  issuer: string,
  subject: string,
): Promise<SignOnUserRow | undefined> {
  const linked = await q<SignOnUserRow>(
    `select u.id, u.institution_id, u.deactivated_at is not null as deactivated
       from sso_identities s join users u on u.id = s.user_id
      where s.issuer = $1 and s.subject = $2`,
    [issuer, subject],
  );
  return linked[0];
}

/**
 * The account whose e-mail is `email` or whose external id in the institution is `externalId`, the
 * institution's first (then by id); undefined when none is.
 */
export async function selectUserByIdentifier(
  q: Query,
  email: string,
  institutionId: number,
  externalId: string,
): Promise<SignOnUserRow | undefined> {
  const found = await q<SignOnUserRow>(
    `select id, institution_id, deactivated_at is not null as deactivated from users where email = $1 or (institution_id = $2 and external_id = $3)
          order by (institution_id = $2) desc, id limit 1`,
    [email, institutionId, externalId],
  );
  return found[0];
}

/** The institution of the account with e-mail `email` (none or one row). */
export function selectEmailOwner(q: Query, email: string): Promise<Array<Pick<Users, 'institution_id'>>> {
  return q<Pick<Users, 'institution_id'>>('select institution_id from users where email = $1', [email]);
}

/** Inserts an account; its id and institution. */
export async function insertSsoUser(
  q: Query,
  user: SsoUserWrite,
): Promise<Pick<Users, 'id' | 'institution_id'>> {
  const [row] = await q<Pick<Users, 'id' | 'institution_id'>>(
    `insert into users (institution_id, email, name, password_hash, external_id)
           values ($1, $2, $3, $4, $5) returning id, institution_id`,
    [user.institution_id, user.email, user.name, user.password_hash, user.external_id],
  );
  return row!;
}

/** Links the account `userId` to the provider's (`issuer`) `subject`. */
export async function insertIdentity(
  q: Query,
  institutionId: number,
  userId: number,
  issuer: string,
  subject: string,
): Promise<void> {
  await q('insert into sso_identities (institution_id, user_id, issuer, subject) values ($1, $2, $3, $4)', [
    institutionId,
    userId,
    issuer,
    subject,
  ]);
}

/** Gives the account the institution's staff membership (kept as it is when it has a membership). */
export async function ensureStaffMembership(q: Query, institutionId: number, userId: number): Promise<void> {
  await q(
    `insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'staff')
         on conflict (institution_id, user_id) do nothing`,
    [institutionId, userId],
  );
}

/**
 * How many institutions still offer the password form: those with no enabled OpenID Connect or SAML
 * sign-on that turns password sign-in off.
 */
export async function countPasswordInstitutions(q: Query): Promise<number> {
  const [row] = await q<{ password_institutions: number }>(
    `select count(*)::int as password_institutions from institutions i
      where not exists (select 1 from institution_sso s
                         where s.institution_id = i.id and s.enabled and not s.password_login)
        and not exists (select 1 from institution_saml s
                         where s.institution_id = i.id and s.enabled and not s.password_login)`,
  );
  return row?.password_institutions ?? 0;
}
