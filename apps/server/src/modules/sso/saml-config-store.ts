import {
  SAML_API,
  type SamlConfig,
  type SamlConfigBody,
  SSO_ROLES,
  type SsoRole,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { auditDiff, recordAudit } from '../audit/index.ts';
import type { AccountRules } from './accounts.ts';
import { certFingerprint, parseIdpMetadata } from './saml-metadata.ts';
import {
  type InstitutionSamlRow,
  type SamlSettingsRow,
  selectEnabledSaml,
  selectInstitutionSaml,
  selectSamlByInstitution,
  selectSamlBySlug,
  upsertInstitutionSaml,
} from './saml-queries.ts';

/** An institution's SAML configuration as stored (docs/sso.md, SAML). */
export interface SamlSettings {
  institutionId: number;
  slug: string;
  institution: string;
  enabled: boolean;
  label: string;
  idpMetadata: string;
  idpEntityId: string;
  idpSsoUrl: string;
  /** Base64 DER signing certificates of the identity provider. */
  idpCerts: string[];
  identifierAttribute: string;
  emailAttribute: string;
  nameAttribute: string;
  roleAttribute: string;
  roleMapping: Record<string, SsoRole>;
  passwordLogin: boolean;
}

function toSettings(row: SamlSettingsRow): SamlSettings {
  const mapping: Record<string, SsoRole> = {};
  for (const [value, role] of Object.entries(row.role_mapping ?? {})) {
    // A stored value that is not a known role maps to nothing (never to staff by accident).
    if ((SSO_ROLES as readonly string[]).includes(role)) mapping[value] = role as SsoRole;
  }
  return {
    institutionId: row.institution_id,
    slug: row.slug,
    institution: row.institution,
    enabled: row.enabled,
    label: row.label,
    idpMetadata: row.idp_metadata,
    idpEntityId: row.idp_entity_id,
    idpSsoUrl: row.idp_sso_url,
    idpCerts: row.idp_certs,
    identifierAttribute: row.identifier_attribute,
    emailAttribute: row.email_attribute,
    nameAttribute: row.name_attribute,
    roleAttribute: row.role_attribute,
    roleMapping: mapping,
    passwordLogin: row.password_login,
  };
}

/** The SAML configuration of institution `institutionId`, or null when it has none. */
export async function loadSamlSettings(
  database: Database,
  institutionId: number,
): Promise<SamlSettings | null> {
  const rows = await selectSamlByInstitution(database.query, institutionId);
  return rows[0] ? toSettings(rows[0]) : null;
}

/** The SAML configuration of the institution with `slug`, or null when it has none. */
export async function loadSamlSettingsBySlug(database: Database, slug: string): Promise<SamlSettings | null> {
  const rows = await selectSamlBySlug(database.query, slug);
  return rows[0] ? toSettings(rows[0]) : null;
}

/** Every enabled SAML configuration, by institution name (the sign-in page's buttons). */
export async function listEnabledSaml(database: Database): Promise<SamlSettings[]> {
  const rows = await selectEnabledSaml(database.query);
  return rows.map(toSettings);
}

/** The account rules of a SAML configuration: the identity provider's entity ID keys linked identities. */
export function samlAccountRules(settings: SamlSettings): AccountRules {
  return {
    institutionId: settings.institutionId,
    issuer: settings.idpEntityId,
    identifierClaim: settings.identifierAttribute,
    emailClaim: settings.emailAttribute,
    nameClaim: settings.nameAttribute,
    roleClaim: settings.roleAttribute,
    roleMapping: settings.roleMapping,
    noun: 'attribute',
  };
}

/** Our service provider's URLs at `origin` for institution `slug`: entity ID (= metadata URL) and ACS. */
export function spUrls(origin: string, slug: string) {
  return { entityId: `${origin}${SAML_API.metadata(slug)}`, acsUrl: `${origin}${SAML_API.acs(slug)}` };
}

/** The wire shape of a configuration (GET/PUT answer), with our side to register at the provider. */
export function toSamlConfig(settings: SamlSettings, origin: string): SamlConfig {
  const sp = spUrls(origin, settings.slug);
  return {
    enabled: settings.enabled,
    label: settings.label,
    idp_metadata: settings.idpMetadata,
    identifier_attribute: settings.identifierAttribute,
    email_attribute: settings.emailAttribute,
    name_attribute: settings.nameAttribute,
    role_attribute: settings.roleAttribute,
    role_mapping: settings.roleMapping,
    password_login: settings.passwordLogin,
    idp_entity_id: settings.idpEntityId,
    idp_sso_url: settings.idpSsoUrl,
    idp_cert_fingerprints: settings.idpCerts.map(certFingerprint),
    sp_entity_id: sp.entityId,
    sp_metadata_url: sp.entityId,
    acs_url: sp.acsUrl,
  };
}

/**
 * Creates or replaces institution `institutionId`'s SAML configuration in one transaction, with its
 * audit entry (`sso.saml.update`; the metadata recorded as its entity ID, URL and certificate
 * fingerprints, never the XML).
 * @throws MetadataError (before writing anything) when the metadata cannot be used.
 */
export async function saveSamlSettings(
  database: Database,
  institutionId: number,
  body: SamlConfigBody,
): Promise<void> {
  const idp = parseIdpMetadata(body.idp_metadata);
  await database.transaction(async (q) => {
    const old = await selectInstitutionSaml(q, institutionId, true);
    await upsertInstitutionSaml(q, institutionId, {
      enabled: body.enabled,
      label: body.label,
      idp_metadata: body.idp_metadata,
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      idp_certs: idp.certs,
      identifier_attribute: body.identifier_attribute,
      email_attribute: body.email_attribute,
      name_attribute: body.name_attribute,
      role_attribute: body.role_attribute,
      role_mapping: body.role_mapping,
      password_login: body.password_login,
    });
    const now = await selectInstitutionSaml(q, institutionId, false);
    const diff = auditDiff(old ? auditView(old) : {}, auditView(now!));
    await recordAudit(q, {
      kind: 'settings',
      action: 'sso.saml.update',
      target: `institution ${institutionId}, SAML sign-in`,
      before: old ? diff.before : null,
      after: diff.after,
      institutionId,
    });
  });
}

/** A stored configuration as the audit log records it: the metadata as what was read from it. */
function auditView(row: InstitutionSamlRow): Record<string, unknown> {
  return {
    enabled: row.enabled,
    label: row.label,
    idp_entity_id: row.idp_entity_id,
    idp_sso_url: row.idp_sso_url,
    idp_cert_fingerprints: row.idp_certs.map(certFingerprint),
    identifier_attribute: row.identifier_attribute,
    email_attribute: row.email_attribute,
    name_attribute: row.name_attribute,
    role_attribute: row.role_attribute,
    role_mapping: row.role_mapping,
    password_login: row.password_login,
  };
}
