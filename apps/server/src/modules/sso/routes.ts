import { DetailErrorSchema, SSO_API, SSO_ENDPOINTS, safeSameOriginPath } from '@course-coach/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { secureCookies } from '../../auth/guard.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { resolveLmsSettings } from '../lms/index.ts';
import { SsoRefusal, signOnAccount } from './accounts.ts';
import {
  listEnabledSso,
  loadSsoSettings,
  loadSsoSettingsBySlug,
  saveSsoSettings,
  toSsoConfig,
} from './config-store.ts';
import { finishSignOn, SSO_BROWSER_COOKIE, SSO_REQUEST_MINUTES, startSignOn, takeRequest } from './flow.ts';
import { countPasswordInstitutions } from './queries.ts';
import { listEnabledSaml } from './saml-config-store.ts';
import { refuseSignOn, signInAndReturn } from './sign-on.ts';

/**
 * Single sign-on with OpenID Connect (docs/sso.md): the sign-in page's buttons, the start and the
 * callback of the authorization code flow (public: the caller is signing in), and the staff's
 * configuration of their institution. The buttons and the configuration are described once
 * (`SSO_ENDPOINTS`); the start and the callback stay registered by hand: they answer redirects, not JSON.
 */
export const ssoRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database, config } = deps;
  const origin = (request: FastifyRequest) => publicOrigin(config, request);
  const key = (deps.lms ?? resolveLmsSettings(config)).tokenKey;

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    institutionId: number | null,
    error: SsoRefusal,
  ) => refuseSignOn(deps, request, reply, institutionId, error);

  /** GET providers → the enabled institutions' buttons and whether the password form is offered. */
  app.route({
    ...endpointRoute(SSO_ENDPOINTS.providers),
    handler: async () => {
      const oidc = await listEnabledSso(database, key);
      const saml = await listEnabledSaml(database);
      const passwordInstitutions = await countPasswordInstitutions(database.query);
      const buttons = [
        ...oidc.map((s) => ({
          slug: s.slug,
          institution: s.institution,
          label: s.label,
          protocol: 'oidc' as const,
        })),
        ...saml.map((s) => ({
          slug: s.slug,
          institution: s.institution,
          label: s.label,
          protocol: 'saml' as const,
        })),
      ].sort((a, b) => a.institution.localeCompare(b.institution) || a.protocol.localeCompare(b.protocol));
      return {
        providers: buttons,
        password_login: passwordInstitutions > 0,
      };
    },
  });

  /**
   * GET start?next=/path → 302 to the institution's provider, with a cookie binding the sign-on to this
   * browser. 404 for an institution without enabled SSO; a `next` that is not a same-origin path is
   * dropped (home instead; SECURITY.md, open redirects); an unreachable provider → the sign-in page.
   * Registered by hand: a redirect, not a JSON answer.
   */
  app.get(
    SSO_API.start(':slug'),
    {
      config: { access: access.public() },
      schema: {
        tags: ['sso'],
        params: z.object({ slug: z.string().max(100) }),
        querystring: z.object({ next: z.string().max(2000).optional() }),
        response: { 302: z.null(), 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const settings = await loadSsoSettingsBySlug(database, key, request.params.slug);
      if (!settings?.enabled) throw new HttpError(404, { detail: 'This institution has no single sign-on.' });
      const returnTo = safeSameOriginPath(request.query.next) ?? '/';
      try {
        const started = await startSignOn(
          database,
          settings,
          `${origin(request)}${SSO_API.callback}`,
          returnTo,
        );
        reply.setCookie(SSO_BROWSER_COOKIE, started.browserToken, {
          path: SSO_API.callback,
          sameSite: 'lax',
          secure: secureCookies(reply, config),
          httpOnly: true,
          maxAge: SSO_REQUEST_MINUTES * 60,
        });
        return reply.header('cache-control', 'no-store').redirect(started.url, 302);
      } catch (error) {
        if (error instanceof SsoRefusal) return refuse(request, reply, settings.institutionId, error);
        throw error;
      }
    },
  );

  /**
   * GET callback?code=&state=&iss= → on success a new session and 302 to the page the sign-on started
   * from; on any refusal (unknown, used or expired state, a denied consent, a token that fails a check,
   * no role, nothing to identify the user) 302 to the sign-in page with `sso_error=<code>`, the reason
   * logged, and nothing written. Registered by hand: the provider's redirect back, answered by a redirect.
   */
  app.get(
    SSO_API.callback,
    {
      config: { access: access.public() },
      schema: {
        tags: ['sso'],
        querystring: z.record(z.string(), z.string().max(4000)),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.query as Record<string, string>);
      const browserToken = request.cookies[SSO_BROWSER_COOKIE];
      reply.clearCookie(SSO_BROWSER_COOKIE, { path: SSO_API.callback });
      let institutionId: number | null = null;
      try {
        const pending = await takeRequest(database, query.get('state') ?? undefined, browserToken);
        institutionId = pending.institutionId;
        const settings = await loadSsoSettings(database, key, pending.institutionId);
        if (!settings?.enabled)
          throw new SsoRefusal('unavailable', 'single sign-on was turned off meanwhile');
        if (query.has('error'))
          throw new SsoRefusal(
            'failed',
            `the provider answered ${query.get('error')}: ${query.get('error_description') ?? ''}`,
          );
        const claims = await finishSignOn(settings, pending, query);
        const user = await signOnAccount(database, settings, claims);
        return signInAndReturn(deps, request, reply, user, pending.returnTo, 'oidc');
      } catch (error) {
        if (error instanceof SsoRefusal) return refuse(request, reply, institutionId, error);
        throw error;
      }
    },
  );

  /** GET config → the institution's configuration without its secret (`{config: null}` when none). */
  app.route({
    ...endpointRoute(SSO_ENDPOINTS.config),
    handler: async (request) => {
      const settings = await loadSsoSettings(database, key, request.institution!.institutionId);
      return { config: settings ? toSsoConfig(settings, origin(request)) : null };
    },
  });

  /**
   * PUT config → 200 with the saved configuration (an omitted or empty `client_secret` keeps the stored
   * one; none at all is a public client). 400 field errors for a bad body: an issuer that is not an
   * https URL, scopes without openid, a role that does not exist, passwords turned off with no role
   * mapped (nobody could sign in).
   */
  app.route({
    ...endpointRoute(SSO_ENDPOINTS.saveConfig),
    handler: async (request) => {
      const institutionId = request.institution!.institutionId;
      const body = request.body;
      if (body.enabled && !body.password_login && Object.keys(body.role_mapping).length === 0)
        throw badRequest({ role_mapping: ['Map at least one role before turning passwords off.'] });
      await saveSsoSettings(database, key, institutionId, body);
      const settings = await loadSsoSettings(database, key, institutionId);
      return toSsoConfig(settings!, origin(request));
    },
  });
};
