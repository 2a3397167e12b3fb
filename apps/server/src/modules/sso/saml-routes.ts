import { DetailErrorSchema, SAML_API, SAML_ENDPOINTS, safeSameOriginPath } from '@course-coach/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { secureCookies } from '../../auth/guard.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { SsoRefusal, signOnAccount } from './accounts.ts';
import {
  loadSamlSettings,
  loadSamlSettingsBySlug,
  samlAccountRules,
  saveSamlSettings,
  toSamlConfig,
} from './saml-config-store.ts';
import {
  finishSamlSignOn,
  SAML_BROWSER_COOKIE,
  SAML_REQUEST_MINUTES,
  samlServiceProviderMetadata,
  startSamlSignOn,
} from './saml-flow.ts';
import { MetadataError } from './saml-metadata.ts';
import { refuseSignOn, signInAndReturn } from './sign-on.ts';

const SlugParams = z.object({ slug: z.string().max(100) });
/** A SAMLResponse of a few signed assertions fits easily; more is refused by Fastify (413). */
const ACS_BODY_LIMIT = 512 * 1024;

/**
 * Single sign-on with SAML 2.0 (docs/sso.md, SAML): our service provider metadata, the start (an
 * AuthnRequest by HTTP-Redirect) and the assertion consumer service (HTTP-POST), all public (the caller
 * is signing in), and the staff's configuration of their institution. The configuration is described
 * once (`SAML_ENDPOINTS`); the metadata (XML), the start (a redirect) and the ACS (the identity provider's
 * form post, answered by a redirect) stay registered by hand.
 */
export const samlRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database, config } = deps;
  // Our entity ID and ACS must not change with the Host header behind a proxy.
  const origin = (request: FastifyRequest) => publicOrigin(config, request);

  // The identity provider's form post (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: ACS_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** GET metadata → our SP metadata (entity ID = this URL, the ACS); 404 when the institution has no SAML. */
  app.get(
    SAML_API.metadata(':slug'),
    {
      config: { access: access.public() },
      schema: { tags: ['sso'], params: SlugParams },
    },
    async (request, reply) => {
      const settings = await loadSamlSettingsBySlug(database, request.params.slug);
      if (!settings) throw new HttpError(404, { detail: 'This institution has no SAML sign-in.' });
      return reply
        .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
        .send(samlServiceProviderMetadata(settings, origin(request)));
    },
  );

  /**
   * GET start?next=/path → 302 to the identity provider with an AuthnRequest, and a cookie binding the
   * sign-on to this browser. 404 for an institution without enabled SAML; a `next` that is not a
   * same-origin path goes home (SECURITY.md, open redirects).
   */
  app.get(
    SAML_API.start(':slug'),
    {
      config: { access: access.public() },
      schema: {
        tags: ['sso'],
        params: SlugParams,
        querystring: z.object({ next: z.string().max(2000).optional() }),
        response: { 302: z.null(), 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const settings = await loadSamlSettingsBySlug(database, request.params.slug);
      if (!settings?.enabled) throw new HttpError(404, { detail: 'This institution has no single sign-on.' });
      const returnTo = safeSameOriginPath(request.query.next) ?? '/';
      const started = await startSamlSignOn(database, settings, origin(request), returnTo);
      const secure = secureCookies(reply, config);
      // The ACS is a cross-site POST from the identity provider: a SameSite=Lax cookie would not come
      // with it. SameSite=None needs Secure, so over plain http (development, tests: the provider on the
      // same site) the cookie is Lax (docs/sso.md, SAML).
      reply.setCookie(SAML_BROWSER_COOKIE, started.browserToken, {
        path: SAML_API.acs(settings.slug),
        sameSite: secure ? 'none' : 'lax',
        secure,
        httpOnly: true,
        maxAge: SAML_REQUEST_MINUTES * 60,
      });
      return reply.header('cache-control', 'no-store').redirect(started.url, 302);
    },
  );

  /**
   * POST acs (SAMLResponse, form) → on success a new session and 302 to the page the sign-on started
   * from; on any refusal (unsigned, tampered or foreign-signed assertion, wrong audience or issuer,
   * expired, a request we never issued or already answered, a replayed assertion, no role) 302 to the
   * sign-in page with `sso_error=<code>`, the reason logged, and no account or session written.
   */
  app.post(
    SAML_API.acs(':slug'),
    {
      config: { access: access.public(), csrf: false },
      schema: {
        tags: ['sso'],
        params: SlugParams,
        // No or an odd body is a refusal like any other (the sign-in page), not a 400.
        body: z
          .object({ SAMLResponse: z.string().max(ACS_BODY_LIMIT).optional() })
          .passthrough()
          .nullish(),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const browserToken = request.cookies[SAML_BROWSER_COOKIE];
      const settings = await loadSamlSettingsBySlug(database, request.params.slug);
      reply.clearCookie(SAML_BROWSER_COOKIE, { path: SAML_API.acs(request.params.slug) });
      try {
        if (!settings?.enabled)
          throw new SsoRefusal('unavailable', 'SAML sign-in is not configured or turned off');
        const done = await finishSamlSignOn(
          database,
          settings,
          origin(request),
          request.body?.SAMLResponse,
          browserToken,
        );
        const user = await signOnAccount(database, samlAccountRules(settings), done.claims);
        return signInAndReturn(deps, request, reply, user, done.returnTo, 'saml');
      } catch (error) {
        if (error instanceof SsoRefusal)
          return refuseSignOn(deps, request, reply, settings?.institutionId ?? null, error);
        throw error;
      }
    },
  );

  /** GET config → the institution's SAML configuration (`{config: null}` when none). */
  app.route({
    ...endpointRoute(SAML_ENDPOINTS.config),
    handler: async (request) => {
      const settings = await loadSamlSettings(database, request.institution!.institutionId);
      return { config: settings ? toSamlConfig(settings, origin(request)) : null };
    },
  });

  /**
   * PUT config → 200 with the saved configuration and what was read from the metadata. 400 field errors:
   * `idp_metadata` that is not XML or names no usable identity provider (no entity ID, no HTTP-Redirect
   * single sign-on URL, no signing certificate), a bad attribute name or role, passwords turned off with
   * no role mapped.
   */
  app.route({
    ...endpointRoute(SAML_ENDPOINTS.saveConfig),
    handler: async (request) => {
      const institutionId = request.institution!.institutionId;
      const body = request.body;
      if (body.enabled && !body.password_login && Object.keys(body.role_mapping).length === 0)
        throw badRequest({ role_mapping: ['Map at least one role before turning passwords off.'] });
      try {
        await saveSamlSettings(database, institutionId, body);
      } catch (error) {
        if (error instanceof MetadataError) throw badRequest({ idp_metadata: [error.message] });
        throw error;
      }
      const settings = await loadSamlSettings(database, institutionId);
      return toSamlConfig(settings!, origin(request));
    },
  });
};
