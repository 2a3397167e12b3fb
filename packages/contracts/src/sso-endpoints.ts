import { access, defineEndpoint } from './endpoint.ts';
import { DetailErrorSchema } from './error-schemas.ts';
import { SamlConfigAnswerSchema, SamlConfigBodySchema, SamlConfigSchema } from './saml.ts';
import { SAML_API } from './saml-texts.ts';
import { SsoConfigAnswerSchema, SsoConfigBodySchema, SsoConfigSchema, SsoProvidersSchema } from './sso.ts';
import { SSO_API } from './sso-texts.ts';

/**
 * Single sign-on's JSON endpoints, described once (docs/sso.md; docs/architecture.md "An endpoint,
 * described once"): the sign-in page's providers and the staff's OpenID Connect and SAML configuration of
 * their institution. The protocol endpoints (OIDC start and callback, SAML start, ACS and metadata) answer
 * redirects, form posts and XML, and stay registered by hand in the server's sso module.
 */

const STAFF = access.institution('staff', 'admin');
/** The errors a configuration read answers (no 400: it takes no input but the path). */
const READ_ERRORS = { 401: DetailErrorSchema, 403: DetailErrorSchema, 404: DetailErrorSchema };

/** OpenID Connect: the sign-in page's buttons and the institution's configuration. */
export const SSO_ENDPOINTS = {
  /**
   * GET auth/sso/providers → the enabled institutions' buttons (OIDC and SAML) and whether the password
   * form is offered (public). It lists no error answer (it takes no input). The sign-in page calls it by
   * hand with a lazily loaded schema (docs/architecture.md "Keeping the first load small").
   */
  providers: defineEndpoint({
    method: 'GET',
    path: SSO_API.providers,
    access: access.public(),
    tags: ['sso'],
    responses: { 200: SsoProvidersSchema },
    errors: {},
  }),
  /** GET institution/{id}/sso → the configuration without its secret (`{config: null}` when none). */
  config: defineEndpoint({
    method: 'GET',
    path: SSO_API.config(':institutionId'),
    access: STAFF,
    tags: ['sso'],
    responses: { 200: SsoConfigAnswerSchema },
    errors: READ_ERRORS,
  }),
  /**
   * PUT institution/{id}/sso → the saved configuration (an omitted or empty `client_secret` keeps the
   * stored one); 400 field errors for a bad body or passwords turned off with no role mapped.
   */
  saveConfig: defineEndpoint({
    method: 'PUT',
    path: SSO_API.config(':institutionId'),
    access: STAFF,
    tags: ['sso'],
    body: SsoConfigBodySchema,
    responses: { 200: SsoConfigSchema },
  }),
};

/** SAML 2.0: the institution's configuration (docs/sso.md, SAML). */
export const SAML_ENDPOINTS = {
  /** GET institution/{id}/saml → the SAML configuration (`{config: null}` when none). */
  config: defineEndpoint({
    method: 'GET',
    path: SAML_API.config(':institutionId'),
    access: STAFF,
    tags: ['sso'],
    responses: { 200: SamlConfigAnswerSchema },
    errors: READ_ERRORS,
  }),
  /**
   * PUT institution/{id}/saml → the saved configuration and what was read from the metadata; 400 field
   * errors for metadata naming no usable identity provider, a bad attribute or role, passwords turned off
   * with no role mapped.
   */
  saveConfig: defineEndpoint({
    method: 'PUT',
    path: SAML_API.config(':institutionId'),
    access: STAFF,
    tags: ['sso'],
    body: SamlConfigBodySchema,
    responses: { 200: SamlConfigSchema },
  }),
};
