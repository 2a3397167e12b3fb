import { API, HealthQuerySchema, HealthSchema, NON_FIELD_ERRORS, UI_TEXTS } from '@course-coach/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.ts';
import { access } from './auth/access.ts';
import { installGuard } from './auth/guard.ts';
import { authRoutes } from './auth/routes.ts';
import { isDatabaseUnavailable } from './db/availability.ts';
import { installConditionalGet } from './http/conditional-get.ts';
import { fieldErrorsFromValidation, HttpError } from './http/errors.ts';
import { installJsonParser, installPlainTextCheck } from './http/plain-text.ts';
import { installNoBodyRoutes } from './http/route-common.ts';
import { DOCS_CSP, installSecurityHeaders } from './http/security-headers.ts';
import { installCompression, installWebFiles, loadIndexPage, sendIndexPage } from './http/web-app.ts';
import { accountRoutes } from './modules/accounts/index.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { audienceRoutes } from './modules/audience/routes.ts';
import { auditRoutes, installAuditContext } from './modules/audit/index.ts';
import { bulletinRoutes } from './modules/bulletins/routes.ts';
import { characteristicDefinitionRoutes } from './modules/characteristics/definition-routes.ts';
import { characteristicsRoutes } from './modules/characteristics/routes.ts';
import { chartRoutes } from './modules/charts/routes.ts';
import { checklistRoutes } from './modules/checklists/index.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { emailRoutes } from './modules/emails/routes.ts';
import { emailSendLogRoutes } from './modules/emails/send-log-routes.ts';
import { engagementRoutes } from './modules/engagement/routes.ts';
import { faqRoutes } from './modules/faq/index.ts';
import { gradeCalculatorRoutes } from './modules/grades/calculator-routes.ts';
import { gradeRoutes } from './modules/grades/routes.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { imageRoutes } from './modules/images/routes.ts';
import { importRoutes } from './modules/imports/routes.ts';
import { institutionRoutes } from './modules/institutions/routes.ts';
import { instructorHomeRoutes } from './modules/instructor-home/index.ts';
import { lmsRoutes } from './modules/lms/routes.ts';
import { allowFraming, ltiRoutes } from './modules/lti/index.ts';
import { myDataRoutes } from './modules/mydata/routes.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { playbookRoutes } from './modules/playbooks/routes.ts';
import { searchRoutes } from './modules/search/index.ts';
import { samlRoutes, ssoRoutes } from './modules/sso/index.ts';
import { surveyResultsRoutes } from './modules/surveys/results-routes.ts';
import { surveyRoutes } from './modules/surveys/routes.ts';
import { tailoringRoutes } from './modules/tailoring/routes.ts';
import { testimonialRoutes } from './modules/testimonials/routes.ts';
import { tipRoutes } from './modules/tips/routes.ts';
import { todoRoutes } from './modules/todos/routes.ts';
import { trashRoutes } from './modules/trash/routes.ts';
import { wizardRoutes } from './modules/wizard/routes.ts';

const VERSION = '0.1.0';
/** Retry-After (seconds) of the 503 answered while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;
/**
 * How long /api/health waits for the database's `select 1` before reporting it down: a load balancer's
 * probe gets its answer in time even when the server is unreachable and connecting would take longer.
 */
export const HEALTH_DB_TIMEOUT_MS = 3000;
/** Largest accepted request body (bytes). Larger ones answer 400. */
export const BODY_LIMIT = 1024 * 1024;

