import { z } from 'zod';
import { ACCOUNT_API, ACCOUNT_TEXTS, PASSWORD_MIN_LENGTH } from './account-texts.ts';
import { CoachRoleSchema, InstitutionRoleSchema } from './auth.ts';
import { access, defineEndpoint } from './endpoint.ts';
import { DetailErrorSchema, FieldErrorsSchema } from './error-schemas.ts';

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

/**
 * The caller's own account (docs/accounts.md): change password (signed in), ask for a reset email, and set
 * a password with a reset or invitation token. Their error answers are their own (no 403/404; 429 when
 * rate limited), so each lists them (`errors`).
 */
export const ACCOUNT_ENDPOINTS = {
  /**
   * POST account/password `{current_password, new_password}` → 204; the caller's other sessions end. 400
   * `{current_password}` when wrong (counted like a failed sign-in, 429 after too many), `{new_password}`.
   */
  changePassword: defineEndpoint({
    method: 'POST',
    path: ACCOUNT_API.changePassword,
    access: access.authenticated(),
    tags: ['account'],
    body: ChangePasswordBodySchema,
    responses: { 204: z.null() },
    errors: { 400: FieldErrorsSchema, 401: DetailErrorSchema, 429: DetailErrorSchema },
  }),
  /** POST auth/password-reset `{email}` → 202 `{detail}`, the same answer whatever the address; 429 past the limits. */
  passwordReset: defineEndpoint({
    method: 'POST',
    path: ACCOUNT_API.passwordReset,
    access: access.public(),
    tags: ['account'],
    body: PasswordResetBodySchema,
    responses: { 202: DetailErrorSchema },
    errors: { 400: FieldErrorsSchema, 429: DetailErrorSchema },
  }),
  /** POST auth/set-password `{token, password}` → 204; 400 `{token}` for a token that is not good, `{password}`. */
  setPassword: defineEndpoint({
    method: 'POST',
    path: ACCOUNT_API.setPassword,
    access: access.public(),
    tags: ['account'],
    body: SetPasswordBodySchema,
    responses: { 204: z.null() },
    errors: { 400: FieldErrorsSchema },
  }),
};

const ADMIN_TAGS = ['user administration'];
const ADMIN_STAFF = access.institution('staff', 'admin');

/**
 * Staff user administration (docs/accounts.md). Staff and admins of the institution only; another
 * institution's users answer 404. Every change is in the audit log.
 */
export const ACCOUNT_ADMIN_ENDPOINTS = {
  /** GET institution/{id}/users?q=&page= → `{results, count}`, 50 a page, by name. */
  users: defineEndpoint({
    method: 'GET',
    path: ACCOUNT_API.users(':institutionId'),
    access: ADMIN_STAFF,
    tags: ADMIN_TAGS,
    query: UserListQuerySchema,
    responses: { 200: AdminUserListSchema },
  }),
  /** GET institution/{id}/users/{userId} → the user, their coaches and roles, and how they can sign in. */
  user: defineEndpoint({
    method: 'GET',
    path: ACCOUNT_API.user(':institutionId', ':userId'),
    access: ADMIN_STAFF,
    tags: ADMIN_TAGS,
    responses: { 200: AdminUserDetailSchema },
  }),
  /** PUT institution/{id}/users/{userId}/role `{role: "staff"|"admin"|null}` → the user. */
  setRole: defineEndpoint({
    method: 'PUT',
    path: ACCOUNT_API.userRole(':institutionId', ':userId'),
    access: ADMIN_STAFF,
    tags: ADMIN_TAGS,
    body: UserRoleBodySchema,
    responses: { 200: AdminUserDetailSchema },
  }),
  /** PUT institution/{id}/users/{userId}/enrollments/{coachId} `{role: "student"|"instructor"|null}` → the user. */
  setEnrollment: defineEndpoint({
    method: 'PUT',
    path: ACCOUNT_API.userEnrollment(':institutionId', ':userId', ':coachId'),
    access: ADMIN_STAFF,
    tags: ADMIN_TAGS,
    body: UserEnrollmentBodySchema,
    responses: { 200: AdminUserDetailSchema },
  }),
  /** PUT institution/{id}/users/{userId}/active `{active}` → the user; deactivating ends their sessions. */
  setActive: defineEndpoint({
    method: 'PUT',
    path: ACCOUNT_API.userActive(':institutionId', ':userId'),
    access: ADMIN_STAFF,
    tags: ADMIN_TAGS,
    body: UserActiveBodySchema,
    responses: { 200: AdminUserDetailSchema },
  }),
  /** POST institution/{id}/users/{userId}/invite → 202 `{detail}`; 503 when the mail server refuses it. */
  invite: defineEndpoint({
    method: 'POST',
    path: ACCOUNT_API.userInvite(':institutionId', ':userId'),
    access: ADMIN_STAFF,
    tags: ADMIN_TAGS,
    responses: { 202: DetailErrorSchema },
    errors: {
      400: FieldErrorsSchema,
      401: DetailErrorSchema,
      403: DetailErrorSchema,
      404: DetailErrorSchema,
      503: DetailErrorSchema,
    },
  }),
};
