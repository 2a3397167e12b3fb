/**
 * Accounts: the SQL (docs/accounts.md). The institution's user list and a user's detail, their
 * institution role, enrolments and deactivation, and the single-use reset and invitation tokens. The
 * statements run on the caller's handle or transaction (`q`); who may change what, the audit entries and
 * the tokens' digests are the services' (./admin-service.ts, ./tokens.ts).
 */
import type { Query } from '../../db/client.ts';
import type {
  accountTokens,
  coaches,
  enrollments,
  institutionMemberships,
  users,
} from '../../db/schema/index.ts';

type Users = typeof users.$inferSelect;
type AccountTokens = typeof accountTokens.$inferSelect;

/** One row of the user list: the `users` columns shown, their institution role, whether active, their coaches. */
export type AdminUserRow = Pick<Users, 'id' | 'email' | 'name' | 'external_id'> & {
  institution_role: (typeof institutionMemberships.$inferSelect)['role'] | null;
  active: boolean;
  coach_count: number;
};

/** A user with their password hash and whether an SSO identity is linked. */
export type AdminUserSignInRow = AdminUserRow & Pick<Users, 'password_hash'> & { sso: boolean };

/** One of a user's coaches: its id, name (`label`) and the user's role in it. */
export type UserCoachRow = Pick<typeof coaches.$inferSelect, 'id'> & {
  label: (typeof coaches.$inferSelect)['name'];
  role: (typeof enrollments.$inferSelect)['role'];
};

/** A used token's user, institution and kind. */
export type UsedTokenRow = Pick<AccountTokens, 'user_id' | 'institution_id' | 'kind'>;

/** A token to store: its user, institution, kind, SHA-256 digest and lifetime. */
export interface TokenWrite {
  userId: number;
  institutionId: number;
  kind: AccountTokens['kind'];
  digest: string;
  minutes: number;
}

const USER_COLUMNS = `u.id, u.email, u.name, u.external_id, m.role as institution_role,
  u.deactivated_at is null as active,
  (select count(*)::int from enrollments e where e.user_id = u.id) as coach_count`;

/**
 * One page (`pageSize` rows from `offset`) of the institution's users whose name, email or external id
 * contains `search` (case-insensitive), by name then id, each with the count of every match (`total`).
 */
export function selectUserPage(
  q: Query,
  institutionId: number,
  search: string,
  offset: number,
  pageSize: number,
): Promise<Array<AdminUserRow & { total: number }>> {
  return q<AdminUserRow & { total: number }>(
    `select ${USER_COLUMNS}, count(*) over ()::int as total
       from users u left join institution_memberships m on m.user_id = u.id and m.institution_id = u.institution_id
      where u.institution_id = $1
        and ($2 = '' or strpos(lower(u.name), lower($2)) > 0 or strpos(u.email, lower($2)) > 0
             or strpos(lower(coalesce(u.external_id, '')), lower($2)) > 0)
      order by lower(u.name), u.id limit ${pageSize} offset $3`,
    [institutionId, search, offset],
  );
}

/** The institution's user `userId` with their sign-in facts; undefined for anyone else's user. */
export async function selectAdminUser(
  q: Query,
  institutionId: number,
  userId: number,
): Promise<AdminUserSignInRow | undefined> {
  const [row] = await q<AdminUserSignInRow>(
    `select ${USER_COLUMNS}, u.password_hash,
            exists (select 1 from sso_identities s where s.user_id = u.id) as sso
       from users u left join institution_memberships m on m.user_id = u.id and m.institution_id = u.institution_id
      where u.institution_id = $1 and u.id = $2`,
    [institutionId, userId],
  );
  return row;
}

/** The user's coaches with their role, newest term first (then course code, id). */
export function selectUserCoaches(q: Query, userId: number): Promise<UserCoachRow[]> {
  return q<UserCoachRow>(
    `select c.id, c.name as label, e.role from enrollments e join coaches c on c.id = e.coach_id
      where e.user_id = $1 order by c.term_code desc, c.course_code, c.id`,
    [userId],
  );
}

/** Removes the user's institution role. */
export async function deleteMembership(q: Query, institutionId: number, userId: number): Promise<void> {
  await q('delete from institution_memberships where institution_id = $1 and user_id = $2', [
    institutionId,
    userId,
  ]);
}

/** Gives the user institution role `role` (replacing any other). */
export async function upsertMembership(
  q: Query,
  institutionId: number,
  userId: number,
  role: (typeof institutionMemberships.$inferSelect)['role'],
): Promise<void> {
  await q(
    `insert into institution_memberships (institution_id, user_id, role) values ($1, $2, $3)
     on conflict (institution_id, user_id) do update set role = excluded.role`,
    [institutionId, userId, role],
  );
}

/** Whether coach `coachId` is one of the institution's. */
export async function coachOfInstitution(q: Query, institutionId: number, coachId: number): Promise<boolean> {
  const [coach] = await q<Pick<typeof coaches.$inferSelect, 'id'>>(
    'select id from coaches where id = $1 and institution_id = $2',
    [coachId, institutionId],
  );
  return coach !== undefined;
}

/** Removes the user from the coach. */
export async function deleteEnrollment(q: Query, coachId: number, userId: number): Promise<void> {
  await q('delete from enrollments where coach_id = $1 and user_id = $2', [coachId, userId]);
}

