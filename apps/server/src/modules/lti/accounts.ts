import { LIS, LTI_CLAIM } from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { insertIdentity, SSO_NO_PASSWORD } from '../sso/index.ts';
import {
  ensureLtiEnrollment,
  ensureStaffMembership,
  insertAccount,
  selectAccountByEmail,
  selectLinkedAccount,
  selectMembership,
  upsertContext,
} from './account-queries.ts';
import { LtiRefusal } from './flow.ts';
import type { LtiRegistrationRow } from './registrations.ts';

/**
 * Who a verified launch signs in, and as what (docs/lti.md, Accounts and roles): the LIS roles decide the
 * coach role, an account is found or created just in time from the claims, and the LMS course (context)
 * is recorded with the service endpoints a roster or grade sync would need.
 */

/** LIS roles that ask for institution-wide rights: never staff unless the registration maps them. */
const ADMIN_ROLES: ReadonlySet<string> = new Set([
  LIS.contextAdmin,
  LIS.institutionAdmin,
  LIS.systemAdmin,
  LIS.sysAdmin,
  'http://purl.imsglobal.org/vocab/lis/v2/system/person#AccountAdmin',
]);

/** What a launch's roles give: a coach role (null: none) and whether institution staff is granted. */
export interface LtiRoles {
  coachRole: 'student' | 'instructor' | null;
  staff: boolean;
}

/**
 * Maps the roles claim (docs/lti.md, Roles): membership Instructor (and its sub-roles, e.g.
 * TeachingAssistant) → instructor; membership Learner (and sub-roles) → student; a role listed in the
 * registration's `staff_roles` → institution staff. An Administrator role (context, institution or
 * system) that the registration does not map to staff refuses the launch: it never grants staff by itself.
 * @throws LtiRefusal `no_role`.
 */
export function decideLtiRoles(registration: LtiRegistrationRow, claim: unknown): LtiRoles {
  const roles = Array.isArray(claim) ? claim.filter((r): r is string => typeof r === 'string') : [];
  const staff = roles.some((r) => registration.staff_roles.includes(r));
  const escalation = roles.find((r) => ADMIN_ROLES.has(r) && !registration.staff_roles.includes(r));
  if (escalation)
    throw new LtiRefusal(
      'no_role',
      `role ${escalation} asks for staff, which the registration does not map`,
      registration,
    );
  const membership = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
  const has = (name: string) =>
    roles.some((r) => r === `${membership}#${name}` || r.startsWith(`${membership}/${name}#`));
  const coachRole = has('Instructor') ? 'instructor' : has('Learner') ? 'student' : null;
  if (!coachRole && !staff)
    throw new LtiRefusal('no_role', `roles ${JSON.stringify(roles)} map to no role`, registration);
  return { coachRole, staff };
}

/** The LMS course of a launch and the service endpoints it announced. */
export interface LaunchContext {
  contextId: string;
  title: string | null;
  deploymentId: string;
  nrpsUrl: string | null;
  ags: Record<string, unknown> | null;
}

/** The context claim and services of verified claims. @throws LtiRefusal `invalid` without a context id. */
export function launchContext(
  registration: LtiRegistrationRow,
  claims: Record<string, unknown>,
): LaunchContext {
  const context = claims[LTI_CLAIM.context] as { id?: unknown; title?: unknown; label?: unknown } | undefined;
  if (!context || typeof context.id !== 'string' || context.id === '')
    throw new LtiRefusal('invalid', 'no context id in the id_token', registration);
  const nrps = claims[LTI_CLAIM.nrps] as { context_memberships_url?: unknown } | undefined;
  const ags = claims[LTI_CLAIM.ags];
  const title =
    typeof context.title === 'string'
      ? context.title
      : typeof context.label === 'string'
        ? context.label
        : null;
  return {
    contextId: context.id.slice(0, 300),
    title: title?.slice(0, 300) ?? null,
    deploymentId: String(claims[LTI_CLAIM.deploymentId]),
    nrpsUrl: typeof nrps?.context_memberships_url === 'string' ? nrps.context_memberships_url : null,
    ags: ags && typeof ags === 'object' ? (ags as Record<string, unknown>) : null,
  };
}

/**
 * Records the launch's context (created at its first launch, its deployment, title and service endpoints
 * refreshed on each) and returns its row id and the linked coach when that coach is set up.
 */
export async function recordContext(
  database: Database,
  registration: LtiRegistrationRow,
  context: LaunchContext,
): Promise<{ id: number; coachId: number | null }> {
  const row = await upsertContext(database.query, {
    registration_id: registration.id,
    institution_id: registration.institution_id,
    deployment_id: context.deploymentId,
    context_id: context.contextId,
    title: context.title,
    nrps_url: context.nrpsUrl,
    ags: context.ags,
  });
  return { id: row!.id, coachId: row!.coach_id };
}

