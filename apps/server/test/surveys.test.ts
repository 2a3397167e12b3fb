import {
  API,
  CohortSchema,
  MembershipTaskSchema,
  SURVEY_API,
  SURVEY_MESSAGES,
  type Survey,
  SurveySchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
type J = any;

/**
 * Surveys: authoring of questions mapped to characteristics; students answer; each
 * answer becomes the student's characteristic value from the source `survey`, Insight Groups are
 * re-synced, and the survey completion percentage reads the responses.
 */

const P = 'AAA-2013J';
const PLAN = 'cmail_study_plan';
const HOURS = 'cmail_hours_per_week';
let ctx: TestContext;
let staff: Browser;
let coachId: number;
let otherCoachId: number;
/** Two students of the coach: one with gender F and one with gender M (registrar values). */
let woman: { id: number; email: string };
let man: { id: number; email: string };
let outsider: string;
const cleanupSurveys: number[] = [];
const cleanupCohorts: number[] = [];

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, P);
  otherCoachId = await coachIdOf(ctx, 'DDD-2013B');
  await ctx.database.query(
    `insert into characteristics (institution_id, name, question, kind, is_multivalued, default_value, restriction_values, restriction_ranges)
     values ($1, $2, 'How do you plan your study?', 'set', false, 'undecided',
             '[{"value":"weekly","label":"A little every week"},{"value":"cramming","label":"Close to the deadline"},{"value":"undecided","label":"Not sure yet"}]', '[]'),
            ($1, $3, 'How many hours a week do you study?', 'range', false, null, '[]', '[{"min":0,"max":60}]')`,
    [ctx.institutionId, PLAN, HOURS],
  );
  const pick = async (gender: string) => {
    const [row] = await ctx.database.query<{ id: number; email: string }>(
      `select u.id, u.email from enrollments e join users u on u.id = e.user_id
        where e.coach_id = $1 and e.role = 'student'
          and exists (select 1 from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
                       where v.user_id = u.id and c.name = 'gender' and v.value = $2)
          and not exists (select 1 from enrollments o where o.user_id = u.id and o.coach_id <> e.coach_id)
        order by u.id limit 1`,
      [coachId, gender],
    );
    return row!;
  };
  woman = await pick('F');
  man = await pick('M');
  const [o] = await ctx.database.query<{ email: string }>(
    `select u.email from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student'
        and not exists (select 1 from enrollments x where x.user_id = u.id and x.coach_id = $2) limit 1`,
    [otherCoachId, coachId],
  );
  outsider = o!.email;
});

afterAll(async () => {
  for (const id of cleanupCohorts) await staff.request<J>('DELETE', API.cohort(coachId, id));
  for (const id of cleanupSurveys) await staff.request<J>('DELETE', SURVEY_API.survey(coachId, id));
  await ctx.database.query(
    'delete from characteristics where institution_id = $1 and name = any($2::text[])',
    [ctx.institutionId, [PLAN, HOURS]],
  );
  await ctx.database.query(`delete from tailoring_sources where institution_id = $1 and name = 'survey'`, [
    ctx.institutionId,
  ]);
});

const surveyBody = (over: Record<string, unknown> = {}) => ({
  title: 'How do you study?',
  status: 'Published',
  related_credit: true,
  questions: [
    { prompt: '', characteristic: PLAN },
    { prompt: 'Hours a week, roughly?', characteristic: HOURS },
  ],
  characteristics: [],
  ...over,
});

async function createSurvey(over: Record<string, unknown> = {}): Promise<Survey> {
  const res = await staff.post<J>(SURVEY_API.surveys(coachId), surveyBody(over));
  expect(res.status, res.text).toBe(201);
  const survey = SurveySchema.parse(res.body);
  cleanupSurveys.push(survey.id);
  return survey;
}

