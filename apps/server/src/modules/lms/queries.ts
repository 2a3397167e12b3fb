/**
 * LMS: the SQL (README "Canvas LMS"). The OAuth2 `state`s, the users' stored (encrypted) Canvas tokens,
 * the coaches' linked courses and the roster import's users, links and enrolments; every statement is for
 * the `canvas` provider (LMS_PROVIDER). Encryption, the OAuth2 flow and Canvas's REST API are the
 * service's (./service.ts, ./courses.ts).
 */
import { LMS_PROVIDER } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type {
  coachLmsCourses,
  lmsAuthorizations,
  lmsOauthStates,
  lmsUserLinks,
  users,
} from '../../db/schema/index.ts';

type Users = typeof users.$inferSelect;
type CoachLmsCourses = typeof coachLmsCourses.$inferSelect;

/** Who a statement is for: a user of an institution. */
type Owner = { institutionId: number; userId: number };

/** A user's stored authorization, tokens encrypted; `expiring` when the access token is about to expire. */
export type AuthorizationRow = Pick<
  typeof lmsAuthorizations.$inferSelect,
  'id' | 'access_token_enc' | 'refresh_token_enc' | 'lms_user_id' | 'lms_user_name'
> & { expiring: boolean };

/**
 * A used-up OAuth2 `state`: whose it was, where to return, whether it was still `live` (not expired) and
 * whether its user is still `staff` of its institution.
 */
export type OAuthStateRow = Pick<
  typeof lmsOauthStates.$inferSelect,
  'institution_id' | 'user_id' | 'session_id' | 'return_to' | 'redirect_uri'
> & { live: boolean; staff: boolean };

/** The Canvas course a coach is linked to. */
export type LinkedCourseRow = Pick<CoachLmsCourses, 'lms_course_id' | 'lms_course_name'>;

/** Deletes every expired OAuth2 `state`. */
export async function deleteExpiredStates(q: Query): Promise<void> {
  await q('delete from lms_oauth_states where expires_at <= now()');
}

/** Stores an OAuth2 `state` (`id` its nonce's SHA-256) of the owner's session, expiring in `ttlMinutes`. */
export async function insertOAuthState(
  q: Query,
  id: string,
  owner: Owner & { sessionId: string },
  returnTo: string,
  redirectUri: string,
  ttlMinutes: number,
): Promise<void> {
  await q(
    `insert into lms_oauth_states
         (id, institution_id, user_id, session_id, provider, return_to, redirect_uri, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, now() + $8::int * interval '1 minute')`,
    [id, owner.institutionId, owner.userId, owner.sessionId, LMS_PROVIDER, returnTo, redirectUri, ttlMinutes],
  );
}

/** Deletes (uses up) the OAuth2 `state` `id`; the deleted state, undefined when there was none. */
export async function takeOAuthState(q: Query, id: string): Promise<OAuthStateRow | undefined> {
  const [row] = await q<OAuthStateRow>(
    `delete from lms_oauth_states s where s.id = $1
       returning s.institution_id, s.user_id, s.session_id, s.return_to, s.redirect_uri, s.expires_at > now() as live,
         exists (select 1 from institution_memberships m
                  where m.institution_id = s.institution_id and m.user_id = s.user_id) as staff`,
    [id],
  );
  return row;
}

/**
 * Saves (inserts or replaces) the owner's authorization: the Canvas user, the encrypted tokens, and the
 * access token's expiry `expiresIn` seconds from now (null: none).
 */
export async function upsertAuthorization(
  q: Query,
  owner: Owner,
  lmsUser: { id: string | null; name: string | null },
  accessTokenEnc: string,
  refreshTokenEnc: string | null,
  expiresIn: number | null | undefined,
): Promise<void> {
  await q(
    `insert into lms_authorizations
         (institution_id, user_id, provider, lms_user_id, lms_user_name, access_token_enc, refresh_token_enc, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, case when $8::int is null then null else now() + $8::int * interval '1 second' end)
       on conflict (institution_id, user_id, provider) do update set
         lms_user_id = excluded.lms_user_id, lms_user_name = excluded.lms_user_name,
         access_token_enc = excluded.access_token_enc, refresh_token_enc = excluded.refresh_token_enc,
         expires_at = excluded.expires_at, updated_at = now()`,
    [
      owner.institutionId,
      owner.userId,
      LMS_PROVIDER,
      lmsUser.id,
      lmsUser.name,
      accessTokenEnc,
      refreshTokenEnc,
      expiresIn,
    ],
  );
}

/** Deletes the owner's authorization; whether there was one. */
export async function deleteAuthorization(q: Query, owner: Owner): Promise<boolean> {
  const rows = await q(
    'delete from lms_authorizations where institution_id = $1 and user_id = $2 and provider = $3 returning id',
    [owner.institutionId, owner.userId, LMS_PROVIDER],
  );
  return rows.length > 0;
}

