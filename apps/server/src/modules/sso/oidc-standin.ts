import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A stand-in OpenID provider for tests and the demo (docs/sso.md, Stand-in): `oidc-provider`, a certified
 * OpenID Connect implementation, on 127.0.0.1 with one client. Its development sign-in page takes any
 * login and password; the login names the account (`accounts`, else an address-shaped login is a
 * person with that e-mail and the roles of `rolesOf`, by default a student). Consent is granted silently. `tamper` makes the token endpoint hand out
 * a broken ID token, so tests can show that each check of the client refuses it.
 */

/** The claims of one stand-in account. */
export interface StandinAccount {
  email?: string;
  name?: string;
  roles?: string[];
  eduPersonPrincipalName?: string;
}

/** How the token endpoint breaks the ID token (re-signed with the provider's key unless said otherwise). */
export type IdTokenTamper = 'bad-signature' | 'wrong-audience' | 'expired' | 'wrong-nonce' | 'wrong-issuer';

export interface OidcStandinOptions {
  clientId: string;
  /** Omitted: a public client (PKCE only). */
  clientSecret?: string;
  redirectUris: string[];
  accounts?: Record<string, StandinAccount>;
  /** Roles of a login that is not in `accounts` (default: student). */
  rolesOf?: (login: string) => string[];
  host?: string;
  /** 0 (default): any free port. */
  port?: number;
}

export interface OidcStandin {
  /** The issuer, `http://127.0.0.1:<port>`. */
  issuer: string;
  /** Breaks the next ID tokens until set back to null. */
  setTamper(tamper: IdTokenTamper | null): void;
  close(): Promise<void>;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Re-signs `idToken` with its claims changed per `tamper` (RS256, `kid` kept). */
function tamperIdToken(idToken: string, tamper: IdTokenTamper, key: KeyObject, otherKey: KeyObject): string {
  const [head, body] = idToken.split('.') as [string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  if (tamper === 'wrong-audience') claims.aud = 'someone-else';
  if (tamper === 'expired') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
  if (tamper === 'wrong-nonce') claims.nonce = 'not-the-nonce';
  if (tamper === 'wrong-issuer') claims.iss = 'https://unknown-issuer.invalid';
  const input = `${b64({ ...header, alg: 'RS256' })}.${b64(claims)}`;
  const signature = sign('sha256', Buffer.from(input), tamper === 'bad-signature' ? otherKey : key);
  return `${input}.${signature.toString('base64url')}`;
}

/** Starts the stand-in; resolves once it listens. */
export async function startOidcStandin(options: OidcStandinOptions): Promise<OidcStandin> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'standin', use: 'sig', alg: 'RS256' };
  const accounts = options.accounts ?? {};
  let tamper: IdTokenTamper | null = null;

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        ...(options.clientSecret
          ? { client_secret: options.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['course-coach-oidc-standin'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'eduPersonPrincipalName'],
      roles: ['roles'],
    },
    scopes: ['openid', 'email', 'profile', 'roles'],
    conformIdTokenClaims: false,
    // Short lifetimes, stated (oidc-provider notes every default it falls back to).
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = accounts[id] ?? {
        email: id.includes('@') ? id.toLowerCase() : undefined,
        roles: options.rolesOf?.(id) ?? ['student'],
      };
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.email !== undefined,
          name: account.name ?? id,
          roles: account.roles ?? [],
          eduPersonPrincipalName: account.eduPersonPrincipalName,
        }),
      };
    },
    // Consent is granted at once: the stand-in plays the institution's own provider.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile roles');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (tamper && ctx.path === '/token' && body && typeof body.id_token === 'string') {
      body.id_token = tamperIdToken(body.id_token, tamper, privateKey, otherKey);
    }
  });
  server.on('request', provider.callback());
  return {
    issuer,
    setTamper: (value) => {
      tamper = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
