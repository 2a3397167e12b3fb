/**
 * Accounts' paths, pages and texts (docs/accounts.md), without the schemas (accounts.ts): the sign-in page
 * and the shell name them, and this module keeps zod out of their first load (docs/architecture.md
 * "Keeping the first load small").
 */

type Id = number | string;

export const ACCOUNT_API = {
  /** POST (signed in): change the caller's password. */
  changePassword: '/api/v1/account/password',
  /** POST (public): ask for a reset email; always the same answer. */
  passwordReset: '/api/v1/auth/password-reset',
  /** POST (public): set a password with a reset or invitation token. */
  setPassword: '/api/v1/auth/set-password',
  // Generic, as `API`'s, so that called with `':institutionId'` a path keeps its literal type for
  // `ACCOUNT_ADMIN_ENDPOINTS` (accounts.ts).
  users: <N extends Id>(institutionId: N) => `/api/v1/institution/${institutionId}/users` as const,
  user: <N extends Id, U extends Id>(institutionId: N, userId: U) =>
    `/api/v1/institution/${institutionId}/users/${userId}` as const,
  userRole: <N extends Id, U extends Id>(institutionId: N, userId: U) =>
    `/api/v1/institution/${institutionId}/users/${userId}/role` as const,
  userEnrollment: <N extends Id, U extends Id, C extends Id>(institutionId: N, userId: U, coachId: C) =>
    `/api/v1/institution/${institutionId}/users/${userId}/enrollments/${coachId}` as const,
  userActive: <N extends Id, U extends Id>(institutionId: N, userId: U) =>
    `/api/v1/institution/${institutionId}/users/${userId}/active` as const,
  userInvite: <N extends Id, U extends Id>(institutionId: N, userId: U) =>
    `/api/v1/institution/${institutionId}/users/${userId}/invite` as const,
} as const;

/** Shortest password accepted (NIST SP 800-63B's minimum for user-chosen secrets). */
export const PASSWORD_MIN_LENGTH = 10;

export const ACCOUNT_TEXTS = {
  required: 'This field is required.',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: 'Use at most 1024 characters.',
  passwordWeak:
    'This password is too easy to guess. Use a longer phrase that is not only one repeated character or a common word.',
  passwordSameAsEmail: 'Do not use your email address as your password.',
  currentPasswordWrong: 'Your current password is not correct. Enter it again.',
  resetRequested:
    'If an account uses that address, we have sent it a link to set a new password. The link works once, for 30 minutes.',
  resetRateLimited: 'Too many reset requests. Wait a few minutes, then try again.',
  tokenInvalid: 'This link is not valid or has expired. Ask for a new one from “Forgot password?”.',
  cannotGrantAdmin: 'Only an administrator can give or take away the administrator role.',
  cannotChangeOwnRole: 'You cannot change your own role. Ask another staff member.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  userDeactivated: 'This account is deactivated. Ask your institution’s staff to reactivate it.',
  inviteNotSent: 'The invitation could not be emailed. Try again in a few minutes.',
  userNotFound: 'No such user in this institution.',
  coachNotFound: 'No such coach in this institution.',
} as const;

/** Web pages of accounts, user administration, the audit log and sign-in settings. */
export const ACCOUNT_PAGES = {
  account: '/account',
  forgotPassword: '/forgot-password',
  setPassword: '/set-password',
  institutionUsers: (institutionId: number | string) => `/Dashboard/Institution/${institutionId}/Users`,
  institutionUser: (institutionId: number | string, userId: number | string) =>
    `/Dashboard/Institution/${institutionId}/Users/${userId}`,
  institutionAuditLog: (institutionId: number | string) => `/Dashboard/Institution/${institutionId}/AuditLog`,
  institutionSignInSettings: (institutionId: number | string) =>
    `/Dashboard/Institution/${institutionId}/SignInSettings`,
  /** The institution's LTI 1.3 platform registrations (docs/lti.md; path ours). */
  institutionLtiSettings: (institutionId: number | string) =>
    `/Dashboard/Institution/${institutionId}/LtiSettings`,
} as const;
