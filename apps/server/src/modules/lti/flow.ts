import { createHash, randomBytes } from 'node:crypto';
import { LTI_CLAIM, type LtiRefusalCode } from '@course-coach/contracts';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import type { Database } from '../../db/client.ts';
import { deleteExpiredLti, deleteLoginState, insertLoginState, recordNonce } from './queries.ts';
import { findRegistrations, type LtiRegistrationRow, registrationById } from './registrations.ts';

/**
 * The LTI 1.3 launch (docs/lti.md, The launch): the OIDC third-party-initiated login (IMS Security
 * Framework 1.0 §5.1.1) and the check of the platform's id_token with `jose`
 * (docs/decisions/0009-lti-with-jose.md). The login's state and nonce live in `lti_login_states`, bound
 * to the browser by a cookie and usable once within 10 minutes; every used nonce is kept in
 * `lti_used_nonces` until its id_token has expired, so an id_token is accepted once.
 */

/** How long a started login stays usable. */
export const LTI_LOGIN_MINUTES = 10;
/** The cookie binding a started login to the browser. */
export const LTI_BROWSER_COOKIE = 'lti_browser';
/** Clock skew allowed on `exp`/`iat`, seconds. */
const CLOCK_TOLERANCE_S = 5;
/** An id_token older than this (by `iat`) is refused even when its `exp` is later. */
const MAX_TOKEN_AGE = '10m';

