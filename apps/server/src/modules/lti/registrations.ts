import type { LtiLinkedCourse, LtiRegistration, LtiRegistrationBodySchema } from '@course-coach/contracts';
import type { z } from 'zod';
import type { Database, Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  deleteRegistrationRow,
  insertRegistration,
  type LtiRegistrationRow,
  type LtiRegistrationWrite,
  registrationClashes,
  selectLinkedCourses,
  selectRegistration,
  selectRegistrationForUpdate,
  selectRegistrations,
  selectRegistrationsOf,
  updateRegistrationRow,
} from './queries.ts';

export type { LtiRegistrationRow } from './queries.ts';

/**
 * The institutions' LTI platform registrations (docs/lti.md, Registering a platform): one row per
 * platform client (issuer + client id), with its login and JWKS URLs, the deployments it may launch
 * from, the origin that may frame Course Coach and the LIS roles mapped to staff.
 */

export type LtiRegistrationInput = z.output<typeof LtiRegistrationBodySchema>;

/** The institution's registrations, oldest first. */
export async function listRegistrations(
  database: Database,
  institutionId: number,
): Promise<LtiRegistrationRow[]> {
  return selectRegistrations(database.query, institutionId);
}

/** The registrations of a platform `iss` (one per client id), or of one client id when given. */
export async function findRegistrations(
  database: Database,
  issuer: string,
  clientId?: string,
): Promise<LtiRegistrationRow[]> {
  return selectRegistrationsOf(database.query, issuer, clientId ?? null);
}

/** One registration by id. */
export async function registrationById(database: Database, id: number): Promise<LtiRegistrationRow | null> {
  return (await selectRegistration(database.query, id)) ?? null;
}

const publicShape = (row: LtiRegistrationRow): LtiRegistration => {
  const { institution_id: _institution, ...rest } = row;
  return rest;
};

async function ensureUnique(q: Query, body: LtiRegistrationInput, exceptId: number | null): Promise<void> {
  if (await registrationClashes(q, body.issuer, body.client_id, exceptId ?? 0))
    throw badRequest({ client_id: ['This platform and client id are already registered.'] });
}

const uniq = (list: string[]) => [...new Set(list)];

/** The columns a body writes: its lists without repeats. */
const writeOf = (body: LtiRegistrationInput): LtiRegistrationWrite => ({
  label: body.label,
  issuer: body.issuer,
  client_id: body.client_id,
  auth_login_url: body.auth_login_url,
  jwks_url: body.jwks_url,
  token_url: body.token_url,
  platform_origin: body.platform_origin,
  deployment_ids: uniq(body.deployment_ids),
  staff_roles: uniq(body.staff_roles),
});

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
    const row = await insertRegistration(q, institutionId, writeOf(body));
    const saved = publicShape(row);
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
    const before = await selectRegistrationForUpdate(q, institutionId, id);
    if (!before) return null;
    await ensureUnique(q, body, id);
    const row = await updateRegistrationRow(q, institutionId, id, writeOf(body));
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
    const before = await deleteRegistrationRow(q, institutionId, id);
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
  const rows = await selectLinkedCourses(database.query, institutionId);
  return rows.map((r) => ({
    ...r,
    roster_synced_at: r.roster_synced_at === null ? null : new Date(r.roster_synced_at).toISOString(),
  }));
}
