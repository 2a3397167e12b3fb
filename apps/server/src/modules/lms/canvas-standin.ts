import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLtiPlatform, type LtiPlatform, type LtiPlatformOptions } from './canvas-lti-standin.ts';
import {
  assignment,
  course,
  enrollments,
  FIRST_COURSE_ID,
  FOREIGN_COURSE_ID,
  STANDIN_TEACHER,
  standinAssignmentCount,
} from './canvas-standin-data.ts';
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from './settings.ts';

export {
  FIRST_COURSE_ID,
  FOREIGN_COURSE_ID,
  STANDIN_TEACHER,
  standinAssignmentCount,
  standinStudentCount,
} from './canvas-standin-data.ts';

/**
 * A Canvas stand-in for tests and the demo (README "Canvas LMS"): a small HTTP server on 127.0.0.1 that
 * implements only the Canvas endpoints Course Coach uses, with Canvas's response shapes:
 *
 * - GET  /login/oauth2/auth   (client_id, response_type=code, redirect_uri, state) → 302 to redirect_uri
 *   with `code` and `state` (the teacher approves at once), or `error=access_denied` when refusing;
 * - POST /login/oauth2/token  grant_type=authorization_code | refresh_token (client_id, client_secret in
 *   the form) → { access_token, token_type: "Bearer", user: {id, name}, refresh_token, expires_in }
 *   (no refresh_token on a refresh, as Canvas); errors as { error, error_description };
 * - GET  /api/v1/courses?enrollment_type=teacher, /api/v1/courses/:id/assignments,
 *   /api/v1/courses/:id/enrollments (type[], state[]) with `per_page` (max 100) and `page`, and RFC 8288
 *   Link headers (current, next, prev, first, last); a bad or expired token → 401 with WWW-Authenticate,
 *   a course the user does not belong to → 401 "user not authorized to perform that action".
 *
 * Knobs (in-process through `knobs`, or over HTTP: POST /__standin/knobs with JSON, POST
 * /__standin/expire-tokens, POST /__standin/revoke, GET /__standin/stats): courses, failStatus (answer
 * every call with that status), hang (answer nothing), refuse (deny authorization).
 * The data (./canvas-standin-data.ts) is generated from the course count, so it is the same on every start.
 */
export interface StandinKnobs {
  /** How many courses the teacher teaches (a course they do not teach always exists too). */
  courses: number;
  /** When set, every OAuth token and API call answers with this HTTP status. */
  failStatus: number | null;
  /** When true, OAuth token and API calls never answer (to test timeouts). */
  hang: boolean;
  /** When true, the authorization page refuses (error=access_denied). */
  refuse: boolean;
  /** Lifetime of issued access tokens, in seconds (Canvas: 3600). */
  expiresIn: number;
}

/** What the stand-in has answered so far (GET /__standin/stats). */
export interface StandinStats {
  authorizationCodeGrants: number;
  refreshGrants: number;
  apiCalls: number;
}

