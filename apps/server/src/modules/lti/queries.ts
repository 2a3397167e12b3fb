/**
 * LTI 1.3: the SQL of registrations, the tool's keys, the launch and linking a course (docs/lti.md). The
 * statements run on the caller's handle or transaction (`q`); the checks of a launch, the refusals and
 * the audit entries are the services' (./registrations.ts, ./keys.ts, ./flow.ts, ./links.ts); the
 * accounts, roster and grade statements are in ./account-queries.ts and ./ags-queries.ts.
 */
import type { Query } from '../../db/client.ts';
import type {
  coaches,
  ltiContexts,
  ltiLoginStates,
  ltiRegistrations,
  ltiToolKeys,
} from '../../db/schema/index.ts';

type Coaches = typeof coaches.$inferSelect;
type LtiContexts = typeof ltiContexts.$inferSelect;
type LtiToolKeys = typeof ltiToolKeys.$inferSelect;

/** A registration with its institution, as the launch uses it. */
export type LtiRegistrationRow = Pick<
  typeof ltiRegistrations.$inferSelect,
  | 'id'
  | 'institution_id'
  | 'label'
  | 'issuer'
  | 'client_id'
  | 'auth_login_url'
  | 'jwks_url'
  | 'token_url'
  | 'platform_origin'
  | 'deployment_ids'
  | 'staff_roles'
>;

/** The columns of a registration to write (the lists already without repeats). */
export type LtiRegistrationWrite = Omit<LtiRegistrationRow, 'id' | 'institution_id'>;

/** A linked course with its coach's name and its last roster sync. */
export type LinkedCourseRow = Pick<
  LtiContexts,
  'id' | 'registration_id' | 'title' | 'roster_result' | 'roster_error'
> & {
  coach_id: number;
  coach_name: Coaches['name'];
  roster_synced_at: Date | string | null;
};

/** A login state taken, with whether it was still live. */
export type TakenLoginStateRow = Pick<
  typeof ltiLoginStates.$inferSelect,
  'registration_id' | 'browser_digest' | 'nonce'
> & {
  live: boolean;
};

/** A course (`lti_contexts` row) a link offer links, as its audit entry names it. */
export type OfferedContextRow = Pick<LtiContexts, 'institution_id' | 'context_id' | 'title' | 'coach_id'>;

const COLUMNS = `id, institution_id, label, issuer, client_id, auth_login_url, jwks_url, token_url, platform_origin,
  deployment_ids, staff_roles`;

/** The institution's registrations, oldest first. */
export function selectRegistrations(q: Query, institutionId: number): Promise<LtiRegistrationRow[]> {
  return q<LtiRegistrationRow>(
    `select ${COLUMNS} from lti_registrations where institution_id = $1 order by id`,
    [institutionId],
  );
}

/** The registrations of platform `issuer`, of client `clientId` only when not null, by id. */
export function selectRegistrationsOf(
  q: Query,
  issuer: string,
  clientId: string | null,
): Promise<LtiRegistrationRow[]> {
  return q<LtiRegistrationRow>(
    `select ${COLUMNS} from lti_registrations where issuer = $1 and ($2::text is null or client_id = $2)
      order by id`,
    [issuer, clientId],
  );
}

/** Registration `id`; undefined when there is none. */
export async function selectRegistration(q: Query, id: number): Promise<LtiRegistrationRow | undefined> {
  const rows = await q<LtiRegistrationRow>(`select ${COLUMNS} from lti_registrations where id = $1`, [id]);
  return rows[0];
}

/** Whether another registration (`exceptId` excepted; 0: none) has this issuer and client id. */
export async function registrationClashes(
  q: Query,
  issuer: string,
  clientId: string,
  exceptId: number,
): Promise<boolean> {
  const clash = await q('select 1 from lti_registrations where issuer = $1 and client_id = $2 and id <> $3', [
    issuer,
    clientId,
    exceptId,
  ]);
  return clash.length > 0;
}

/** A registration's written columns in the order the insert and the update name them (JSON as text). */
const registrationValues = (r: LtiRegistrationWrite) => [
  r.label,
  r.issuer,
  r.client_id,
  r.auth_login_url,
  r.jwks_url,
  r.platform_origin,
  JSON.stringify(r.deployment_ids),
  JSON.stringify(r.staff_roles),
  r.token_url,
];