/** Enrols the user in the coach as `role`, or changes their role (the enrolment is then no sync's). */
export async function upsertEnrollment(
  q: Query,
  institutionId: number,
  coachId: number,
  userId: number,
  role: (typeof enrollments.$inferSelect)['role'],
): Promise<void> {
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, $4)
     on conflict (coach_id, user_id) do update set role = excluded.role, source = null`,
    [institutionId, coachId, userId, role],
  );
}

/** Reactivates the user. */
export async function reactivateUser(q: Query, userId: number): Promise<void> {
  await q('update users set deactivated_at = null where id = $1', [userId]);
}

/** Deactivates the user (as of now). */
export async function deactivateUser(q: Query, userId: number): Promise<void> {
  await q('update users set deactivated_at = now() where id = $1', [userId]);
}

/** Ends every session of the user. */
export async function deleteUserSessions(q: Query, userId: number): Promise<void> {
  await q('delete from sessions where user_id = $1', [userId]);
}

/** Marks every unused token of the user used. */
export async function voidUserTokens(q: Query, userId: number): Promise<void> {
  await q('update account_tokens set used_at = now() where user_id = $1 and used_at is null', [userId]);
}

/** Marks the user's unused tokens of `kind` used. */
export async function voidUserTokensOfKind(
  q: Query,
  userId: number,
  kind: AccountTokens['kind'],
): Promise<void> {
  await q(`update account_tokens set used_at = now() where user_id = $1 and kind = $2 and used_at is null`, [
    userId,
    kind,
  ]);
}

/** Stores a token's digest, expiring `minutes` from now. */
export async function insertToken(q: Query, token: TokenWrite): Promise<void> {
  await q(
    `insert into account_tokens (institution_id, user_id, kind, token_hash, expires_at)
     values ($1, $2, $3, $4, now() + $5::int * interval '1 minute')`,
    [token.institutionId, token.userId, token.kind, token.digest, token.minutes],
  );
}

/**
 * Marks the token with digest `digest` used when it is unused, not expired and its user active (one
 * `update … returning`); its user, institution and kind, or undefined.
 */
export async function useToken(q: Query, digest: string): Promise<UsedTokenRow | undefined> {
  const rows = await q<UsedTokenRow>(
    `update account_tokens t set used_at = now()
       from users u
      where t.token_hash = $1 and t.used_at is null and t.expires_at > now()
        and u.id = t.user_id and u.deactivated_at is null
      returning t.user_id, t.institution_id, t.kind`,
    [digest],
  );
  return rows[0];
}

/** Deletes tokens that expired more than a day ago; how many. */
export async function deleteOldTokens(q: Query): Promise<number> {
  const rows = await q(`delete from account_tokens where expires_at < now() - interval '1 day' returning id`);
  return rows.length;
}

/**
 * Counts one request under each of `keys` (`login_failures`) and returns, per key, the requests in the
 * last `windowMinutes` and the seconds until the oldest of them leaves the window; `ids` are the rows
 * just added (to take back when the request is refused).
 */
export async function countRequests(
  q: Query,
  keys: string[],
  windowMinutes: number,
): Promise<{ ids: string[]; counts: Array<{ key: string; n: number; wait: number }> }> {
  const ids = await q<{ id: string }>(
    `insert into login_failures (key) values ${keys.map((_, i) => `($${i + 1})`).join(', ')} returning id::text as id`,
    keys,
  );
  const counts = await q<{ key: string; n: number; wait: number }>(
    `select key, count(*)::int as n,
            ceil(extract(epoch from (min(created_at) + $2::int * interval '1 minute' - now())))::int as wait
       from login_failures where key = any($1::text[]) and created_at > now() - $2::int * interval '1 minute'
      group by key`,
    [keys, windowMinutes],
  );
  return { ids: ids.map((r) => r.id), counts };
}

/** Takes back counted requests (`login_failures` rows by id). */
export async function deleteRequests(q: Query, ids: string[]): Promise<void> {
  await q('delete from login_failures where id = any($1::bigint[])', [ids]);
}

/** The user's password hash (null: none set, e.g. signs in only through SSO), or undefined: no such user. */
export async function selectPasswordHash(
  q: Query,
  userId: number,
): Promise<Pick<Users, 'password_hash'> | undefined> {
  const [row] = await q<Pick<Users, 'password_hash'>>('select password_hash from users where id = $1', [
    userId,
  ]);
  return row;
}

/** The user's e-mail address, or undefined. */
export async function selectUserEmail(q: Query, userId: number): Promise<string | undefined> {
  const [row] = await q<{ email: string }>('select email from users where id = $1', [userId]);
  return row?.email;
}

/** The active account using `email`, with its institution's name; undefined when none. */
export async function selectActiveUserByEmail(
  q: Query,
  email: string,
): Promise<{ id: number; institution_id: number; name: string } | undefined> {
  const [row] = await q<{ id: number; institution_id: number; name: string }>(
    `select u.id, u.institution_id, i.name from users u join institutions i on i.id = u.institution_id
      where u.email = $1 and u.deactivated_at is null`,
    [email],
  );
  return row;
}

/**
 * Sets the user's password hash and ends their sessions, all of them or all but `keepSessionId` (the
 * one that changed it).
 */
export async function setPasswordHash(
  q: Query,
  userId: number,
  hash: string,
  keepSessionId?: string,
): Promise<void> {
  await q('update users set password_hash = $2 where id = $1', [userId, hash]);
  if (keepSessionId === undefined) await q('delete from sessions where user_id = $1', [userId]);
  else await q('delete from sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
}

/** The institution's name (undefined: no such institution). */
export async function selectInstitutionName(q: Query, institutionId: number): Promise<string | undefined> {
  const [row] = await q<{ name: string }>('select name from institutions where id = $1', [institutionId]);
  return row?.name;
}