/** `promise`'s outcome, or a rejection when it has not settled within `ms` (it goes on unobserved). */
function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Builds the Fastify app: plugins, the access guard, the API routes, OpenAPI at /api/docs and the built
 * web app with SPA fallback. Does not listen (tests call `inject` or `listen` themselves).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // `/x` and `/x/` are the same route (the spec writes some paths with a trailing slash and some without;
    // a client adding or dropping one must not get a 404). Each route is still registered once, in the
    // spec's form, so the route table, the access matrix and the OpenAPI document list it once.
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own errors (a malformed %-escape in a path parameter, a parameter over 100
    // characters) would otherwise answer with Fastify's internal error body: no such resource.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return reply.code(404).send({ detail: UI_TEXTS.notFound });
      }
      return reply.code(500).send({ detail: UI_TEXTS.serverError });
    },
  }).withTypeProvider<ZodTypeProvider>();
  installNoBodyRoutes(app);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  installJsonParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every error answer is JSON. Said explicitly: when a streamed file fails after its headers were
    // copied to the response (index.html unreadable for a moment: too many open files under load, or
    // replaced by a build), the raw response still says text/html, Fastify would then refuse to send
    // the JSON object below (FST_ERR_REP_INVALID_PAYLOAD_TYPE) and answer with its own error body.
    reply.type('application/json; charset=utf-8');
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    // The database is away (restart, failover, network): 503 with a plain sentence, and a hint when to
    // try again; the pool reconnects by itself (db/client.ts).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ detail: UI_TEXTS.databaseUnavailable });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(fieldErrorsFromValidation(error.validation));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const own = request.routeOptions.config?.bodyTooLarge;
      return reply.code(400).send(own ?? { [NON_FIELD_ERRORS]: [UI_TEXTS.bodyTooLarge] });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ [NON_FIELD_ERRORS]: [UI_TEXTS.invalidJson] });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(400).send({ [NON_FIELD_ERRORS]: ['Send the request body as application/json.'] });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(400).send({ [NON_FIELD_ERRORS]: [error.message || 'Bad request.'] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: UI_TEXTS.serverError });
  });

  await app.register(fastifyCookie);
  installAuditContext(app);
  await installSecurityHeaders(app);
  installConditionalGet(app);
  await installCompression(app);
  installGuard(app, database, config);
  installPlainTextCheck(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Course Coach API', version: VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRFToken' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {},
    staticCSP: DOCS_CSP,
  });

  app.get(
    API.health,
    {
      config: { access: access.public() },
      schema: {
        tags: ['health'],
        querystring: HealthQuerySchema,
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const dbOk = await withinTime(database.query('select 1'), HEALTH_DB_TIMEOUT_MS).then(
        () => true,
        () => false,
      );
      const latency = Math.round((performance.now() - started) * 100) / 100;
      let jobs: { ok: boolean; detail?: string };
      if (!deps.boss) jobs = { ok: true, detail: 'queue not started in this process' };
      else {
        try {
          jobs = { ok: await withinTime(deps.boss.isInstalled(), HEALTH_DB_TIMEOUT_MS) };
        } catch {
          jobs = { ok: false, detail: 'job queue unreachable' };
        }
      }
      const ok = dbOk && jobs.ok;
      const demo = deps.demo?.status() ?? 'off';
      const waiting = request.query.wait_for === 'demo' && demo !== 'ready' && demo !== 'off';
      return reply.code(ok && !waiting ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok: dbOk, kind: database.kind, latency_ms: latency },
        jobs,
        version: VERSION,
        demo: { status: demo },
      });
    },
  );

  await app.register(authRoutes, deps);
  await app.register(gradeRoutes, deps);
  await app.register(gradeCalculatorRoutes, deps);
  await app.register(institutionRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(dashboardRoutes, deps);
  await app.register(instructorHomeRoutes, deps);
  await app.register(historyRoutes, deps);
  await app.register(chartRoutes, deps);
  await app.register(tipRoutes, deps);
  await app.register(faqRoutes, deps);
  await app.register(searchRoutes, deps);
  await app.register(checklistRoutes, deps);
  await app.register(imageRoutes, deps);
  await app.register(documentRoutes, deps);
  await app.register(todoRoutes, deps);
  await app.register(trashRoutes, deps);
  await app.register(testimonialRoutes, deps);
  await app.register(bulletinRoutes, deps);
  await app.register(tailoringRoutes, deps);
  await app.register(importRoutes, deps);
  await app.register(lmsRoutes, deps);
  await app.register(characteristicsRoutes, deps);
  await app.register(characteristicDefinitionRoutes, deps);
  await app.register(playbookRoutes, deps);
  await app.register(emailRoutes, deps);
  await app.register(audienceRoutes, deps);
  await app.register(surveyRoutes, deps);
  await app.register(surveyResultsRoutes, deps);
  await app.register(emailSendLogRoutes, deps);
  await app.register(wizardRoutes, deps);
  await app.register(ssoRoutes, deps);
  await app.register(samlRoutes, deps);
  await app.register(ltiRoutes, deps);
  await app.register(homeRoutes, deps);
  await app.register(engagementRoutes, deps);
  await app.register(myDataRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(auditRoutes, deps);

  // The built web app, from the same port; page routes fall back to index.html (the SPA routes them),
  // answered from memory (read and compressed once here).
  const indexPage = loadIndexPage(config.WEB_DIST);
  if (indexPage) await installWebFiles(app, config.WEB_DIST);
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && indexPage !== null;
    // A session an LTI launch started may be shown inside its LMS's frame, by that origin only (docs/lti.md).
    if (wantsPage)
      return sendIndexPage(request, allowFraming(reply, request.user?.frameOrigin ?? null), indexPage);
    return reply.code(404).send({ detail: UI_TEXTS.notFound });
  });

  return app;
}
