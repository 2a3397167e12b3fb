import type { CoachRole, InstitutionRole } from '@course-coach/contracts';

/**
 * The access policy a route declares in `config.access` (docs/design.md, Roles). Every route must declare
 * one; `buildApp` refuses to start with a route that does not.
 *
 * - `public`: anyone, signed in or not.
 * - `authenticated`: any signed-in user.
 * - `coach`: a signed-in user with one of `roles` in the coach named by the `coachId` path parameter.
 *   `staff`/`admin` mean the institution role in the coach's institution.
 * - `institution`: a signed-in user with one of `roles` in the institution named by `institutionId`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'coach'; roles: ReadonlyArray<CoachRole | InstitutionRole> }
  | { kind: 'institution'; roles: ReadonlyArray<InstitutionRole> };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  authenticated: (): Access => ({ kind: 'authenticated' }),
  coach: (...roles: Array<CoachRole | InstitutionRole>): Access => ({ kind: 'coach', roles }),
  institution: (...roles: InstitutionRole[]): Access => ({ kind: 'institution', roles }),
};

/** Every role that may use a coach as staff (instructors of it, institution staff and admins). */
export const COACH_STAFF: Array<CoachRole | InstitutionRole> = ['instructor', 'staff', 'admin'];
/** Everybody with any role in a coach. */
export const COACH_ANY: Array<CoachRole | InstitutionRole> = ['student', 'instructor', 'staff', 'admin'];

/** What the guard found out about the caller's place in the coach (attached to the request). */
export interface CoachContext {
  coachId: number;
  institutionId: number;
  /** The enrollment role, if enrolled. */
  coachRole: CoachRole | null;
  /** The institution role, if staff or admin of the coach's institution. */
  institutionRole: InstitutionRole | null;
}

export interface InstitutionContext {
  institutionId: number;
  institutionRole: InstitutionRole;
}
