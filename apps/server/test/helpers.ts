import { API, CSRF_COOKIE, CSRF_HEADER, type Me } from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/password.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { DEMO_PASSWORD, importOulad } from '../src/seed/oulad.ts';
import { openFileDatabase, type Template } from './file-database.ts';
import { TEST_PRESENTATIONS, testConfig } from './test-config.ts';

export { DEMO_PASSWORD, TEST_PRESENTATIONS, testConfig };

/**
 * Opens a database of this test file's own (test/file-database.ts): a copy of the run's `migrated`
 * template (every migration, no rows) by default, or of `seeded` (plus the OULAD test presentations).
 * Closed, and on PostgreSQL dropped, when the file ends.
 */
export async function openTestDatabase(template: Template = 'migrated'): Promise<Database> {
  return (await openFileDatabase(template)).database;
}

export interface TestContext {
  database: Database;
  config: Config;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` of the listening app. */
  baseUrl: string;
  /** The demo institution's id. */
  institutionId: number;
  /** A fresh cookie jar ("browser") talking to the app. */
  browser(): Browser;
  /** A browser signed in as `email` (password `coach-demo`); fails the test when sign-in fails. */
  signIn(email: string, password?: string): Promise<Browser>;
}

let contextPromise: Promise<TestContext> | undefined;

/**
 * The app the calling test file talks to, created on its first call in that file and shared by its
 * tests: a database of the file's own with the OULAD test presentations (a copy of the run's `seeded`
 * template, test/file-database.ts) and the app listening on a random local port. `closeTestContext`
 * (run by file-setup.ts when the file ends) closes it, so the next file gets a new one.
 */
export function getTestContext(): Promise<TestContext> {
  contextPromise ??= createContext();
  return contextPromise;
}

/** Closes this file's app, if one was made; its database closes with the file's others (file-setup.ts). */
export async function closeTestContext(): Promise<void> {
  const pending = contextPromise;
  contextPromise = undefined;
  if (!pending) return;
  const ctx = await pending.catch(() => undefined);
  await ctx?.app.close().catch(() => undefined);
}

async function createContext(): Promise<TestContext> {
  const { database, url } = await openFileDatabase('seeded');
  const config = testConfig({ DATABASE_URL: url || undefined });
  // Already imported in the template: this only finds the demo institution.
  const result = await importOulad(database, {
    dir: config.OULAD_DIR,
    presentations: [...TEST_PRESENTATIONS],
  });
  const app = await buildApp({ database, config, boss: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('app is not listening on a TCP port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const ctx: TestContext = {
    database,
    config,
    app,
    baseUrl,
    institutionId: result.institutionId,
    browser: () => new Browser(baseUrl),
    signIn: async (email, password = DEMO_PASSWORD) => {
      const browser = new Browser(baseUrl);
      const res = await browser.signIn(email, password);
      if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${res.text}`);
      return browser;
    },
  };
  return ctx;
}

/** One Set-Cookie header, parsed. */
export interface SetCookie {
  name: string;
  value: string;
  httpOnly: boolean;
  secure: boolean;
  sameSite: string | undefined;
  path: string | undefined;
  maxAge: number | undefined;
  expires: Date | undefined;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
  const eq = pair.indexOf('=');
  const cookie: SetCookie = {
    name: pair.slice(0, eq),
    value: decodeURIComponent(pair.slice(eq + 1)),
    httpOnly: false,
    secure: false,
    sameSite: undefined,
    path: undefined,
    maxAge: undefined,
    expires: undefined,
  };
  for (const attr of attrs) {
    const [rawKey = '', ...rest] = attr.split('=');
    const key = rawKey.toLowerCase();
    const value = rest.join('=');
    if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'secure') cookie.secure = true;
    else if (key === 'samesite') cookie.sameSite = value;
    else if (key === 'path') cookie.path = value;
    else if (key === 'max-age') cookie.maxAge = Number(value);
    else if (key === 'expires') cookie.expires = new Date(value);
  }
  return cookie;
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests themselves
export interface HttpResult<T = any> {
  status: number;
  headers: Headers;
  /** The raw body. */
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: T;
  /** The cookies this response set (already applied to the jar). */
  setCookies: SetCookie[];
}

export interface RequestOptions {
  /** A JSON body (serialised, with content-type application/json). */
  json?: unknown;
  /** A raw body, sent as is (with `contentType`, default application/json). */
  body?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * The X-CSRFToken header on a write: `true` (default) sends the jar's csrftoken (fetching one first
   * when the jar has none), `false` sends none, a string sends that string.
   */
  csrf?: boolean | string;
}

/** A cookie-keeping HTTP client over real HTTP (fetch), like one browser. */
export class Browser {
  readonly jar = new Map<string, string>();

