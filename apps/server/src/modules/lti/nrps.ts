import { randomUUID } from 'node:crypto';
import LinkHeader from 'http-link-header';
import { SignJWT } from 'jose';
import type { Database } from '../../db/client.ts';
import {
  recordRosterError,
  recordRosterResult,
  selectRosterContext,
  selectSyncableContexts,
} from './account-queries.ts';
import { toolSigningKey } from './keys.ts';
import { registrationById } from './registrations.ts';
import { applyRoster, type RosterMember, type RosterResult } from './roster.ts';

/**
 * Names and Role Provisioning Services 2.0 (docs/lti.md, Roster): an access token from the platform by the
 * OAuth 2.0 client-credentials grant with a JWT client assertion signed with our tool key (IMS Security
 * Framework 1.0 §4.1), then the context's membership container, page by page (`Link: rel="next"`), applied
 * to the linked coach's enrollments in one transaction (roster.ts).
 */

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const NRPS_MEDIA_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** Pages followed at most (a platform's paging loop must not run forever). */
const MAX_PAGES = 200;

/**
 * A failed call to the platform (roster or grades), with the plain sentence recorded for staff;
 * `retryable` when the platform answered 5xx or could not be reached (worth trying again later).
 */
export class RosterError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** How the platform is called: attempts and backoff on 5xx and network errors (tests shorten them). */
export interface PlatformCallOptions {
  attempts?: number;
  backoffMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fetches `url`, retrying a 5xx answer or a network error with exponential backoff (`backoffMs`, ×2 each
 * time; `attempts` in all). A 401/403 becomes a RosterError saying the platform refused our credentials.
 * @throws RosterError on 401/403, another 4xx, or the last failed attempt.
 */
export async function platformFetch(
  url: string,
  init: RequestInit,
  what: string,
  options: PlatformCallOptions,
): Promise<Response> {
  const attempts = options.attempts ?? 4;
  let delay = options.backoffMs ?? 1000;
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      if (response.ok) return response;
      if (response.status === 401 || response.status === 403)
        throw new RosterError(
          `The learning platform refused Course Coach’s credentials when asked for ${what} (${response.status}). Check the client id, the token URL and that the platform has Course Coach’s public key URL.`,
        );
      if (response.status < 500)
        throw new RosterError(`The learning platform answered ${response.status} when asked for ${what}.`);
      last = `The learning platform answered ${response.status} when asked for ${what}`;
    } catch (error) {
      if (error instanceof RosterError) throw error;
      last = `The learning platform could not be reached when asked for ${what}`;
    }
    if (attempt < attempts) {
      await sleep(delay);
      delay *= 2;
    }
  }
  throw new RosterError(`${last}, ${attempts} times.`, true);
}

/**
 * An access token (default scope: NRPS; AGS passes its scopes, space-separated) from the registration's token URL (client-credentials grant, JWT client assertion:
 * iss = sub = client id, aud = token URL, unique jti, 5 minutes; signed RS256 with our tool key).
 * @throws RosterError when the platform refuses or answers no token.
 */
export async function nrpsAccessToken(
  database: Database,
  key: Buffer,
  registration: { client_id: string; token_url: string },
  options: PlatformCallOptions = {},
  scope: string = NRPS_SCOPE,
): Promise<string> {
  const signing = await toolSigningKey(database, key);
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: signing.kid, typ: 'JWT' })
    .setIssuer(registration.client_id)
    .setSubject(registration.client_id)
    .setAudience(registration.token_url)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(signing.privateKey);
  const response = await platformFetch(
    registration.token_url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: ASSERTION_TYPE,
        client_assertion: assertion,
        scope,
      }).toString(),
    },
    'an access token',
    options,
  );
  const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
  if (typeof body?.access_token !== 'string' || body.access_token === '')
    throw new RosterError('The learning platform answered no access token.');
  return body.access_token;
}

/** The members of a membership container (every page), as the platform sends them. */
export async function fetchMembers(
  url: string,
  token: string,
  options: PlatformCallOptions = {},
): Promise<RosterMember[]> {
  const members: RosterMember[] = [];
  let next: string | null = url;
  for (let page = 0; next && page < MAX_PAGES; page++) {
    const response = await platformFetch(
      next,
      { headers: { authorization: `Bearer ${token}`, accept: NRPS_MEDIA_TYPE } },
      'the course roster',
      options,
    );
    const body = (await response.json().catch(() => null)) as { members?: unknown } | null;
    if (!body || !Array.isArray(body.members))
      throw new RosterError('The learning platform answered a roster Course Coach cannot read.');
    members.push(...(body.members as RosterMember[]));
    const link = response.headers.get('link');
    const ref = link ? LinkHeader.parse(link).rel('next')[0] : undefined;
    next = ref ? new URL(ref.uri, next).href : null;
  }
  return members;
}

/** What a sync of one context did, or its error. */
export type RosterSyncOutcome = ({ ok: true } & RosterResult) | { ok: false; error: string };

/**
 * Syncs the roster of one linked LMS course (`lti_contexts.id`) from the platform's NRPS (docs/lti.md,
 * Roster) and records the outcome on the context (`roster_synced_at`, `roster_result` or `roster_error`).
 * Nothing is changed when the platform fails; unexpected errors are recorded and rethrown.
 */
export async function syncRoster(
  database: Database,
  key: Buffer,
  contextRowId: number,
  options: PlatformCallOptions = {},
): Promise<RosterSyncOutcome> {
  const context = await selectRosterContext(database.query, contextRowId);
  if (!context?.coach_id) return { ok: false, error: 'This LMS course is not linked to a coach.' };
  const recordError = async (error: string) => {
    await recordRosterError(database.query, contextRowId, error);
    return { ok: false as const, error };
  };
  try {
    const registration = await registrationById(database, context.registration_id);
    if (!registration) return { ok: false, error: 'The platform registration is gone.' };
    if (!context.nrps_url)
      return recordError(
        'The learning platform did not offer the course roster (Names and Roles) in a launch.',
      );
    if (!registration.token_url)
      return recordError('The platform registration has no token URL, which the course roster needs.');
    const token = await nrpsAccessToken(
      database,
      key,
      { client_id: registration.client_id, token_url: registration.token_url },
      options,
    );
    const members = await fetchMembers(context.nrps_url, token, options);
    const result = await applyRoster(database, registration, context.coach_id, members, async (q, r) => {
      await recordRosterResult(q, contextRowId, r);
    });
    return { ok: true, ...result };
  } catch (error) {
    if (error instanceof RosterError) return recordError(error.message);
    await recordError(
      'The roster sync failed unexpectedly; it is tried again at the next launch or tonight.',
    );
    throw error;
  }
}

/** The linked contexts whose roster can be synced (nightly job). */
export async function syncableContexts(database: Database): Promise<number[]> {
  return selectSyncableContexts(database.query);
}

/** The pg-boss queue of roster syncs (one job per context) and of the nightly run. */
export const LTI_ROSTER_QUEUE = 'lti-roster-sync';
export const LTI_ROSTER_NIGHTLY_QUEUE = 'lti-roster-nightly';
export interface RosterJobData {
  contextId: number;
}