const ADDRESS = /^[^\s@]+@[^\s@]+$/;

function text(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The outcome of `launchAccount`. */
export type LaunchAccount =
  | { kind: 'signed-in'; user: { id: number; institution_id: number }; staff: boolean; created: boolean }
  | { kind: 'unlinked' };

/**
 * The account a launch signs in (docs/lti.md, Accounts and roles), in one transaction: the account linked
 * to the platform's `iss` + `sub` (`sso_identities`), else the institution's account with the `email`
 * claim (then linked), else a new account without a password. A mapped staff role adds the institution's
 * staff membership; a linked coach (`coachId`) enrolls the user with the launch's coach role (an existing
 * enrollment is kept as it is). For an unlinked context nothing is written unless the person is (or is
 * made) staff or admin of the institution: everybody else gets `unlinked`.
 * @throws LtiRefusal `no_identifier` (no sub or e-mail), `other_institution`.
 */
export async function launchAccount(
  database: Database,
  registration: LtiRegistrationRow,
  claims: Record<string, unknown>,
  roles: LtiRoles,
  coachId: number | null,
): Promise<LaunchAccount> {
  const subject = text(claims, 'sub');
  const emailClaim = text(claims, 'email')?.toLowerCase() ?? null;
  if (!subject) throw new LtiRefusal('no_identifier', 'no sub claim', registration);
  const institutionId = registration.institution_id;
  return database.transaction(async (query) => {
    const found = await findLtiAccount(query, registration.issuer, subject, emailClaim);
    let user: { id: number; institution_id: number; deactivated?: boolean } | undefined = found.user;
    const link = !found.linked;
    if (user && user.institution_id !== institutionId)
      throw new LtiRefusal(
        'other_institution',
        `user ${user.id} belongs to another institution`,
        registration,
      );
    if (user?.deactivated)
      throw new LtiRefusal('deactivated', `user ${user.id} is deactivated (docs/accounts.md)`, registration);
    const membership = user ? await selectMembership(query, institutionId, user.id) : [];
    const staff = roles.staff || membership.length > 0;
    if (coachId === null && !staff) return { kind: 'unlinked' };
    let created = false;
    if (!user) {
      if (!emailClaim || !ADDRESS.test(emailClaim))
        throw new LtiRefusal('no_identifier', 'no e-mail address in the id_token', registration);
      const given = [text(claims, 'given_name'), text(claims, 'family_name')].filter(Boolean).join(' ');
      const name = text(claims, 'name') ?? (given || emailClaim.split('@')[0]!);
      user = await createLtiAccount(query, institutionId, emailClaim, name);
      created = true;
    }
    if (link) await linkLtiIdentity(query, institutionId, user.id, registration.issuer, subject);
    if (roles.staff) await ensureStaffMembership(query, institutionId, user.id);
    if (coachId !== null && roles.coachRole)
      await ensureLtiEnrollment(query, institutionId, coachId, user.id, roles.coachRole);
    return { kind: 'signed-in', user: { id: user.id, institution_id: user.institution_id }, staff, created };
  });
}

/** An account found for a platform user: `linked` when through its `iss` + `sub` identity. */
export interface FoundLtiAccount {
  user: { id: number; institution_id: number; deactivated: boolean } | undefined;
  linked: boolean;
}

/**
 * The account of a platform user (docs/lti.md, Account): the one linked to `issuer` + `subject`
 * (`sso_identities`), else the one with `email` (any institution: the caller refuses another's).
 */
export async function findLtiAccount(
  query: Query,
  issuer: string,
  subject: string,
  email: string | null,
): Promise<FoundLtiAccount> {
  const linked = await selectLinkedAccount(query, issuer, subject);
  if (linked[0]) return { user: linked[0], linked: true };
  if (!email) return { user: undefined, linked: false };
  const found = await selectAccountByEmail(query, email);
  return { user: found[0], linked: false };
}

/** Creates an account without a usable password (JIT, docs/lti.md, Account) in the institution. */
export async function createLtiAccount(
  query: Query,
  institutionId: number,
  email: string,
  name: string,
): Promise<{ id: number; institution_id: number }> {
  return insertAccount(query, institutionId, email, name.slice(0, 200), SSO_NO_PASSWORD);
}

/** Links an account to the platform user `issuer` + `subject` (`sso_identities`). */
export async function linkLtiIdentity(
  query: Query,
  institutionId: number,
  userId: number,
  issuer: string,
  subject: string,
): Promise<void> {
  await insertIdentity(query, institutionId, userId, issuer, subject);
}
