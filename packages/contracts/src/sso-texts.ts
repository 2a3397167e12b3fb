/**
 * Single sign-on's paths and the texts of the sign-in page's single sign-on part (docs/sso.md), without
 * the schemas (sso.ts): the sign-in page names them, and this module keeps zod out of its first load
 * (docs/architecture.md "Keeping the first load small").
 */

export const SSO_API = {
  /** GET: the institutions that offer SSO on the sign-in page (public). */
  providers: '/api/v1/auth/sso/providers',
  /** GET ?next=/path: 302 to the institution's OpenID provider (public). */
  start: (slug: string) => `/api/v1/auth/sso/${slug}/start`,
  /** GET: where the OpenID provider sends the browser back (public; the redirect_uri). */
  callback: '/api/v1/auth/sso/callback',
  /** GET/PUT: the institution's OpenID Connect configuration (staff and admins). */
  config: <I extends number | string>(institutionId: I) =>
    `/api/v1/institution/${institutionId}/sso` as const,
} as const;

/** The query parameter of the sign-in page that names why a single sign-on was refused. */
export const SSO_ERROR_PARAM = 'sso_error';

/** Why a single sign-on was refused (the `sso_error` code), each with the sentence the sign-in page shows. */
export const SSO_ERROR_TEXTS = {
  failed:
    'Signing in with your institution did not work. Try again; if it keeps failing, sign in with your password or contact your institution’s help desk.',
  expired: 'That sign-in took too long or was already used. Start again with the sign-in button.',
  no_role:
    'Your institution’s account does not give you a role in Course Coach. Ask your institution’s help desk to give you access.',
  no_identifier:
    'Your institution did not tell Course Coach who you are (no e-mail address or user name). Ask your institution’s help desk.',
  other_institution:
    'That e-mail address belongs to an account of another institution. Sign in there, or ask your help desk.',
  unavailable:
    'Signing in with your institution is not available right now. Sign in with your password, or try again later.',
  deactivated:
    'Your Course Coach account has been deactivated. Ask your institution’s help desk if you need it again.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERROR_TEXTS;

/** The sentence the password form answers for a user of an institution that turned local passwords off. */
export const SSO_PASSWORD_OFF_TEXT =
  'Your institution signs in with its own account. Use the “Sign in with” button above.';
