import { z } from 'zod';
import { ACCOUNT_TEXTS, PASSWORD_MIN_LENGTH } from './account-texts.ts';
import { CoachRoleSchema, InstitutionRoleSchema } from './auth.ts';

export * from './account-texts.ts';

/*
 * Accounts (docs/accounts.md): change password, reset by email, invitations and staff user administration.
 * Paths are ours (the spec names none).
 */

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
