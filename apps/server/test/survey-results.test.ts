import {
  SURVEY_API,
  SURVEY_MESSAGES,
  SURVEY_RESULTS_API,
  SurveyResultsSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions
type J = any;

/**
 * Survey results (docs/emails-surveys.md "Survey results"): per-question counts and shares computed by
 * hand from three students' answers, individual answers unless the survey is anonymous (also in the
 * CSV), a formula-safe CSV, and the refusals: another coach's survey, students, a survey without questions.
 */

const PLAN = 'rsurv_plan';
const HOURS = 'rsurv_hours';
const TOOLS = 'rsurv_tools';
const EVIL = '=HYPERLINK("http://evil.example","x")';
let ctx: TestContext;
let staff: Browser;
let coachId: number;
let otherCoachId: number;
let students: Array<{ email: string; id: number }>;
let savedName: string;
const cleanupSurveys: Array<[number, number]> = [];

const surveyBody = (over: Record<string, unknown> = {}) => ({
  title: 'Study habits',
  status: 'Published',
  questions: [{ characteristic: PLAN }, { characteristic: HOURS }, { characteristic: TOOLS }],
  ...over,
});

async function createSurvey(over: Record<string, unknown> = {}, coach = coachId) {
  const res = await staff.post<J>(SURVEY_API.surveys(coach), surveyBody(over));
  expect(res.status, res.text).toBe(201);
  cleanupSurveys.push([coach, res.body.id]);
  return res.body as { id: number; questions: Array<{ id: number }> };
}

/** Each of the first three students answers: plan, hours, tools. */
const ANSWERS: Array<[string, string, string[]]> = [
  ['weekly', '10', ['notes', 'videos']],
  ['weekly', '20', ['notes']],
  ['cramming', '10', ['forum']],
];

async function answerAll(survey: { id: number; questions: Array<{ id: number }> }, count = 3) {
  for (const [i, [plan, hours, tools]] of ANSWERS.slice(0, count).entries()) {
    const student = await ctx.signIn(students[i]!.email);
    const [qPlan, qHours, qTools] = survey.questions;
    const res = await student.post<J>(SURVEY_API.responses(coachId, survey.id), {
      answers: [
        { question: qPlan!.id, value: plan },
        { question: qHours!.id, value: hours },
        { question: qTools!.id, value: tools },
      ],
    });
    expect(res.status, res.text).toBe(200);
  }
}

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, 'AAA-2013J');
  otherCoachId = await coachIdOf(ctx, 'DDD-2013B');
  await ctx.database.query(
    `insert into characteristics (institution_id, name, question, kind, is_multivalued, default_value, restriction_values, restriction_ranges)
     values ($1, $2, 'How do you plan your study?', 'set', false, null,
             '[{"value":"weekly","label":"A little every week"},{"value":"cramming","label":"Close to the deadline"},{"value":"undecided","label":"Not sure yet"}]', '[]'),
            ($1, $3, 'How many hours a week do you study?', 'range', false, null, '[]', '[{"min":0,"max":60}]'),
            ($1, $4, 'What do you study with?', 'set', true, null,
             '[{"value":"notes","label":"Notes"},{"value":"videos","label":"Videos"},{"value":"forum","label":"Forum"}]', '[]')`,
    [ctx.institutionId, PLAN, HOURS, TOOLS],
  );
  students = await firstStudentsOf(ctx, coachId, 3);
  const [row] = await ctx.database.query<{ name: string }>('select name from users where id = $1', [
    students[0]!.id,
  ]);
  savedName = row!.name;
  await ctx.database.query('update users set name = $2 where id = $1', [students[0]!.id, EVIL]);
});

afterAll(async () => {
  await ctx.database.query('update users set name = $2 where id = $1', [students[0]!.id, savedName]);
  for (const [coach, id] of cleanupSurveys) await staff.request<J>('DELETE', SURVEY_API.survey(coach, id));
  await ctx.database.query(
    'delete from characteristics where institution_id = $1 and name = any($2::text[])',
    [ctx.institutionId, [PLAN, HOURS, TOOLS]],
  );
});