/** A running stand-in: its origin, knobs, stats and controls. */
export interface CanvasStandin {
  /** Origin, e.g. http://127.0.0.1:41234. */
  url: string;
  knobs: StandinKnobs;
  stats: StandinStats;
  /** The LTI 1.3 platform side (./canvas-lti-standin.ts), when started with `lti`. */
  lti: LtiPlatform | null;
  /** Makes every issued access token expired (the refresh tokens stay good). */
  expireTokens(): void;
  /** Revokes every access and refresh token (the user must authorize again). */
  revokeAll(): void;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1:`port` (0: any free port). */
export async function startCanvasStandin(
  options: {
    port?: number;
    host?: string;
    clientId?: string;
    clientSecret?: string;
    knobs?: Partial<StandinKnobs>;
    /** Also act as an LTI 1.3 platform launching the tool (docs/lti.md, Stand-in). */
    lti?: LtiPlatformOptions;
  } = {},
): Promise<CanvasStandin> {
  const clientId = options.clientId ?? STANDIN_CLIENT_ID;
  const clientSecret = options.clientSecret ?? STANDIN_CLIENT_SECRET;
  const knobs: StandinKnobs = {
    courses: 12,
    failStatus: null,
    hang: false,
    refuse: false,
    expiresIn: 3600,
    ...options.knobs,
  };
  const stats: StandinStats = { authorizationCodeGrants: 0, refreshGrants: 0, apiCalls: 0 };
  const lti = options.lti ? await createLtiPlatform(options.lti) : null;
  const codes = new Map<string, { redirectUri: string; expires: number }>();
  const accessTokens = new Map<string, { expires: number }>();
  const refreshTokens = new Set<string>();
  const token = () => `standin~${randomBytes(24).toString('base64url')}`;

  const json = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        data += chunk;
        if (data.length > 100_000) req.destroy();
      });
      req.on('end', () => resolve(data));
      req.on('error', reject);
    });

  const issue = () => {
    const access = token();
    accessTokens.set(access, { expires: Date.now() + knobs.expiresIn * 1000 });
    return access;
  };

  const paginate = (req: http.IncomingMessage, res: http.ServerResponse, url: URL, items: unknown[]) => {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page')) || 10));
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const link = (p: number, rel: string) => {
      const u = new URL(url.pathname + url.search, `http://${req.headers.host}`);
      u.searchParams.set('page', String(p));
      u.searchParams.set('per_page', String(perPage));
      return `<${u.toString()}>; rel="${rel}"`;
    };
    const links = [link(page, 'current')];
    if (page < last) links.push(link(page + 1, 'next'));
    if (page > 1) links.push(link(page - 1, 'prev'));
    links.push(link(1, 'first'), link(last, 'last'));
    json(res, 200, items.slice((page - 1) * perPage, page * perPage), { link: links.join(',') });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname;
    if (lti && (await lti.handle(req, res, url, `http://${req.headers.host}`))) return;

    // Test and demo controls.
    if (path.startsWith('/__standin/')) {
      if (req.method === 'GET' && path === '/__standin/stats') return json(res, 200, { ...stats, knobs });
      if (req.method === 'POST' && path === '/__standin/knobs') {
        const body = JSON.parse((await readBody(req)) || '{}') as Partial<StandinKnobs>;
        Object.assign(knobs, body);
        return json(res, 200, knobs);
      }
      if (req.method === 'POST' && path === '/__standin/expire-tokens') {
        for (const t of accessTokens.values()) t.expires = 0;
        return json(res, 200, { ok: true });
      }
      if (req.method === 'POST' && path === '/__standin/revoke') {
        accessTokens.clear();
        refreshTokens.clear();
        return json(res, 200, { ok: true });
      }
      return json(res, 404, { errors: [{ message: 'The specified resource does not exist.' }] });
    }

    if (req.method === 'GET' && path === '/login/oauth2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri');
      const state = url.searchParams.get('state');
      if (
        url.searchParams.get('client_id') !== clientId ||
        !redirectUri ||
        url.searchParams.get('response_type') !== 'code'
      )
        return json(res, 400, {
          error: 'invalid_request',
          error_description: 'unknown client_id or bad request',
        });
      const back = new URL(redirectUri);
      if (state) back.searchParams.set('state', state);
      if (knobs.refuse) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied access to your application.');
      } else {
        const code = token();
        codes.set(code, { redirectUri, expires: Date.now() + 10 * 60_000 });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (knobs.hang) return; // never answer
    if (knobs.failStatus) return json(res, knobs.failStatus, { errors: [{ message: 'An error occurred.' }] });

    if (req.method === 'POST' && path === '/login/oauth2/token') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return json(res, 401, { error: 'invalid_client', error_description: 'unknown client' });
      const user = {
        id: STANDIN_TEACHER.id,
        name: STANDIN_TEACHER.name,
        global_id: `1000000000000${STANDIN_TEACHER.id}`,
        effective_locale: 'en',
      };
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.expires < Date.now() || code.redirectUri !== form.get('redirect_uri'))
          return json(res, 400, {
            error: 'invalid_grant',
            error_description: 'authorization_code not found',
          });
        stats.authorizationCodeGrants++;
        const refresh = token();
        refreshTokens.add(refresh);
        return json(res, 200, {
          access_token: issue(),
          token_type: 'Bearer',
          user,
          canvas_region: 'us-east-1',
          refresh_token: refresh,
          expires_in: knobs.expiresIn,
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? ''))
          return json(res, 400, { error: 'invalid_grant', error_description: 'refresh_token not found' });
        stats.refreshGrants++;
        return json(res, 200, {
          access_token: issue(),
          token_type: 'Bearer',
          user,
          canvas_region: 'us-east-1',
          expires_in: knobs.expiresIn,
        });
      }
      return json(res, 400, {
        error: 'unsupported_grant_type',
        error_description: 'grant_type not supported',
      });
    }

    if (req.method === 'GET' && path.startsWith('/api/v1/')) {
      stats.apiCalls++;
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const known = bearer ? accessTokens.get(bearer) : undefined;
      if (!known || known.expires <= Date.now())
        return json(
          res,
          401,
          { errors: [{ message: 'Invalid access token.' }] },
          { 'www-authenticate': 'Bearer realm="canvas-lms"' },
        );
      const ids = Array.from({ length: knobs.courses }, (_, i) => FIRST_COURSE_ID + i);
      if (path === '/api/v1/courses') {
        const type = url.searchParams.get('enrollment_type');
        const list = type && type !== 'teacher' ? [] : ids.map((id) => course(id, STANDIN_TEACHER.id));
        return paginate(req, res, url, list);
      }
      const match = /^\/api\/v1\/courses\/([0-9]+)\/(assignments|enrollments)$/.exec(path);
      if (match) {
        const id = Number(match[1]);
        if (id === FOREIGN_COURSE_ID || !ids.includes(id)) {
          if (id === FOREIGN_COURSE_ID)
            return json(res, 401, {
              status: 'unauthorized',
              errors: [{ message: 'user not authorized to perform that action' }],
            });
          return json(res, 404, { errors: [{ message: 'The specified resource does not exist.' }] });
        }
        if (match[2] === 'assignments')
          return paginate(
            req,
            res,
            url,
            Array.from({ length: standinAssignmentCount(id) }, (_, i) => assignment(id, i)),
          );
        const types = url.searchParams.getAll('type[]');
        const states = url.searchParams.getAll('state[]');
        const list = enrollments(id).filter(
          (e) =>
            (types.length === 0 || types.includes(e.type)) &&
            (states.length === 0 || states.includes(e.enrollment_state)),
        );
        return paginate(req, res, url, list);
      }
    }
    return json(res, 404, { errors: [{ message: 'The specified resource does not exist.' }] });
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { errors: [{ message: 'An error occurred.' }] });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    knobs,
    stats,
    lti,
    expireTokens: () => {
      for (const t of accessTokens.values()) t.expires = 0;
    },
    revokeAll: () => {
      accessTokens.clear();
      refreshTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
