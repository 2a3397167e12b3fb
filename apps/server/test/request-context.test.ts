import { describe, expect, it } from 'vitest';
import { buildRequestContext, isCoachStaff } from '../src/auth/context.ts';
import type { AuthUser } from '../src/auth/sessions.ts';

/** The request context the guard builds (auth/context.ts) and its one staff rule (docs/design.md, Roles). */
const user: AuthUser = {
  sessionId: 's',
  userId: 7,
  institutionId: 3,
  email: 'a@example.com',
  name: 'A',
  frameOrigin: null,
};

describe('isCoachStaff', () => {
  it('is true for institution staff and admins and the coach’s instructors, false for students and nobody', () => {
    expect(isCoachStaff(null, 'staff')).toBe(true);
    expect(isCoachStaff(null, 'admin')).toBe(true);
    expect(isCoachStaff('student', 'staff')).toBe(true);
    expect(isCoachStaff('instructor', null)).toBe(true);
    expect(isCoachStaff('student', null)).toBe(false);
    expect(isCoachStaff(null, null)).toBe(false);
  });
});

describe('buildRequestContext', () => {
  it('on a coach route: the coach, its institution, both roles and isStaff', () => {
    const coach = { coachId: 12, institutionId: 4, coachRole: 'student' as const, institutionRole: null };
    expect(buildRequestContext(user, coach, null)).toEqual({
      scope: 'coach',
      userId: 7,
      userInstitutionId: 3,
      coachId: 12,
      institutionId: 4,
      coachRole: 'student',
      institutionRole: null,
      isStaff: false,
    });
    const instructor = { ...coach, coachRole: 'instructor' as const };
    expect(buildRequestContext(user, instructor, null)).toMatchObject({ scope: 'coach', isStaff: true });
  });

  it('on an institution route: the institution and role, always staff', () => {
    expect(buildRequestContext(user, null, { institutionId: 3, institutionRole: 'admin' })).toEqual({
      scope: 'institution',
      userId: 7,
      userInstitutionId: 3,
      institutionId: 3,
      institutionRole: 'admin',
      isStaff: true,
    });
  });

  it('elsewhere: only the signed-in user', () => {
    expect(buildRequestContext(user, null, null)).toEqual({ scope: 'user', userId: 7, userInstitutionId: 3 });
  });
});
