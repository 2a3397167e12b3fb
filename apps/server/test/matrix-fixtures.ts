import { API, CSRF_COOKIE, CSRF_HEADER, IMPORT_API, WIZARD_API } from '@course-coach/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { hashPassword } from '../src/auth/password.ts';
import { encodePng } from '../src/modules/images/png.ts';
import {
  type CanvasStandin,
  FIRST_COURSE_ID,
  startCanvasStandin,
} from '../src/modules/lms/canvas-standin.ts';
import { seedWizardReference } from '../src/seed/wizard.ts';
import { DEMO_PASSWORD, getTestContext, type TestContext, testConfig } from './helpers.ts';

/**
 * Shared fixtures of the access matrix and the fuzz suite: the server's own route table, a
 * cookie-keeping `app.inject` client with CSRF, a small world of two institutions with one user of every
 * persona and real resources of every kind in coach A, and a checksum of the tenant tables.
 */

/** Who calls: nobody, a student of coach A, a student of coach B (same institution), the
 * instructor of coach A, staff of institution 1 (coaches A and B) and staff of institution 2. */
export const PERSONAS = ['anonymous', 'studentA', 'studentB', 'instructorA', 'staff1', 'staff2'] as const;
export type Persona = (typeof PERSONAS)[number];

/** One route of the table: method and URL pattern as registered, e.g. `GET /api/v1/coach/:coachId/tips`. */
export interface RouteEntry {
  method: string;
  url: string;
  key: string;
}

/**
 * Which registered routes the suites cover. Excluded, by rule and not by list:
 * - `HEAD` routes: Fastify adds one for every GET (`exposeHeadRoutes`); it runs the GET's handler and
 *   hooks, so the GET's row covers it.
 * - routes outside `/api/` and `/Dashboard/` (the built web app's static files, the SPA fallback) and
 *   the OpenAPI docs under `/api/docs` (static Swagger UI and the generated document): they hold no data.
 * Everything else is an API route and must have a policy.
 */
export function isCoveredRoute(method: string, url: string): boolean {
  if (method === 'HEAD') return false;
  if (url.startsWith('/api/docs')) return false;
  return url.startsWith('/api/') || url.startsWith('/Dashboard/');
}

/** A JSON-ish answer of the inject client. */
export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked by the suites
  body: any;
  headers: Record<string, unknown>;
}

export interface CallOptions {
  json?: unknown;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One "browser" over `app.inject`: keeps cookies and sends the CSRF header on every write. */
export class InjectClient {
  readonly jar = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

  async request(method: string, url: string, opts: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...opts.headers };
    let payload: string | Buffer | undefined;
    if (opts.json !== undefined) {
      payload = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.body !== undefined) {
      payload = opts.body;
      headers['content-type'] = opts.contentType ?? 'application/json';
    }
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) {
      if (!this.jar.has(CSRF_COOKIE)) await this.request('GET', API.csrf);
      headers[CSRF_HEADER] = this.jar.get(CSRF_COOKIE) ?? '';
    }
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      payload,
      cookies: Object.fromEntries(this.jar),
    });
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const gone = c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0);
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, text: res.body, body, headers: res.headers };
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, json?: unknown) {
    return this.request('POST', url, { json });
  }
}

/** Ids of the world every suite call resolves its path parameters against. */
export interface World {
  ctx: TestContext;
  app: FastifyInstance;
  /** The server's route table as `onRoute` saw it (every method, every URL). */
  routes: RouteEntry[];
  inst1: number;
  inst2: number;
  coachA: number;
  coachB: number;
  coachC: number;
  users: Record<Exclude<Persona, 'anonymous'>, { id: number; email: string }>;
  clients: Record<Persona, InjectClient>;
  /** Resource ids in coach A (and the institution ids) by kind. */
  ids: Record<string, number>;
  /** A session of staff 1 of its own, for fixtures and look-ups. */
  admin: InjectClient;
  /**
   * A valid basic_info step for the coach setup wizard in institution 1: each call names a course and
   * term pair no coach has yet (a pair makes one coach). `wizardCoachInfo` is the one of `ids.wizardCoach`.
   */
  wizardBasicInfo(): Record<string, unknown>;
  wizardCoachInfo: Record<string, unknown>;
  /** Signs the fixtures' session of staff 1 in again (after staff 1 signed out everywhere). */
  reviveAdmin(): Promise<void>;
  /** Creates a fresh resource of a kind in coach A (as staff 1) and returns its id. */
  fresh(kind: string): Promise<number>;
  /** Deletes the world's institutions (cascading to everything in them). */
  dispose(): Promise<void>;
}

