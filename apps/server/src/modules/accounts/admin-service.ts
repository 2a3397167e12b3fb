import {
  ACCOUNT_TEXTS,
  type AdminUser,
  type AdminUserDetail,
  type CoachRole,
  type InstitutionRole,
} from '@course-coach/contracts';
import type { InstitutionRequestContext } from '../../auth/context.ts';
import type { Query } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { SSO_NO_PASSWORD } from '../sso/index.ts';
import {
  coachOfInstitution,
  deactivateUser,
  deleteEnrollment,
  deleteMembership,
  deleteUserSessions,
  reactivateUser,
  selectAdminUser,
  selectUserCoaches,
  selectUserPage,
  upsertEnrollment,
  upsertMembership,
  voidUserTokens,
} from './queries.ts';

/** Users a page of the list holds. */
export const USER_PAGE_SIZE = 50;

/** The institution's users whose name, email or external id contains `search` (case-insensitive), by name. */
export async function listUsers(
  q: Query,
  institutionId: number,
  search: string,
  page: number,
): Promise<{ results: AdminUser[]; count: number }> {
  const rows = await selectUserPage(
    q,
    institutionId,
    search.trim(),
    (page - 1) * USER_PAGE_SIZE,
    USER_PAGE_SIZE,
  );
  return { results: rows.map(({ total: _t, ...u }) => u), count: rows[0]?.total ?? 0 };
}

/** One user of the institution with their coaches and roles; 404 for anyone else's user. */
export async function getUser(q: Query, institutionId: number, userId: number): Promise<AdminUserDetail> {
  const row = await selectAdminUser(q, institutionId, userId);
  if (!row) throw notFound(ACCOUNT_TEXTS.userNotFound);
  const coaches = await selectUserCoaches(q, userId);
  const { password_hash, sso, ...user } = row;
  return {
    ...user,
    coaches,
    sign_in: {
      password_set: password_hash !== SSO_NO_PASSWORD && !password_hash.startsWith('!'),
      sso_linked: sso,
    },
  };
}

const describe = (u: { id: number; email: string }) => `user ${u.id} (${u.email})`;

/**
 * Sets the user's institution role (null: none). Refused (403, nothing written): changing one's own role;
 * giving or taking away `admin` unless the caller (`actor`, the guard's request context) is an admin
 * (docs/accounts.md "Who may grant what").
 */
export async function setInstitutionRole(
  q: Query,
  institutionId: number,
  actor: Pick<InstitutionRequestContext, 'userId' | 'institutionRole'>,
  userId: number,
  role: InstitutionRole | null,
): Promise<AdminUserDetail> {
  const before = await getUser(q, institutionId, userId);
  if (userId === actor.userId) throw forbidden(ACCOUNT_TEXTS.cannotChangeOwnRole);
  if ((role === 'admin' || before.institution_role === 'admin') && actor.institutionRole !== 'admin')
    throw forbidden(ACCOUNT_TEXTS.cannotGrantAdmin);
  if (before.institution_role === role) return before;
  if (role === null) {
    await deleteMembership(q, institutionId, userId);
  } else {
    await upsertMembership(q, institutionId, userId, role);
  }
  await recordAudit(q, {
    kind: 'roles',
    action: 'user.institution_role',
    target: describe(before),
    before: { role: before.institution_role },
    after: { role },
  });
  return getUser(q, institutionId, userId);
}

/** Enrols the user in one of the institution's coaches as `role`, changes their role, or (null) removes them. */
export async function setEnrollment(
  q: Query,
  institutionId: number,
  userId: number,
  coachId: number,
  role: CoachRole | null,
): Promise<AdminUserDetail> {
  const before = await getUser(q, institutionId, userId);
  if (!(await coachOfInstitution(q, institutionId, coachId))) throw notFound(ACCOUNT_TEXTS.coachNotFound);
  const was = before.coaches.find((c) => c.id === coachId)?.role ?? null;
  if (was === role) return before;
  if (role === null) {
    await deleteEnrollment(q, coachId, userId);
  } else {
    await upsertEnrollment(q, institutionId, coachId, userId, role);
  }
  await recordAudit(q, {
    kind: 'roles',
    action: 'user.enrollment',
    target: `${describe(before)} in coach ${coachId}`,
    before: { role: was },
    after: { role },
  });
  return getUser(q, institutionId, userId);
}

/**
 * Deactivates (ends every session, voids unused links) or reactivates the user. Refused (403): oneself;
 * an admin, unless the caller (`actor`, the guard's request context) is one.
 */
export async function setActive(
  q: Query,
  institutionId: number,
  actor: Pick<InstitutionRequestContext, 'userId' | 'institutionRole'>,
  userId: number,
  active: boolean,
): Promise<AdminUserDetail> {
  const before = await getUser(q, institutionId, userId);
  if (userId === actor.userId) throw forbidden(ACCOUNT_TEXTS.cannotDeactivateSelf);
  if (before.institution_role === 'admin' && actor.institutionRole !== 'admin')
    throw forbidden(ACCOUNT_TEXTS.cannotGrantAdmin);
  if (before.active === active) return before;
  if (active) {
    await reactivateUser(q, userId);
  } else {
    await deactivateUser(q, userId);
    await deleteUserSessions(q, userId);
    await voidUserTokens(q, userId);
  }
  await recordAudit(q, {
    kind: 'people',
    action: active ? 'user.reactivate' : 'user.deactivate',
    target: describe(before),
    before: { active: before.active },
    after: { active },
  });
  return getUser(q, institutionId, userId);
}