/** Inserts a registration of the institution; it. */
export async function insertRegistration(
  q: Query,
  institutionId: number,
  r: LtiRegistrationWrite,
): Promise<LtiRegistrationRow> {
  const [row] = await q<LtiRegistrationRow>(
    `insert into lti_registrations
         (institution_id, label, issuer, client_id, auth_login_url, jwks_url, platform_origin, deployment_ids, staff_roles, token_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10) returning ${COLUMNS}`,
    [institutionId, ...registrationValues(r)],
  );
  return row!;
}

/** The institution's registration `id`, its row locked; undefined when there is none. */
export async function selectRegistrationForUpdate(
  q: Query,
  institutionId: number,
  id: number,
): Promise<LtiRegistrationRow | undefined> {
  const [row] = await q<LtiRegistrationRow>(
    `select ${COLUMNS} from lti_registrations where id = $1 and institution_id = $2 for update`,
    [id, institutionId],
  );
  return row;
}

/** Replaces the columns of the institution's registration `id`; it, or undefined when there is none. */
export async function updateRegistrationRow(
  q: Query,
  institutionId: number,
  id: number,
  r: LtiRegistrationWrite,
): Promise<LtiRegistrationRow | undefined> {
  const [row] = await q<LtiRegistrationRow>(
    `update lti_registrations set label = $3, issuer = $4, client_id = $5, auth_login_url = $6, jwks_url = $7,
              platform_origin = $8, deployment_ids = $9::jsonb, staff_roles = $10::jsonb, token_url = $11,
              updated_at = now()
        where id = $1 and institution_id = $2 returning ${COLUMNS}`,
    [id, institutionId, ...registrationValues(r)],
  );
  return row;
}

/** Deletes the institution's registration `id`; it, or undefined when there was none. */
export async function deleteRegistrationRow(
  q: Query,
  institutionId: number,
  id: number,
): Promise<LtiRegistrationRow | undefined> {
  const [row] = await q<LtiRegistrationRow>(
    `delete from lti_registrations where id = $1 and institution_id = $2 returning ${COLUMNS}`,
    [id, institutionId],
  );
  return row;
}

/** The institution's courses linked to a coach, by id. */
export function selectLinkedCourses(q: Query, institutionId: number): Promise<LinkedCourseRow[]> {
  return q<LinkedCourseRow>(
    `select x.id, x.registration_id, x.title, x.coach_id, c.name as coach_name, x.roster_synced_at,
            x.roster_result, x.roster_error
       from lti_contexts x join coaches c on c.id = x.coach_id
      where x.institution_id = $1 order by x.id`,
    [institutionId],
  );
}

/** The tool's public keys, oldest first. */
export function selectPublicJwks(q: Query): Promise<Array<Pick<LtiToolKeys, 'public_jwk'>>> {
  return q<Pick<LtiToolKeys, 'public_jwk'>>('select public_jwk from lti_tool_keys order by created_at');
}

/** The tool's newest key (its id and encrypted private JWK); undefined when there is none. */
export async function selectNewestKey(
  q: Query,
): Promise<Pick<LtiToolKeys, 'kid' | 'private_jwk_enc'> | undefined> {
  const [row] = await q<Pick<LtiToolKeys, 'kid' | 'private_jwk_enc'>>(
    'select kid, private_jwk_enc from lti_tool_keys order by created_at desc limit 1',
  );
  return row;
}

/** Whether the tool has a key. */
export async function hasToolKey(q: Query): Promise<boolean> {
  const existing = await q('select 1 from lti_tool_keys limit 1');
  return existing.length > 0;
}

/** Stores a tool key (the public JWK and the encrypted private one). */
export async function insertToolKey(
  q: Query,
  kid: string,
  publicJwk: string,
  privateJwkEnc: string,
): Promise<void> {
  await q('insert into lti_tool_keys (kid, public_jwk, private_jwk_enc) values ($1, $2::jsonb, $3)', [
    kid,
    publicJwk,
    privateJwkEnc,
  ]);
}

/** Stores a login's state (`id` its digest) for `minutes`. */
export async function insertLoginState(
  q: Query,
  id: string,
  registrationId: number,
  browserDigest: string,
  nonce: string,
  minutes: number,
): Promise<void> {
  await q(
    `insert into lti_login_states (id, registration_id, browser_digest, nonce, expires_at)
     values ($1, $2, $3, $4, now() + $5::int * interval '1 minute')`,
    [id, registrationId, browserDigest, nonce, minutes],
  );
}

