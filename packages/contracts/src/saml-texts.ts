/**
 * SAML's paths (docs/sso.md, SAML), without the schemas (saml.ts): the sign-in page names them, and this
 * module keeps zod out of its first load (docs/architecture.md "Keeping the first load small").
 */

export const SAML_API = {
  /** GET ?next=/path: 302 to the institution's identity provider with an AuthnRequest (public). */
  start: (slug: string) => `/api/v1/auth/saml/${slug}/start`,
  /** POST (HTTP-POST binding): where the identity provider posts the SAMLResponse (public). */
  acs: (slug: string) => `/api/v1/auth/saml/${slug}/acs`,
  /** GET: our service provider metadata; its URL is also our entity ID (public). */
  metadata: (slug: string) => `/api/v1/auth/saml/${slug}/metadata`,
  /** GET/PUT: the institution's SAML configuration (staff and admins). */
  config: <I extends number | string>(institutionId: I) =>
    `/api/v1/institution/${institutionId}/saml` as const,
} as const;
