import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { Database } from '../../db/client.ts';
import { SsoRefusal } from './accounts.ts';
import type { SsoSettings } from './config-store.ts';
import { deleteExpiredAuthRequests, insertAuthRequest, takeAuthRequest } from './queries.ts';

/**
 * The OpenID Connect authorization code flow with PKCE (docs/sso.md), through `openid-client`
 * (docs/decisions/0007-openid-client.md). The pending request (state, nonce, PKCE verifier) lives in the
 * database (`sso_auth_requests`), bound to the browser by a cookie, usable once within 10 minutes, so any
 * instance can finish a sign-on another started.
 */

/** How long a started sign-on stays usable. */
export const SSO_REQUEST_MINUTES = 10;
/** The cookie that binds a pending sign-on to the browser that started it. */
export const SSO_BROWSER_COOKIE = 'sso_browser';
/** How long a call to the provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/**
 * Discovers the provider's metadata (`/.well-known/openid-configuration`; openid-client checks that its
 * `issuer` is exactly the configured one) and returns the client configuration: client_secret_basic
 * when a secret is stored, else a public client; ID token signatures always verified against the
 * provider's JWKS (`enableNonRepudiationChecks`); plain http only for a provider on a loopback address.
 * @throws SsoRefusal `unavailable` when the provider cannot be reached or its metadata is wrong.
 */
async function providerConfiguration(settings: SsoSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const execute = [client.enableNonRepudiationChecks];
  if (issuer.protocol === 'http:' && isLoopback(issuer)) execute.push(client.allowInsecureRequests);
  try {
    return await client.discovery(
      issuer,
      settings.clientId,
      undefined,
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
      { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
    );
  } catch (error) {
    throw new SsoRefusal(
      'unavailable',
      `discovery of ${settings.issuer} failed: ${(error as Error).message}`,
    );
  }
}

/**
 * Starts a sign-on: stores a new pending request and returns the provider's authorization URL (with
 * `state`, `nonce`, the S256 PKCE challenge and the configured scopes) and the browser cookie's value.
 */
export async function startSignOn(
  database: Database,
  settings: SsoSettings,
  redirectUri: string,
  returnTo: string,
): Promise<{ url: string; browserToken: string }> {
  const config = await providerConfiguration(settings);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const browserToken = randomBytes(32).toString('base64url');
  await insertAuthRequest(
    database.query,
    {
      id: digest(state),
      institution_id: settings.institutionId,
      browser_digest: digest(browserToken),
      nonce,
      code_verifier: verifier,
      redirect_uri: redirectUri,
      return_to: returnTo,
    },
    SSO_REQUEST_MINUTES,
  );
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: settings.scopes,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, browserToken };
}

/** A pending request, taken (deleted) by `takeRequest`. */
export interface PendingSignOn {
  institutionId: number;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  returnTo: string;
}

/**
 * Takes the pending request of `state` (deleting it: single use) when it is live and was started by
 * this browser (`browserToken`, the cookie's value).
 * @throws SsoRefusal `expired` for an unknown, used, expired or other browser's state.
 */
export async function takeRequest(
  database: Database,
  state: string | undefined,
  browserToken: string | undefined,
): Promise<PendingSignOn> {
  if (!state) throw new SsoRefusal('expired', 'the callback carries no state');
  const row = await takeAuthRequest(database.query, digest(state));
  if (!row) throw new SsoRefusal('expired', 'unknown or already used state');
  if (!row.live) throw new SsoRefusal('expired', 'the sign-on request expired');
  if (!browserToken || digest(browserToken) !== row.browser_digest)
    throw new SsoRefusal('expired', 'the state belongs to another browser');
  return {
    institutionId: row.institution_id,
    state,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    redirectUri: row.redirect_uri,
    returnTo: row.return_to,
  };
}

/**
 * Finishes a sign-on: exchanges the code (with the PKCE verifier) and validates the ID token — signature
 * against the provider's keys, `iss`, `aud`, `exp`/`iat`, `nonce` — and the callback's `state` (and
 * `iss`, RFC 9207, when sent); then adds the UserInfo claims (their `sub` must match).
 * @returns the ID token's claims merged with UserInfo's (the ID token's win).
 * @throws SsoRefusal `failed` with openid-client's reason for any check that fails.
 */
export async function finishSignOn(
  settings: SsoSettings,
  pending: PendingSignOn,
  callbackQuery: URLSearchParams,
): Promise<Record<string, unknown>> {
  const config = await providerConfiguration(settings);
  const currentUrl = new URL(pending.redirectUri);
  currentUrl.search = callbackQuery.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SsoRefusal('failed', describeError(error));
  }
  const idClaims = tokens.claims() as Record<string, unknown> | undefined;
  if (!idClaims) throw new SsoRefusal('failed', 'no ID token in the token response');
  let userInfo: Record<string, unknown> = {};
  if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
    try {
      userInfo = await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub));
    } catch (error) {
      throw new SsoRefusal('failed', `userinfo: ${(error as Error).message}`);
    }
  }
  return { ...userInfo, ...idClaims };
}

/**
 * openid-client's error as one line for the log: each error of the `cause` chain (`code: message`) and
 * the claim that failed, when named (`claim aud`, `claim exp`…).
 */
function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: string; error?: string; name?: string; message?: string; claim?: string };
    if (e.message) parts.push(`${e.code ?? e.error ?? e.name}: ${e.message}`);
    if (e.claim) parts.push(`claim ${e.claim}`);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join('; ') || String(error);
}

/** Removes expired pending sign-ons (run by the maintenance job). @returns how many. */
export async function purgeExpiredSignOns(database: Database): Promise<number> {
  return deleteExpiredAuthRequests(database.query);
}
