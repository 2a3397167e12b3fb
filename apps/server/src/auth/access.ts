import type { CoachRole, InstitutionRole } from '@course-coach/contracts';

/**
 * The access policies routes declare (`Access`, `access`, `COACH_STAFF`, `COACH_ANY`) live in the contracts
 * beside the endpoint descriptions that name them (packages/contracts/src/endpoint.ts); the guard
 * (auth/guard.ts) enforces them and `buildApp` refuses to start with a route that declares none.
 */
export { type Access, access, COACH_ANY, COACH_STAFF } from '@course-coach/contracts';

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