  /**
   * `timeoutMs`: each request fails with a TimeoutError after that long instead of waiting as long as the
   * server does (for suites that stop and kill server processes, where a request may never be answered).
   */
  constructor(
    readonly baseUrl: string,
    readonly options: { timeoutMs?: number } = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async request<T = unknown>(method: string, url: string, opts: RequestOptions = {}): Promise<HttpResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    // ArrayBuffer-backed (the DOM lib's BodyInit, which xmldom's types bring in, wants no SharedArrayBuffer).
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : new Uint8Array(opts.body);
      headers['content-type'] = opts.contentType ?? 'application/json';
    }
    const isWrite = !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
    const csrf = opts.csrf ?? true;
    if (isWrite && csrf !== false) {
      headers[CSRF_HEADER] = typeof csrf === 'string' ? csrf : await this.ensureCsrf();
    }
    if (this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    }
    const signal = this.options.timeoutMs ? AbortSignal.timeout(this.options.timeoutMs) : undefined;
    const res = await fetch(new URL(url, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal,
    });
    const text = await res.text();
    const setCookies = res.headers.getSetCookie().map(parseSetCookie);
    for (const c of setCookies) {
      const expired =
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires !== undefined && c.expires.getTime() <= Date.now()) ||
        c.value === '';
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, text, body: parsed as T, setCookies };
  }

  get<T = unknown>(url: string, opts?: RequestOptions) {
    return this.request<T>('GET', url, opts);
  }

  post<T = unknown>(url: string, json?: unknown, opts: RequestOptions = {}) {
    return this.request<T>('POST', url, { ...opts, json: json ?? opts.json });
  }

  /** Returns the jar's CSRF token, asking the server for one first when there is none. */
  async ensureCsrf(): Promise<string> {
    if (!this.jar.has(CSRF_COOKIE)) {
      const res = await this.get(API.csrf);
      if (res.status !== 204) throw new Error(`GET ${API.csrf} answered ${res.status}`);
    }
    const token = this.jar.get(CSRF_COOKIE);
    if (!token) throw new Error('the server set no csrftoken cookie');
    return token;
  }

  signIn(email: string, password: string = DEMO_PASSWORD) {
    return this.post<Me>(API.login, { email, password });
  }
}

/** The demo email of an OULAD student. */
export const studentEmailOf = (idStudent: string | number) => `s${idStudent}@demo.edu`;
/** The demo email of a presentation's instructor (`AAA-2013J` → instructor-aaa-2013j@demo.edu). */
export const instructorEmailOf = (presentation: string) =>
  `instructor-${presentation.toLowerCase()}@demo.edu`;
export const STAFF_EMAIL = 'staff@demo.edu';

/** The coach id of a presentation (`AAA-2013J`). */
export async function coachIdOf(ctx: TestContext, presentation: string): Promise<number> {
  const [course, term] = presentation.split('-');
  const rows = await ctx.database.query<{ id: number }>(
    'select id from coaches where institution_id = $1 and course_code = $2 and term_code = $3',
    [ctx.institutionId, course, term],
  );
  if (!rows[0]) throw new Error(`no coach for ${presentation}`);
  return rows[0].id;
}

/** The user id of an email. */
export async function userIdOf(ctx: TestContext, email: string): Promise<number> {
  const rows = await ctx.database.query<{ id: number }>('select id from users where email = $1', [email]);
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** The first `count` students of a coach by user id: email and user id. */
export async function firstStudentsOf(
  ctx: TestContext,
  coachId: number,
  count: number,
): Promise<Array<{ email: string; id: number }>> {
  return ctx.database.query<{ email: string; id: number }>(
    `select u.email, u.id from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student' order by u.id limit $2`,
    [coachId, count],
  );
}

/**
 * The email of the first student (by user id) of coach `otherCoachId` who is not enrolled in `coachId`:
 * an outsider to `coachId` who is a student elsewhere in the institution. Throws when there is none.
 */
export async function outsiderStudentEmail(
  ctx: TestContext,
  otherCoachId: number,
  coachId: number,
): Promise<string> {
  const [row] = await ctx.database.query<{ email: string }>(
    `select u.email from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student'
        and not exists (select 1 from enrollments x where x.user_id = u.id and x.coach_id = $2)
      order by u.id limit 1`,
    [otherCoachId, coachId],
  );
  if (!row) throw new Error(`no student of coach ${otherCoachId} outside coach ${coachId}`);
  return row.email;
}

/**
 * Inserts another institution (`name`, `slug`) with one member: `email`, called `userName`, with the
 * demo password and institution role `role`. Returns the institution's and the user's ids. The caller
 * deletes the institution afterwards (its users and memberships go with it).
 */
export async function insertOtherInstitution(
  ctx: TestContext,
  other: { name: string; slug: string; email: string; userName: string; role: 'staff' | 'admin' },
): Promise<{ institutionId: number; userId: number }> {
  const [inst] = await ctx.database.query<{ id: number }>(
    'insert into institutions (name, slug) values ($1, $2) returning id',
    [other.name, other.slug],
  );
  const [user] = await ctx.database.query<{ id: number }>(
    'insert into users (institution_id, email, name, password_hash) values ($1, $2, $3, $4) returning id',
    [inst!.id, other.email, other.userName, await hashPassword(DEMO_PASSWORD)],
  );
  await ctx.database.query(
    'insert into institution_memberships (institution_id, user_id, role) values ($1, $2, $3)',
    [inst!.id, user!.id, other.role],
  );
  return { institutionId: inst!.id, userId: user!.id };
}

/** Row counts of the tables a request might write to. */
export async function writeCounts(ctx: TestContext): Promise<Record<string, number>> {
  const [row] = await ctx.database.query<Record<string, number>>(
    `select (select count(*)::int from sessions) as sessions,
            (select count(*)::int from login_failures) as login_failures,
            (select count(*)::int from users) as users`,
  );
  return row!;
}

/**
 * Registers hooks that delete, after each test, the `login_failures` rows the test created, so that the
 * per-IP limit (all tests come from 127.0.0.1) is not used up by earlier tests.
 */
export function cleanLoginFailuresAfterEach(): void {
  let mark = 0;
  beforeEach(async () => {
    const ctx = await getTestContext();
    const [row] = await ctx.database.query<{ max: number | string | null }>(
      'select max(id) as max from login_failures',
    );
    mark = Number(row?.max ?? 0);
  });
  afterEach(async () => {
    const ctx = await getTestContext();
    await ctx.database.query('delete from login_failures where id > $1', [mark]);
  });
}