describe('survey results', () => {
  it('gives per-question counts and shares, and each student’s answers', async () => {
    const survey = await createSurvey();
    await answerAll(survey);
    const res = await staff.get<J>(SURVEY_RESULTS_API.results(coachId, survey.id));
    expect(res.status, res.text).toBe(200);
    const results = SurveyResultsSchema.parse(res.body);
    expect(results.anonymous).toBe(false);
    expect(results.responses).toBe(3);
    const [plan, hours, tools] = results.questions;
    // 2 of 3 chose weekly (66.7 %), 1 of 3 cramming (33.3 %), nobody undecided.
    expect(plan!.respondents).toBe(3);
    expect(plan!.options.map((o) => [o.value, o.count, o.percent])).toEqual([
      ['weekly', 2, 66.7],
      ['cramming', 1, 33.3],
      ['undecided', 0, 0],
    ]);
    expect(plan!.mean).toBeNull();
    // Hours 10, 20, 10: the numbers given, in order, and the mean 40 / 3 = 13.33.
    expect(hours!.options.map((o) => [o.value, o.count, o.percent])).toEqual([
      ['10', 2, 66.7],
      ['20', 1, 33.3],
    ]);
    expect(hours!.mean).toBe(13.33);
    // Multivalued: notes 2 of 3, videos 1, forum 1 (shares of respondents may sum past 100).
    expect(tools!.options.map((o) => [o.value, o.count, o.percent])).toEqual([
      ['notes', 2, 66.7],
      ['videos', 1, 33.3],
      ['forum', 1, 33.3],
    ]);
    expect(results.individual.map((p) => p.user_id).sort()).toEqual(students.map((s) => s.id).sort());
    const first = results.individual.find((p) => p.user_id === students[0]!.id)!;
    expect(first.answers).toEqual({
      [survey.questions[0]!.id]: ['weekly'],
      [survey.questions[1]!.id]: ['10'],
      [survey.questions[2]!.id]: ['notes', 'videos'],
    });
  });

  it('exports the answers as CSV with formula-like cells escaped', async () => {
    const survey = await createSurvey({ title: 'Study habits CSV' });
    await answerAll(survey);
    const res = await staff.get(SURVEY_RESULTS_API.resultsCsv(coachId, survey.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe('name,email,question,answer');
    expect(lines).toHaveLength(1 + 3 * 3);
    // The name starting with "=" comes out as text (a leading apostrophe), never as a formula.
    expect(res.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.text).toContain(`${students[0]!.email},What do you study with?,notes; videos`);
  });

  it('an anonymous survey gives totals only, in the answer and in the CSV', async () => {
    const survey = await createSurvey({ title: 'Anonymous habits', anonymous: true });
    expect((await staff.get<J>(SURVEY_API.survey(coachId, survey.id))).body.anonymous).toBe(true);
    await answerAll(survey, 2);
    const res = await staff.get<J>(SURVEY_RESULTS_API.results(coachId, survey.id));
    expect(res.status).toBe(200);
    expect(res.body.individual).toEqual([]);
    expect(res.body.responses).toBe(2);
    expect(res.body.questions[0].options.map((o: J) => [o.value, o.count, o.percent])).toEqual([
      ['weekly', 2, 100],
      ['cramming', 0, 0],
      ['undecided', 0, 0],
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/@demo\.edu|HYPERLINK/);
    const csv = await staff.get(SURVEY_RESULTS_API.resultsCsv(coachId, survey.id));
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toBe('question,answer,count,percent');
    expect(csv.text).toContain('How do you plan your study?,A little every week,2,100');
    for (const s of students) expect(csv.text).not.toContain(s.email);
    expect(csv.text).not.toContain('HYPERLINK');
  });

  it('refuses students, and another coach’s survey, with nothing given away', async () => {
    const survey = await createSurvey({ title: 'Other coach survey' }, otherCoachId);
    const instructor = await ctx.signIn(instructorEmailOf('AAA-2013J'));
    // Through the instructor's own coach: that coach has no such survey.
    for (const url of [
      SURVEY_RESULTS_API.results(coachId, survey.id),
      SURVEY_RESULTS_API.resultsCsv(coachId, survey.id),
    ]) {
      const res = await instructor.get<J>(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
    // Through the other coach: not the instructor's coach.
    const direct = await instructor.get<J>(SURVEY_RESULTS_API.results(otherCoachId, survey.id));
    expect([403, 404]).toContain(direct.status);
    expect(typeof direct.body.detail).toBe('string');
    const student = await ctx.signIn(students[0]!.email);
    const own = await createSurvey({ title: 'Student may not read' });
    const asStudent = await student.get<J>(SURVEY_RESULTS_API.results(coachId, own.id));
    expect(asStudent.status).toBe(403);
  });

  it('refuses to publish a survey with no questions, with a field error, and writes nothing', async () => {
    const count = async () =>
      (await ctx.database.query<{ n: number }>('select count(*)::int as n from surveys'))[0]!.n;
    const before = await count();
    for (const status of ['Published', 'Scheduled']) {
      const res = await staff.post<J>(
        SURVEY_API.surveys(coachId),
        surveyBody({
          status,
          related_credit: true,
          publish_timestamp: new Date(Date.now() + 86_400_000).toISOString(),
          questions: [],
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ questions: [SURVEY_MESSAGES.noQuestions] });
    }
    const survey = await createSurvey({ title: 'Keeps its questions' });
    const put = await staff.request<J>('PUT', SURVEY_API.survey(coachId, survey.id), {
      json: surveyBody({ questions: [] }),
    });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ questions: [SURVEY_MESSAGES.noQuestions] });
    expect((await staff.get<J>(SURVEY_API.survey(coachId, survey.id))).body.questions).toHaveLength(3);
    expect(await count()).toBe(before + 1);
  });
});
