import { z } from 'zod';
import { CoachRoleSchema, InstitutionRoleSchema } from './auth.ts';

/*
 * Accounts (docs/accounts.md): change password, reset by email, invitations and staff user administration.
 * Paths are ours (the spec names none).
 */

export const ACCOUNT_API = {
  /** POST (signed in): change the caller's password. */
  changePassword: '/api/v1/account/password',
  /** POST (public): ask for a reset email; always the same answer. */
  passwordReset: '/api/v1/auth/password-reset',
  /** POST (public): set a password with a reset or invitation token. */
  setPassword: '/api/v1/auth/set-password',
  users: (institutionId: number | string) => `/api/v1/institution/${institutionId}/users`,
  user: (institutionId: number | string, userId: number | string) =>
    `/api/v1/institution/${institutionId}/users/${userId}`,
  userRole: (institutionId: number | string, userId: number | string) =>
    `/api/v1/institution/${institutionId}/users/${userId}/role`,
  userEnrollment: (institutionId: number | string, userId: number | string, coachId: number | string) =>
    `/api/v1/institution/${institutionId}/users/${userId}/enrollments/${coachId}`,
  userActive: (institutionId: number | string, userId: number | string) =>
    `/api/v1/institution/${institutionId}/users/${userId}/active`,
  userInvite: (institutionId: number | string, userId: number | string) =>
    `/api/v1/institution/${institutionId}/users/${userId}/invite`,
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

/** Common words a password may not be (checked lower-cased, digits and punctuation stripped). */
const COMMON = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'letmein',
  'welcome',
  'iloveyou',
  'admin',
  'coach',
]);

/** A new password: 10–1024 characters, not one repeated character, not a common word with digits. */
export const NewPasswordSchema = z
  .string({ message: ACCOUNT_TEXTS.required })
  .min(1, ACCOUNT_TEXTS.required)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_TEXTS.passwordTooShort)
  .max(1024, ACCOUNT_TEXTS.passwordTooLong)
  .refine((p) => new Set(p).size > 2, ACCOUNT_TEXTS.passwordWeak)
  .refine((p) => !COMMON.has(p.toLowerCase().replace(/[^a-z]/g, '')), ACCOUNT_TEXTS.passwordWeak);

export const ChangePasswordBodySchema = z.strictObject({
  current_password: z.string({ message: ACCOUNT_TEXTS.required }).min(1, ACCOUNT_TEXTS.required).max(1024),
  new_password: NewPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const PasswordResetBodySchema = z.strictObject({
  email: z.string().trim().min(1, ACCOUNT_TEXTS.required).max(254).email('Enter a valid email address.'),
});

export const SetPasswordBodySchema = z.strictObject({
  token: z.string({ message: ACCOUNT_TEXTS.required }).min(1, ACCOUNT_TEXTS.required).max(200),
  password: NewPasswordSchema,
});
export type SetPasswordBody = z.infer<typeof SetPasswordBodySchema>;

/** One row of the user list. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  external_id: z.string().nullable(),
  institution_role: InstitutionRoleSchema.nullable(),
  active: z.boolean(),
  coach_count: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({ results: z.array(AdminUserSchema), count: z.number().int() });

export const AdminUserDetailSchema = AdminUserSchema.extend({
  coaches: z.array(z.object({ id: z.number().int(), label: z.string(), role: CoachRoleSchema })),
  sign_in: z.object({ password_set: z.boolean(), sso_linked: z.boolean() }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const UserRoleBodySchema = z.strictObject({ role: InstitutionRoleSchema.nullable() });
export const UserEnrollmentBodySchema = z.strictObject({ role: CoachRoleSchema.nullable() });
export const UserActiveBodySchema = z.strictObject({ active: z.boolean() });

/** The user list's search (name, email or external id, substring) and page (50 a page). */
export const UserListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
});

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
