import { standinMetadata } from '../src/modules/sso/saml-assertion.ts';
import { MX_CHAR, MX_DEFINITION, matrixMapping, type Persona, png, type World } from './matrix-fixtures.ts';

/** Metadata of an identity provider that is not there (the matrix never signs on). */
const MATRIX_IDP_METADATA = standinMetadata(
  'https://idp.matrix.invalid/idp',
  'https://idp.matrix.invalid/sso',
);

/**
 * The declared access policy of every API route. Written from the product
 * rules (spec §6, docs/design.md Roles and Tenancy), NOT from the routes' own `config.access`: students use
 * their own data in coaches they are enrolled in; instructors their own coaches; staff every coach of
 * their institution; another tenant's coach, institution or resource answers 404; a role without the
 * right answers 403; nobody signed in answers 401.
 *
 * Each entry names a route as registered (`METHOD /pattern/:param`) and gives, per persona, the answer
 * the matrix expects when that persona calls it with the fixture's real ids: `'ok'` (any 2xx or 3xx) or
 * an exact status. A route of the server's table that is missing here fails the suite, so a new route
 * cannot be added without saying who may call it. To add one: copy the nearest entry, pick a preset (or
 * spell out the six answers), and give a valid `body` for writes.
 */

export type Expected = 'ok' | 400 | 401 | 403 | 404 | 409;
export type Policy = Record<Persona, Expected>;

const P = (
  anonymous: Expected,
  studentA: Expected,
  studentB: Expected,
  instructorA: Expected,
  staff1: Expected,
  staff2: Expected,
): Policy => ({ anonymous, studentA, studentB, instructorA, staff1, staff2 });

/**
 * Presets, by persona: anonymous, student of coach A, student of coach B (same institution, not in A),
 * instructor of A, staff of institution 1, staff of institution 2.
 */
export const PRESETS = {
  /** Anyone, signed in or not. */
  public: P('ok', 'ok', 'ok', 'ok', 'ok', 'ok'),
  /** Any signed-in user (their own account). */
  signedIn: P(401, 'ok', 'ok', 'ok', 'ok', 'ok'),
  /** Everyone with a place in coach A: its students, instructors, and staff of its institution. */
  coachMember: P(401, 'ok', 404, 'ok', 'ok', 404),
  /** Coach A's staff side: its instructors and staff of its institution; its students are refused. */
  coachStaff: P(401, 403, 404, 'ok', 'ok', 404),
  /** Coach A's students only (completing to-dos, answering surveys); its staff side is refused. */
  coachStudent: P(401, 'ok', 404, 403, 403, 404),
  /** Institution staff only, on a coach (LMS roster import): even the coach's instructor is refused. */
  coachInstitutionStaff: P(401, 403, 404, 403, 'ok', 404),
  /** Institution 1's staff only; its students and instructors learn it exists (403); others 404. */
  institutionStaff: P(401, 403, 403, 403, 'ok', 404),
  /** Everybody with a place in institution 1, seeing what their coaches show them. */
  institutionMember: P(401, 'ok', 'ok', 'ok', 'ok', 404),
} as const;

/** A preset with some personas' answers changed (say why next to the entry). */
const except = (policy: Policy, changes: Partial<Policy>): Policy => ({ ...policy, ...changes });

export interface RouteSpec {
  policy: Policy;
  /** A valid JSON body for a write (so that "ok" means the write was done, not merely validated). */
  body?: (w: World) => unknown | Promise<unknown>;
  /** A raw body (with its content type) instead of JSON. */
  raw?: (w: World) => { body: string | Buffer; contentType: string };
  /** A query string appended to the URL (without `?`). */
  query?: string | ((w: World) => string);
  /** Runs after the persona's other calls (it ends something the others need: a session, a connection). */
  last?: boolean;
  /**
   * The route's last path parameter is a resource of this kind, created fresh (as staff 1) before each
   * call: deletes and other one-shot writes don't use up the shared fixture.
   */
  fresh?: string;
}

const tipBody = () => ({ html: '<p>Matrix tip, edited</p>' });
const faqBody = () => ({ question: 'Matrix question?', answer: '<p>Matrix answer.</p>' });
const listBody = () => ({ title: 'Matrix list, edited' });
const tagBody = () => ({ label: `Matrix tag ${Math.random()}` });
const itemBody = () => ({ title: 'Matrix item, edited' });
const bulletinBody = () => ({
  title: 'Matrix bulletin, edited',
  publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
  status: 'Published',
});
const surveyBody = () => ({
  title: 'Matrix survey, edited',
  status: 'Published',
  questions: [{ prompt: 'Mood?', characteristic: MX_CHAR }],
});
const emailBody = () => ({
  title: 'Matrix email',
  subject: 'Subject',
  state: 'draft',
  sections: [{ body: '<p>x</p>' }],
});
const playbookBody = () => ({
  title: 'Matrix playbook, edited',
  assignment_type: 'quiz',
  exam_date: null,
  custom_date_message: null,
  is_released: false,
  planning_characteristics: [],
  planning_emotions_characteristics: [],
  reflection_characteristics: [],
});
const courseCharBody = () => ({
  title: 'Matrix course characteristic, edited',
  status: 'Draft',
  characteristics: [],
});
const ruleBody = () => ({ characteristic: MX_CHAR, operation: 'equal to', value: 'sad' });

