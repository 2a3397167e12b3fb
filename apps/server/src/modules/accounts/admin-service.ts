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

/** Users a page of the list holds. */
export const USER_PAGE_SIZE = 50;

const USER_COLUMNS = `u.id, u.email, u.name, u.external_id, m.role as institution_role,
  u.deactivated_at is null as active,
  (select count(*)::int from enrollments e where e.user_id = u.id) as coach_count`;

/** The institution's users whose name, email or external id contains `search` (case-insensitive), by name. */
export async function listUsers(
  q: Query,
  institutionId: number,
  search: string,
  page: number,
): Promise<{ results: AdminUser[]; count: number }> {
  const rows = await q<AdminUser & { total: number }>(
    `select ${USER_COLUMNS}, count(*) over ()::int as total
       from users u left join institution_memberships m on m.user_id = u.id and m.institution_id = u.institution_id
      where u.institution_id = $1
        and ($2 = '' or strpos(lower(u.name), lower($2)) > 0 or strpos(u.email, lower($2)) > 0
             or strpos(lower(coalesce(u.external_id, '')), lower($2)) > 0)
      order by lower(u.name), u.id limit ${USER_PAGE_SIZE} offset $3`,
    [institutionId, search.trim(), (page - 1) * USER_PAGE_SIZE],
  );
  return { results: rows.map(({ total: _t, ...u }) => u), count: rows[0]?.total ?? 0 };
}

/** One user of the institution with their coaches and roles; 404 for anyone else's user. */
export async function getUser(q: Query, institutionId: number, userId: number): Promise<AdminUserDetail> {
  const [row] = await q<AdminUser & { password_hash: string; sso: boolean }>(
    `select ${USER_COLUMNS}, u.password_hash,
            exists (select 1 from sso_identities s where s.user_id = u.id) as sso
       from users u left join institution_memberships m on m.user_id = u.id and m.institution_id = u.institution_id
      where u.institution_id = $1 and u.id = $2`,
    [institutionId, userId],
  );
  if (!row) throw notFound(ACCOUNT_TEXTS.userNotFound);
  const coaches = await q<{ id: number; label: string; role: CoachRole }>(
    `select c.id, c.name as label, e.role from enrollments e join coaches c on c.id = e.coach_id
      where e.user_id = $1 order by c.term_code desc, c.course_code, c.id`,
    [userId],
  );
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
    await q('delete from institution_memberships where institution_id = $1 and user_id = $2', [
      institutionId,
      userId,
    ]);
  } else {
    await q(
      `insert into institution_memberships (institution_id, user_id, role) values ($1, $2, $3)
       on conflict (institution_id, user_id) do update set role = excluded.role`,
      [institutionId, userId, role],
    );
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
  const [coach] = await q<{ id: number }>('select id from coaches where id = $1 and institution_id = $2', [
    coachId,
    institutionId,
  ]);
  if (!coach) throw notFound(ACCOUNT_TEXTS.coachNotFound);
  const was = before.coaches.find((c) => c.id === coachId)?.role ?? null;
  if (was === role) return before;
  if (role === null) {
    await q('delete from enrollments where coach_id = $1 and user_id = $2', [coachId, userId]);
  } else {
    await q(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, $4)
       on conflict (coach_id, user_id) do update set role = excluded.role, source = null`,
      [institutionId, coachId, userId, role],
    );
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
    await q('update users set deactivated_at = null where id = $1', [userId]);
  } else {
    await q('update users set deactivated_at = now() where id = $1', [userId]);
    await q('delete from sessions where user_id = $1', [userId]);
    await q('update account_tokens set used_at = now() where user_id = $1 and used_at is null', [userId]);
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
