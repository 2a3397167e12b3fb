import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET } from './settings.ts';

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
 * The data is generated from the course count, so it is the same on every start.
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

export interface StandinStats {
  authorizationCodeGrants: number;
  refreshGrants: number;
  apiCalls: number;
}

export interface CanvasStandin {
  /** Origin, e.g. http://127.0.0.1:41234. */
  url: string;
  knobs: StandinKnobs;
  stats: StandinStats;
  /** Makes every issued access token expired (the refresh tokens stay good). */
  expireTokens(): void;
  /** Revokes every access and refresh token (the user must authorize again). */
  revokeAll(): void;
  close(): Promise<void>;
}

/** The teacher who authorizes in the stand-in. */
export const STANDIN_TEACHER = { id: 1, name: 'Casey Canvas', login_id: 'casey.canvas@standin.example.edu' };
/** The first course id; course n (0-based) has id FIRST_COURSE_ID + n. */
export const FIRST_COURSE_ID = 101;
/** A course that exists but that the teacher does not teach. */
export const FOREIGN_COURSE_ID = 99;

const SUBJECTS = [
  'Biology',
  'Chemistry',
  'History',
  'Economics',
  'Statistics',
  'Literature',
  'Physics',
  'Psychology',
];
const TERMS = ['Fall 2026', 'Spring 2027'];

/** Students in course `courseId` (the first course has 130, to need two pages of enrollments). */
export function standinStudentCount(courseId: number): number {
  if (courseId === FIRST_COURSE_ID) return 130;
  return 8 + (courseId % 7);
}

/** Assignments in course `courseId`. */
export function standinAssignmentCount(courseId: number): number {
  return 4 + (courseId % 5);
}

function course(id: number, teacherId: number) {
  const n = id - FIRST_COURSE_ID;
  const subject = SUBJECTS[Math.abs(n) % SUBJECTS.length]!;
  const level = 100 + (Math.abs(n) % 4) * 100 + Math.floor(Math.abs(n) / SUBJECTS.length);
  const term = TERMS[Math.abs(n) % TERMS.length]!;
  const code = `${subject.slice(0, 4).toUpperCase()} ${level}`;
  return {
    id,
    name: `${code}: ${subject} (${term})`,
    account_id: 1,
    uuid: `standin-course-${id}`,
    start_at: term.startsWith('Fall') ? '2026-08-24T06:00:00Z' : '2027-01-11T06:00:00Z',
    grading_standard_id: null,
    is_public: false,
    created_at: '2026-06-01T12:00:00Z',
    course_code: code,
    default_view: 'modules',
    root_account_id: 1,
    enrollment_term_id: term.startsWith('Fall') ? 1 : 2,
    license: 'private',
    grade_passback_setting: null,
    end_at: term.startsWith('Fall') ? '2026-12-18T06:00:00Z' : '2027-05-07T06:00:00Z',
    public_syllabus: false,
    public_syllabus_to_auth: false,
    storage_quota_mb: 500,
    is_public_to_auth_users: false,
    homeroom_course: false,
    course_color: null,
    friendly_name: null,
    apply_assignment_group_weights: false,
    calendar: { ics: `http://canvas.standin/feeds/calendars/course_${id}.ics` },
    time_zone: 'America/Chicago',
    blueprint: false,
    template: false,
    enrollments: [
      {
        type: 'teacher',
        role: 'TeacherEnrollment',
        role_id: 4,
        user_id: teacherId,
        enrollment_state: 'active',
        limit_privileges_to_course_section: false,
      },
    ],
    hide_final_grades: false,
    workflow_state: 'available',
    restrict_enrollments_to_course_dates: false,
  };
}

