import { randomBytes } from 'node:crypto';
import {
  API,
  LMS_API,
  PLAIN_TEXT_MESSAGE,
  WIZARD_API,
  WIZARD_PAGES,
  WIZARD_QUESTIONS,
  WizardReferenceDataResponseSchema,
  WizardSaveResponseSchema,
  WizardSetupListSchema,
  WizardStepResponseSchema,
} from '@course-coach/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import { type CanvasStandin, FOREIGN_COURSE_ID } from '../src/modules/lms/canvas-standin.ts';
import { seedWizardReference } from '../src/seed/wizard.ts';
import {
  Browser,
  cleanLoginFailuresAfterEach,
  DEMO_PASSWORD,
  getTestContext,
  insertOtherInstitution,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
} from './helpers.ts';
import { authorizeThroughStandin, resetStandinKnobs, signInAt, startCanvasTestApp } from './lms-helpers.ts';

/**
 * The coach setup wizard over HTTP (spec §4 Wizard order, §5 Wizard, §7 Wizard, §8): access,
 * reference data, the step machine with every validation message, save_only and resume, forged steps,
 * other institutions' coaches, the whole Canvas flow against the stand-in (authorization required,
 * expired and revoked authorizations, Canvas answering 500 or timing out, a course the user does not
 * teach), the roster import on saving canvas_auth, and the set-up job started by the content calendar
 * (run in-process here: this app has no queue; the pg-boss path is in wizard-setup-worker.test.ts).
 */

const KEY_B64 = randomBytes(32).toString('base64');
const CLIENT_ID = '170000000000077';
const CLIENT_SECRET = 'wizard-test-secret';
const OTHER_EMAIL = 'staff@other-wizard.edu';
const KEYS = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, tokenKey: KEY_B64 };
const ADMIN_EMAIL = 'wizard-admin@demo.edu';

let ctx: TestContext;
let standin: CanvasStandin;
let app: FastifyInstance;
let baseUrl: string;
let otherInstitutionId: number;
let otherCoachId: number;
let courseId: number; // AAA
let courseBbb: number;
let termId: number; // 2015J
let term2013J: number;
const created: number[] = [];

