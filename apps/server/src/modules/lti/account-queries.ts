/**
 * LTI 1.3: the SQL of a launch's course and account and of the roster sync (docs/lti.md, Account and
 * Roster). The courses launched from (`lti_contexts`), the accounts found or created for platform users,
 * their staff memberships and `lti` enrolments. The statements run on the caller's handle or transaction
 * (`q`); the roles a launch grants, the refusals and what a roster changes are the services'
 * (./accounts.ts, ./roster.ts, ./nrps.ts).
 */
import type { Query } from '../../db/client.ts';
import type { enrollments, institutionMemberships, ltiContexts, users } from '../../db/schema/index.ts';

type Users = typeof users.$inferSelect;
type LtiContexts = typeof ltiContexts.$inferSelect;

/** A launch's course to record (its service endpoints as the launch offered them). */
export type ContextWrite = Pick<
  LtiContexts,
  'registration_id' | 'institution_id' | 'deployment_id' | 'context_id' | 'title' | 'nrps_url' | 'ags'
>;

/** An account found for a platform user: its id, institution and whether it is deactivated. */
export type LtiUserRow = Pick<Users, 'id' | 'institution_id'> & { deactivated: boolean };

/** A course's registration, coach and roster endpoint. */
export type RosterContextRow = Pick<LtiContexts, 'registration_id' | 'coach_id' | 'nrps_url'>;

/** The result of a roster sync as stored. */
export type StoredRosterResult = NonNullable<LtiContexts['roster_result']>;

/**
 * Records a launch's course (its deployment, title and endpoints refreshed on each launch); its row id
 * and its coach when that coach is set up (else null).
 */
export async function upsertContext(
  q: Query,
  c: ContextWrite,
): Promise<{ id: number; coach_id: number | null } | undefined> {
  const [row] = await q<{ id: number; coach_id: number | null }>(
    `insert into lti_contexts (registration_id, institution_id, deployment_id, context_id, title, nrps_url, ags)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb)
     on conflict (registration_id, context_id) do update
       set deployment_id = excluded.deployment_id, title = excluded.title, nrps_url = excluded.nrps_url,
           ags = excluded.ags, last_launch_at = now()
     returning id, (select c.id from coaches c where c.id = lti_contexts.coach_id and c.setup_status = 'complete') as coach_id`,
    [
      c.registration_id,
      c.institution_id,
      c.deployment_id,
      c.context_id,
      c.title,
      c.nrps_url,
      c.ags ? JSON.stringify(c.ags) : null,
    ],
  );
  return row;
}

/** The user's institution role (none or one row). */
export function selectMembership(
  q: Query,
  institutionId: number,
  userId: number,
): Promise<Array<Pick<typeof institutionMemberships.$inferSelect, 'role'>>> {
  return q('select role from institution_memberships where institution_id = $1 and user_id = $2', [
    institutionId,
    userId,
  ]);
}

/** Gives the user the institution's staff membership (kept as it is when they have one). */
export async function ensureStaffMembership(q: Query, institutionId: number, userId: number): Promise<void> {
  await q(
    `insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'staff')
         on conflict (institution_id, user_id) do nothing`,
    [institutionId, userId],
  );
}

/** Enrols the user in the coach as `role` from LTI (an enrolment already there stays as it is). */
export async function ensureLtiEnrollment(
  q: Query,
  institutionId: number,
  coachId: number,
  userId: number,
  role: (typeof enrollments.$inferSelect)['role'],
): Promise<void> {
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role, source) values ($1, $2, $3, $4, 'lti')
         on conflict (coach_id, user_id) do nothing`,
    [institutionId, coachId, userId, role],
  );
}

/** The account linked to `issuer` + `subject` (none or one row). */
export function selectLinkedAccount(q: Query, issuer: string, subject: string): Promise<LtiUserRow[]> {
  return q<LtiUserRow>(
    `select u.id, u.institution_id, u.deactivated_at is not null as deactivated
       from sso_identities s join users u on u.id = s.user_id
      where s.issuer = $1 and s.subject = $2`,
    [issuer, subject],
  );
}

/** The account with e-mail `email` (none or one row). */
export function selectAccountByEmail(q: Query, email: string): Promise<LtiUserRow[]> {
  return q<LtiUserRow>(
    'select id, institution_id, deactivated_at is not null as deactivated from users where email = $1',
    [email],
  );
}

/** Inserts an account with password hash `passwordHash`; its id and institution. */
export async function insertAccount(
  q: Query,
  institutionId: number,
  email: string,
  name: string,
  passwordHash: string,
): Promise<Pick<Users, 'id' | 'institution_id'>> {
  const [row] = await q<Pick<Users, 'id' | 'institution_id'>>(
    `insert into users (institution_id, email, name, password_hash) values ($1, $2, $3, $4)
     returning id, institution_id`,
    [institutionId, email, name, passwordHash],
  );
  return row!;
}

/** Enrols the user in the coach as `role` from LTI; false when they were enrolled already. */
export async function insertLtiEnrollment(
  q: Query,
  institutionId: number,
  coachId: number,
  userId: number,
  role: (typeof enrollments.$inferSelect)['role'],
): Promise<boolean> {
  const inserted = await q(
    `insert into enrollments (institution_id, coach_id, user_id, role, source) values ($1, $2, $3, $4, 'lti')
         on conflict (coach_id, user_id) do nothing returning id`,
    [institutionId, coachId, userId, role],
  );
  return inserted.length > 0;
}

/**
 * Removes the coach's `lti` student enrolments of users not in `keep`, staff and admins of the
 * institution excepted; how many.
 */
export async function deleteLtiStudentsExcept(q: Query, coachId: number, keep: number[]): Promise<number> {
  const removed = await q(
    `delete from enrollments e
        where e.coach_id = $1 and e.source = 'lti' and e.role = 'student' and not (e.user_id = any($2::int[]))
          and not exists (select 1 from institution_memberships m
                           where m.institution_id = e.institution_id and m.user_id = e.user_id)
        returning e.id`,
    [coachId, keep],
  );
  return removed.length;
}

/** Course `contextRowId`'s registration, coach and roster endpoint; undefined when there is none. */
export async function selectRosterContext(
  q: Query,
  contextRowId: number,
): Promise<RosterContextRow | undefined> {
  const [context] = await q<RosterContextRow>(
    'select registration_id, coach_id, nrps_url from lti_contexts where id = $1',
    [contextRowId],
  );
  return context;
}

/** Records a failed roster sync of the course (now, with its error). */
export async function recordRosterError(q: Query, contextRowId: number, error: string): Promise<void> {
  await q('update lti_contexts set roster_synced_at = now(), roster_error = $2 where id = $1', [
    contextRowId,
    error,
  ]);
}

/** Records a roster sync of the course (now, with its result; the error cleared). */
export async function recordRosterResult(
  q: Query,
  contextRowId: number,
  result: StoredRosterResult,
): Promise<void> {
  await q(
    `update lti_contexts set roster_synced_at = now(), roster_result = $2::jsonb, roster_error = null
          where id = $1`,
    [contextRowId, JSON.stringify(result)],
  );
}

/** The linked courses whose roster can be synced (an endpoint and a token URL), by id. */
export async function selectSyncableContexts(q: Query): Promise<number[]> {
  const rows = await q<Pick<LtiContexts, 'id'>>(
    `select x.id from lti_contexts x join lti_registrations r on r.id = x.registration_id
      where x.coach_id is not null and x.nrps_url is not null and r.token_url is not null order by x.id`,
  );
  return rows.map((r) => r.id);
}
