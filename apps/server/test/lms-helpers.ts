import { LMS_API } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type CanvasStandin, startCanvasStandin } from '../src/modules/lms/canvas-standin.ts';
import { Browser, type TestContext, testConfig } from './helpers.ts';

/**
 * Shared set-up of the suites that talk to the Canvas stand-in over HTTP (lms.test.ts, wizard.test.ts):
 * the stand-in, an app of their own configured for it on the file's test database, and the whole OAuth2
 * authorization through it.
 */

/** The redirect URI the Canvas test apps are configured with (as a real deployment would be). */
export const CANVAS_TEST_REDIRECT_URI = 'http://localhost:3000/api/v1/lms/canvas/callback';

/** The developer key and token key a Canvas test app uses. */
export interface CanvasKeys {
  clientId: string;
  clientSecret: string;
  /** LMS_TOKEN_KEY: 32 bytes, base64. */
  tokenKey: string;
}

/** A Canvas stand-in and an app of its own that talks to it. */
export interface CanvasTestApp {
  standin: CanvasStandin;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` of the listening app. */
  baseUrl: string;
}

/**
 * The test configuration for a Canvas at `standinUrl` with `keys`, on the file's test database:
 * with the fixed redirect URI and a 2,000 ms Canvas timeout unless `withRedirectAndTimeout` is false
 * (then the app derives the redirect URI from the request and keeps the default timeout). The timeout is
 * short so that a test of a Canvas that does not answer ends soon, and long enough for the stand-in's
 * answers under a loaded CI machine (at 400 ms, a token exchange timed out with three suites running on
 * two cores).
 */
export function canvasTestConfig(
  ctx: TestContext,
  standinUrl: string,
  keys: CanvasKeys,
  withRedirectAndTimeout = true,
) {
  return testConfig({
    DATABASE_URL: ctx.config.DATABASE_URL,
    CANVAS_BASE_URL: standinUrl,
    CANVAS_CLIENT_ID: keys.clientId,
    CANVAS_CLIENT_SECRET: keys.clientSecret,
    ...(withRedirectAndTimeout
      ? { CANVAS_REDIRECT_URI: CANVAS_TEST_REDIRECT_URI, CANVAS_TIMEOUT_MS: '2000' }
      : {}),
    LMS_TOKEN_KEY: keys.tokenKey,
  });
}

/**
 * Starts the Canvas stand-in (teaching `courses` courses) with `keys` and an app configured for it
 * (`canvasTestConfig`, no job queue), listening on a random local port. The caller closes both; when
 * the app cannot start, the stand-in is closed and the error thrown.
 */
export async function startCanvasTestApp(
  ctx: TestContext,
  keys: CanvasKeys,
  courses: number,
): Promise<CanvasTestApp> {
  const standin = await startCanvasStandin({
    clientId: keys.clientId,
    clientSecret: keys.clientSecret,
    knobs: { courses },
  });
  try {
    const config = canvasTestConfig(ctx, standin.url, keys);
    const app = await buildApp({ database: ctx.database, config, boss: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    return { standin, app, baseUrl: `http://127.0.0.1:${address.port}` };
  } catch (error) {
    await standin.close();
    throw error;
  }
}

/** Puts the stand-in's knobs back after a test: no failures, no hang, no refusal, `courses` courses. */
export function resetStandinKnobs(standin: CanvasStandin, courses: number): void {
  Object.assign(standin.knobs, { failStatus: null, hang: false, refuse: false, courses });
}

/** A new browser on `baseUrl`, signed in as `email` (the demo password); throws when sign-in fails. */
export async function signInAt(baseUrl: string, email: string): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const res = await browser.signIn(email);
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status}`);
  return browser;
}

/**
 * Follows the whole Canvas authorization: our authorize route (must answer 302) → the stand-in's page
 * (must answer 302) → our callback. Returns each step: the authorize answer, the stand-in's authorize
 * URL, the URL the stand-in sent the browser back to, and the callback's answer.
 */
export async function authorizeThroughStandin(browser: Browser, institutionId: number, returnTo: string) {
  const start = await browser.get(LMS_API.canvasAuthorize(institutionId, returnTo));
  expect(start.status).toBe(302);
  const canvasAuth = new URL(start.headers.get('location')!);
  const atCanvas = await fetch(canvasAuth, { redirect: 'manual' });
  expect(atCanvas.status).toBe(302);
  const back = new URL(atCanvas.headers.get('location')!);
  const callback = await browser.get(`${back.pathname}${back.search}`);
  return { start, canvasAuth, back, callback };
}
