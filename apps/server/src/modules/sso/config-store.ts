import {
  SSO_API,
  SSO_ROLES,
  type SsoConfig,
  type SsoConfigBody,
  type SsoRole,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { auditDiff, recordAudit } from '../audit/index.ts';
import { decryptToken, encryptToken } from '../lms/index.ts';
import {
  type InstitutionSsoRow,
  type SsoSettingsRow,
  selectEnabledSso,
  selectInstitutionSso,
  selectSsoByInstitution,
  selectSsoBySlug,
  upsertInstitutionSso,
} from './queries.ts';

/** An institution's OpenID Connect configuration as stored, with the client secret decrypted. */
export interface SsoSettings {
  institutionId: number;
  slug: string;
  institution: string;
  enabled: boolean;
  label: string;
  issuer: string;
  clientId: string;
  /** null when none is stored (a public client) or it no longer decrypts with the key. */
  clientSecret: string | null;
  clientSecretSet: boolean;
  scopes: string;
  identifierClaim: string;
  emailClaim: string;
  nameClaim: string;
  roleClaim: string;
  roleMapping: Record<string, SsoRole>;
  passwordLogin: boolean;
}

/** The AES-GCM context that binds a stored client secret to its institution. */
const secretContext = (institutionId: number) => `oidc:${institutionId}:client_secret`;

function toSettings(row: SsoSettingsRow, key: Buffer): SsoSettings {
  const secret = row.client_secret_enc
    ? decryptToken(key, row.client_secret_enc, secretContext(row.institution_id))
    : null;
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
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: secret,
    clientSecretSet: row.client_secret_enc !== null,
    scopes: row.scopes,
    identifierClaim: row.identifier_claim,
    emailClaim: row.email_claim,
    nameClaim: row.name_claim,
    roleClaim: row.role_claim,
    roleMapping: mapping,
    passwordLogin: row.password_login,
  };
}

/** The configuration of institution `institutionId`, or null when it has none. */
export async function loadSsoSettings(
  database: Database,
  key: Buffer,
  institutionId: number,
): Promise<SsoSettings | null> {
  const rows = await selectSsoByInstitution(database.query, institutionId);
  return rows[0] ? toSettings(rows[0], key) : null;
}

/** The configuration of the institution with `slug`, or null when it has none. */
export async function loadSsoSettingsBySlug(
  database: Database,
  key: Buffer,
  slug: string,
): Promise<SsoSettings | null> {
  const rows = await selectSsoBySlug(database.query, slug);
  return rows[0] ? toSettings(rows[0], key) : null;
}

/** Every enabled configuration, by institution name (the sign-in page's buttons). */
export async function listEnabledSso(database: Database, key: Buffer): Promise<SsoSettings[]> {
  const rows = await selectEnabledSso(database.query);
  return rows.map((row) => toSettings(row, key));
}

/** The wire shape of a configuration (GET/PUT answer): never the secret, only whether one is stored. */
export function toSsoConfig(settings: SsoSettings, origin: string): SsoConfig {
  return {
    enabled: settings.enabled,
    label: settings.label,
    issuer: settings.issuer,
    client_id: settings.clientId,
    client_secret_set: settings.clientSecretSet,
    scopes: settings.scopes,
    identifier_claim: settings.identifierClaim,
    email_claim: settings.emailClaim,
    name_claim: settings.nameClaim,
    role_claim: settings.roleClaim,
    role_mapping: settings.roleMapping,
    password_login: settings.passwordLogin,
    redirect_uri: `${origin}${SSO_API.callback}`,
  };
}

/**
 * Creates or replaces institution `institutionId`'s configuration in one transaction, with its audit entry. An omitted or empty
 * `client_secret` keeps the stored one; a new one is stored encrypted.
 */
export async function saveSsoSettings(
  database: Database,
  key: Buffer,
  institutionId: number,
  body: SsoConfigBody,
): Promise<void> {
  const secret = body.client_secret
    ? encryptToken(key, body.client_secret, secretContext(institutionId))
    : null;
  await database.transaction(async (q) => {
    const old = await selectInstitutionSso(q, institutionId, true);
    await upsert(q, institutionId, body, secret);
    const now = await selectInstitutionSso(q, institutionId, false);
    const before = old ? auditView(old) : {};
    const after = auditView(now!);
    const diff = auditDiff(before, after);
    // A new secret is shown as given (`client_secret_set` on both sides), never its value.
    if (secret) {
      diff.before.client_secret_set = old ? old.client_secret_enc !== null : false;
      diff.after.client_secret_set = true;
    }
    await recordAudit(q, {
      kind: 'settings',
      action: 'sso.update',
      target: `institution ${institutionId}, single sign-on`,
      before: old ? diff.before : null,
      after: diff.after,
      institutionId,
    });
  });
}

/**
 * A stored configuration as the audit log records it (docs/audit-log.md): every setting but the client
 * secret, of which only `client_secret_set` (whether one is stored).
 */
function auditView(row: InstitutionSsoRow): Record<string, unknown> {
  return {
    enabled: row.enabled,
    label: row.label,
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_set: row.client_secret_enc !== null,
    scopes: row.scopes,
    identifier_claim: row.identifier_claim,
    email_claim: row.email_claim,
    name_claim: row.name_claim,
    role_claim: row.role_claim,
    role_mapping: row.role_mapping,
    password_login: row.password_login,
  };
}

/** The insert-or-update of `saveSsoSettings`. */
async function upsert(q: Query, institutionId: number, body: SsoConfigBody, secret: string | null) {
  await upsertInstitutionSso(q, institutionId, {
    enabled: body.enabled,
    label: body.label,
    issuer: body.issuer,
    client_id: body.client_id,
    client_secret_enc: secret,
    scopes: body.scopes.split(/\s+/).join(' '),
    identifier_claim: body.identifier_claim,
    email_claim: body.email_claim,
    name_claim: body.name_claim,
    role_claim: body.role_claim,
    role_mapping: body.role_mapping,
    password_login: body.password_login,
  });
}
