import * as oauth from 'oauth4webapi';
import { CanvasError, isTimeout } from './canvas-client.ts';
import type { LmsSettings } from './settings.ts';

/**
 * Canvas's OAuth2 endpoints (RFC 6749 authorization code grant; Canvas is not an OpenID provider and
 * publishes no discovery document, so the metadata is written out here) driven by `oauth4webapi`, which
 * handles plain OAuth2 servers: the client authenticates with `client_secret_post` (Canvas reads
 * client_id and client_secret from the form body), no PKCE (Canvas's developer-key flow does not use it;
 * the `state` is bound to the user's session instead), and http:// is allowed only for a stand-in on a
 * loopback address.
 */
export interface CanvasTokens {
  access_token: string;
  refresh_token: string | null;
  /** Seconds the access token lives, when Canvas says. */
  expires_in: number | null;
  /** Canvas's `user` of the token response. */
  user: { id: string; name: string | null } | null;
}

/** A refused grant (code used or unknown, refresh token revoked): the user must authorize again. */
export class GrantRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GrantRefusedError';
  }
}

function authorizationServer(baseUrl: string): oauth.AuthorizationServer {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/login/oauth2/auth`,
    token_endpoint: `${baseUrl}/login/oauth2/token`,
  };
}

function isLoopback(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function requestOptions(settings: LmsSettings & { baseUrl: string }): oauth.TokenEndpointRequestOptions {
  return {
    signal: () => AbortSignal.timeout(settings.timeoutMs),
    [oauth.allowInsecureRequests]: isLoopback(settings.baseUrl),
  };
}

/** The Canvas page to send the browser to: /login/oauth2/auth with client_id, response_type=code, redirect_uri, state. */
export function canvasAuthorizationUrl(
  settings: LmsSettings & { baseUrl: string },
  state: string,
  redirectUri: string,
): string {
  const url = new URL(authorizationServer(settings.baseUrl).authorization_endpoint!);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/**
 * Exchanges the callback's code at /login/oauth2/token (grant_type=authorization_code).
 * `callback` holds the callback's query parameters; its `state` has already been checked by the caller.
 * @throws GrantRefusedError when Canvas refuses the code, CanvasError when Canvas fails or times out.
 */
export async function exchangeCode(
  settings: LmsSettings & { baseUrl: string },
  callback: URLSearchParams,
  redirectUri: string,
): Promise<CanvasTokens> {
  const as = authorizationServer(settings.baseUrl);
  const client: oauth.Client = { client_id: settings.clientId };
  return tokenCall(async () => {
    const params = oauth.validateAuthResponse(as, client, callback, oauth.skipStateCheck);
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      params,
      redirectUri,
      oauth.nopkce,
      requestOptions(settings),
    );
    return oauth.processAuthorizationCodeResponse(as, client, res);
  });
}

/**
 * Gets a new access token at /login/oauth2/token (grant_type=refresh_token). Canvas keeps the refresh
 * token (its answer has none), so the caller keeps the old one when `refresh_token` is null.
 * @throws GrantRefusedError when the refresh token is revoked, CanvasError when Canvas fails or times out.
 */
export async function refreshAccessToken(
  settings: LmsSettings & { baseUrl: string },
  refreshToken: string,
): Promise<CanvasTokens> {
  const as = authorizationServer(settings.baseUrl);
  const client: oauth.Client = { client_id: settings.clientId };
  return tokenCall(async () => {
    const res = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      refreshToken,
      requestOptions(settings),
    );
    return oauth.processRefreshTokenResponse(as, client, res);
  });
}

async function tokenCall(run: () => Promise<oauth.TokenEndpointResponse>): Promise<CanvasTokens> {
  let answer: oauth.TokenEndpointResponse;
  try {
    answer = await run();
  } catch (error) {
    if (isTimeout(error)) throw new CanvasError('timeout', 'Canvas did not answer the token request in time');
    if (error instanceof oauth.ResponseBodyError) {
      // invalid_grant and friends (400/401): the code or refresh token is no good any more.
      if (error.status < 500) throw new GrantRefusedError(`Canvas refused the grant: ${error.error}`);
      throw new CanvasError('unavailable', `Canvas answered HTTP ${error.status}`, error.status);
    }
    if (error instanceof oauth.AuthorizationResponseError)
      throw new GrantRefusedError(`Canvas refused the authorization: ${error.error}`);
    if (error instanceof oauth.WWWAuthenticateChallengeError)
      throw new GrantRefusedError('Canvas refused the client credentials');
    // A 5xx without an OAuth error body, a refused connection, or an unexpected body.
    const status = (error as { cause?: { status?: number } }).cause?.status;
    throw new CanvasError('unavailable', `Canvas token request failed: ${(error as Error).message}`, status);
  }
  const user = answer.user as { id?: unknown; name?: unknown } | undefined;
  return {
    access_token: answer.access_token,
    refresh_token: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
    expires_in: typeof answer.expires_in === 'number' ? answer.expires_in : null,
    user:
      user && (typeof user.id === 'number' || typeof user.id === 'string')
        ? { id: String(user.id), name: typeof user.name === 'string' ? user.name : null }
        : null,
  };
}