/** The owner's authorization (expiring within `marginSeconds`?); undefined when there is none. */
export async function selectAuthorization(
  q: Query,
  owner: Owner,
  marginSeconds: number,
): Promise<AuthorizationRow | undefined> {
  const [row] = await q<AuthorizationRow>(
    `select id, access_token_enc, refresh_token_enc, lms_user_id, lms_user_name,
              coalesce(expires_at <= now() + $4::int * interval '1 second', false) as expiring
         from lms_authorizations where institution_id = $1 and user_id = $2 and provider = $3`,
    [owner.institutionId, owner.userId, LMS_PROVIDER, marginSeconds],
  );
  return row;
}

/**
 * Stores a refreshed access token of authorization `id`, expiring `expiresIn` seconds from now (null:
 * none), and the new refresh token when Canvas sent one (null keeps the old one).
 */
export async function updateAccessToken(
  q: Query,
  id: number,
  accessTokenEnc: string,
  expiresIn: number | null | undefined,
  refreshTokenEnc: string | null,
): Promise<void> {
  await q(
    `update lms_authorizations set access_token_enc = $2,
         expires_at = case when $3::int is null then null else now() + $3::int * interval '1 second' end,
         refresh_token_enc = coalesce($4, refresh_token_enc), updated_at = now()
       where id = $1`,
    [id, accessTokenEnc, expiresIn, refreshTokenEnc],
  );
}

/** The Canvas course coach `coachId` is linked to; undefined when none. */
export async function selectLinkedCourse(q: Query, coachId: number): Promise<LinkedCourseRow | undefined> {
  const [row] = await q<LinkedCourseRow>(
    'select lms_course_id, lms_course_name from coach_lms_courses where coach_id = $1 and provider = $2',
    [coachId, LMS_PROVIDER],
  );
  return row;
}

/** The id of the Canvas course coach `coachId` is linked to, its link locked for update; undefined when none. */
export async function lockCourseLink(
  q: Query,
  coachId: number,
): Promise<CoachLmsCourses['lms_course_id'] | undefined> {
  const [link] = await q<Pick<CoachLmsCourses, 'lms_course_id'>>(
    'select lms_course_id from coach_lms_courses where coach_id = $1 for update',
    [coachId],
  );
  return link?.lms_course_id;
}

/** Enrols user `userId` in the coach as `role`; false when they were enrolled already (in any role). */
export async function insertEnrollment(
  q: Query,
  institutionId: number,
  coachId: number,
  userId: number,
  role: 'instructor' | 'student',
): Promise<boolean> {
  const enrolled = await q(
    `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, $4)
         on conflict (coach_id, user_id) do nothing returning id`,
    [institutionId, coachId, userId, role],
  );
  return enrolled.length > 0;
}

/** Links coach `coachId` to Canvas course `courseId` (a link there is renamed and its import time renewed). */
export async function upsertCourseLink(
  q: Query,
  owner: Owner,
  coachId: number,
  courseId: string,
  courseName: string,
): Promise<void> {
  await q(
    `insert into coach_lms_courses (institution_id, coach_id, provider, lms_course_id, lms_course_name, user_id)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (coach_id) do update set lms_course_name = excluded.lms_course_name, imported_at = now()`,
    [owner.institutionId, coachId, LMS_PROVIDER, courseId, courseName, owner.userId],
  );
}

/** The user an earlier import linked to Canvas user `lmsUserId` in the institution; undefined when none. */
export async function selectLinkedUserId(
  q: Query,
  institutionId: number,
  lmsUserId: string,
): Promise<(typeof lmsUserLinks.$inferSelect)['user_id'] | undefined> {
  const [linked] = await q<Pick<typeof lmsUserLinks.$inferSelect, 'user_id'>>(
    'select user_id from lms_user_links where institution_id = $1 and provider = $2 and lms_user_id = $3',
    [institutionId, LMS_PROVIDER, lmsUserId],
  );
  return linked?.user_id;
}

/** Creates a user with `passwordHash`; the new id, undefined when the e-mail address is taken. */
export async function insertImportedUser(
  q: Query,
  institutionId: number,
  email: string,
  name: string,
  passwordHash: string,
): Promise<Users['id'] | undefined> {
  const [created] = await q<Pick<Users, 'id'>>(
    `insert into users (institution_id, email, name, password_hash) values ($1, $2, $3, $4)
     on conflict (email) do nothing returning id`,
    [institutionId, email, name, passwordHash],
  );
  return created?.id;
}

/** The user with e-mail address `email` (any institution); undefined when none. */
export async function selectUserByEmail(
  q: Query,
  email: string,
): Promise<Pick<Users, 'id' | 'institution_id'> | undefined> {
  const [existing] = await q<Pick<Users, 'id' | 'institution_id'>>(
    'select id, institution_id from users where email = $1',
    [email],
  );
  return existing;
}

/** Links Canvas user `lmsUserId` to user `userId` in the institution (a link there is kept). */
export async function insertUserLink(
  q: Query,
  institutionId: number,
  lmsUserId: string,
  userId: number,
): Promise<void> {
  await q(
    `insert into lms_user_links (institution_id, provider, lms_user_id, user_id) values ($1, $2, $3, $4)
     on conflict (institution_id, provider, lms_user_id) do nothing`,
    [institutionId, LMS_PROVIDER, lmsUserId, userId],
  );
}
