/**
 * Single sign-on with SAML 2.0: the SQL (docs/sso.md). The institutions' SAML configurations, the
 * request IDs issued (node-saml's store) and the assertion IDs already used. The statements run on the
 * caller's handle or transaction (`q`); the metadata parsing, the checks of a response and the audit
 * entries are the services' (./saml-config-store.ts, ./saml-flow.ts).
 */
import type { Query } from '../../db/client.ts';
import type { institutionSaml, institutions, samlRequests } from '../../db/schema/index.ts';

/** A stored SAML configuration (`institution_saml`). */
export type InstitutionSamlRow = typeof institutionSaml.$inferSelect;

/** A configuration with its institution's slug and name (`institution`). */
export type SamlSettingsRow = InstitutionSamlRow &
  Pick<typeof institutions.$inferSelect, 'slug'> & {
    institution: (typeof institutions.$inferSelect)['name'];
  };

/** The columns of a configuration to write. */
export type SamlSettingsWrite = Omit<InstitutionSamlRow, 'institution_id' | 'updated_at'>;

/** A pending SAML sign-on taken: the browser's digest and where to return. */
export type TakenSamlRequestRow = Pick<typeof samlRequests.$inferSelect, 'browser_digest' | 'return_to'>;

const SELECT = `select s.*, i.slug, i.name as institution from institution_saml s
                  join institutions i on i.id = s.institution_id`;

/** The SAML configuration of institution `institutionId` (none or one row). */
export function selectSamlByInstitution(q: Query, institutionId: number): Promise<SamlSettingsRow[]> {
  return q<SamlSettingsRow>(`${SELECT} where s.institution_id = $1`, [institutionId]);
}

/** The SAML configuration of the institution with `slug` (none or one row). */
export function selectSamlBySlug(q: Query, slug: string): Promise<SamlSettingsRow[]> {
  return q<SamlSettingsRow>(`${SELECT} where i.slug = $1`, [slug]);
}

/** Every enabled SAML configuration, by institution name then id. */
export function selectEnabledSaml(q: Query): Promise<SamlSettingsRow[]> {
  return q<SamlSettingsRow>(`${SELECT} where s.enabled order by i.name, i.id`);
}

/** The stored SAML configuration of the institution, locked when `forUpdate`; undefined when none. */
export async function selectInstitutionSaml(
  q: Query,
  institutionId: number,
  forUpdate: boolean,
): Promise<InstitutionSamlRow | undefined> {
  const [row] = await q<InstitutionSamlRow>(
    forUpdate
      ? 'select * from institution_saml where institution_id = $1 for update'
      : 'select * from institution_saml where institution_id = $1',
    [institutionId],
  );
  return row;
}

/** Creates or replaces the institution's SAML configuration. */
export async function upsertInstitutionSaml(
  q: Query,
  institutionId: number,
  row: SamlSettingsWrite,
): Promise<void> {
  await q(
    `insert into institution_saml
         (institution_id, enabled, label, idp_metadata, idp_entity_id, idp_sso_url, idp_certs,
          identifier_attribute, email_attribute, name_attribute, role_attribute, role_mapping, password_login,
          updated_at)
       values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12::jsonb, $13, now())
       on conflict (institution_id) do update set
         enabled = excluded.enabled, label = excluded.label, idp_metadata = excluded.idp_metadata,
         idp_entity_id = excluded.idp_entity_id, idp_sso_url = excluded.idp_sso_url,
         idp_certs = excluded.idp_certs, identifier_attribute = excluded.identifier_attribute,
         email_attribute = excluded.email_attribute, name_attribute = excluded.name_attribute,
         role_attribute = excluded.role_attribute, role_mapping = excluded.role_mapping,
         password_login = excluded.password_login, updated_at = now()`,
    [
      institutionId,
      row.enabled,
      row.label,
      row.idp_metadata,
      row.idp_entity_id,
      row.idp_sso_url,
      JSON.stringify(row.idp_certs),
      row.identifier_attribute,
      row.email_attribute,
      row.name_attribute,
      row.role_attribute,
      JSON.stringify(row.role_mapping),
      row.password_login,
    ],
  );
}

/** Records request `id` of the institution, bound to the browser and return path, for `minutes`. */
export async function insertSamlRequest(
  q: Query,
  id: string,
  institutionId: number,
  pending: { browserDigest: string; returnTo: string },
  minutes: number,
): Promise<void> {
  await q(
    `insert into saml_requests (id, institution_id, browser_digest, return_to, expires_at)
         values ($1, $2, $3, $4, now() + $5::int * interval '1 minute')`,
    [id, institutionId, pending.browserDigest, pending.returnTo, minutes],
  );
}

/** When the institution's live request `id` was made; undefined when there is none. */
export async function selectSamlRequestTime(
  q: Query,
  id: string,
  institutionId: number,
): Promise<Date | string | undefined> {
  const rows = await q<{ created_at: Date | string }>(
    'select created_at from saml_requests where id = $1 and institution_id = $2 and expires_at > now()',
    [id, institutionId],
  );
  return rows[0]?.created_at;
}

/** Deletes the institution's live request `id` (single use); it, or undefined when none. */
export async function takeSamlRequest(
  q: Query,
  id: string,
  institutionId: number,
): Promise<TakenSamlRequestRow | undefined> {
  const [request] = await q<TakenSamlRequestRow>(
    `delete from saml_requests where id = $1 and institution_id = $2 and expires_at > now()
     returning browser_digest, return_to`,
    [id, institutionId],
  );
  return request;
}

/**
 * Remembers the assertion ID of `issuer` until its `NotOnOrAfter` (`expires`; null: a day) plus five
 * minutes; false when it was already used.
 */
export async function recordAssertion(
  q: Query,
  issuer: string,
  assertionId: string,
  institutionId: number,
  expires: string | null,
): Promise<boolean> {
  const recorded = await q(
    `insert into saml_assertions (issuer, assertion_id, institution_id, expires_at)
     values ($1, $2, $3, greatest(coalesce($4::timestamptz, now() + interval '1 day'), now()) + interval '5 minutes')
     on conflict do nothing returning assertion_id`,
    [issuer, assertionId, institutionId, expires],
  );
  return recorded.length > 0;
}

/** Deletes the expired requests and remembered assertion IDs; how many of each. */
export async function deleteExpiredSaml(q: Query): Promise<{ requests: number; assertions: number }> {
  const requests = await q('delete from saml_requests where expires_at <= now() returning id');
  const assertions = await q('delete from saml_assertions where expires_at <= now() returning assertion_id');
  return { requests: requests.length, assertions: assertions.length };
}