beforeAll(async () => {
  ctx = await getTestContext();
  await seedWizardReference(ctx.database, ctx.institutionId);
  ({ standin, app, baseUrl } = await startCanvasTestApp(ctx, KEYS, 5));

  ({ institutionId: otherInstitutionId } = await insertOtherInstitution(ctx, {
    name: 'Other Wizard University',
    slug: 'other-wizard',
    email: OTHER_EMAIL,
    userName: 'Other Staff',
    role: 'staff',
  }));
  await seedWizardReference(ctx.database, otherInstitutionId);
  const [oc] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, setup_status)
     values ($1, 'Other wizard', 'AAA', '2015J', 100, 'in_progress') returning id`,
    [otherInstitutionId],
  );
  otherCoachId = oc!.id;
  await ctx.database.query(
    `insert into coach_setups (institution_id, coach_id, step, status, form_data) values ($1, $2, 'canvas_auth', 'in_progress', '{}')`,
    [otherInstitutionId, otherCoachId],
  );
  const ref = async (table: string, code: string) =>
    (
      await ctx.database.query<{ id: number }>(
        `select id from ${table} where institution_id = $1 and code = $2`,
        [ctx.institutionId, code],
      )
    )[0]!.id;
  courseId = await ref('institution_courses', 'AAA');
  courseBbb = await ref('institution_courses', 'BBB');
  termId = await ref('institution_terms', '2015J');
  term2013J = await ref('institution_terms', '2013J');
});

cleanLoginFailuresAfterEach();

afterEach(() => resetStandinKnobs(standin, 5));

afterAll(async () => {
  await app?.close();
  await standin?.close();
  if (created.length > 0)
    await ctx.database.query('delete from coaches where id = any($1::int[])', [created]);
  await ctx.database.query(`delete from users where email like '%@standin.example.edu' or email = $1`, [
    ADMIN_EMAIL,
  ]);
  if (otherInstitutionId)
    await ctx.database.query('delete from institutions where id = $1', [otherInstitutionId]);
  await ctx.database.query('delete from lms_authorizations');
});

const signIn = (email: string) => signInAt(baseUrl, email);

/** Follows the Canvas authorization: our authorize route → the stand-in → our callback. */
async function authorize(browser: Browser, returnTo: string) {
  const { callback } = await authorizeThroughStandin(browser, ctx.institutionId, returnTo);
  expect(callback.status).toBe(302);
  return callback.headers.get('location');
}

const I = () => ctx.institutionId;
const basicInfo = (over: Record<string, unknown> = {}) => ({
  coach_name: 'Wizard Test Coach',
  course_id: courseId,
  term_id: termId,
  admins: [{ email: ADMIN_EMAIL }, { email: '' }],
  ...over,
});
const assessment = (over: Record<string, unknown> = {}) => ({
  name: 'Midterm exam',
  type_characteristic: 'AssessmentMidterm',
  exam_date: '2026-12-10',
  is_cumulative: 1,
  ...over,
});
const assessmentInfo = (over: Record<string, unknown> = {}) => ({
  assessment_type: 'exam',
  assessments: [
    assessment(),
    assessment({
      name: 'Final exam',
      type_characteristic: 'AssessmentFinal',
      exam_date: '2027-01-20',
      is_cumulative: 0,
    }),
  ],
  study_resources: ['PracticeExam', 'OH', 'Quizzes', 'Readings', 'Notes'],
  ...over,
});
/** Valid answers to every question asked after `assessmentInfo()` with Homework selected (no quiz type). */
const followup = () => ({
  ClassFormat: ['Lecture', 'Lab'],
  CommunicationChannels: ['Email'],
  HasTutoring: true,
  IsCurved: false,
  ExamPercentage: 60,
  ExamDrops: 0,
  HWPercentage: '25',
  HWDrops: 1,
  QuizPercentage: 15,
  QuizDrops: 2,
  HardTopic1: 'Recursion',
  HardTopic2: 'Pointers',
  HardTopic3: 'Proofs',
  HardTopic4: 'Complexity',
  Succeed1: 'They start early',
  Succeed2: 'They go to office hours',
  Succeed3: 'They do the practice problems',
});

describe('access', () => {
  it('is for staff and admins of the institution only', async () => {
    const anonymous = new Browser(baseUrl);
    expect((await anonymous.get(WIZARD_API.data(I()))).status).toBe(401);
    expect(
      (await anonymous.post(WIZARD_API.start(I()), { step: 'basic_info', data: basicInfo() })).status,
    ).toBe(401);
    for (const email of [studentEmailOf(11391), instructorEmailOf('AAA-2013J')]) {
      const b = await signIn(email);
      expect((await b.get(WIZARD_API.data(I()))).status, email).toBe(403);
      expect(
        (await b.post(WIZARD_API.start(I()), { step: 'basic_info', data: basicInfo() })).status,
        email,
      ).toBe(403);
    }
    const other = await signIn(OTHER_EMAIL);
    expect((await other.get(WIZARD_API.data(I()))).status).toBe(404);
    expect((await other.post(WIZARD_API.start(I()), { step: 'basic_info', data: basicInfo() })).status).toBe(
      404,
    );
    const staff = await signIn(STAFF_EMAIL);
    expect((await staff.get(WIZARD_API.data(I()))).status).toBe(200);
  });

  it('refuses a write without the CSRF token', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const res = await staff.post(
      WIZARD_API.start(I()),
      { step: 'basic_info', data: basicInfo() },
      { csrf: false },
    );
    expect(res.status).toBe(403);
  });

  it('answers 404 for another institution’s coach, whichever institution is in the path', async () => {
    const staff = await signIn(STAFF_EMAIL);
    for (const url of [
      WIZARD_API.coach(I(), otherCoachId),
      WIZARD_API.step(I(), otherCoachId, 'basic_info'),
      WIZARD_API.coach(otherInstitutionId, otherCoachId),
    ]) {
      expect((await staff.get(url)).status, url).toBe(404);
    }
    expect(
      (await staff.post(WIZARD_API.coach(I(), otherCoachId), { step: 'basic_info', data: basicInfo() }))
        .status,
    ).toBe(404);
    expect((await staff.request('DELETE', WIZARD_API.discard(I(), otherCoachId))).status).toBe(404);
    // A coach not created by the wizard has no set-up.
    const [seeded] = await ctx.database.query<{ id: number }>(
      `select id from coaches where institution_id = $1 and course_code = 'AAA' and term_code = '2013J'`,
      [I()],
    );
    expect((await staff.get(WIZARD_API.coach(I(), seeded!.id))).status).toBe(404);
    expect((await staff.request('DELETE', WIZARD_API.discard(I(), seeded!.id))).status).toBe(404);
    expect((await staff.get(WIZARD_API.coach(I(), 'abc'))).status).toBe(404);
  });
});

describe('reference data', () => {
  it('has the institution’s terms and courses and the six question lists', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const res = await staff.get(WIZARD_API.data(I()));
    const [data] = WizardReferenceDataResponseSchema.parse(res.body);
    expect(data!.courses.map((c) => c.code)).toEqual(['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG']);
    expect(data!.terms.map((t) => t.code)).toEqual(['2015J', '2015B', '2014J', '2014B', '2013J', '2013B']);
    expect(data!.terms[0]).toMatchObject({ code: '2015J', label: '2015J (October 2015)' });
    expect(data!.assessment_questions.map((q) => q.id)).toEqual(['ExamPercentage', 'ExamDrops']);
    expect(data!.homework_questions.map((q) => q.id)).toEqual(['HWPercentage', 'HWDrops']);
    expect(data!.quiz_questions.map((q) => q.id)).toEqual(['QuizPercentage', 'QuizDrops']);
    expect(data!.topic_questions).toHaveLength(4);
    expect(data!.succeed_questions).toHaveLength(3);
    expect(data!.general_questions.map((q) => q.type)).toEqual([
      'checkbox',
      'checkbox',
      'boolean',
      'boolean',
    ]);
  });
});

describe('basic_info (the first save creates the coach)', () => {
  it('refuses an empty form with the three §5 messages and creates nothing', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const before = await ctx.database.query<{ n: number }>('select count(*)::int as n from coaches');
    const res = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: { coach_name: '  ', admins: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      coach_name: ['Please enter a coach name.'],
      course_id: ['Please select a course.'],
      term_id: ['Please select a term.'],
    });
    const after = await ctx.database.query<{ n: number }>('select count(*)::int as n from coaches');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses markup in the coach name (the plain-text check every name gets) and creates nothing', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const before = await ctx.database.query<{ n: number }>('select count(*)::int as n from coaches');
    const res = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: { coach_name: '<img src=x onerror=alert(1)>Coach', admins: [] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ coach_name: [PLAIN_TEXT_MESSAGE] });
    const after = await ctx.database.query<{ n: number }>('select count(*)::int as n from coaches');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses bad admin emails, another institution’s course or term, and an existing course and term', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const bad = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: basicInfo({ admins: [{ email: 'not-an-email' }, { email: OTHER_EMAIL }] }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ 'admins.0.email': ['Enter a valid email address.'] });
    const foreign = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: basicInfo({ admins: [{ email: OTHER_EMAIL }] }),
    });
    expect(foreign.body).toEqual({
      'admins.0.email': ['This email belongs to an account of another institution.'],
    });
    const [otherCourse] = await ctx.database.query<{ id: number }>(
      `select id from institution_courses where institution_id = $1 and code = 'AAA'`,
      [otherInstitutionId],
    );
    const [otherTerm] = await ctx.database.query<{ id: number }>(
      `select id from institution_terms where institution_id = $1 and code = '2015J'`,
      [otherInstitutionId],
    );
    const elsewhere = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: basicInfo({ course_id: otherCourse!.id, term_id: String(otherTerm!.id) }),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({
      course_id: ['Select a course of this institution.'],
      term_id: ['Select a term of this institution.'],
    });
    const exists = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: basicInfo({ term_id: term2013J }),
    });
    expect(exists.status).toBe(400);
    expect(exists.body).toEqual({ term_id: ['A coach for this course already exists in this term.'] });
    const unknownField = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: basicInfo({ colour: 'red' }),
    });
    expect(unknownField.body).toEqual({ colour: ['Unknown field.'] });
  });

  it('the first save must be basic_info; unknown and unsaveable steps are refused', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const later = await staff.post(WIZARD_API.start(I()), {
      step: 'canvas_auth',
      data: { lms_course_id: '101' },
    });
    expect(later.status).toBe(400);
    expect(later.body).toEqual({ step: ['Start with the basic information.'] });
    const unknown = await staff.post(WIZARD_API.start(I()), { step: 'payment', data: {} });
    expect(unknown.body).toEqual({ step: ['This is not a step of the coach setup wizard.'] });
    const none = await staff.post(WIZARD_API.start(I()), { data: basicInfo() });
    expect(none.body).toEqual({ step: ['This field is required.'] });
    const mts = await staff.post(WIZARD_API.start(I()), { step: 'mts', data: {} });
    expect(mts.body).toEqual({ step: ['This step has no form to save.'] });
  });
});

describe('the whole wizard against the Canvas stand-in', () => {
  let coachId: number;
  let staff: Browser;
  const coachUrl = () => WIZARD_API.coach(I(), coachId);
  const save = (step: string, data: unknown, action?: string) =>
    staff.post(coachUrl(), { step, data, ...(action ? { action } : {}) });

  beforeAll(async () => {
    staff = await signIn(STAFF_EMAIL);
  });

  it('basic_info creates a coach that is hidden until set up, and answers the next step', async () => {
    const res = await staff.post(WIZARD_API.start(I()), { step: 'basic_info', data: basicInfo() });
    expect(res.status, res.text).toBe(200);
    const body = WizardSaveResponseSchema.parse(res.body);
    expect(body.step).toBe('canvas_auth');
    coachId = body.coach_id;
    created.push(coachId);
    const [coach] = await ctx.database.query<Record<string, unknown>>(
      'select name, course_code, term_code, length_days, setup_status from coaches where id = $1',
      [coachId],
    );
    expect(coach).toEqual({
      name: 'Wizard Test Coach',
      course_code: 'AAA',
      term_code: '2015J',
      length_days: 268,
      setup_status: 'in_progress',
    });
    const list = (await staff.get(API.institutionCoaches(I()))).body as Array<{ id: number }>;
    expect(list.map((c) => c.id)).not.toContain(coachId);
    const unfinished = WizardSetupListSchema.parse((await staff.get(WIZARD_API.start(I()))).body);
    expect(unfinished.find((u) => u.coach_id === coachId)).toMatchObject({
      label: 'Wizard Test Coach',
      step: 'canvas_auth',
      status: 'in_progress',
      created_by: STAFF_EMAIL,
    });
    // Saved as cleaned: the blank admin entry dropped.
    const get = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'basic_info'))).body,
    );
    expect(get.form_data).toEqual({
      coach_name: 'Wizard Test Coach',
      course_id: courseId,
      term_id: termId,
      admins: [{ email: ADMIN_EMAIL }],
    });
  });

  it('refuses forged steps: later than the next step, a different step in the path, GET of a later step', async () => {
    const forged = await save('assessment_info', assessmentInfo());
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ step: ['Complete the earlier steps first.'] });
    const mismatch = await staff.post(WIZARD_API.step(I(), coachId, 'canvas_auth'), {
      step: 'basic_info',
      data: basicInfo(),
    });
    expect(mismatch.body).toEqual({ step: ['The step in the body does not match the step in the address.'] });
    const getLater = await staff.get(WIZARD_API.step(I(), coachId, 'content_calendar'));
    expect(getLater.status).toBe(400);
    expect(getLater.body).toEqual({ step: ['Complete the earlier steps first.'] });
    const getUnknown = await staff.get(`${WIZARD_API.coach(I(), coachId)}/nope`);
    expect(getUnknown.body).toEqual({ step: ['This is not a step of the coach setup wizard.'] });
  });

  it('canvas_auth without authorization: lms_url, not authorized, and a save answers “authorization required”', async () => {
    const res = await staff.get(WIZARD_API.coach(I(), coachId));
    const step = WizardStepResponseSchema.parse(res.body);
    expect(step).toMatchObject({
      step: 'canvas_auth',
      current_step: 'canvas_auth',
      status: 'in_progress',
      lms_authorized: false,
      lms_courses: [],
      existing_config: null,
      form_data: null,
    });
    expect(step.lms_url).toBe(LMS_API.canvasAuthorize(I(), WIZARD_PAGES.wizard(I(), coachId)));
    const saveRes = await save('canvas_auth', { lms_course_id: '101' });
    expect(saveRes.status).toBe(409);
    expect(saveRes.body).toEqual({
      detail: 'Canvas authorization is required to continue.',
      code: 'lms_authorization_required',
    });
  });

  it('canvas_auth after authorizing lists the courses; refuses no course and a course the user does not teach', async () => {
    const back = await authorize(staff, WIZARD_PAGES.wizard(I(), coachId));
    expect(back).toBe(`${WIZARD_PAGES.wizard(I(), coachId)}?lms=connected`);
    const step = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'canvas_auth'))).body,
    );
    expect(step.lms_authorized).toBe(true);
    expect(step.lms_error).toBeNull();
    expect(step.lms_courses!.map((c) => c.id)).toEqual(
      expect.arrayContaining(['101', '102', '103', '104', '105']),
    );
    expect(step.lms_courses).toHaveLength(5);

    const empty = await save('canvas_auth', { lms_course_id: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ lms_course_id: ['Please select a Canvas course'] });
    const foreign = await save('canvas_auth', { lms_course_id: String(FOREIGN_COURSE_ID) });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual({
      lms_course_id: ['This Canvas course is not one you teach, so it cannot be used.'],
    });
    const enrolled = await ctx.database.query('select 1 from enrollments where coach_id = $1', [coachId]);
    expect(enrolled).toHaveLength(0);
  });

  it('Canvas answering 500 or not answering: the step shows the error (GET 200, save 502/504), nothing imported', async () => {
    standin.knobs.failStatus = 500;
    const get500 = await staff.get(WIZARD_API.step(I(), coachId, 'canvas_auth'));
    expect(get500.status).toBe(200);
    expect(WizardStepResponseSchema.parse(get500.body).lms_error).toEqual({
      code: 'lms_unavailable',
      detail: 'Canvas is not answering right now. Try again in a few minutes.',
    });
    const save500 = await save('canvas_auth', { lms_course_id: '101' });
    expect(save500.status).toBe(502);
    expect(save500.body).toEqual({
      code: 'lms_unavailable',
      detail: 'Canvas is not answering right now. Try again in a few minutes.',
    });
    standin.knobs.failStatus = null;
    standin.knobs.hang = true;
    const getHang = await staff.get(WIZARD_API.step(I(), coachId, 'canvas_auth'));
    expect(getHang.status).toBe(200);
    expect(WizardStepResponseSchema.parse(getHang.body).lms_error?.code).toBe('lms_timeout');
    const saveHang = await save('canvas_auth', { lms_course_id: '101' });
    expect(saveHang.status).toBe(504);
    expect(saveHang.body).toEqual({
      code: 'lms_timeout',
      detail: 'Canvas took too long to answer. Try again in a few minutes.',
    });
    standin.knobs.hang = false;
    expect(await ctx.database.query('select 1 from enrollments where coach_id = $1', [coachId])).toHaveLength(
      0,
    );
    const setup = WizardStepResponseSchema.parse((await staff.get(WIZARD_API.coach(I(), coachId))).body);
    expect(setup.current_step).toBe('canvas_auth');
  });

  it('an expired token is refreshed; a revoked authorization shows “authorization required” until authorized again', async () => {
    standin.expireTokens();
    const refreshed = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'canvas_auth'))).body,
    );
    expect(refreshed.lms_error).toBeNull();
    expect(refreshed.lms_courses).toHaveLength(5);

    standin.revokeAll();
    const revoked = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'canvas_auth'))).body,
    );
    expect(revoked.lms_authorized).toBe(false);
    expect(revoked.lms_error).toEqual({
      code: 'lms_authorization_required',
      detail: 'Canvas authorization is required to continue.',
    });
    expect((await save('canvas_auth', { lms_course_id: '101' })).status).toBe(409);
    await authorize(staff, WIZARD_PAGES.wizard(I(), coachId));
  });

  it('saving canvas_auth imports the roster as enrollments (students cannot see the coach yet)', async () => {
    const res = await save('canvas_auth', { lms_course_id: 101 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ coach_id: coachId, step: 'assessment_info' });
    const [counts] = await ctx.database.query<{ students: number; instructors: number }>(
      `select count(*) filter (where role = 'student')::int as students,
              count(*) filter (where role = 'instructor')::int as instructors
         from enrollments where coach_id = $1`,
      [coachId],
    );
    // The stand-in's course 101: 130 students, of whom 5 have no email; its teacher.
    expect(counts).toEqual({ students: 125, instructors: 1 });
    const step = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'canvas_auth'))).body,
    );
    expect(step.existing_config).toMatchObject({ lms_course_id: '101' });
    expect(step.form_data).toEqual({ lms_course_id: '101' });
    // Another course for the same coach is refused.
    const again = await save('canvas_auth', { lms_course_id: '102' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ lms_course_id: ['This coach is already connected to Canvas course 101.'] });
    // An imported student exists but does not see the unfinished coach.
    const [student] = await ctx.database.query<{ email: string }>(
      `select u.email from enrollments e join users u on u.id = e.user_id where e.coach_id = $1 and e.role = 'student' limit 1`,
      [coachId],
    );
    await ctx.database.query(`update users set password_hash = $2 where email = $1`, [
      student!.email,
      await hashPassword(DEMO_PASSWORD),
    ]);
    const s = await signIn(student!.email);
    expect((await s.get(API.gradeData(coachId))).status).toBe(404);
    const me = (await s.get(API.me)).body as { coaches: Array<{ id: number }> };
    expect(me.coaches.map((c) => c.id)).not.toContain(coachId);
  });

  it('assessment_info: the §5 and §9 messages, and the Canvas assignments as the step’s extra', async () => {
    const get = WizardStepResponseSchema.parse((await staff.get(WIZARD_API.coach(I(), coachId))).body);
    expect(get.step).toBe('assessment_info');
    expect(get.assignments!.length).toBeGreaterThan(0);
    expect(get.lms_error).toBeNull();

    const empty = await save('assessment_info', {
      assessment_type: '',
      assessments: [],
      study_resources: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      assessment_type: ['Please select a label for assessments.'],
      assessments: ['Please add at least one assessment.'],
      study_resources: ['Please select at least one option.'],
    });
    const blanks = await save('assessment_info', {
      assessment_type: 'exam',
      assessments: [{ name: '', type_characteristic: '', exam_date: '', is_cumulative: null }],
      study_resources: ['PracticeExam'],
    });
    expect(blanks.body).toEqual({
      'assessments.0.name': ['Please select an assessment'],
      'assessments.0.type_characteristic': ['Please select the Playbook you’d like to link to.'],
      'assessments.0.exam_date': ['Please enter the open date for this assessment.'],
      'assessments.0.is_cumulative': ['Please indicate if this assessment is cumulative.'],
    });
    const four = await save('assessment_info', {
      assessment_type: 'quiz',
      assessments: [assessment(), assessment(), assessment(), assessment()],
      study_resources: ['Quizzes'],
    });
    expect(four.body).toEqual({
      assessments: ['You can only add up to 3 quizzes.'],
      study_resources: ['Select options from the list.'],
    });
    const badDate = await save(
      'assessment_info',
      assessmentInfo({ assessments: [assessment({ exam_date: '2026-02-30' })] }),
    );
    expect(badDate.body).toEqual({
      'assessments.0.exam_date': ['Please enter the open date for this assessment.'],
    });
    const ok = await save('assessment_info', assessmentInfo());
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toEqual({ coach_id: coachId, step: 'bulletin_info' });
  });

  it('bulletin_info: optional bulletins only from the offered list', async () => {
    const bad = await save('bulletin_info', { selected_bulletins: ['Homework', 'Gossip'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ 'selected_bulletins.1': ['Select bulletins from the list.'] });
    const ok = await save('bulletin_info', { selected_bulletins: ['Homework', 'PracticeProblems'] });
    expect(ok.body).toEqual({ coach_id: coachId, step: 'bulletin_followup' });
  });

  it('bulletin_followup: every question’s §5 message, homework asked because Homework is selected', async () => {
    const empty = await save('bulletin_followup', {});
    expect(empty.status).toBe(400);
    const asked = [
      ...WIZARD_QUESTIONS.general,
      ...WIZARD_QUESTIONS.assessment,
      ...WIZARD_QUESTIONS.homework,
      ...WIZARD_QUESTIONS.quiz,
      ...WIZARD_QUESTIONS.topic,
      ...WIZARD_QUESTIONS.succeed,
    ];
    const expected: Record<string, string[]> = {};
    const message = {
      checkbox: 'Please select at least one option.',
      number: 'Please enter a number.',
      boolean: 'Please select an option',
      text: 'Please enter an answer',
    };
    for (const q of asked) expected[q.id] = [message[q.type]];
    expect(empty.body).toEqual(expected);
    expect(Object.keys(expected)).toHaveLength(17);

    const wrong = await save('bulletin_followup', {
      ...followup(),
      ExamPercentage: -1,
      ExamDrops: 'many',
      HWPercentage: 101,
      HasTutoring: 'maybe',
      ClassFormat: ['Lecture', 'Circus'],
      HardTopic1: '   ',
    });
    expect(wrong.body).toEqual({
      ExamPercentage: ['Please enter a number greater than or equal to 0.'],
      ExamDrops: ['Please enter a number.'],
      HWPercentage: ['Please enter a number less than or equal to 100.'],
      HasTutoring: ['Please select an option'],
      ClassFormat: ['Select options from the list.'],
      HardTopic1: ['Please enter an answer'],
    });
  });

  it('save_only stores a step and stays on it; GET of the coach resumes there', async () => {
    const res = await save('bulletin_followup', followup(), 'save_only');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ coach_id: coachId, step: 'bulletin_followup' });
    const resume = WizardStepResponseSchema.parse((await staff.get(WIZARD_API.coach(I(), coachId))).body);
    expect(resume.step).toBe('bulletin_followup');
    expect(resume.form_data).toMatchObject({ HWPercentage: 25, HasTutoring: true, HardTopic1: 'Recursion' });
    // Back: an earlier step can be read and saved again; the step machine then goes on from there.
    const back = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'bulletin_info'))).body,
    );
    expect(back.form_data).toEqual({ selected_bulletins: ['Homework', 'PracticeProblems'] });
    const next = await staff.post(WIZARD_API.step(I(), coachId, 'bulletin_followup'), { data: followup() });
    expect(next.body).toEqual({ coach_id: coachId, step: 'content_calendar' });
  });

  it('content_calendar: proposes the calendar from the earlier steps and validates each item', async () => {
    const get = WizardStepResponseSchema.parse((await staff.get(WIZARD_API.coach(I(), coachId))).body);
    expect(get.step).toBe('content_calendar');
    const content = (get.form_data as { content: Array<{ key: string; type: string; name: string }> })
      .content;
    const keys = content.map((c) => c.key).sort();
    expect(keys).toEqual(
      [
        ...Array.from({ length: 11 }, (_, i) => `skills:${i + 1}`),
        'homework:1',
        'homework:2',
        'practice:1',
        'practice:2',
        'playbook:1',
        'playbook:2',
      ].sort(),
    );
    expect(content.find((c) => c.key === 'playbook:1')).toMatchObject({
      type: 'playbook',
      name: 'Midterm Playbook: Midterm exam',
    });
    expect(
      content
        .filter((c) => c.key.startsWith('skills:'))
        .map((c) => c.type)
        .sort(),
    ).toEqual([...Array(6).fill('bulletin'), ...Array(5).fill('email')]);

    const bad = await save('content_calendar', {
      content: [
        { key: 'skills:1', name: '', tooltip: null, publish_date: '12/01/2026', type: 'bulletin' },
        { key: 'skills:2', name: 'x', publish_date: '2026-12-01', type: 'bulletin' },
        { key: null, name: 'Custom', publish_date: '2026-12-01', type: 'playbook' },
        { key: 'quizzes:1', name: 'Quiz tips', publish_date: '2026-12-01', type: 'bulletin' },
        { name: 'Custom', publish_date: '2026-12-01', type: 'tweet' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      'content.0.name': ['Please enter a name.'],
      'content.0.publish_date': ['Please enter a publish date.'],
      'content.4.type': ['Select a content type from the list.'],
    });
    const badKeys = await save('content_calendar', {
      content: [
        { key: 'skills:2', name: 'x', publish_date: '2026-12-01', type: 'bulletin' },
        { key: null, name: 'Custom', publish_date: '2026-12-01', type: 'playbook' },
        { key: 'quizzes:1', name: 'Quiz tips', publish_date: '2026-12-01', type: 'bulletin' },
      ],
    });
    expect(badKeys.body).toEqual({
      'content.0.type': ['Select a content type from the list.'],
      'content.1.key': ['This item is not one the wizard proposed.'],
      'content.2.key': ['This item is not one the wizard proposed.'],
    });
    const none = await save('content_calendar', { content: [] });
    expect(none.body).toEqual({ content: ['The content calendar needs at least one item.'] });
  });

  it('saving content_calendar starts the set-up job: mts polls until complete, and the coach is created', async () => {
    const proposal = WizardStepResponseSchema.parse(
      (await staff.get(WIZARD_API.step(I(), coachId, 'content_calendar'))).body,
    ).form_data as { content: Array<Record<string, unknown>> };
    const content = [
      ...proposal.content,
      {
        key: null,
        name: 'Our own welcome email',
        tooltip: 'Hello from the teaching team',
        publish_date: '2026-12-02',
        type: 'email',
      },
    ];
    const res = await save('content_calendar', { content });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ coach_id: coachId, step: 'mts' });

    let mts = WizardStepResponseSchema.parse((await staff.get(WIZARD_API.step(I(), coachId, 'mts'))).body);
    for (let i = 0; i < 100 && mts.step === 'mts'; i++) {
      expect(mts.error ?? null).toBeNull();
      await new Promise((r) => setTimeout(r, 50));
      mts = WizardStepResponseSchema.parse((await staff.get(WIZARD_API.step(I(), coachId, 'mts'))).body);
    }
    expect(mts.step).toBe('complete');
    expect(
      WizardStepResponseSchema.parse((await staff.get(WIZARD_API.coach(I(), coachId))).body),
    ).toMatchObject({
      step: 'complete',
      status: 'complete',
    });

    const [counts] = await ctx.database.query<Record<string, number>>(
      `select (select count(*)::int from bulletins where coach_id = $1) as bulletins,
              (select count(*)::int from emails where coach_id = $1 and state = 'scheduled') as emails,
              (select count(*)::int from playbooks where coach_id = $1 and is_released) as playbooks,
              (select count(*)::int from course_characteristics where coach_id = $1 and status = 'Published') as course_characteristics,
              (select count(*)::int from enrollments e join users u on u.id = e.user_id
                where e.coach_id = $1 and u.email = $2 and e.role = 'instructor') as admin`,
      [coachId, ADMIN_EMAIL],
    );
    // 6 + 1 homework + 2 practice bulletins; 5 + 1 homework + 1 own emails; 2 playbooks;
    // 17 answers + assessment type + study resources.
    expect(counts).toEqual({ bulletins: 9, emails: 7, playbooks: 2, course_characteristics: 19, admin: 1 });
    const [wired] = await ctx.database.query<{ values: string[] }>(
      `select array_agg(w.value order by w.value) as values from course_characteristics c
         join content_characteristics w on w.content_kind = 'course' and w.content_id = c.id
        where c.coach_id = $1 and c.title = 'CourseClassFormat'`,
      [coachId],
    );
    expect(wired!.values).toEqual(['Lab', 'Lecture']);
    const [playbook] = await ctx.database.query<Record<string, unknown>>(
      `select title, assignment_type, exam_date::text, planning_opens_on::text from playbooks where coach_id = $1 order by exam_date limit 1`,
      [coachId],
    );
    expect(playbook).toEqual({
      title: 'Midterm Playbook: Midterm exam',
      assignment_type: 'exam',
      exam_date: '2026-12-10',
      planning_opens_on: (content.find((c) => c.key === 'playbook:1') as { publish_date: string })
        .publish_date,
    });

    // Visible now: in the coach list, and to its students.
    const list = (await staff.get(API.institutionCoaches(I()))).body as Array<{ id: number }>;
    expect(list.map((c) => c.id)).toContain(coachId);
    const unfinished = WizardSetupListSchema.parse((await staff.get(WIZARD_API.start(I()))).body);
    expect(unfinished.map((u) => u.coach_id)).not.toContain(coachId);
  });

  it('a complete set-up cannot be saved again or discarded', async () => {
    const res = await save('basic_info', basicInfo());
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'This coach is already set up.' });
    const del = await staff.request('DELETE', WIZARD_API.discard(I(), coachId));
    expect(del.status).toBe(409);
    expect(del.body).toEqual({ detail: 'A coach whose set-up is complete cannot be discarded here.' });
  });
});

describe('a quiz-type set-up', () => {
  it('does not offer Quizzes as a study resource or bulletin, nor ask the quiz questions', async () => {
    const staff = await signIn(STAFF_EMAIL);
    const start = await staff.post(WIZARD_API.start(I()), {
      step: 'basic_info',
      data: basicInfo({ coach_name: 'Quiz coach', course_id: courseBbb, admins: [] }),
    });
    expect(start.status, start.text).toBe(200);
    const id = (start.body as { coach_id: number }).coach_id;
    created.push(id);
    // Straight to assessment_info is refused until canvas_auth is saved: set the step as a Canvas save would.
    await ctx.database.query(`update coach_setups set step = 'assessment_info' where coach_id = $1`, [id]);
    const url = WIZARD_API.coach(I(), id);
    const withQuizzes = await staff.post(url, {
      step: 'assessment_info',
      data: assessmentInfo({ assessment_type: 'quiz', study_resources: ['Quizzes', 'OH'] }),
    });
    expect(withQuizzes.body).toEqual({ study_resources: ['Select options from the list.'] });
    const ok = await staff.post(url, {
      step: 'assessment_info',
      data: assessmentInfo({ assessment_type: 'quiz', study_resources: ['OH'] }),
    });
    expect(ok.status, ok.text).toBe(200);
    const quizBulletin = await staff.post(url, {
      step: 'bulletin_info',
      data: { selected_bulletins: ['Quizzes'] },
    });
    expect(quizBulletin.body).toEqual({ selected_bulletins: ['Select bulletins from the list.'] });
    await staff.post(url, { step: 'bulletin_info', data: { selected_bulletins: [] } });
    const empty = await staff.post(url, { step: 'bulletin_followup', data: {} });
    const fields = Object.keys(empty.body as object);
    expect(fields).not.toContain('QuizPercentage');
    expect(fields).not.toContain('HWPercentage');
    expect(fields).toContain('ExamPercentage');

    // Discarding removes the coach and its set-up.
    const del = await staff.request('DELETE', WIZARD_API.discard(I(), id));
    expect(del.status).toBe(204);
    expect(await ctx.database.query('select 1 from coaches where id = $1', [id])).toHaveLength(0);
    expect(await ctx.database.query('select 1 from coach_setups where coach_id = $1', [id])).toHaveLength(0);
    expect((await staff.get(url)).status).toBe(404);
  });
});
