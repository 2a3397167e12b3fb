import { LTI_API, LTI_CLAIM, LTI_ENDPOINTS, PAGES, SESSION_COOKIE } from '@course-coach/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { access } from '../../auth/access.ts';
import { issueCsrfCookie, sameSiteOf, setSessionCookie } from '../../auth/guard.ts';
import { createSession, deleteSession } from '../../auth/sessions.ts';
import { tokenDigest } from '../../auth/tokens.ts';
import { endpointRoute } from '../../http/endpoint.ts';
import { notFound } from '../../http/errors.ts';
import { publicOrigin } from '../../http/public-origin.ts';
import { pathId } from '../../http/route-common.ts';
import { resolveLmsSettings } from '../lms/index.ts';
import { decideLtiRoles, launchAccount, launchContext, recordContext } from './accounts.ts';
import { canvasToolConfiguration } from './canvas-config.ts';
import { failedScoreRoutes } from './failed-scores.ts';
import {
  type LoginInitiation,
  LTI_BROWSER_COOKIE,
  LTI_LOGIN_MINUTES,
  LtiRefusal,
  startLogin,
  takeLoginState,
  verifyLaunch,
} from './flow.ts';
import { toolJwks } from './keys.ts';
import { backfillLineItems } from './line-items.ts';
import { contextCoach, createLinkOffer, linkContext } from './links.ts';
import { LTI_ROSTER_QUEUE, type RosterJobData } from './nrps.ts';
import { allowFraming, linkExpiredPage, linkOfferPage, refusalPage, unlinkedPage } from './pages.ts';
import {
  createRegistration,
  deleteRegistration,
  listLinkedCourses,
  listRegistrations,
  registrationAnswer,
  updateRegistration,
} from './registrations.ts';
import { queueScorePosts } from './scores.ts';
import { syncRosterNow } from './sync-now.ts';

const FormField = z.string().max(20_000).optional();
const LoginParams = z.object({
  iss: FormField,
  login_hint: FormField,
  target_link_uri: FormField,
  lti_message_hint: FormField,
  client_id: FormField,
  lti_deployment_id: FormField,
});

/**
 * LTI 1.3 tool routes (docs/lti.md): our JWKS and Canvas configuration, the login initiation and the
 * launch (public: the platform sends the browser; forms from another site, so no CSRF cookie — the
 * state, the browser cookie and the signed id_token are the checks), the staff's link of an LMS course
 * to a coach, and the staff's platform registrations. The staff's JSON routes are described once
 * (`LTI_ENDPOINTS`); the protocol routes stay registered by hand: the JWKS and the Canvas configuration
 * (their shapes are the standards', RFC 7517 and Canvas's developer key JSON, which a schema must not
 * trim; the JWKS also sets its own cache header), the login initiation (a redirect, also a form post), the
 * launch and the link (form posts answered by redirects or plain HTML pages).
 */
