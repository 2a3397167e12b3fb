/**
 * Single sign-on with OpenID Connect (docs/sso.md): `ssoRoutes` (registered by app.ts), the purge of
 * expired pending sign-ons (maintenance job) and the OpenID provider stand-in for tests and the demo.
 */
export { SSO_NO_PASSWORD } from './accounts.ts';
export { startDemoSso } from './demo.ts';
export { purgeExpiredSignOns } from './flow.ts';
export type { OidcStandin } from './oidc-standin.ts';
/** Linking an account to a provider's subject, shared with LTI's accounts (docs/lti.md). */
export { insertIdentity } from './queries.ts';
export { ssoRoutes } from './routes.ts';
export { purgeExpiredSaml } from './saml-flow.ts';
export { samlRoutes } from './saml-routes.ts';
