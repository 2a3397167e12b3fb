/**
 * The one request context: who is calling and what they are in the coach or institution the route
 * addresses, built once by the guard (auth/guard.ts) and handed to services. docs/architecture.md
 * "The request context" says what each field may be relied on for.
 */
import type { CoachRole, InstitutionRole } from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { CoachContext, InstitutionContext } from './access.ts';
import type { AuthUser } from './sessions.ts';

/** What every context has: the signed-in caller. */
interface SignedInCaller {
  userId: number;
  /** The institution of the caller's account (not necessarily the one the route addresses). */
  userInstitutionId: number;
}

/** A signed-in caller on a `public` or `authenticated` route: the guard looked up no role. */
export interface UserRequestContext extends SignedInCaller {
  scope: 'user';
}

/** A caller on a `coach` route: their place in the coach named by the path. */
export interface CoachRequestContext extends SignedInCaller {
  scope: 'coach';
  coachId: number;
  /** The coach's institution. */
  institutionId: number;
  /** The enrollment role in the coach, if enrolled (a set-up coach only). */
  coachRole: CoachRole | null;
  /** The role in the coach's institution, if staff or admin of it. */
  institutionRole: InstitutionRole | null;
  /** Staff of the coach (`isCoachStaff`). */
  isStaff: boolean;
}

/**
 * The part of a coach route's context most services take: the coach, its institution, the caller and
 * whether they are staff of the coach. A service that serves several coaches for one caller (the home
 * page) builds it per coach with the same rule (`isCoachStaff`).
 */
export type CoachCaller = Pick<CoachRequestContext, 'coachId' | 'institutionId' | 'userId' | 'isStaff'>;

/** A caller on an `institution` route: always its staff or admin (the only roles such a route allows). */
export interface InstitutionRequestContext extends SignedInCaller {
  scope: 'institution';
  institutionId: number;
  institutionRole: InstitutionRole;
  isStaff: true;
}

/**
 * The part of a coach or institution route's context that services acting in one institution take: the
 * caller and the institution the route addresses (a coach route's: the coach's institution).
 */
export type InstitutionCaller = Pick<
  CoachRequestContext | InstitutionRequestContext,
  'userId' | 'institutionId'
>;

/** The request context the guard sets on `request.context` whenever the caller is signed in. */
export type RequestContext = UserRequestContext | CoachRequestContext | InstitutionRequestContext;

/**
 * The staff rule, the only copy of it: staff of a coach are its institution's staff and admins and the
 * coach's instructors (docs/design.md, Roles: "Staff and admins may use every coach of their institution;
 * instructors their own coaches"). Takes the caller's two roles in the coach; returns whether they are staff.
 */
export function isCoachStaff(coachRole: CoachRole | null, institutionRole: InstitutionRole | null): boolean {
  return institutionRole !== null || coachRole === 'instructor';
}

/**
 * Builds the context from what the guard resolved: the signed-in `user` and, on a coach or institution
 * route, the caller's place in it (at most one of `coach` and `institution`). Raises nothing.
 */
export function buildRequestContext(
  user: AuthUser,
  coach: CoachContext | null,
  institution: InstitutionContext | null,
): RequestContext {
  const caller = { userId: user.userId, userInstitutionId: user.institutionId };
  if (coach)
    return {
      ...caller,
      scope: 'coach',
      coachId: coach.coachId,
      institutionId: coach.institutionId,
      coachRole: coach.coachRole,
      institutionRole: coach.institutionRole,
      isStaff: isCoachStaff(coach.coachRole, coach.institutionRole),
    };
  if (institution)
    return {
      ...caller,
      scope: 'institution',
      institutionId: institution.institutionId,
      institutionRole: institution.institutionRole,
      isStaff: true,
    };
  return { ...caller, scope: 'user' };
}

/**
 * The context of a `coach` route's request. Throws a plain Error (a 500: a programming mistake, not a
 * caller's) when the route is not a coach route or nobody is signed in, which the guard never lets through.
 */
export function coachRequestContext(request: FastifyRequest): CoachRequestContext {
  const context = request.context;
  if (context?.scope !== 'coach') throw new Error(`${request.url}: not a coach route`);
  return context;
}

/**
 * The context of an `institution` route's request. Throws a plain Error (a 500, a programming mistake) when
 * the route is not an institution route or nobody is signed in, which the guard never lets through.
 */
export function institutionRequestContext(request: FastifyRequest): InstitutionRequestContext {
  const context = request.context;
  if (context?.scope !== 'institution') throw new Error(`${request.url}: not an institution route`);
  return context;
}

/**
 * The context of a request whose route needs a signed-in caller (`authenticated`, `coach`, `institution`).
 * Throws a plain Error (a 500, a programming mistake) when nobody is signed in, which the guard never lets
 * through on such routes.
 */
export function signedInContext(request: FastifyRequest): RequestContext {
  const context = request.context;
  if (!context) throw new Error(`${request.url}: no signed-in caller`);
  return context;
}