export const png = encodePng(3, 2, (x, y) => [x * 80, y * 100, 50]);

/** The characteristic of institution 1 the fixtures wire and rule on. */
export const MX_CHAR = 'mx_mood';
/** The code name of the shared characteristic definition fixture (the first one created). */
export const MX_DEFINITION = 'mx_def_1';
let definitions = 0;

/** A guided-import mapping of the matrix's upload: the e-mail column, then MX_CHAR. */
export const matrixMapping = () => ({
  source: 'registrar',
  student: { column: 'email', by: 'email' },
  columns: [{ column: MX_CHAR, action: 'existing', characteristic: MX_CHAR }],
  recode: {},
});

/**
 * Builds the world: its own app on the file's test database (with an `onRoute` hook collecting the route
 * table), two new institutions, coaches A and B in institution 1 and C in institution 2, one user per
 * persona, signed in, and one resource of every kind in coach A created through the API as staff 1.
 */
export async function buildWorld(tag: string): Promise<World> {
  const ctx = await getTestContext();
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, key: `${method} ${route.url}` });
  };
  // The Canvas stand-in, so that the LMS routes answer for real rather than "not configured".
  const standin: CanvasStandin = await startCanvasStandin({
    clientId: 'mx-client',
    clientSecret: 'mx-secret',
  });
  const config = testConfig({
    DATABASE_URL: ctx.config.DATABASE_URL,
    CANVAS_BASE_URL: standin.url,
    CANVAS_CLIENT_ID: 'mx-client',
    CANVAS_CLIENT_SECRET: 'mx-secret',
    CANVAS_REDIRECT_URI: 'http://localhost:3000/api/v1/lms/canvas/callback',
    LMS_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
  const app = await buildApp({ database: ctx.database, config, boss: null, onRoute });
  await app.ready();
  const q = ctx.database.query.bind(ctx.database);
  const stamp = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const [i1] = await q<{ id: number }>('insert into institutions (name, slug) values ($1, $2) returning id', [
    `Matrix One ${stamp}`,
    `mx1-${stamp}`,
  ]);
  const [i2] = await q<{ id: number }>('insert into institutions (name, slug) values ($1, $2) returning id', [
    `Matrix Two ${stamp}`,
    `mx2-${stamp}`,
  ]);
  const inst1 = i1!.id;
  const inst2 = i2!.id;
  const coach = async (inst: number, code: string) => {
    const [row] = await q<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, $2, $3, '2026J', 200, 50) returning id`,
      [inst, `Matrix ${code}`, `MX${code}`],
    );
    return row!.id;
  };
  const coachA = await coach(inst1, 'A');
  const coachB = await coach(inst1, 'B');
  const coachC = await coach(inst2, 'C');
  const hash = await hashPassword(DEMO_PASSWORD);
  const users = {} as World['users'];
  const personInst: Record<Exclude<Persona, 'anonymous'>, number> = {
    studentA: inst1,
    studentB: inst1,
    instructorA: inst1,
    staff1: inst1,
    staff2: inst2,
  };
  for (const [persona, inst] of Object.entries(personInst) as Array<[keyof World['users'], number]>) {
    const email = `${persona.toLowerCase()}-${stamp}@matrix.test`.toLowerCase();
    const [row] = await q<{ id: number }>(
      `insert into users (institution_id, email, name, password_hash, external_id)
       values ($1, $2, $3, $4, $5) returning id`,
      [inst, email, `Matrix ${persona}`, hash, `${persona}-${stamp}`],
    );
    users[persona] = { id: row!.id, email };
  }
  const enroll = (coachId: number, userId: number, role: string) =>
    q('insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, $4)', [
      inst1,
      coachId,
      userId,
      role,
    ]);
  await enroll(coachA, users.studentA.id, 'student');
  await enroll(coachB, users.studentB.id, 'student');
  await enroll(coachA, users.instructorA.id, 'instructor');
  await q(`insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'staff')`, [
    inst1,
    users.staff1.id,
  ]);
  await q(`insert into institution_memberships (institution_id, user_id, role) values ($1, $2, 'staff')`, [
    inst2,
    users.staff2.id,
  ]);
  // A set characteristic with a source, so that rules, surveys and wiring have something to name: a
  // course fact (per enrolment), which instructors may import into their own coach.
  const [src] = await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar') returning id`,
    [inst1],
  );
  const [chr] = await q<{ id: number }>(
    `insert into characteristics (institution_id, name, question, kind, scope, default_value, restriction_values)
     values ($1, $2, 'How do you feel?', 'set', 'enrolment', 'none', $3::jsonb) returning id`,
    [
      inst1,
      MX_CHAR,
      JSON.stringify([
        { value: 'none', label: 'None' },
        { value: 'happy', label: 'Happy' },
        { value: 'sad', label: 'Sad' },
      ]),
    ],
  );
  await q('insert into characteristic_sources (characteristic_id, source_id) values ($1, $2)', [
    chr!.id,
    src!.id,
  ]);
  const [gb] = await q<{ id: number }>(
    `insert into gradebooks (institution_id, coach_id, title) values ($1, $2, 'Matrix gradebook') returning id`,
    [inst1, coachA],
  );
  const [asg] = await q<{ id: number }>(
    `insert into assignments (institution_id, coach_id, gradebook_id, external_id, title, assessment_type, due_day, weight)
     values ($1, $2, $3, 'mx-1', 'Matrix TMA', 'TMA', 30, 50) returning id`,
    [inst1, coachA, gb!.id],
  );

  const clients = {} as Record<Persona, InjectClient>;
  clients.anonymous = new InjectClient(app);
  for (const persona of Object.keys(users) as Array<keyof World['users']>) {
    const client = new InjectClient(app);
    const res = await client.post(API.login, { email: users[persona].email, password: DEMO_PASSWORD });
    expect(res.status, `sign-in of ${persona}: ${res.text}`).toBe(200);
    clients[persona] = client;
  }

  // Fixtures are made by a session of staff 1 of its own (the persona's session may sign out).
  const staff = new InjectClient(app);
  expect((await staff.post(API.login, { email: users.staff1.email, password: DEMO_PASSWORD })).status).toBe(
    200,
  );
  // Staff 1 connects Canvas: our authorize → the stand-in's page → our callback.
  const start = await clients.staff1.get(`/api/v1/institution/${inst1}/lms/canvas/authorize`);
  expect(start.status, start.text).toBe(302);
  const atCanvas = await fetch(String(start.headers.location), { redirect: 'manual' });
  const back = new URL(atCanvas.headers.get('location') ?? '');
  const callback = await clients.staff1.get(`${back.pathname}${back.search}`);
  expect(callback.status, callback.text).toBe(302);
  // A session of student A of its own, signed in afresh for each fixture that is a student's own (a
  // deleted own to-do): the persona may have ended all of student A's sessions (logout-all) by then.
  const ownStudentSession = async () => {
    const client = new InjectClient(app);
    const res = await client.post(API.login, { email: users.studentA.email, password: DEMO_PASSWORD });
    expect(res.status, `sign-in of student A: ${res.text}`).toBe(200);
    return client;
  };
  const created = async (res: Answer, what: string): Promise<number> => {
    expect([200, 201, 202], `creating ${what}: ${res.status} ${res.text}`).toContain(res.status);
    const id = res.body?.id;
    expect(typeof id, `creating ${what}: no id in ${res.text}`).toBe('number');
    return id as number;
  };
  const ids: Record<string, number> = {
    gradebook: gb!.id,
    assignment: asg!.id,
    coachA,
    inst1,
    canvasCourse: FIRST_COURSE_ID,
  };
  definitions = 0;
  const creators: Record<string, () => Promise<number>> = {
    tip: async () => created(await staff.post(API.tips(coachA), { html: '<p>Matrix tip</p>' }), 'tip'),
    // A tip in coach A's trash (docs/trash.md): created, then deleted.
    trashedTip: async () => {
      const id = await created(await staff.post(API.tips(coachA), { html: '<p>Matrix tip</p>' }), 'tip');
      expect((await staff.request('DELETE', API.tip(coachA, id))).status).toBe(204);
      return id;
    },
    // Student A's own to-do, deleted: in their own trash.
    trashedOwnTodo: async () => {
      const ownStudent = await ownStudentSession();
      const id = await created(
        await ownStudent.post(API.todoItems(coachA), { title: 'Matrix own' }),
        'own to-do',
      );
      expect((await ownStudent.request('DELETE', API.todoItem(coachA, id))).status).toBe(204);
      return id;
    },
    faqEntry: async () =>
      created(
        await staff.post(API.coachFaq(coachA), { question: 'Matrix?', answer: '<p>Yes.</p>' }),
        'FAQ entry',
      ),
    ltiRegistration: async () =>
      created(
        await staff.post(`/api/v1/institution/${inst1}/lti/registrations`, {
          label: 'Matrix LMS',
          issuer: `https://lms-${Math.random().toString(36).slice(2)}.matrix.invalid`,
          client_id: 'mx',
          auth_login_url: 'https://lms.matrix.invalid/authorize',
          jwks_url: 'https://lms.matrix.invalid/jwks',
          platform_origin: 'https://lms.matrix.invalid',
          deployment_ids: ['1'],
        }),
        'LTI registration',
      ),
    institutionFaqEntry: async () =>
      created(
        await staff.post(API.institutionFaq(inst1), { question: 'Matrix?', answer: '<p>Yes.</p>' }),
        'institution FAQ entry',
      ),
    // An entry of institution 1's own FAQ, deleted: in the institution's own trash.
    trashedInstitutionFaqEntry: async () => {
      const id = await created(
        await staff.post(API.institutionFaq(inst1), { question: 'Matrix?', answer: '<p>Yes.</p>' }),
        'institution FAQ entry',
      );
      expect((await staff.request('DELETE', API.institutionFaqEntry(inst1, id))).status).toBe(204);
      return id;
    },
    checklistItem: async () =>
      created(await staff.post(API.checklist(coachA), { title: 'Matrix step' }), 'checklist item'),
    todoList: async () =>
      created(await staff.post(API.todoLists(coachA), { title: 'Matrix list' }), 'to-do list'),
    todoTag: async () =>
      created(await staff.post(API.todoTags(coachA), { label: `Matrix tag ${Math.random()}` }), 'to-do tag'),
    todoItem: async () =>
      created(
        await staff.post(API.todoItems(coachA), { title: 'Matrix item', todo_list: ids.todoList ?? null }),
        'to-do item',
      ),
    bulletin: async () =>
      created(
        await staff.post(API.bulletins(coachA), {
          title: 'Matrix bulletin',
          description: '<p>Hello</p>',
          publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
          status: 'Published',
        }),
        'bulletin',
      ),
    // A published bulletin with a document (a PNG) attached, for the document routes.
    documentedBulletin: async () => {
      const id = await created(
        await staff.post(API.bulletins(coachA), {
          title: 'Matrix bulletin with a document',
          publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
          status: 'Published',
        }),
        'bulletin',
      );
      const res = await staff.request(
        'PUT',
        `${API.contentDocument(coachA, 'bulletins', id)}?file_name=m.png`,
        {
          body: png,
          contentType: 'application/octet-stream',
        },
      );
      expect(res.status, `attaching a document: ${res.text}`).toBe(200);
      return id;
    },
    survey: async () =>
      created(
        await staff.post(`/api/v1/coach/${coachA}/surveys`, {
          title: 'Matrix survey',
          status: 'Published',
          questions: [{ prompt: 'Mood?', characteristic: MX_CHAR }],
          characteristics: [],
        }),
        'survey',
      ),
    email: async () =>
      created(
        await staff.post(`/api/v1/coach/${coachA}/emails`, {
          title: 'Matrix email',
          subject: 'Matrix subject',
          state: 'draft',
          sections: [{ body: '<p>Hello</p>' }],
        }),
        'email',
      ),
    image: async () =>
      created(
        await staff.request('POST', `${API.images(coachA)}?file_name=mx.png`, {
          body: png,
          contentType: 'application/octet-stream',
        }),
        'image',
      ),
    cohortGroup: async () =>
      created(
        await staff.post(API.cohortGroups(coachA), { name: `Matrix collection ${Math.random()}` }),
        'collection',
      ),
    cohort: async () =>
      created(
        await staff.post(API.cohorts(coachA), { name: `Matrix group ${Math.random()}` }),
        'insight group',
      ),
    rule: async () =>
      created(
        await staff.post(API.cohortRules(coachA, ids.cohort!), {
          characteristic: MX_CHAR,
          operation: 'equal to',
          value: 'happy',
        }),
        'rule',
      ),
    courseCharacteristic: async () =>
      created(
        await staff.post(API.courseCharacteristics(coachA), {
          title: 'Matrix course characteristic',
          status: 'Published',
          characteristics: [],
        }),
        'course characteristic',
      ),
    playbook: async () =>
      created(
        await staff.post(API.playbooks(coachA), {
          title: 'Matrix playbook',
          assignment_type: 'exam',
          exam_date: null,
          custom_date_message: null,
          is_released: true,
          planning_characteristics: [],
          planning_emotions_characteristics: [],
          reflection_characteristics: [],
        }),
        'playbook',
      ),
    // Characteristic definitions: the first one made is the shared fixture (MX_DEFINITION).
    characteristicDefinition: async () =>
      created(
        await staff.post(API.characteristicDefinitions(inst1), {
          name: `mx_def_${++definitions}`,
          label: 'Matrix definition',
          type: 'categorical',
          values: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        }),
        'characteristic definition',
      ),
    mtsImport: async () =>
      created(
        await staff.request('POST', `${API.mtsImport(coachA)}?source=registrar`, {
          body: `email,${MX_CHAR}\n${users.studentA.email},happy\n`,
          contentType: 'text/csv',
        }),
        'characteristic import',
      ),
    upload: async () =>
      created(
        await staff.request('POST', IMPORT_API.uploads(coachA), {
          body: `email,${MX_CHAR}\n${users.studentA.email},happy\n`,
          contentType: 'text/csv',
        }),
        'import upload',
      ),
    mapping: async () =>
      created(
        await staff.post(IMPORT_API.mappings(coachA), {
          name: `Matrix mapping ${Math.random()}`,
          mapping: matrixMapping(),
        }),
        'saved mapping',
      ),
  };
  // The coach setup wizard: reference terms and courses, and a half-finished set-up (basic_info saved).
  await seedWizardReference(ctx.database, inst1);
  const pairs = await q<{ term_id: number; course_id: number }>(
    `select t.id as term_id, c.id as course_id from institution_terms t
       join institution_courses c on c.institution_id = t.institution_id
      where t.institution_id = $1 order by t.id, c.id`,
    [inst1],
  );
  let nextPair = 0;
  const wizardBasicInfo = () => {
    const pair = pairs[nextPair++];
    if (!pair) throw new Error('access matrix: out of wizard course/term pairs');
    return { coach_name: `Matrix wizard ${nextPair}`, ...pair, admins: [{ email: users.staff1.email }] };
  };
  const wizardMade = new Map<number, Record<string, unknown>>();
  creators.wizardCoach = async () => {
    const data = wizardBasicInfo();
    const res = await staff.post(WIZARD_API.start(inst1), { step: 'basic_info', data });
    expect(res.status, `creating a wizard coach: ${res.text}`).toBe(200);
    expect(typeof res.body?.coach_id, `creating a wizard coach: ${res.text}`).toBe('number');
    wizardMade.set(res.body.coach_id, data);
    return res.body.coach_id as number;
  };
  // A testimonial of another student of coach A (not a persona, so that student A's own writes and
  // deletes leave it be), with consent and a picture that student uploaded, featured by staff: its picture
  // route answers for the coach's members.
  creators.testimonial = async () => {
    const [author] = await q<{ id: number }>(
      `insert into users (institution_id, email, name, password_hash, external_id)
       values ($1, $2, 'Matrix author', $3, $4) returning id`,
      [inst1, `author-${stamp}@matrix.test`, hash, `author-${stamp}`],
    );
    await enroll(coachA, author!.id, 'student');
    const [image] = await q<{ id: number }>(
      `insert into images (institution_id, coach_id, owner_user_id, file_name, content_type, byte_size, data)
       values ($1, $2, $3, 'me.png', 'image/png', $4, $5) returning id`,
      [inst1, coachA, author!.id, png.length, png],
    );
    await q(
      `insert into image_fields (institution_id, coach_id, user_id, name, image_id)
       values ($1, $2, $3, 'testimonial_icon', $4)`,
      [inst1, coachA, author!.id, image!.id],
    );
    const [row] = await q<{ id: number }>(
      `insert into testimonials (institution_id, coach_id, user_id, text, consent, featured)
       values ($1, $2, $3, 'Matrix testimonial', true, true) returning id`,
      [inst1, coachA, author!.id],
    );
    return row!.id;
  };
  creators.managedUser = async () => {
    const [row] = await q<{ id: number }>(
      `insert into users (institution_id, email, name, password_hash) values ($1, $2, 'Matrix managed', $3) returning id`,
      [inst1, `managed-${stamp}@matrix.test`, hash],
    );
    return row!.id;
  };
  // An LMS course linked to coach A, without a roster endpoint (“Sync roster now” records why, no network).
  creators.ltiCourse = async () => {
    const [row] = await q<{ id: number }>(
      `insert into lti_contexts (registration_id, institution_id, deployment_id, context_id, title, coach_id)
       values ($1, $2, '1', $3, 'Matrix LMS course', $4) returning id`,
      [ids.ltiRegistration, inst1, `matrix-course-${stamp}`, coachA],
    );
    return row!.id;
  };
  // A score post of student A to that course the platform did not accept (“Retry now” takes a fresh one,
  // each of another item: one post per course, item and student).
  creators.ltiFailedScore = async () => {
    const [row] = await q<{ id: number }>(
      `insert into lti_score_posts (context_row_id, item_type, item_id, user_id, completed_at, state, attempts, error)
       select $1, 'bulletin', coalesce(max(item_id), $2) + 1, $3, now(), 'failed', 10, 'The learning platform answered 500.'
         from lti_score_posts where context_row_id = $1 returning id`,
      [ids.ltiCourse, ids.bulletin, users.studentA.id],
    );
    return row!.id;
  };
  for (const kind of Object.keys(creators)) ids[kind] = await creators[kind]!();
  const wizardCoachInfo = wizardMade.get(ids.wizardCoach!)!;
  // The survey's question (for response bodies).
  const survey = await staff.get(`/api/v1/coach/${coachA}/surveys/${ids.survey}`);
  ids.surveyQuestion = survey.body?.questions?.[0]?.id;

  return {
    ctx,
    app,
    routes,
    inst1,
    inst2,
    coachA,
    coachB,
    coachC,
    users,
    clients,
    ids,
    admin: staff,
    wizardBasicInfo,
    wizardCoachInfo,
    reviveAdmin: async () => {
      const res = await staff.post(API.login, { email: users.staff1.email, password: DEMO_PASSWORD });
      expect(res.status, `signing staff 1 in again: ${res.text}`).toBe(200);
    },
    fresh: async (kind) => {
      const make = creators[kind];
      if (!make) throw new Error(`no creator for resource kind ${kind}`);
      return make();
    },
    dispose: async () => {
      await app.close();
      await standin.close();
      await removeWriteLog(ctx);
      await q('delete from institutions where id = any($1::int[])', [[inst1, inst2]]);
    },
  };
}

