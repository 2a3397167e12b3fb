import { z } from 'zod';
import { SSO_ROLES } from './sso.ts';

export * from './saml-texts.ts';

/**
 * Single sign-on with SAML 2.0, configured per institution from its identity provider's metadata
 * (docs/sso.md, SAML). Paths, the staff configuration's body and answer.
 */
/** The largest identity provider metadata accepted (characters). */
export const SAML_METADATA_MAX = 200_000;

const ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_:.-]{0,199}$/;
const attributeName = z
  .string()
  .trim()
  .regex(ATTRIBUTE, 'Enter an attribute name such as mail, eduPersonPrincipalName or urn:oid:….');

/** The editable configuration (PUT body). */
export const SamlConfigBodySchema = z
  .object({
    enabled: z.boolean(),
    label: z.string().trim().min(1, 'Enter the button’s name, e.g. your university.').max(80),
    /** The identity provider's metadata XML (an EntityDescriptor with an IDPSSODescriptor). */
    idp_metadata: z
      .string()
      .trim()
      .min(1, 'Paste your identity provider’s metadata XML.')
      .max(SAML_METADATA_MAX, 'The metadata is too long (at most 200,000 characters).'),
    identifier_attribute: attributeName,
    email_attribute: attributeName,
    name_attribute: attributeName,
    role_attribute: attributeName,
    role_mapping: z
      .record(z.string().trim().min(1).max(200), z.enum(SSO_ROLES))
      .refine((m) => Object.keys(m).length <= 100, 'At most 100 mapped values.'),
    password_login: z.boolean(),
  })
  .strict();
export type SamlConfigBody = z.infer<typeof SamlConfigBodySchema>;

/** The configuration as answered: what was read from the metadata, and our side to register at the provider. */
export const SamlConfigSchema = SamlConfigBodySchema.extend({
  idp_entity_id: z.string(),
  idp_sso_url: z.string(),
  /** SHA-256 fingerprints of the provider's signing certificates (AA:BB:…). */
  idp_cert_fingerprints: z.array(z.string()),
  /** Our entity ID (the metadata URL). */
  sp_entity_id: z.string(),
  sp_metadata_url: z.string(),
  acs_url: z.string(),
});
export type SamlConfig = z.infer<typeof SamlConfigSchema>;

/** GET answer: null when the institution has no SAML configuration yet. */
export const SamlConfigAnswerSchema = z.object({ config: SamlConfigSchema.nullable() });