const C = '/api/v1/coach/:coachId';
/** Staff views of a student's data name the student (students' own views ignore or accept their own id). */
const ofStudentA = (w: World) => `user_id=${w.users.studentA.id}`;
export const studentView = { policy: PRESETS.coachMember, query: ofStudentA };
const I = '/api/v1/institution/:institutionId';
/** Saves the wizard coach's basic_info again, unchanged, without moving on (action save_only). */
const wizardSave = (w: World) => ({ step: 'basic_info', action: 'save_only', data: w.wizardCoachInfo });

export const ACCESS_POLICY: Record<string, RouteSpec> = {
  // --- health, sign-in, account --------------------------------------------------------------------
  'GET /api/health': { policy: PRESETS.public },
  // A sign-in with an empty body: reachable by everybody, refused for the body (400), never 401/403.
  'POST /api/v1/auth/login': { policy: P(400, 400, 400, 400, 400, 400), body: () => ({}) },
  // Sign-out runs last for each persona (the matrix keeps it for the end).
  'POST /api/v1/auth/logout': { policy: PRESETS.public, last: true },
  // (The matrix runs sign-out after every other call, `last` ones included.)
  // Sign-out everywhere ends every session of the user; it runs last, and the matrix then signs staff 1's
  // fixture session in again.
  'POST /api/v1/auth/logout-all': { policy: PRESETS.signedIn, last: true },
  'GET /api/v1/auth/csrf': { policy: PRESETS.public },
  'GET /api/v1/me': { policy: PRESETS.signedIn },
  // --- accounts (docs/accounts.md) ---------------------------------------------------------------------
  // A wrong current password: 400 for everyone signed in (nothing changes, no session ends).
  'POST /api/v1/account/password': {
    policy: P(401, 400, 400, 400, 400, 400),
    body: () => ({ current_password: 'not the password', new_password: 'a fine new phrase' }),
  },
  // Public; an address nobody has (a new one each call, under the per-address limit): 202 for everyone.
  'POST /api/v1/auth/password-reset': {
    policy: PRESETS.public,
    body: () => ({ email: `nobody-${Math.random().toString(36).slice(2)}@matrix.test` }),
  },
  // Public; a forged token: 400 for everyone, nothing written.
  'POST /api/v1/auth/set-password': {
    policy: P(400, 400, 400, 400, 400, 400),
    body: () => ({ token: 'forged-matrix-token', password: 'a fine new phrase' }),
  },

  // --- notifications (docs/notifications.md): the caller's own, computed from their student enrolments --
  'GET /api/v1/notifications': { policy: PRESETS.signedIn },
  'GET /api/v1/notifications/unread-count': { policy: PRESETS.signedIn },
  // A notification nobody has: 404 for everyone signed in (only one's own can be marked), nothing written.
  'POST /api/v1/notifications/read': {
    policy: P(401, 404, 404, 404, 404, 404),
    body: () => ({ kind: 'bulletin', source_id: 2_147_483_647 }),
  },
  'POST /api/v1/notifications/read-all': { policy: PRESETS.signedIn },
  'GET /api/v1/notifications/settings': { policy: PRESETS.signedIn },
  'PUT /api/v1/notifications/settings': { policy: PRESETS.signedIn, body: () => ({ digest: 'off' }) },
  // Public and signed out (the digest's one-click link); a forged token: 400 for everyone, nothing written.
  'POST /api/v1/notifications/unsubscribe': {
    policy: P(400, 400, 400, 400, 400, 400),
    body: () => ({ token: '1.forgedforgedforgedforgedforgedforgedforged' }),
  },

  // --- student dashboard data ------------------------------------------------------------------------
  [`GET ${C}/grade-data`]: studentView,
  // The Grade Calculator: a student's own assignments (staff name the student), the letters for everyone
  // in the coach, and the letters set by its staff side (docs/grades.md "The Grade Calculator").
  [`GET ${C}/grade-calculator`]: studentView,
  [`GET ${C}/grade-calculator/settings`]: { policy: PRESETS.coachMember },
  [`PUT ${C}/grade-calculator/settings`]: {
    policy: PRESETS.coachStaff,
    body: () => ({
      calculator_active: false,
      letter_boundaries: [
        { letter: 'F', min: 0 },
        { letter: 'P', min: 50 },
      ],
    }),
  },
  [`GET ${C}/grade-distribution`]: { policy: PRESETS.coachMember },
  [`GET ${C}/chart-settings`]: { policy: PRESETS.coachMember },
  [`PUT ${C}/chart-settings`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ min_bar_students: 5, min_class_students: 10, comparison_cohort_id: null }),
  },
  // My data: a student's own; staff name the student (docs/my-data.md).
  [`GET ${C}/my-data`]: studentView,
  [`GET ${C}/my-data.json`]: studentView,
  [`GET ${C}/my-data.csv`]: studentView,
  [`GET ${C}/why`]: {
    policy: PRESETS.coachMember,
    query: (w) => `kind=todolist&id=${w.ids.todoList}&${ofStudentA(w)}`,
  },
  [`PUT ${C}/peer-comparison`]: { policy: PRESETS.coachStudent, body: () => ({ opt_out: false }) },
  [`GET ${C}/cohort-visibility`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/cohort/:cohortId/visibility`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ visible_to_students: false }),
  },
  [`GET ${C}/user-analytics`]: studentView,
  [`GET ${C}/bulletin-analytics`]: studentView,
  [`GET ${C}/survey-analytics`]: studentView,
  [`GET ${C}/todo-analytics`]: studentView,
  [`GET ${C}/exam-playbook-analytics`]: studentView,
  [`GET ${C}/user-credits`]: studentView,
  [`GET ${C}/user-activity`]: studentView,
  // The parts carry each endpoint's own answer (a staff caller's parts without ?user_id= are 400s).
  [`GET ${C}/dashboard`]: { policy: PRESETS.coachMember },
  // The instructor home and "View as student" (docs/instructor-home.md): the coach's staff side only.
  [`GET ${C}/instructor-home`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/students/:studentId/dashboard`]: { policy: PRESETS.coachStaff },

  // --- institution views -----------------------------------------------------------------------------
  [`GET ${I}/coaches`]: { policy: PRESETS.institutionStaff },
  [`GET ${I}/coach-activity/:coachId`]: { policy: PRESETS.institutionStaff },
  // The home page (docs/homepage.md): everybody of institution 1, each seeing their own coaches.
  [`GET ${I}/home`]: { policy: PRESETS.institutionMember },

  // --- coach setup wizard (spec §7 Wizard): institution staff only; `:coachId` is a set-up in progress --
  [`GET ${I}/coach-setup-wizard/data`]: { policy: PRESETS.institutionStaff },
  // Unfinished set-ups of the institution (ours).
  [`GET ${I}/coach-setup-wizard`]: { policy: PRESETS.institutionStaff },
  // The first save creates a coach (a course and term pair no coach has yet).
  [`POST ${I}/coach-setup-wizard`]: {
    policy: PRESETS.institutionStaff,
    body: (w) => ({ step: 'basic_info', data: w.wizardBasicInfo() }),
  },
  [`GET ${I}/coach-setup-wizard/:coachId`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/coach-setup-wizard/:coachId`]: { policy: PRESETS.institutionStaff, body: wizardSave },
  [`PUT ${I}/coach-setup-wizard/:coachId`]: { policy: PRESETS.institutionStaff, body: wizardSave },
  [`GET ${I}/coach-setup-wizard/:coachId/:step`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/coach-setup-wizard/:coachId/:step`]: { policy: PRESETS.institutionStaff, body: wizardSave },
  [`PUT ${I}/coach-setup-wizard/:coachId/:step`]: { policy: PRESETS.institutionStaff, body: wizardSave },
  // Discarding an unfinished set-up (ours).
  [`DELETE ${I}/coach-setup-wizard/:coachId`]: { policy: PRESETS.institutionStaff, fresh: 'wizardCoach' },

  // --- tips --------------------------------------------------------------------------------------------
  [`GET ${C}/tips`]: { policy: PRESETS.coachMember },
  [`GET ${C}/search`]: { policy: PRESETS.coachMember },
  [`POST ${C}/tips`]: { policy: PRESETS.coachStaff, body: () => ({ html: '<p>Matrix tip, new</p>' }) },
  [`POST ${C}/tips/order`]: {
    policy: PRESETS.coachStaff,
    // Every tip of the coach, in the order they are now.
    body: async (w) => ({
      ids: ((await w.admin.get(`/api/v1/coach/${w.coachA}/tips`)).body.content as Array<{ id: number }>).map(
        (t) => t.id,
      ),
    }),
  },
  [`PUT ${C}/tips/:id`]: { policy: PRESETS.coachStaff, body: tipBody },
  [`DELETE ${C}/tips/:id`]: { policy: PRESETS.coachStaff, fresh: 'tip' },

  // --- FAQ lists, support e-mail and checklists (docs/faq-checklists.md) ------------------------------
  [`GET ${C}/faq`]: { policy: PRESETS.coachMember },
  [`POST ${C}/faq`]: { policy: PRESETS.coachStaff, body: faqBody },
  [`POST ${C}/faq/order`]: {
    policy: PRESETS.coachStaff,
    body: async (w) => ({
      ids: ((await w.admin.get(`/api/v1/coach/${w.coachA}/faq`)).body.course as Array<{ id: number }>).map(
        (e) => e.id,
      ),
    }),
  },
  [`PUT ${C}/faq/:id`]: { policy: PRESETS.coachStaff, body: faqBody },
  [`DELETE ${C}/faq/:id`]: { policy: PRESETS.coachStaff, fresh: 'faqEntry' },
  [`GET ${C}/support-email`]: { policy: PRESETS.coachMember },
  [`PUT ${C}/support-email`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ support_email: 'matrix@coach.example' }),
  },
  // The institution's FAQ list is edited by its staff; its students read it through their coaches.
  [`GET ${I}/faq`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/faq`]: { policy: PRESETS.institutionStaff, body: faqBody },
  [`POST ${I}/faq/order`]: {
    policy: PRESETS.institutionStaff,
    body: async (w) => ({
      ids: (
        (await w.admin.get(`/api/v1/institution/${w.inst1}/faq`)).body.entries as Array<{ id: number }>
      ).map((e) => e.id),
    }),
  },
  [`PUT ${I}/faq/:id`]: { policy: PRESETS.institutionStaff, body: faqBody },
  [`DELETE ${I}/faq/:id`]: { policy: PRESETS.institutionStaff, fresh: 'institutionFaqEntry' },
  [`GET ${C}/checklist`]: { policy: PRESETS.coachMember },
  [`POST ${C}/checklist`]: { policy: PRESETS.coachStaff, body: () => ({ title: 'Matrix step, new' }) },
  [`POST ${C}/checklist/order`]: {
    policy: PRESETS.coachStaff,
    body: async (w) => ({
      ids: (
        (await w.admin.get(`/api/v1/coach/${w.coachA}/checklist`)).body.items as Array<{ id: number }>
      ).map((e) => e.id),
    }),
  },
  [`PUT ${C}/checklist/:id`]: { policy: PRESETS.coachStaff, body: () => ({ title: 'Matrix step, edited' }) },
  [`DELETE ${C}/checklist/:id`]: { policy: PRESETS.coachStaff, fresh: 'checklistItem' },
  [`PUT ${C}/checklist/:id/completion`]: { policy: PRESETS.coachStudent, body: () => ({ completed: true }) },

  // --- images: students upload and pick their own testimonial picture ---------------------------------
  [`GET ${C}/images`]: { policy: PRESETS.coachMember },
  [`POST ${C}/images`]: {
    policy: PRESETS.coachMember,
    query: 'file_name=matrix.png',
    raw: () => ({ body: png, contentType: 'application/octet-stream' }),
  },
  // The fixture picture is an upload of staff 1: uploads are their uploader's (and staff's), so for a
  // student of the coach it does not exist (library pictures, with no uploader, are everyone's).
  [`GET ${C}/images/:id/file`]: { policy: except(PRESETS.coachMember, { studentA: 404 }) },
  [`DELETE ${C}/images/:id`]: { policy: except(PRESETS.coachStaff, { studentA: 404 }), fresh: 'image' },
  // --- documents of content items (a published bulletin: its students see it) -----------------------
  [`GET ${C}/documents/:kind/:itemId`]: { policy: PRESETS.coachMember },
  [`GET ${C}/documents/:kind/:itemId/file`]: { policy: PRESETS.coachMember },
  [`PUT ${C}/documents/:kind/:itemId`]: {
    policy: PRESETS.coachStaff,
    query: 'file_name=matrix.png',
    raw: () => ({ body: png, contentType: 'application/octet-stream' }),
  },
  [`DELETE ${C}/documents/:kind/:itemId`]: { policy: PRESETS.coachStaff, fresh: 'documentedBulletin' },
  [`GET ${C}/image-fields/:name`]: { policy: PRESETS.coachMember },
  [`PUT ${C}/image-fields/:name`]: { policy: PRESETS.coachMember, body: () => ({ image_id: null }) },

  // --- to-dos --------------------------------------------------------------------------------------------
  [`GET ${C}/todo-lists`]: { policy: PRESETS.coachMember },
  [`POST ${C}/todo-lists`]: { policy: PRESETS.coachStaff, body: () => ({ title: 'Matrix list, new' }) },
  [`GET ${C}/todo-lists/:id`]: { policy: PRESETS.coachMember },
  [`PUT ${C}/todo-lists/:id`]: { policy: PRESETS.coachStaff, body: listBody },
  [`DELETE ${C}/todo-lists/:id`]: { policy: PRESETS.coachStaff, fresh: 'todoList' },
  // Students add items of their own.
  [`POST ${C}/todo-items`]: { policy: PRESETS.coachMember, body: () => ({ title: 'Matrix own item' }) },
  [`GET ${C}/todo-items/:id`]: { policy: PRESETS.coachMember },
  // Several own items in one go (students; staff add staff items to a list).
  [`POST ${C}/todo-items/batch`]: {
    policy: PRESETS.coachMember,
    body: (w) => ({
      items: [
        { title: 'Matrix batch item 1', todo_list: w.ids.todoList },
        { title: 'Matrix batch item 2', todo_list: w.ids.todoList },
      ],
    }),
  },
  // Testimonials: a student's own (staff have none: 403); staff list and feature; members see the featured.
  [`GET ${C}/testimonial`]: { policy: PRESETS.coachStudent },
  [`PUT ${C}/testimonial`]: {
    policy: PRESETS.coachStudent,
    body: () => ({ text: 'Matrix testimonial', consent: true }),
  },
  // Student A deletes their testimonial last (the featured routes below use it), then has none.
  [`DELETE ${C}/testimonial`]: { policy: PRESETS.coachStudent, last: true },
  [`GET ${C}/testimonials`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/testimonials/:id`]: { policy: PRESETS.coachStaff, body: () => ({ featured: true }) },
  [`GET ${C}/featured-testimonials`]: { policy: PRESETS.coachMember },
  [`GET ${C}/featured-testimonials/:id/picture`]: { policy: PRESETS.coachMember },
  // The fixture item is staff-created: read-only for students (spec §6).
  [`PUT ${C}/todo-items/:id`]: { policy: PRESETS.coachStaff, body: itemBody },
  [`DELETE ${C}/todo-items/:id`]: { policy: PRESETS.coachStaff, fresh: 'todoItem' },
  [`POST ${C}/account-todo-items`]: { policy: PRESETS.coachStudent, body: (w) => ({ item: w.ids.todoItem }) },
  [`GET ${C}/todo-tags`]: { policy: PRESETS.coachMember },
  [`POST ${C}/todo-tags`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ label: `Matrix tag ${Math.random()}` }),
  },
  [`PUT ${C}/todo-tags/:id`]: { policy: PRESETS.coachStaff, body: tagBody },
  [`DELETE ${C}/todo-tags/:id`]: { policy: PRESETS.coachStaff, fresh: 'todoTag' },

  // --- trash (docs/trash.md) ----------------------------------------------------------------------------
  [`GET ${C}/trash`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/trash/:trashKind/:id/restore`]: { policy: PRESETS.coachStaff, fresh: 'trashedTip' },
  [`GET ${C}/my-trash`]: { policy: PRESETS.coachMember },
  // Only the student who deleted their own to-do restores it; nobody else even sees it.
  [`POST ${C}/my-trash/:id/restore`]: { policy: P(401, 'ok', 404, 404, 404, 404), fresh: 'trashedOwnTodo' },
  // The institution's own trash (its deleted FAQ entries): its staff only.
  [`GET ${I}/trash`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/trash/:trashKind/:id/restore`]: {
    policy: PRESETS.institutionStaff,
    fresh: 'trashedInstitutionFaqEntry',
  },

  // --- bulletins -------------------------------------------------------------------------------------
  [`GET ${C}/bulletin-list`]: { policy: PRESETS.coachMember },
  // Called paged and filtered (BulletinListQuerySchema): the same access as the spec's plain array.
  [`GET ${I}/bulletin-list`]: {
    policy: PRESETS.institutionMember,
    query: (w) => `page=1&page_size=10&coach=${w.coachA}&unread=true&q=matrix`,
  },
  [`GET ${I}/bulletin-filters`]: { policy: PRESETS.institutionMember },
  'POST /api/v1/coach/star-message/:coachId/:bulletinId/': {
    policy: PRESETS.coachMember,
    body: () => ({ starred: true }),
  },
  // Coach A's bulletin through institution 1: student B has no place in coach A, so it does not exist for them.
  'POST /api/v1/institution/star-message/:institutionId/:bulletinId/': {
    policy: except(PRESETS.institutionMember, { studentB: 404 }),
    body: () => ({ starred: true }),
  },
  [`GET ${C}/messages/:bulletinId`]: { policy: PRESETS.coachMember },
  [`POST ${C}/messages/:bulletinId/view`]: { policy: PRESETS.coachMember },
  [`GET ${I}/messages/:bulletinId`]: { policy: except(PRESETS.institutionMember, { studentB: 404 }) },
  [`POST ${I}/messages/:bulletinId/view`]: { policy: except(PRESETS.institutionMember, { studentB: 404 }) },
  [`GET ${C}/bulletins`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/bulletins`]: { policy: PRESETS.coachStaff, body: bulletinBody },
  [`GET ${C}/bulletins/:id`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/bulletins/:id`]: { policy: PRESETS.coachStaff, body: bulletinBody },
  [`DELETE ${C}/bulletins/:id`]: { policy: PRESETS.coachStaff, fresh: 'bulletin' },

  // --- tailoring (cohort manager, dictionary, imports) -------------------------------------------------
  [`GET ${C}/mtsdictionarydata`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/enrollment-details`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/cohort/groups`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/cohort/groups`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ name: `Matrix collection ${Math.random()}` }),
  },
  [`PUT ${C}/cohort/groups/:cohortGroupId/`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ name: `Matrix collection ${Math.random()}` }),
  },
  [`DELETE ${C}/cohort/groups/:cohortGroupId/`]: { policy: PRESETS.coachStaff, fresh: 'cohortGroup' },
  [`GET ${C}/cohort`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/cohort`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ name: `Matrix group ${Math.random()}` }),
  },
  [`GET ${C}/cohort/:cohortId/`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/cohort/:cohortId/`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ name: `Matrix group ${Math.random()}` }),
  },
  [`DELETE ${C}/cohort/:cohortId/`]: { policy: PRESETS.coachStaff, fresh: 'cohort' },
  [`GET ${C}/cohort/:cohortId/rules`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/cohort/:cohortId/rules`]: { policy: PRESETS.coachStaff, body: ruleBody },
  [`PUT ${C}/cohort/:cohortId/rules/:ruleId/`]: { policy: PRESETS.coachStaff, body: ruleBody },
  [`DELETE ${C}/cohort/:cohortId/rules/:ruleId/`]: { policy: PRESETS.coachStaff, fresh: 'rule' },
  [`GET ${C}/cohort/:cohortId/users`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/cohort/:cohortId/users.csv`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/cohort/:cohortId/tailoring-distribution`]: { policy: PRESETS.coachStaff },
  'GET /Dashboard/Coach/:coachId/cohort-membership-update/:cohortId': { policy: PRESETS.coachStaff },
  'POST /Dashboard/Coach/:coachId/cohort-membership-update/:cohortId': { policy: PRESETS.coachStaff },
  [`POST ${C}/mts-import`]: {
    policy: PRESETS.coachStaff,
    query: 'source=registrar&dry_run=true',
    raw: (w) => ({ body: `email,${MX_CHAR}\n${w.users.studentA.email},sad\n`, contentType: 'text/csv' }),
  },
  [`GET ${C}/mts-import/:importId`]: { policy: PRESETS.coachStaff },
  // Characteristic definitions: institution staff only (instructors read them through mtsdictionarydata).
  [`GET ${I}/characteristic-definitions`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/characteristic-definitions`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({
      name: `mx_def_new_${Math.random().toString(36).slice(2, 10)}`,
      label: 'Matrix new definition',
      type: 'number',
      range: { min: 0, max: 10, step: 1 },
    }),
  },
  [`GET ${I}/characteristic-definitions/:id`]: { policy: PRESETS.institutionStaff },
  [`PUT ${I}/characteristic-definitions/:id`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({
      name: MX_DEFINITION,
      label: `Matrix definition ${Math.random()}`,
      type: 'categorical',
      values: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    }),
  },
  [`DELETE ${I}/characteristic-definitions/:id`]: {
    policy: PRESETS.institutionStaff,
    fresh: 'characteristicDefinition',
  },
  // Guided import and engagement (README "Importing a registrar's file"): the coach's staff side.
  [`POST ${C}/imports/uploads`]: {
    policy: PRESETS.coachStaff,
    raw: (w) => ({ body: `email,${MX_CHAR}\n${w.users.studentA.email},sad\n`, contentType: 'text/csv' }),
  },
  [`GET ${C}/imports/uploads/:uploadId`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/imports/uploads/:uploadId/dry-run`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ mapping: matrixMapping() }),
  },
  [`POST ${C}/imports/uploads/:uploadId/commit`]: {
    policy: PRESETS.coachStaff,
    fresh: 'upload',
    body: () => ({ mapping: matrixMapping() }),
  },
  [`GET ${C}/imports/mappings`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/imports/mappings`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ name: `Matrix mapping ${Math.random()}`, mapping: matrixMapping() }),
  },
  [`DELETE ${C}/imports/mappings/:mappingId`]: { policy: PRESETS.coachStaff, fresh: 'mapping' },
  [`POST ${C}/engagement/activity`]: {
    policy: PRESETS.coachStaff,
    raw: (w) => ({
      body: `student,date,activity_type,count\n${w.users.studentA.email},0,quiz,1\n`,
      contentType: 'text/csv',
    }),
  },
  [`GET ${C}/engagement`]: { policy: PRESETS.coachStaff },
  // My engagement (docs/engagement.md): a student's own figures; the staff side has the figures above.
  [`GET ${C}/engagement/mine`]: { policy: PRESETS.coachStudent },

  // --- Canvas LMS (institution staff) --------------------------------------------------------------------
  [`GET ${I}/lms/canvas/authorize`]: { policy: PRESETS.institutionStaff },
  // The OAuth callback with no code or state: any signed-in user reaches it and gets 400.
  'GET /api/v1/lms/canvas/callback': { policy: P(401, 400, 400, 400, 400, 400) },
  [`GET ${I}/lms/canvas/status`]: { policy: PRESETS.institutionStaff },
  [`DELETE ${I}/lms/canvas/authorization`]: { policy: PRESETS.institutionStaff, last: true },
  [`GET ${I}/lms/canvas/courses`]: { policy: PRESETS.institutionStaff },
  [`GET ${I}/lms/canvas/courses/:courseId/assignments`]: { policy: PRESETS.institutionStaff },
  [`POST ${C}/lms/canvas/roster-import`]: {
    policy: PRESETS.coachInstitutionStaff,
    body: (w) => ({ lms_course_id: String(w.ids.canvasCourse) }),
  },

  // --- user administration and the audit log (docs/accounts.md, docs/audit-log.md) ----------------------
  [`GET ${I}/users`]: { policy: PRESETS.institutionStaff },
  [`GET ${I}/users/:userId`]: { policy: PRESETS.institutionStaff },
  [`PUT ${I}/users/:userId/role`]: { policy: PRESETS.institutionStaff, body: () => ({ role: 'staff' }) },
  [`PUT ${I}/users/:userId/enrollments/:coachId`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({ role: 'student' }),
  },
  [`PUT ${I}/users/:userId/active`]: { policy: PRESETS.institutionStaff, body: () => ({ active: true }) },
  [`POST ${I}/users/:userId/invite`]: { policy: PRESETS.institutionStaff },
  [`GET ${I}/audit-log`]: { policy: PRESETS.institutionStaff },
  [`GET ${I}/audit-log.csv`]: { policy: PRESETS.institutionStaff },

  // --- single sign-on (docs/sso.md) ---------------------------------------------------------------------
  'GET /api/v1/auth/sso/providers': { policy: PRESETS.public },
  // Public (the caller is signing in); the matrix's institutions have no SSO, so every caller gets 404.
  'GET /api/v1/auth/sso/:slug/start': { policy: P(404, 404, 404, 404, 404, 404) },
  // Public; without a state every caller is sent back to the sign-in page (302) and nothing is written.
  'GET /api/v1/auth/sso/callback': { policy: PRESETS.public },
  [`GET ${I}/sso`]: { policy: PRESETS.institutionStaff },
  // SAML (docs/sso.md, SAML): public; the matrix's institutions have no SAML, so metadata and start are 404
  // for everybody and the ACS sends every caller back to the sign-in page (302), writing nothing.
  'GET /api/v1/auth/saml/:slug/metadata': { policy: P(404, 404, 404, 404, 404, 404) },
  'GET /api/v1/auth/saml/:slug/start': { policy: P(404, 404, 404, 404, 404, 404) },
  'POST /api/v1/auth/saml/:slug/acs': { policy: PRESETS.public },
  [`GET ${I}/saml`]: { policy: PRESETS.institutionStaff },
  [`PUT ${I}/saml`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({
      enabled: false,
      label: 'Matrix SAML',
      idp_metadata: MATRIX_IDP_METADATA,
      identifier_attribute: 'mail',
      email_attribute: 'mail',
      name_attribute: 'displayName',
      role_attribute: 'eduPersonAffiliation',
      role_mapping: { student: 'student' },
      password_login: true,
    }),
  },
  [`PUT ${I}/sso`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({
      enabled: false,
      label: 'Matrix IdP',
      issuer: 'https://idp.matrix.invalid',
      client_id: 'mx',
      scopes: 'openid email',
      identifier_claim: 'email',
      email_claim: 'email',
      name_claim: 'name',
      role_claim: 'roles',
      role_mapping: { student: 'student' },
      password_login: true,
    }),
  },

  // --- LTI 1.3 tool (docs/lti.md) -----------------------------------------------------------------------
  'GET /api/v1/lti/jwks': { policy: PRESETS.public },
  'GET /api/v1/lti/config.json': { policy: PRESETS.public },
  // Public (the platform sends the browser); without an iss every caller gets the refusal page (400).
  'GET /api/v1/lti/login': { policy: P(400, 400, 400, 400, 400, 400) },
  'POST /api/v1/lti/login': { policy: P(400, 400, 400, 400, 400, 400), body: () => ({}) },
  // Public; without a state every caller gets the refusal page and nothing is written.
  'POST /api/v1/lti/launch': { policy: P(400, 400, 400, 400, 400, 400), body: () => ({}) },
  // Signed in; without a link offer's token the "page expired" page (400), nothing written.
  'POST /api/v1/lti/link': { policy: P(401, 400, 400, 400, 400, 400), body: () => ({}) },
  [`GET ${I}/lti/registrations`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/lti/registrations`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({
      label: 'Matrix LMS',
      issuer: `https://lms-${Math.random().toString(36).slice(2)}.matrix.invalid`,
      client_id: 'mx',
      auth_login_url: 'https://lms.matrix.invalid/authorize',
      jwks_url: 'https://lms.matrix.invalid/jwks',
      platform_origin: 'https://lms.matrix.invalid',
      deployment_ids: ['1'],
    }),
  },
  [`PUT ${I}/lti/registrations/:registrationId`]: {
    policy: PRESETS.institutionStaff,
    body: () => ({
      label: 'Matrix LMS, edited',
      issuer: `https://lms-${Math.random().toString(36).slice(2)}.matrix.invalid`,
      client_id: 'mx',
      auth_login_url: 'https://lms.matrix.invalid/authorize',
      jwks_url: 'https://lms.matrix.invalid/jwks',
      platform_origin: 'https://lms.matrix.invalid',
      deployment_ids: ['1'],
    }),
  },
  [`DELETE ${I}/lti/registrations/:registrationId`]: {
    policy: PRESETS.institutionStaff,
    fresh: 'ltiRegistration',
  },
  // “Sync roster now”: the matrix's linked course has no roster endpoint, so the sync records why (200).
  [`POST ${I}/lti/courses/:ltiCourseId/sync`]: { policy: PRESETS.institutionStaff },
  // Failed score posts and “Retry now” (a fresh failed post each time: a retried one is no longer failed).
  [`GET ${I}/lti/failed-scores`]: { policy: PRESETS.institutionStaff },
  [`POST ${I}/lti/failed-scores/:scorePostId/retry`]: {
    policy: PRESETS.institutionStaff,
    fresh: 'ltiFailedScore',
  },

  // --- characteristics overview and editors ------------------------------------------------------------
  [`GET ${C}/characteristics/bulletins`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/characteristics/emails`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/characteristics/surveys`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/characteristics/todolists`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/characteristics/course`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/characteristics/playbooks`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/characteristics/gradebooks`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/gradebooks/:id`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/gradebooks/:id`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ title: 'Matrix gradebook', characteristics: [] }),
  },
  [`GET ${C}/gradebooks/:gradebookId/assignments/:id`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/gradebooks/:gradebookId/assignments/:id`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ title: 'Matrix TMA', characteristics: [] }),
  },
  [`POST ${C}/course-characteristics`]: { policy: PRESETS.coachStaff, body: courseCharBody },
  [`GET ${C}/course-characteristics/:id`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/course-characteristics/:id`]: { policy: PRESETS.coachStaff, body: courseCharBody },
  [`DELETE ${C}/course-characteristics/:id`]: { policy: PRESETS.coachStaff, fresh: 'courseCharacteristic' },
  [`GET ${C}/playbooks`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/playbooks`]: { policy: PRESETS.coachStaff, body: playbookBody },
  [`GET ${C}/playbooks/:id`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/playbooks/:id`]: { policy: PRESETS.coachStaff, body: playbookBody },
  [`DELETE ${C}/playbooks/:id`]: { policy: PRESETS.coachStaff, fresh: 'playbook' },
  // The student's playbook (docs/playbooks.md): students plan; staff read per-question aggregates.
  [`GET ${C}/my-playbooks`]: { policy: PRESETS.coachStudent },
  [`GET ${C}/my-playbooks/:id`]: { policy: PRESETS.coachStudent },
  [`PUT ${C}/my-playbooks/:id/:phase`]: {
    policy: PRESETS.coachStudent,
    body: () => ({ answers: [], submit: false }),
  },
  [`GET ${C}/playbooks/:id/answers-summary`]: { policy: PRESETS.coachStaff },

  // --- emails ---------------------------------------------------------------------------------------------
  [`GET ${C}/emails`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/emails`]: { policy: PRESETS.coachStaff, body: emailBody },
  [`GET ${C}/emails/:id`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/emails/:id`]: { policy: PRESETS.coachStaff, body: emailBody },
  [`DELETE ${C}/emails/:id`]: { policy: PRESETS.coachStaff, fresh: 'email' },
  [`GET ${C}/emails/:id/preview`]: { policy: PRESETS.coachStaff, query: ofStudentA },
  [`POST ${C}/audience`]: {
    policy: PRESETS.coachStaff,
    body: (w) => ({ kind: 'bulletin', id: w.ids.bulletin, excluded: [w.users.studentA.id] }),
  },
  [`PUT ${C}/audience/:kind/:itemId/exclusions`]: {
    policy: PRESETS.coachStaff,
    body: () => ({ excluded: [] }),
  },
  [`GET ${C}/audience/:kind/:itemId/preview`]: { policy: PRESETS.coachStaff, query: ofStudentA },
  [`GET ${C}/emails/:id/log`]: { policy: PRESETS.coachStaff },
  [`POST ${C}/emails/:id/resend`]: { policy: PRESETS.coachStaff },

  // --- surveys ----------------------------------------------------------------------------------------
  [`GET ${C}/surveys`]: { policy: PRESETS.coachMember },
  [`POST ${C}/surveys`]: { policy: PRESETS.coachStaff, body: surveyBody },
  [`GET ${C}/surveys/:id`]: { policy: PRESETS.coachMember },
  [`GET ${C}/surveys/:id/results`]: { policy: PRESETS.coachStaff },
  [`GET ${C}/surveys/:id/results.csv`]: { policy: PRESETS.coachStaff },
  [`PUT ${C}/surveys/:id`]: { policy: PRESETS.coachStaff, body: surveyBody },
  [`DELETE ${C}/surveys/:id`]: { policy: PRESETS.coachStaff, fresh: 'survey' },
  [`POST ${C}/surveys/:id/responses`]: {
    policy: PRESETS.coachStudent,
    body: (w) => ({ answers: [{ question: w.ids.surveyQuestion, value: 'happy' }] }),
  },
};