/** The resource kind an `:id` parameter names, by the path segment before it. */
const ID_KINDS: Record<string, string> = {
  tips: 'tip',
  faq: 'faqEntry',
  checklist: 'checklistItem',
  'todo-lists': 'todoList',
  'todo-items': 'todoItem',
  'todo-tags': 'todoTag',
  testimonials: 'testimonial',
  'featured-testimonials': 'testimonial',
  bulletins: 'bulletin',
  surveys: 'survey',
  emails: 'email',
  images: 'image',
  playbooks: 'playbook',
  'my-playbooks': 'playbook',
  'course-characteristics': 'courseCharacteristic',
  gradebooks: 'gradebook',
  assignments: 'assignment',
  'characteristic-definitions': 'characteristicDefinition',
  // The trash (docs/trash.md): a live tip and to-do item, not in the trash (a restore answers 404); the
  // matrix's own restore cases take a freshly deleted one instead (`fresh`).
  ':trashKind': 'tip',
  'my-trash': 'todoItem',
};

/** Path parameters other than `:id`, resolved against the world. */
function paramValue(w: World, name: string, previous: string, url: string): string {
  const byName: Record<string, () => number | string | undefined> = {
    // The wizard's coach is a set-up in progress; elsewhere coach A.
    coachId: () => (previous === 'coach-setup-wizard' ? w.ids.wizardCoach : w.coachA),
    step: () => 'basic_info',
    phase: () => 'planning',
    institutionId: () => w.inst1,
    bulletinId: () => w.ids.bulletin,
    cohortId: () => w.ids.cohort,
    cohortGroupId: () => w.ids.cohortGroup,
    ruleId: () => w.ids.rule,
    registrationId: () => w.ids.ltiRegistration,
    ltiCourseId: () => w.ids.ltiCourse,
    scorePostId: () => w.ids.ltiFailedScore,
    importId: () => w.ids.mtsImport,
    uploadId: () => w.ids.upload,
    mappingId: () => w.ids.mapping,
    gradebookId: () => w.ids.gradebook,
    // A user of institution 1 who is none of the personas (user administration).
    userId: () => w.ids.managedUser,
    // View as student: coach A's student.
    studentId: () => w.users.studentA.id,
    // Documents: the bulletin with one.
    kind: () => 'bulletins',
    // The trash: a tip (restore routes take a fresh deleted tip).
    // (the institution's own trash holds FAQ entries only).
    trashKind: () => (url.includes('/institution/') ? 'faq_entry' : 'tip'),
    itemId: () => w.ids.documentedBulletin,
    // A Canvas course of the stand-in's teacher.
    courseId: () => w.ids.canvasCourse,
    name: () => 'testimonial_icon',
    // An institution slug without single sign-on.
    slug: () => 'mx-no-sso',
    id: () => {
      // An institution's FAQ entry is not a coach's.
      if (previous === 'faq' && url.includes('/institution/')) return w.ids.institutionFaqEntry;
      const kind = ID_KINDS[previous];
      return kind ? w.ids[kind] : undefined;
    },
  };
  const value = byName[name]?.();
  if (value === undefined)
    throw new Error(`access matrix: no fixture value for :${name} in ${url} (add it to paramValue/ID_KINDS)`);
  return String(value);
}

