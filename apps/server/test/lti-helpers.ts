import { LTI_API, type LtiRegistrationBody } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import type { PgBoss } from 'pg-boss';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import {
  CANVAS_ADMIN_ROLES,
  CANVAS_STUDENT_ROLES,
  CANVAS_TEACHER_ROLES,
  type LtiStandinUser,
} from '../src/modules/lms/canvas-lti-standin.ts';
import { type CanvasStandin, startCanvasStandin } from '../src/modules/lms/canvas-standin.ts';
import type { Browser, HttpResult, TestContext } from './helpers.ts';

/**
 * Set-up of the LTI suites (docs/lti.md): an app of their own on the file's test database (recording
 * every refusal), the Canvas stand-in acting as the LTI platform for that app, and a driver that walks a
 * browser through the login initiation, the platform's authorization page and the form post.
 */

export const LTI_CLIENT_ID = '10000000000042';
export const LTI_DEPLOYMENT_ID = '42:standin-deployment';

/** The people the stand-in launches as (the key is the login_hint). */
export const LTI_USERS: Record<string, LtiStandinUser> = {
  student: { name: 'Lia Learner', email: 'lia.learner@lti-test.edu', roles: CANVAS_STUDENT_ROLES },
  student2: { name: 'Sam Second', email: 'sam.second@lti-test.edu', roles: CANVAS_STUDENT_ROLES },
  teacher: { name: 'Ian Instructor', email: 'ian.instructor@lti-test.edu', roles: CANVAS_TEACHER_ROLES },
  staff: { name: 'Stella Staff', email: 'lti-staff@lti-test.edu', roles: CANVAS_TEACHER_ROLES },
  admin: { name: 'Adam Admin', email: 'adam.admin@lti-test.edu', roles: CANVAS_ADMIN_ROLES },
  'no-email': { name: 'No Mail', roles: CANVAS_STUDENT_ROLES },
  observer: {
    name: 'Olly Observer',
    email: 'olly@lti-test.edu',
    roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'],
  },
};

export interface LtiTestApp {
  app: FastifyInstance;
  baseUrl: string;
  standin: CanvasStandin;
  refusals: Array<{ registrationId: number | null; code: string; reason: string }>;
  close(): Promise<void>;
}

/** Starts an app (with `config`, default the suite's; `boss` to queue jobs) and the stand-in platform launching it. */
export async function startLtiTestApp(
  ctx: TestContext,
  config: Config = ctx.config,
  boss: PgBoss | null = null,
): Promise<LtiTestApp> {
  const refusals: LtiTestApp['refusals'] = [];
  const app = await buildApp({
    database: ctx.database,
    config,
    boss,
    onLtiRefusal: (r) => refusals.push(r),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const standin = await startCanvasStandin({
    lti: {
      clientId: LTI_CLIENT_ID,
      deploymentId: LTI_DEPLOYMENT_ID,
      toolLoginUrl: `${baseUrl}${LTI_API.login}`,
      users: LTI_USERS,
    },
  });
  return {
    app,
    baseUrl,
    standin,
    refusals,
    close: async () => {
      await standin.close();
      await app.close();
    },
  };
}

/** A registration body for the stand-in, with `overrides`. */
export function standinRegistration(standin: CanvasStandin, overrides: Partial<LtiRegistrationBody> = {}) {
  return {
    label: 'Canvas stand-in',
    issuer: standin.url,
    client_id: LTI_CLIENT_ID,
    auth_login_url: `${standin.url}/api/lti/authorize_redirect`,
    jwks_url: `${standin.url}/api/lti/security/jwks`,
    platform_origin: standin.url,
    deployment_ids: [LTI_DEPLOYMENT_ID],
    staff_roles: [],
    ...overrides,
  } satisfies LtiRegistrationBody;
}

/** What the platform's authorization page auto-posts. */
export interface LaunchForm {
  action: string;
  id_token: string;
  state: string;
}

/** The login initiation's parameters as the stand-in's course page sends them. */
export function loginParams(
  standin: CanvasStandin,
  as: string,
  courseId: number,
  extra: Record<string, string> = {},
) {
  return new URLSearchParams({
    iss: standin.url,
    login_hint: as,
    lti_message_hint: String(courseId),
    client_id: LTI_CLIENT_ID,
    lti_deployment_id: LTI_DEPLOYMENT_ID,
    ...extra,
  });
}

/**
 * The first half of a launch: the login initiation (GET, in `browser`, which keeps the state cookie) and
 * the platform's authorization page, whose form is returned unsent.
 * @throws when the login initiation does not redirect to the platform.
 */
export async function launchForm(
  browser: Browser,
  standin: CanvasStandin,
  as: string,
  courseId: number,
): Promise<LaunchForm> {
  const login = await browser.get(`${LTI_API.login}?${loginParams(standin, as, courseId)}`);
  if (login.status !== 302) throw new Error(`login answered ${login.status}: ${login.text.slice(0, 300)}`);
  const page = await fetch(login.headers.get('location')!);
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action || !field('id_token'))
    throw new Error(`no launch form (${page.status}): ${html.slice(0, 300)}`);
  return { action, id_token: field('id_token')!, state: field('state') ?? '' };
}

/** Posts a launch form as the platform's page does (a cross-site form: no CSRF header). */
export function postForm(browser: Browser, url: string, fields: Record<string, string>): Promise<HttpResult> {
  return browser.request('POST', url, {
    body: new URLSearchParams(fields).toString(),
    contentType: 'application/x-www-form-urlencoded',
    csrf: false,
  });
}

/** A whole launch as `as` into `courseId`, in `browser`. */
export async function launch(browser: Browser, standin: CanvasStandin, as: string, courseId: number) {
  const form = await launchForm(browser, standin, as, courseId);
  return postForm(browser, form.action, { id_token: form.id_token, state: form.state });
}