export const ltiRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { database, config } = deps;
  const origin = (request: FastifyRequest) => publicOrigin(config, request);
  const key = (deps.lms ?? resolveLmsSettings(config)).tokenKey;

  // The platform posts forms (application/x-www-form-urlencoded), in this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** Logs a refused launch with its reason and answers the plain page, framed by the platform only. */
  function refuse(request: FastifyRequest, reply: FastifyReply, error: LtiRefusal) {
    const registrationId = error.registration?.id ?? null;
    request.log.warn({ registrationId, code: error.code, reason: error.reason }, 'LTI launch refused');
    deps.onLtiRefusal?.({ registrationId, code: error.code, reason: error.reason });
    return refusalPage(reply, error.code, error.registration?.platform_origin ?? null);
  }

  /** GET jwks → our public keys. By hand: the JWKS shape is RFC 7517's (no schema trims it), cached 5 minutes. */
  app.get(
    LTI_API.jwks,
    { config: { access: access.public() }, schema: { tags: ['lti'] } },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await toolJwks(database, key)),
  );

  /** GET config.json → the Canvas developer key JSON. By hand: its shape is Canvas's, not ours. */
  app.get(
    LTI_API.config,
    { config: { access: access.public() }, schema: { tags: ['lti'] } },
    async (request) => canvasToolConfiguration(origin(request)),
  );

  async function login(request: FastifyRequest, reply: FastifyReply, params: LoginInitiation) {
    try {
      const started = await startLogin(database, params, `${origin(request)}${LTI_API.launch}`);
      reply.setCookie(LTI_BROWSER_COOKIE, started.browserToken, {
        path: LTI_API.launch,
        ...sameSiteOf(reply, config, true),
        httpOnly: true,
        maxAge: LTI_LOGIN_MINUTES * 60,
      });
      return reply.header('cache-control', 'no-store').redirect(started.url, 302);
    } catch (error) {
      if (error instanceof LtiRefusal) return refuse(request, reply, error);
      throw error;
    }
  }

  /**
   * GET/POST login (OIDC third-party-initiated login) → 302 to the platform's authorization endpoint.
   * By hand: a redirect (or the refusal page), and the POST is the platform's form post.
   */
  app.get(
    LTI_API.login,
    { config: { access: access.public() }, schema: { tags: ['lti'], querystring: LoginParams } },
    async (request, reply) => login(request, reply, request.query),
  );
  app.post(
    LTI_API.login,
    { config: { access: access.public(), csrf: false }, schema: { tags: ['lti'], body: LoginParams } },
    async (request, reply) => login(request, reply, request.body),
  );

  /**
   * POST launch (form_post: id_token, state) → a new session and 303 to the linked coach's dashboard; for
   * an unlinked course the staff's link offer or the student's plain page; any refusal → 400 plain page,
   * the reason logged, nothing written. By hand: the platform's form post, answered by a redirect or HTML.
   */
  app.post(
    LTI_API.launch,
    {
      config: { access: access.public(), csrf: false },
      schema: {
        tags: ['lti'],
        body: z.object({
          id_token: FormField,
          state: FormField,
          error: FormField,
          error_description: FormField,
        }),
      },
    },
    async (request, reply) => {
      const browserToken = request.cookies[LTI_BROWSER_COOKIE];
      reply.clearCookie(LTI_BROWSER_COOKIE, { path: LTI_API.launch, ...sameSiteOf(reply, config, true) });
      try {
        const taken = await takeLoginState(database, request.body.state, browserToken);
        const registration = taken.registration;
        if (request.body.error)
          throw new LtiRefusal(
            'invalid',
            `the platform answered ${request.body.error}: ${request.body.error_description ?? ''}`,
            registration,
          );
        const claims = await verifyLaunch(database, registration, taken.nonce, request.body.id_token);
        const roles = decideLtiRoles(registration, claims[LTI_CLAIM.roles]);
        const context = launchContext(registration, claims);
        const coachId = await contextCoach(database, registration, context.contextId);
        const account = await launchAccount(database, registration, claims, roles, coachId);
        const contextRow = await recordContext(database, registration, context);
        const frameOrigin = registration.platform_origin;
        if (account.kind === 'unlinked') {
          request.log.info(
            { registrationId: registration.id, contextId: context.contextId },
            'LTI launch into an unlinked course',
          );
          return unlinkedPage(reply, frameOrigin, roles.coachRole === 'instructor');
        }
        const old = request.cookies[SESSION_COOKIE];
        if (old) await deleteSession(database, tokenDigest(old));
        const token = await createSession(
          database,
          account.user,
          config.SESSION_TTL_HOURS,
          request.headers['user-agent'],
          config.SESSION_MAX_HOURS,
          frameOrigin,
        );
        setSessionCookie(reply, config, token, true);
        issueCsrfCookie(reply, config, true);
        request.log.info(
          { registrationId: registration.id, userId: account.user.id, created: account.created, coachId },
          'LTI launch',
        );
        if (coachId !== null) {
          // Line items of the coach's for-credit items not made yet: the score job makes them (Grades).
          if ((await backfillLineItems(database.query, contextRow.id)) > 0) await queueScorePosts(deps.boss);
          // The roster follows in a job (docs/lti.md, Roster): the launch does not wait for the platform.
          if (deps.boss && context.nrpsUrl)
            deps.boss
              .send(LTI_ROSTER_QUEUE, { contextId: contextRow.id } satisfies RosterJobData, {
                singletonKey: `lti-roster-${contextRow.id}`,
                singletonSeconds: 300,
              })
              .catch((error: unknown) => request.log.warn({ error }, 'LTI roster sync not queued'));
          return allowFraming(reply, frameOrigin)
            .header('cache-control', 'no-store')
            .redirect(PAGES.coachDetails(coachId), 303);
        }
        const offer = await createLinkOffer(
          database,
          contextRow.id,
          account.user.id,
          registration.institution_id,
        );
        return linkOfferPage(reply, frameOrigin, { ...offer, courseTitle: context.title });
      } catch (error) {
        if (error instanceof LtiRefusal) return refuse(request, reply, error);
        throw error;
      }
    },
  );

  /**
   * POST link (form from the link offer page: link_token, coach_id) → links the course to the coach
   * (audited) and 303 to its dashboard; an unknown, used, expired or other user's token, or a coach not
   * of the institution → the plain "page expired" page, nothing written. By hand: a form post, answered
   * by a redirect or HTML.
   */
  app.post(
    LTI_API.link,
    {
      config: { access: access.authenticated(), csrf: false },
      schema: { tags: ['lti'], body: z.object({ link_token: FormField, coach_id: FormField }) },
    },
    async (request, reply) => {
      const user = request.user!;
      const coachId = Number(request.body.coach_id);
      const linked = await linkContext(database, user.userId, request.body.link_token, coachId);
      if (!linked) return linkExpiredPage(reply, user.frameOrigin);
      if (linked.lineItems > 0) await queueScorePosts(deps.boss);
      return allowFraming(reply, user.frameOrigin).redirect(PAGES.coachDetails(linked.coachId), 303);
    },
  );

  const tool = (request: FastifyRequest) => ({
    login_url: `${origin(request)}${LTI_API.login}`,
    launch_url: `${origin(request)}${LTI_API.launch}`,
    jwks_url: `${origin(request)}${LTI_API.jwks}`,
    config_url: `${origin(request)}${LTI_API.config}`,
  });

  /** GET registrations → the institution's registrations, its linked courses and our tool's URLs. */
  app.route({
    ...endpointRoute(LTI_ENDPOINTS.registrations),
    handler: async (request) => {
      const rows = await listRegistrations(database, request.institution!.institutionId);
      const courses = await listLinkedCourses(database, request.institution!.institutionId);
      return { registrations: rows.map(registrationAnswer), courses, tool: tool(request) };
    },
  });

  /** POST registrations → 201 with the new registration; 400 field errors. */
  app.route({
    ...endpointRoute(LTI_ENDPOINTS.createRegistration),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createRegistration(database, request.institution!.institutionId, request.body)),
  });

  /** PUT registration → the saved registration; 404 for another institution's or an unknown one. */
  app.route({
    ...endpointRoute(LTI_ENDPOINTS.updateRegistration),
    handler: async (request) => {
      const id = pathId(request.params.registrationId);
      const saved = await updateRegistration(database, request.institution!.institutionId, id, request.body);
      if (!saved) throw notFound();
      return saved;
    },
  });

  /** DELETE registration → 204; 404 for another institution's or an unknown one. */
  app.route({
    ...endpointRoute(LTI_ENDPOINTS.removeRegistration),
    handler: async (request, reply) => {
      const id = pathId(request.params.registrationId);
      if (!(await deleteRegistration(database, request.institution!.institutionId, id))) throw notFound();
      return reply.code(204).send(null);
    },
  });

  /** POST course sync → the linked course's line after syncing its roster now; 404 when not the institution's. */
  app.route({
    ...endpointRoute(LTI_ENDPOINTS.syncCourse),
    handler: async (request) => {
      const id = pathId(request.params.ltiCourseId);
      const line = await syncRosterNow(
        database,
        key,
        request.institution!.institutionId,
        id,
        undefined,
        deps.boss,
      );
      if (!line) throw notFound();
      return line;
    },
  });

  await failedScoreRoutes(app, deps);
};