/** The route's URL with every parameter filled in; the last one is `freshId` when given. */
export function fillUrl(w: World, url: string, freshId?: number): string {
  const segments = url.split('/');
  const lastParam = segments.map((s) => s.startsWith(':')).lastIndexOf(true);
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      if (i === lastParam && freshId !== undefined) return String(freshId);
      return paramValue(w, segment.slice(1), segments[i - 1] ?? '', url);
    })
    .join('/');
}

/** Tables whose rows change on every request by design (sessions slide, failed sign-ins are counted). */
const VOLATILE_TABLES = new Set(['sessions', 'login_failures']);

/**
 * Waits until the background work requests may start without a job queue (membership syncs, imports:
 * `setImmediate` in-process when there is no pg-boss) is done for the given institutions, so that a
 * checksum is not changed by a sync an earlier, accepted request started.
 */
export async function settle(ctx: TestContext, institutionIds: number[]): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const [row] = await ctx.database.query<{ busy: number }>(
      `select (select count(*) from cohort_sync_tasks where state = 'started' and institution_id = any($1::int[]))::int
            + (select count(*) from characteristic_imports where state = 'started' and institution_id = any($1::int[]))::int
              as busy`,
      [institutionIds],
    );
    if (!row?.busy) {
      await new Promise((r) => setTimeout(r, 20));
      return;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('background syncs or imports did not finish within 5 s');
}