/** Deletes login state `id` (single use); it, or undefined when unknown or already used. */
export async function deleteLoginState(q: Query, id: string): Promise<TakenLoginStateRow | undefined> {
  const rows = await q<TakenLoginStateRow>(
    `delete from lti_login_states where id = $1
     returning registration_id, browser_digest, nonce, expires_at > now() as live`,
    [id],
  );
  return rows[0];
}

/** Remembers a launch's nonce until a minute after `exp` (seconds); false when it was already used. */
export async function recordNonce(
  q: Query,
  registrationId: number,
  nonce: string,
  exp: number,
): Promise<boolean> {
  const used = await q(
    `insert into lti_used_nonces (registration_id, nonce, expires_at)
     values ($1, $2, to_timestamp($3::float8) + interval '1 minute')
     on conflict do nothing returning nonce`,
    [registrationId, nonce, exp],
  );
  return used.length > 0;
}

/** Deletes the expired login states, nonces and link offers; how many in all. */
export async function deleteExpiredLti(q: Query): Promise<number> {
  const states = await q('delete from lti_login_states where expires_at <= now() returning id');
  const nonces = await q('delete from lti_used_nonces where expires_at <= now() returning nonce');
  const offers = await q('delete from lti_link_offers where expires_at <= now() returning id');
  return states.length + nonces.length + offers.length;
}

/** The set-up coach the registration's course `contextId` is linked to; undefined when none. */
export async function selectLinkedCoach(
  q: Query,
  registrationId: number,
  contextId: string,
): Promise<number | undefined> {
  const rows = await q<{ coach_id: number }>(
    `select c.id as coach_id from lti_contexts x join coaches c on c.id = x.coach_id
      where x.registration_id = $1 and x.context_id = $2 and c.setup_status = 'complete'`,
    [registrationId, contextId],
  );
  return rows[0]?.coach_id;
}

/** Stores a link offer (`id` its token's digest) of the course for `userId`, for `minutes`. */
export async function insertLinkOffer(
  q: Query,
  id: string,
  contextRowId: number,
  userId: number,
  minutes: number,
): Promise<void> {
  await q(
    `insert into lti_link_offers (id, context_row_id, user_id, expires_at)
     values ($1, $2, $3, now() + $4::int * interval '1 minute')`,
    [id, contextRowId, userId, minutes],
  );
}

/** The institution's set-up coaches (id, name, term), by name then id. */
export function selectSetUpCoaches(
  q: Query,
  institutionId: number,
): Promise<Array<Pick<Coaches, 'id' | 'name'> & { term: Coaches['term_code'] }>> {
  return q(
    `select id, name, term_code as term from coaches
      where institution_id = $1 and setup_status = 'complete' order by name, id`,
    [institutionId],
  );
}

/** Deletes `userId`'s link offer `id` (single use); its course and whether it was live, or undefined. */
export async function takeLinkOffer(
  q: Query,
  id: string,
  userId: number,
): Promise<{ context_row_id: number; live: boolean } | undefined> {
  const [offer] = await q<{ context_row_id: number; live: boolean }>(
    `delete from lti_link_offers where id = $1 and user_id = $2
       returning context_row_id, expires_at > now() as live`,
    [id, userId],
  );
  return offer;
}

/**
 * The course `contextRowId`, its row locked, when `userId` is still staff or admin of its institution
 * and `coachId` a set-up coach of it; undefined otherwise.
 */
export async function selectOfferedContext(
  q: Query,
  contextRowId: number,
  userId: number,
  coachId: number,
): Promise<OfferedContextRow | undefined> {
  const [row] = await q<OfferedContextRow>(
    `select x.institution_id, x.context_id, x.title, x.coach_id from lti_contexts x
        where x.id = $1 and exists (select 1 from institution_memberships m
                                     where m.institution_id = x.institution_id and m.user_id = $2)
          and exists (select 1 from coaches c
                       where c.id = $3 and c.institution_id = x.institution_id and c.setup_status = 'complete')
        for update`,
    [contextRowId, userId, coachId],
  );
  return row;
}

/** Links course `contextRowId` to `coachId`. */
export async function updateContextCoach(q: Query, contextRowId: number, coachId: number): Promise<void> {
  await q('update lti_contexts set coach_id = $2 where id = $1', [contextRowId, coachId]);
}