function assignment(courseId: number, index: number) {
  const id = courseId * 1000 + index + 1;
  const quiz = index % 3 === 2;
  const due = new Date(Date.UTC(2026, 8, 7 + index * 14, 4, 59, 0)).toISOString().replace('.000', '');
  return {
    id,
    name: quiz ? `Quiz ${Math.floor(index / 3) + 1}` : index === 0 ? 'Midterm Exam' : `Homework ${index}`,
    description: '<p>Generated by the Canvas stand-in.</p>',
    created_at: '2026-06-01T12:00:00Z',
    updated_at: '2026-06-01T12:00:00Z',
    due_at: index === 1 ? null : due,
    lock_at: null,
    unlock_at: null,
    has_overrides: false,
    course_id: courseId,
    html_url: `http://canvas.standin/courses/${courseId}/assignments/${id}`,
    submissions_download_url: `http://canvas.standin/courses/${courseId}/assignments/${id}/submissions?zip=1`,
    assignment_group_id: 1,
    due_date_required: false,
    allowed_extensions: [],
    max_name_length: 255,
    turnitin_enabled: false,
    vericite_enabled: false,
    grade_group_students_individually: false,
    group_category_id: null,
    peer_reviews: false,
    automatic_peer_reviews: false,
    position: index + 1,
    post_manually: false,
    anonymous_grading: false,
    points_possible: index === 0 ? 100 : quiz ? 10 : 20,
    submission_types: quiz ? ['online_quiz'] : ['online_upload'],
    grading_type: 'points',
    published: true,
    unpublishable: false,
    only_visible_to_overrides: false,
    locked_for_user: false,
    is_quiz_assignment: quiz,
    omit_from_final_grade: false,
    moderated_grading: false,
    workflow_state: 'published',
  };
}

function canvasUser(id: number) {
  if (id === STANDIN_TEACHER.id)
    return {
      id,
      name: STANDIN_TEACHER.name,
      created_at: '2026-01-01T00:00:00Z',
      sortable_name: 'Canvas, Casey',
      short_name: 'Casey Canvas',
      sis_user_id: null,
      integration_id: null,
      login_id: STANDIN_TEACHER.login_id,
    };
  // Every 25th student has a login that is not an email (as at schools that use usernames).
  const login = id % 25 === 0 ? `user${id}` : `student${id}@standin.example.edu`;
  return {
    id,
    name: `Student ${id}`,
    created_at: '2026-01-01T00:00:00Z',
    sortable_name: `${id}, Student`,
    short_name: `Student ${id}`,
    sis_user_id: `SIS${id}`,
    integration_id: null,
    login_id: login,
  };
}

function enrollments(courseId: number) {
  const base = (type: string, roleId: number, userId: number, id: number) => ({
    id,
    course_id: courseId,
    sis_course_id: null,
    course_integration_id: null,
    course_section_id: courseId,
    section_integration_id: null,
    sis_account_id: null,
    sis_section_id: null,
    sis_user_id: null,
    enrollment_state: 'active',
    limit_privileges_to_course_section: false,
    sis_import_id: null,
    root_account_id: 1,
    type,
    user_id: userId,
    associated_user_id: null,
    role: type,
    role_id: roleId,
    created_at: '2026-06-01T12:00:00Z',
    updated_at: '2026-06-01T12:00:00Z',
    start_at: null,
    end_at: null,
    last_activity_at: null,
    last_attended_at: null,
    total_activity_time: 0,
    html_url: `http://canvas.standin/courses/${courseId}/users/${userId}`,
    ...(type === 'StudentEnrollment'
      ? {
          grades: {
            html_url: `http://canvas.standin/courses/${courseId}/grades/${userId}`,
            current_score: null,
            current_grade: null,
            final_score: null,
            final_grade: null,
          },
        }
      : {}),
    user: canvasUser(userId),
  });
  const out = [base('TeacherEnrollment', 4, STANDIN_TEACHER.id, courseId * 10_000)];
  const count = standinStudentCount(courseId);
  for (let i = 0; i < count; i++) {
    // Students are shared between neighbouring courses, as in a real school.
    const userId = 1000 + ((courseId * 37 + i) % 4000);
    out.push(base('StudentEnrollment', 3, userId, courseId * 10_000 + i + 1));
  }
  // A student who dropped, and an observer: neither should be imported.
  out.push({ ...base('StudentEnrollment', 3, 9001, courseId * 10_000 + 9001), enrollment_state: 'inactive' });
  out.push(base('ObserverEnrollment', 7, 9002, courseId * 10_000 + 9002));
  return out;
}

/** Starts the stand-in on 127.0.0.1:`port` (0: any free port). */
export async function startCanvasStandin(
  options: {
    port?: number;
    host?: string;
    clientId?: string;
    clientSecret?: string;
    knobs?: Partial<StandinKnobs>;
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