async function waitForSync(cohortId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await staff.get<J>(API.cohortMembershipUpdate(coachId, cohortId));
    const task = MembershipTaskSchema.parse(res.body);
    if (task.state === 'success' || task.state === 'failure' || Date.now() > deadline) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function members(cohortId: number): Promise<number[]> {
  const rows = await ctx.database.query<{ user_id: number }>(
    'select user_id from cohort_memberships where cohort_id = $1 order by user_id',
    [cohortId],
  );
  return rows.map((r) => r.user_id);
}

describe('survey authoring', () => {
  it('maps questions to characteristics with the restriction set as options', async () => {
    const survey = await createSurvey();
    expect(survey.status).toBe('Published');
    expect(survey.questions.map((q) => [q.characteristic, q.kind, q.prompt])).toEqual([
      [PLAN, 'set', 'How do you plan your study?'],
      [HOURS, 'range', 'Hours a week, roughly?'],
    ]);
    expect(survey.questions[0]!.options.map((o) => o.value)).toEqual(['weekly', 'cramming', 'undecided']);
    expect(survey.questions[1]!.ranges).toEqual([{ min: 0, max: 60 }]);
  });

  it('refuses unknown characteristics, duplicates and bad wiring with field errors, writing nothing', async () => {
    const [before] = await ctx.database.query<{ n: number }>('select count(*)::int as n from surveys');
    const res = await staff.post<J>(
      SURVEY_API.surveys(coachId),
      surveyBody({
        title: '',
        questions: [{ characteristic: 'nope' }, { characteristic: PLAN }, { characteristic: PLAN }],
        characteristics: [{ label: 'gender', value: 'X' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(
      ['characteristics.0.value', 'questions.0.characteristic', 'questions.2.characteristic', 'title'].sort(),
    );
    expect(res.body['questions.2.characteristic']).toEqual([SURVEY_MESSAGES.duplicateCharacteristic]);
    const [after] = await ctx.database.query<{ n: number }>('select count(*)::int as n from surveys');
    expect(after!.n).toBe(before!.n);
  });

  it('refuses students’ writes (403), strangers (401), other coaches (404)', async () => {
    const survey = await createSurvey({ status: 'Draft' });
    const student = await ctx.signIn(woman.email);
    expect((await student.post<J>(SURVEY_API.surveys(coachId), surveyBody())).status).toBe(403);
    expect(
      (await student.request<J>('PUT', SURVEY_API.survey(coachId, survey.id), { json: surveyBody() })).status,
    ).toBe(403);
    expect((await student.request<J>('DELETE', SURVEY_API.survey(coachId, survey.id))).status).toBe(403);
    // A draft is not shown to students.
    expect((await student.get<J>(SURVEY_API.survey(coachId, survey.id))).status).toBe(404);
    expect((await ctx.browser().get<J>(SURVEY_API.surveys(coachId))).status).toBe(401);
    expect((await staff.get<J>(SURVEY_API.survey(otherCoachId, survey.id))).status).toBe(404);
    const other = await ctx.signIn(outsider);
    expect((await other.get<J>(SURVEY_API.surveys(coachId))).status).toBe(404);
    expect((await staff.post<J>(SURVEY_API.responses(coachId, survey.id), { answers: [] })).status).toBe(403);
    expect(
      (await student.post<J>(SURVEY_API.responses(coachId, survey.id), { answers: [] }, { csrf: false }))
        .status,
    ).toBe(403);
    expect((await staff.post<J>(SURVEY_API.surveys(coachId), surveyBody(), { csrf: false })).status).toBe(
      403,
    );
    expect(
      (await ctx.browser().post<J>(SURVEY_API.responses(coachId, survey.id), { answers: [] })).status,
    ).toBe(401);
  });
});

describe('answering a survey', () => {
  let survey: Survey;
  let student: Browser;
  let cohortId: number;

  beforeAll(async () => {
    student = await ctx.signIn(woman.email);
    const res = await staff.post<J>(API.cohorts(coachId), { name: 'Weekly planners (survey test)' });
    expect(res.status, res.text).toBe(201);
    cohortId = CohortSchema.parse(res.body).id;
    cleanupCohorts.push(cohortId);
    const rule = await staff.post<J>(API.cohortRules(coachId, cohortId), {
      characteristic: PLAN,
      operation: 'equal to',
      value: 'weekly',
      values_for_include: [],
    });
    expect(rule.status, rule.text).toBe(201);
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await members(cohortId)).toEqual([]);
  });

  it('refuses answers outside the options, out of range or missing, and writes nothing', async () => {
    const analyticsBefore = (await student.get<J>(API.surveyAnalytics(coachId))).body;
    survey = await createSurvey();
    const [plan, hours] = survey.questions;
    const count = async () =>
      (
        await ctx.database.query<{ n: number }>(
          `select (select count(*)::int from student_characteristic_values where user_id = $1)
                + (select count(*)::int from survey_responses where user_id = $1)
                + (select count(*)::int from survey_answers where user_id = $1) as n`,
          [woman.id],
        )
      )[0]!.n;
    const before = await count();
    const bad = await student.post<J>(SURVEY_API.responses(coachId, survey.id), {
      answers: [
        { question: plan!.id, value: 'daily' },
        { question: hours!.id, value: '99' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body[`question_${plan!.id}`]).toEqual([SURVEY_MESSAGES.notAnOption('daily')]);
    expect(bad.body[`question_${hours!.id}`]).toEqual([SURVEY_MESSAGES.outOfRange([{ min: 0, max: 60 }])]);
    const missing = await student.post<J>(SURVEY_API.responses(coachId, survey.id), {
      answers: [{ question: plan!.id, value: 'weekly' }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body[`question_${hours!.id}`]).toEqual([SURVEY_MESSAGES.answerRequired]);
    const two = await student.post<J>(SURVEY_API.responses(coachId, survey.id), {
      answers: [
        { question: plan!.id, value: ['weekly', 'cramming'] },
        { question: hours!.id, value: '3' },
      ],
    });
    expect(two.status).toBe(400);
    expect(await count()).toBe(before);
    // The survey counts as not completed yet: one more live survey, none more answered.
    const mid = (await student.get<J>(API.surveyAnalytics(coachId))).body;
    expect(mid.total_surveys_count).toBe(analyticsBefore.total_surveys_count + 1);
    expect(mid.completed_surveys_count).toBe(analyticsBefore.completed_surveys_count);
  });

  it('turns answers into survey-sourced characteristic values and re-syncs the Insight Groups', async () => {
    const analyticsBefore = (await student.get<J>(API.surveyAnalytics(coachId))).body;
    const [plan, hours] = survey.questions;
    const res = await student.post<J>(SURVEY_API.responses(coachId, survey.id), {
      answers: [
        { question: plan!.id, value: 'weekly' },
        { question: hours!.id, value: '12' },
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.resynced_cohorts).toContain(cohortId);
    const values = await ctx.database.query<{
      name: string;
      value: string;
      num: number | null;
      source: string;
    }>(
      `select c.name, v.value, v.num, s.name as source from student_characteristic_values v
         join characteristics c on c.id = v.characteristic_id join tailoring_sources s on s.id = v.source_id
        where v.user_id = $1 and c.name = any($2::text[]) order by c.name`,
      [woman.id, [PLAN, HOURS]],
    );
    expect(values).toEqual([
      { name: HOURS, value: '12', num: 12, source: 'survey' },
      { name: PLAN, value: 'weekly', num: null, source: 'survey' },
    ]);
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await members(cohortId)).toEqual([woman.id]);
    // The completion percentage reads the response.
    const after = (await student.get<J>(API.surveyAnalytics(coachId))).body;
    expect(after.completed_surveys_count).toBe(analyticsBefore.completed_surveys_count + 1);
    expect(after.total_surveys_count).toBe(analyticsBefore.total_surveys_count);
    const expectedPercent =
      Math.round(
        ((analyticsBefore.completed_surveys_count + 1) / analyticsBefore.total_surveys_count) * 10000,
      ) / 100;
    expect(after.survey_completed_percentage).toBeCloseTo(expectedPercent, 2);
    const mine = SurveySchema.parse((await student.get<J>(SURVEY_API.survey(coachId, survey.id))).body);
    expect(mine.completed).toBe(true);
    expect(mine.answers).toEqual({ [String(plan!.id)]: ['weekly'], [String(hours!.id)]: ['12'] });

    // Changing the answer takes the student out of the group after the next sync.
    const again = await student.post<J>(SURVEY_API.responses(coachId, survey.id), {
      answers: [
        { question: plan!.id, value: 'cramming' },
        { question: hours!.id, value: '2' },
      ],
    });
    expect(again.status).toBe(200);
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await members(cohortId)).toEqual([]);
    const [{ n } = { n: 0 }] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from survey_responses where survey_id = $1 and user_id = $2`,
      [survey.id, woman.id],
    );
    expect(n).toBe(1);
  });

  it('shows a wired survey only to the students it is meant for, and counts it only for them', async () => {
    const w = await ctx.signIn(woman.email);
    const m = await ctx.signIn(man.email);
    const totals = async () => [
      (await w.get<J>(API.surveyAnalytics(coachId))).body.total_surveys_count as number,
      (await m.get<J>(API.surveyAnalytics(coachId))).body.total_surveys_count as number,
    ];
    const [womanBefore, manBefore] = await totals();
    const wired = await createSurvey({
      title: 'For men only',
      characteristics: [{ label: 'gender', value: 'M' }],
    });
    expect(await totals()).toEqual([womanBefore, manBefore! + 1]);
    expect((await w.get<J>(SURVEY_API.survey(coachId, wired.id))).status).toBe(404);
    expect(((await w.get<J>(SURVEY_API.surveys(coachId))).body as Survey[]).map((s) => s.id)).not.toContain(
      wired.id,
    );
    expect((await m.get<J>(SURVEY_API.survey(coachId, wired.id))).status).toBe(200);
    expect(((await m.get<J>(SURVEY_API.surveys(coachId))).body as Survey[]).map((s) => s.id)).toContain(
      wired.id,
    );
    const [plan, hours] = wired.questions;
    const refused = await w.post<J>(SURVEY_API.responses(coachId, wired.id), {
      answers: [
        { question: plan!.id, value: 'weekly' },
        { question: hours!.id, value: '1' },
      ],
    });
    expect(refused.status).toBe(404);
  });
});