/** A refused launch: `code` picks the sentence the user sees, `reason` is what the log records. */
export class LtiRefusal extends Error {
  constructor(
    readonly code: LtiRefusalCode,
    readonly reason: string,
    readonly registration: LtiRegistrationRow | null = null,
  ) {
    super(reason);
    this.name = 'LtiRefusal';
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The login initiation's parameters (from the query or the form). */
export interface LoginInitiation {
  iss?: string;
  login_hint?: string;
  target_link_uri?: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

/**
 * Starts a launch: finds the registration of `iss` (and `client_id` when the platform sends one), stores
 * a new state and nonce bound to a new browser token, and returns the platform's authorization URL
 * (scope openid, response_type id_token, response_mode form_post, prompt none, redirect_uri our launch
 * URL, login_hint and lti_message_hint passed back) and the browser token for the cookie.
 * @throws LtiRefusal `unknown_platform` for an unknown or ambiguous issuer/client, or a deployment id the
 *   registration does not list; `invalid` without a login_hint or with a target_link_uri not on our origin.
 */
export async function startLogin(
  database: Database,
  params: LoginInitiation,
  launchUrl: string,
): Promise<{ url: string; browserToken: string; registration: LtiRegistrationRow }> {
  if (!params.iss) throw new LtiRefusal('unknown_platform', 'login initiation without iss');
  const found = await findRegistrations(database, params.iss, params.client_id || undefined);
  if (found.length === 0)
    throw new LtiRefusal(
      'unknown_platform',
      `unknown issuer ${JSON.stringify(params.iss)}${params.client_id ? ` / client id ${JSON.stringify(params.client_id)}` : ''}`,
    );
  if (found.length > 1)
    throw new LtiRefusal(
      'unknown_platform',
      `issuer ${params.iss} has several registrations and no client_id was sent`,
    );
  const registration = found[0]!;
  if (params.lti_deployment_id && !registration.deployment_ids.includes(params.lti_deployment_id))
    throw new LtiRefusal(
      'unknown_platform',
      `unknown deployment id ${JSON.stringify(params.lti_deployment_id)}`,
      registration,
    );
  if (!params.login_hint)
    throw new LtiRefusal('invalid', 'login initiation without login_hint', registration);
  if (params.target_link_uri && !sameOrigin(params.target_link_uri, launchUrl))
    throw new LtiRefusal('invalid', `target_link_uri ${params.target_link_uri} is not ours`, registration);
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  const browserToken = randomBytes(32).toString('base64url');
  await insertLoginState(
    database.query,
    digest(state),
    registration.id,
    digest(browserToken),
    nonce,
    LTI_LOGIN_MINUTES,
  );
  const url = new URL(registration.auth_login_url);
  const query: Record<string, string> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: registration.client_id,
    redirect_uri: launchUrl,
    login_hint: params.login_hint,
    state,
    nonce,
  };
  if (params.lti_message_hint) query.lti_message_hint = params.lti_message_hint;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { url: url.href, browserToken, registration };
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * Takes the started login of `state` (deleting it: single use) when it is live and was started by this
 * browser. @returns its registration and nonce.
 * @throws LtiRefusal `expired` for no, an unknown, used or expired state, or another browser's.
 */
export async function takeLoginState(
  database: Database,
  state: string | undefined,
  browserToken: string | undefined,
): Promise<{ registration: LtiRegistrationRow; nonce: string }> {
  if (!state) throw new LtiRefusal('expired', 'the launch carries no state');
  const row = await deleteLoginState(database.query, digest(state));
  if (!row) throw new LtiRefusal('expired', 'unknown or already used state');
  const registration = await registrationById(database, row.registration_id);
  if (!registration) throw new LtiRefusal('unknown_platform', 'the registration was deleted meanwhile');
  if (!row.live) throw new LtiRefusal('expired', 'the login expired', registration);
  if (!browserToken || digest(browserToken) !== row.browser_digest)
    throw new LtiRefusal('expired', 'the state belongs to another browser', registration);
  return { registration, nonce: row.nonce };
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The platform's key set (jose caches the keys and refetches on an unknown `kid`, at most every 30 s). */
function platformKeys(jwksUrl: string) {
  let set = keySets.get(jwksUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 10_000 });
    keySets.set(jwksUrl, set);
  }
  return set;
}

/**
 * Checks a launch's id_token (IMS Security Framework §5.1.3; LTI 1.3 core §5.3): the RS256 signature
 * against the platform's JWKS, `iss` the registration's issuer, `aud` holding our client id (and `azp`
 * our client id when `aud` names several), `exp`, `iat` within 10 minutes, the `nonce` the login sent
 * (and never used before), then the LTI claims: message type LtiResourceLinkRequest, version 1.3.0, a
 * registered deployment id, a resource link id.
 * @returns the verified claims.
 * @throws LtiRefusal `invalid` (signature, audience, expiry, issuer, nonce, claims), `expired` (replayed
 *   nonce), `unknown_platform` (deployment id not registered).
 */
export async function verifyLaunch(
  database: Database,
  registration: LtiRegistrationRow,
  expectedNonce: string,
  idToken: string | undefined,
): Promise<JWTPayload & Record<string, unknown>> {
  if (!idToken) throw new LtiRefusal('invalid', 'the launch carries no id_token', registration);
  let payload: JWTPayload & Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, platformKeys(registration.jwks_url), {
      issuer: registration.issuer,
      audience: registration.client_id,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_S,
      maxTokenAge: MAX_TOKEN_AGE,
      requiredClaims: ['exp', 'iat', 'nonce', 'sub'],
    }));
  } catch (error) {
    throw new LtiRefusal('invalid', describeJoseError(error), registration);
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== registration.client_id)
    throw new LtiRefusal('invalid', `azp ${JSON.stringify(payload.azp)} is not our client id`, registration);
  if (payload.nonce !== expectedNonce)
    throw new LtiRefusal('invalid', 'the id_token nonce is not the one this login sent', registration);
  const fresh = await recordNonce(
    database.query,
    registration.id,
    String(payload.nonce),
    Number(payload.exp),
  );
  if (!fresh) throw new LtiRefusal('expired', 'replayed id_token (nonce already used)', registration);
  if (payload[LTI_CLAIM.messageType] !== 'LtiResourceLinkRequest')
    throw new LtiRefusal(
      'invalid',
      `message type ${JSON.stringify(payload[LTI_CLAIM.messageType])} is not LtiResourceLinkRequest`,
      registration,
    );
  if (payload[LTI_CLAIM.version] !== '1.3.0')
    throw new LtiRefusal(
      'invalid',
      `LTI version ${JSON.stringify(payload[LTI_CLAIM.version])}`,
      registration,
    );
  const deployment = payload[LTI_CLAIM.deploymentId];
  if (typeof deployment !== 'string' || !registration.deployment_ids.includes(deployment))
    throw new LtiRefusal(
      'unknown_platform',
      `unknown deployment id ${JSON.stringify(deployment)}`,
      registration,
    );
  const link = payload[LTI_CLAIM.resourceLink] as { id?: unknown } | undefined;
  if (!link || typeof link.id !== 'string')
    throw new LtiRefusal('invalid', 'no resource_link id in the id_token', registration);
  return payload;
}

/** jose's error as one line for the log (its code, message and the claim that failed, when named). */
function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTClaimValidationFailed)
    return `${error.code}: ${error.message}; claim ${error.claim}`;
  if (error instanceof errors.JOSEError) return `${error.code}: ${error.message}`;
  return `id_token check failed: ${(error as Error).message}`;
}

/** Removes expired login states and used nonces past their id_token's expiry (maintenance job). */
export async function purgeExpiredLti(database: Database): Promise<number> {
  return deleteExpiredLti(database.query);
}