/**
 * Per table of the public schema (except the volatile ones): how many row writes it has had, as a
 * string, to compare before and after refused requests. Any committed insert, update or delete, in any
 * tenant, changes it: the first call puts a row trigger on every such table (`installWriteLog`) that adds
 * a line to a log table in the writing transaction, so a rolled-back write leaves no line, and an update
 * that stores the same value still counts. Reading the small log is far cheaper than scanning every table
 * (it was 1.1 s per call on PGlite with the test presentations' data, most of the fuzz suite's time).
 * `removeWriteLog` takes the triggers and the log away again (World#dispose does).
 */
export async function tableChecksums(ctx: TestContext): Promise<Record<string, string>> {
  let tables = WRITE_LOGS.get(ctx.database);
  if (!tables) {
    tables = installWriteLog(ctx);
    WRITE_LOGS.set(ctx.database, tables);
  }
  const names = await tables;
  const rows = await ctx.database.query<{ table_name: string; writes: string }>(
    `select table_name, count(*)::text as writes from ${WRITE_LOG} group by table_name`,
  );
  const writes = new Map(rows.map((r) => [r.table_name, r.writes]));
  return Object.fromEntries(names.map((name) => [name, writes.get(name) ?? '0']));
}

/** The log table of row writes (test-only; never in a migration). */
const WRITE_LOG = 'zz_test_write_log';

