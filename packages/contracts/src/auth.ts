import { z } from 'zod';

/** Per-coach roles (enrollments) and per-institution roles (docs/design.md, Roles). */
export const CoachRoleSchema = z.enum(['student', 'instructor']);
export type CoachRole = z.infer<typeof CoachRoleSchema>;
export const InstitutionRoleSchema = z.enum(['staff', 'admin']);
export type InstitutionRole = z.infer<typeof InstitutionRoleSchema>;

/** POST /api/v1/auth/login body. Unknown fields are refused. */
export const LoginBodySchema = z.strictObject({
  email: z.string().trim().min(1, 'This field is required.').max(254).email('Enter a valid email address.'),
  password: z.string().min(1, 'This field is required.').max(1024),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A coach the user belongs to, as listed by GET /api/v1/me (spec §3 "Coach list entry": id, label). */
export const MeCoachSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  institution_id: z.number().int(),
  course: z.string(),
  term: z.string(),
  role: CoachRoleSchema,
});

export const MeInstitutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: InstitutionRoleSchema,
});

/** GET /api/v1/me answer: the user, their roles, their coaches and institutions. */
export const MeSchema = z.object({
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  institutions: z.array(MeInstitutionSchema),
  coaches: z.array(MeCoachSchema),
  /** Where `/` sends this user: their current coach's dashboard, or their institution. */
  home: z.string(),
});
export type Me = z.infer<typeof MeSchema>;
export type MeCoach = z.infer<typeof MeCoachSchema>;
