import type { Database, Query } from '../../db/client.ts';
import { deleteLtiStudentsExcept, insertLtiEnrollment } from './account-queries.ts';
import { createLtiAccount, findLtiAccount, linkLtiIdentity } from './accounts.ts';
import type { LtiRegistrationRow } from './registrations.ts';

/**
 * Applies an NRPS roster to a coach's enrollments (docs/lti.md, Roster), in one transaction: Active
 * learners and instructors are enrolled (accounts found or created as a launch does: `sso_identities`
 * issuer + user_id, else the e-mail address, else a new account without a password), students enrolled
 * through LTI (`enrollments.source = 'lti'`) who are no longer Active learners are removed. Enrollments of
 * another source (staff, CSV, imports), instructors and the institution's staff are never removed, and a
 * roster never grants staff.
 */

/** A member of an NRPS membership container (IMS NRPS 2.0 §2.2; Canvas sends these fields). */
export interface RosterMember {
  status?: string;
  user_id?: unknown;
  roles?: unknown;
  email?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

/** Counts of a sync: enrollments added, removed, and roster members already enrolled. */
export interface RosterResult {
  added: number;
  removed: number;
  unchanged: number;
}

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
const ADDRESS = /^[^\s@]+@[^\s@]+$/;

/**
 * The coach role of a member's roles: Instructor (and sub-roles) → instructor, Learner (and sub-roles) →
 * student, else null. NRPS may send the short names (`Learner`) as well as the URIs.
 */
export function rosterRole(roles: unknown): 'student' | 'instructor' | null {
  const list = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  const has = (name: string) =>
    list.some((r) => r === name || r === `${MEMBERSHIP}#${name}` || r.startsWith(`${MEMBERSHIP}/${name}#`));
  return has('Instructor') ? 'instructor' : has('Learner') ? 'student' : null;
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * Applies `members` to the coach's enrollments and calls `record` with the counts, in the same transaction.
 * Members who are not Active, have no coach role, no user_id, belong to another institution or are
 * deactivated, or would need a new account but have no e-mail address, are not enrolled.
 */
export async function applyRoster(
  database: Database,
  registration: LtiRegistrationRow,
  coachId: number,
  members: RosterMember[],
  record: (query: Query, result: RosterResult) => Promise<void>,
): Promise<RosterResult> {
  const institutionId = registration.institution_id;
  return database.transaction(async (query) => {
    const result: RosterResult = { added: 0, removed: 0, unchanged: 0 };
    const activeStudents = new Set<number>();
    for (const member of members) {
      const subject = str(member.user_id);
      const role = rosterRole(member.roles);
      if ((member.status ?? 'Active') !== 'Active' || !subject || !role) continue;
      const email = str(member.email)?.toLowerCase() ?? null;
      const found = await findLtiAccount(query, registration.issuer, subject, email);
      let user: { id: number } | undefined = found.user;
      if (found.user && (found.user.institution_id !== institutionId || found.user.deactivated)) continue;
      if (!user) {
        if (!email || !ADDRESS.test(email)) continue;
        const given = [str(member.given_name), str(member.family_name)].filter(Boolean).join(' ');
        user = await createLtiAccount(
          query,
          institutionId,
          email,
          str(member.name) ?? (given || email.split('@')[0]!),
        );
      }
      if (!found.linked) await linkLtiIdentity(query, institutionId, user.id, registration.issuer, subject);
      if (role === 'student') activeStudents.add(user.id);
      if (await insertLtiEnrollment(query, institutionId, coachId, user.id, role)) result.added++;
      else result.unchanged++;
    }
    result.removed = await deleteLtiStudentsExcept(query, coachId, [...activeStudents]);
    await record(query, result);
    return result;
  });
}