/** Per database: the tables whose writes are logged, once the triggers are in. */
const WRITE_LOGS = new WeakMap<object, Promise<string[]>>();

/**
 * Creates the write log and an AFTER INSERT OR UPDATE OR DELETE row trigger (and a TRUNCATE statement
 * trigger) on every table of the public schema except the volatile ones; returns those tables' names.
 */
async function installWriteLog(ctx: TestContext): Promise<string[]> {
  const tables = (
    await ctx.database.query<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((t) => t.table_name)
    .filter((name) => !VOLATILE_TABLES.has(name) && !name.startsWith('__') && name !== WRITE_LOG);
  await ctx.database.query(`create table if not exists ${WRITE_LOG} (table_name text not null)`);
  await ctx.database.query(
    `create or replace function ${WRITE_LOG}_note() returns trigger language plpgsql as $$
       begin insert into ${WRITE_LOG} (table_name) values (tg_table_name); return null; end $$`,
  );
  for (const name of tables) {
    await ctx.database.query(
      `create trigger ${WRITE_LOG}_row after insert or update or delete on "${name}"
         for each row execute function ${WRITE_LOG}_note()`,
    );
    await ctx.database.query(
      `create trigger ${WRITE_LOG}_truncate after truncate on "${name}"
         for each statement execute function ${WRITE_LOG}_note()`,
    );
  }
  return tables;
}

/** Takes away what `tableChecksums` installed on this database, if anything. */
export async function removeWriteLog(ctx: TestContext): Promise<void> {
  const tables = WRITE_LOGS.get(ctx.database);
  if (!tables) return;
  WRITE_LOGS.delete(ctx.database);
  for (const name of await tables) {
    await ctx.database.query(`drop trigger if exists ${WRITE_LOG}_row on "${name}"`);
    await ctx.database.query(`drop trigger if exists ${WRITE_LOG}_truncate on "${name}"`);
  }
  await ctx.database.query(`drop function if exists ${WRITE_LOG}_note()`);
  await ctx.database.query(`drop table if exists ${WRITE_LOG}`);
}
