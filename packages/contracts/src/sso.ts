import { z } from 'zod';

/**
 * Single sign-on with OpenID Connect, configured per institution (docs/sso.md): the staff configuration's
 * body and answer and the sign-in page's list of providers. Its paths and the texts a refused sign-in shows
 * are in sso-texts.ts (re-exported here).
 */

export * from './sso-texts.ts';

/** The WHATWG URL class (see safe-path.ts: contracts compile without DOM or Node types). */
declare const URL: new (
  input: string,
) => { protocol: string; hostname: string; search: string; hash: string; username: string; password: string };

/** Course Coach roles a provider's role claim can map to. Staff only ever when mapped explicitly. */
export const SSO_ROLES = ['student', 'instructor', 'staff'] as const;
export type SsoRole = (typeof SSO_ROLES)[number];

/** One institution's button on the sign-in page. */
export const SsoProviderSchema = z.object({
  slug: z.string(),
  institution: z.string(),
  /** The button reads “Sign in with <label>”. */
  label: z.string(),
  /** Where the button goes: the OpenID Connect or the SAML start (docs/sso.md). */
  protocol: z.enum(['oidc', 'saml']),
});
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

/** GET providers: the buttons, and whether the password form is offered at all (false only when every institution turned it off). */
export const SsoProvidersSchema = z.object({
  providers: z.array(SsoProviderSchema),
  password_login: z.boolean(),
});
export type SsoProviders = z.infer<typeof SsoProvidersSchema>;

const CLAIM = /^[A-Za-z_][A-Za-z0-9_:.-]{0,99}$/;
const claimName = z
  .string()
  .trim()
  .regex(CLAIM, 'Enter a claim name such as email or eduPersonPrincipalName.');

function isLoopbackHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * An issuer URL: https (http only for a provider on this machine, as the stand-in), no query or
 * fragment (OpenID Connect Discovery 1.0 §2).
 */
export const IssuerUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      const scheme = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
      return scheme && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'Enter the provider’s issuer URL, starting with https:// (no query or #).');

/** The editable configuration (PUT body). `client_secret` omitted or empty keeps the stored one. */
export const SsoConfigBodySchema = z
  .object({
    enabled: z.boolean(),
    label: z.string().trim().min(1, 'Enter the button’s name, e.g. your university.').max(80),
    issuer: IssuerUrlSchema,
    client_id: z.string().trim().min(1, 'Enter the client id the provider gave you.').max(300),
    client_secret: z.string().max(500).optional(),
    scopes: z
      .string()
      .trim()
      .max(300)
      .refine(
        (s) => s.split(/\s+/).includes('openid'),
        'Scopes must include openid (e.g. “openid email profile”).',
      ),
    identifier_claim: claimName,
    email_claim: claimName,
    name_claim: claimName,
    role_claim: claimName,
    role_mapping: z
      .record(z.string().trim().min(1).max(200), z.enum(SSO_ROLES))
      .refine((m) => Object.keys(m).length <= 100, 'At most 100 mapped values.'),
    password_login: z.boolean(),
  })
  .strict();
export type SsoConfigBody = z.infer<typeof SsoConfigBodySchema>;

/** The configuration as answered: never the client secret, only whether one is stored. */
export const SsoConfigSchema = SsoConfigBodySchema.omit({ client_secret: true }).extend({
  client_secret_set: z.boolean(),
  /** The redirect URI to register at the provider. */
  redirect_uri: z.string(),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

/** GET answer: null when the institution has no configuration yet. */
export const SsoConfigAnswerSchema = z.object({ config: SsoConfigSchema.nullable() });
