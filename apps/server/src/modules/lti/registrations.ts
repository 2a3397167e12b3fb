import type { LtiLinkedCourse, LtiRegistration, LtiRegistrationBodySchema } from '@course-coach/contracts';
import type { z } from 'zod';
import type { Database, Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';

/**
 * The institutions' LTI platform registrations (docs/lti.md, Registering a platform): one row per
 * platform client (issuer + client id), with its login and JWKS URLs, the deployments it may launch
 * from, the origin that may frame Course Coach and the LIS roles mapped to staff.
 */

export type LtiRegistrationInput = z.output<typeof LtiRegistrationBodySchema>;

/** A registration with its institution, as the launch uses it. */
export interface LtiRegistrationRow extends LtiRegistration {
  institution_id: number;
}

const COLUMNS = `id, institution_id, label, issuer, client_id, auth_login_url, jwks_url, token_url, platform_origin,
  deployment_ids, staff_roles`;

/** The institution's registrations, oldest first. */
export async function listRegistrations(
  database: Database,
  institutionId: number,
): Promise<LtiRegistrationRow[]> {
  return database.query<LtiRegistrationRow>(
    `select ${COLUMNS} from lti_registrations where institution_id = $1 order by id`,
    [institutionId],
  );
}

/** The registrations of a platform `iss` (one per client id), or of one client id when given. */
export async function findRegistrations(
  database: Database,
  issuer: string,
  clientId?: string,
): Promise<LtiRegistrationRow[]> {
  return database.query<LtiRegistrationRow>(
    `select ${COLUMNS} from lti_registrations where issuer = $1 and ($2::text is null or client_id = $2)
      order by id`,
    [issuer, clientId ?? null],
  );
}

/** One registration by id. */
export async function registrationById(database: Database, id: number): Promise<LtiRegistrationRow | null> {
  const rows = await database.query<LtiRegistrationRow>(
    `select ${COLUMNS} from lti_registrations where id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

const publicShape = (row: LtiRegistrationRow): LtiRegistration => {
  const { institution_id: _institution, ...rest } = row;
  return rest;
};

async function ensureUnique(q: Query, body: LtiRegistrationInput, exceptId: number | null): Promise<void> {
  const clash = await q('select 1 from lti_registrations where issuer = $1 and client_id = $2 and id <> $3', [
    body.issuer,
    body.client_id,
    exceptId ?? 0,
  ]);
  if (clash.length > 0)
    throw badRequest({ client_id: ['This platform and client id are already registered.'] });
}

const uniq = (list: string[]) => [...new Set(list)];

/**
 * Creates a registration (audited as `lti.registration.create`, kind settings).
 * @throws HttpError 400 `client_id` when the issuer and client id are already registered (any institution).
 */
export async function createRegistration(
  database: Database,
  institutionId: number,
  body: LtiRegistrationInput,
): Promise<LtiRegistration> {
  return database.transaction(async (q) => {
    await ensureUnique(q, body, null);
    const [row] = await q<LtiRegistrationRow>(
      `insert into lti_registrations
         (institution_id, label, issuer, client_id, auth_login_url, jwks_url, platform_origin, deployment_ids, staff_roles, token_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10) returning ${COLUMNS}`,
      [
        institutionId,
        body.label,
        body.issuer,
        body.client_id,
        body.auth_login_url,
        body.jwks_url,
        body.platform_origin,
        JSON.stringify(uniq(body.deployment_ids)),
        JSON.stringify(uniq(body.staff_roles)),
        body.token_url,
      ],
    );
    const saved = publicShape(row!);
    await recordAudit(q, {
      kind: 'settings',
      action: 'lti.registration.create',
      target: `LTI registration ${saved.id} (${saved.label})`,
      after: saved,
    });
    return saved;
  });
}

/**
 * Replaces a registration's fields (audited as `lti.registration.update`).
 * @returns null when the institution has no such registration.
 * @throws HttpError 400 `client_id` as `createRegistration`.
 */
export async function updateRegistration(
  database: Database,
  institutionId: number,
  id: number,
  body: LtiRegistrationInput,
): Promise<LtiRegistration | null> {
  return database.transaction(async (q) => {
    const [before] = await q<LtiRegistrationRow>(
      `select ${COLUMNS} from lti_registrations where id = $1 and institution_id = $2 for update`,
      [id, institutionId],
    );
    if (!before) return null;
    await ensureUnique(q, body, id);
    const [row] = await q<LtiRegistrationRow>(
      `update lti_registrations set label = $3, issuer = $4, client_id = $5, auth_login_url = $6, jwks_url = $7,
              platform_origin = $8, deployment_ids = $9::jsonb, staff_roles = $10::jsonb, token_url = $11,
              updated_at = now()
        where id = $1 and institution_id = $2 returning ${COLUMNS}`,
      [
        id,
        institutionId,
        body.label,
        body.issuer,
        body.client_id,
        body.auth_login_url,
        body.jwks_url,
        body.platform_origin,
        JSON.stringify(uniq(body.deployment_ids)),
        JSON.stringify(uniq(body.staff_roles)),
        body.token_url,
      ],
    );
    const saved = publicShape(row!);
    await recordAudit(q, {
      kind: 'settings',
      action: 'lti.registration.update',
      target: `LTI registration ${id} (${saved.label})`,
      before: publicShape(before),
      after: saved,
    });
    return saved;
  });
}

/** Deletes a registration and its contexts' links (audited). @returns whether it existed. */
export async function deleteRegistration(
  database: Database,
  institutionId: number,
  id: number,
): Promise<boolean> {
  return database.transaction(async (q) => {
    const [before] = await q<LtiRegistrationRow>(
      `delete from lti_registrations where id = $1 and institution_id = $2 returning ${COLUMNS}`,
      [id, institutionId],
    );
    if (!before) return false;
    await recordAudit(q, {
      kind: 'settings',
      action: 'lti.registration.delete',
      target: `LTI registration ${id} (${before.label})`,
      before: publicShape(before),
    });
    return true;
  });
}

export { publicShape as registrationAnswer };

/**
 * The institution's LMS courses linked to a coach, with their last roster sync (docs/lti.md, Roster), for
 * the LMS (LTI) page.
 */
export async function listLinkedCourses(
  database: Database,
  institutionId: number,
): Promise<LtiLinkedCourse[]> {
  const rows = await database.query<
    Omit<LtiLinkedCourse, 'roster_synced_at'> & { roster_synced_at: Date | string | null }
  >(
    `select x.id, x.registration_id, x.title, x.coach_id, c.name as coach_name, x.roster_synced_at,
            x.roster_result, x.roster_error
       from lti_contexts x join coaches c on c.id = x.coach_id
      where x.institution_id = $1 order by x.id`,
    [institutionId],
  );
  return rows.map((r) => ({
    ...r,
    roster_synced_at: r.roster_synced_at === null ? null : new Date(r.roster_synced_at).toISOString(),
  }));
}
