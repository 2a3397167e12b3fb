import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The origin users and other systems reach the app at, for links in e-mails and for protocol addresses
 * (OpenID Connect and Canvas redirect URIs, the SAML entity ID and ACS, the LTI configuration URL):
 * `APP_URL` when set, else the request's own protocol and host. Returns it without a trailing slash,
 * e.g. `https://coach.example.edu`.
 *
 * Behind a proxy that forwards another Host, set `APP_URL`: otherwise a forged Host header could steer a
 * reset link or a redirect URI to another site (docs/accounts.md, SECURITY.md).
 */
export function publicOrigin(config: Pick<Config, 'APP_URL'>, request: FastifyRequest): string {
  return (config.APP_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
