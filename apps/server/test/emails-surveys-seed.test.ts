import { EMAIL_API, EmailListSchema, SURVEY_API, SurveyListSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/seed/content.ts';
import { seedDemoEmailsSurveys } from '../src/seed/emails-surveys.ts';
import { coachIdOf, getTestContext, STAFF_EMAIL, studentEmailOf, type TestContext } from './helpers.ts';

/** The demo emails and survey questions: written once, and real for the demo's students. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

describe('demo emails and survey questions', () => {
  it('writes the demo emails and survey questions once (idempotent)', async () => {
    await seedDemoContent(ctx.database, ctx.institutionId);
    await seedDemoEmailsSurveys(ctx.database, ctx.institutionId);
    const [before] = await ctx.database.query<{ n: number }>(
      `select ((select count(*) from emails where institution_id = $1)
             + (select count(*) from survey_questions where institution_id = $1))::int as n`,
      [ctx.institutionId],
    );
    expect(before!.n).toBeGreaterThan(0);
    expect(await seedDemoEmailsSurveys(ctx.database, ctx.institutionId)).toBe(false);
    const [after] = await ctx.database.query<{ n: number }>(
      `select ((select count(*) from emails where institution_id = $1)
             + (select count(*) from survey_questions where institution_id = $1))::int as n`,
      [ctx.institutionId],
    );
    expect(after!.n).toBe(before!.n);
  });

  it('shows staff the three emails with their statuses, and the welcome email delivered to every student but two unconfirmed', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const staff = await ctx.signIn(STAFF_EMAIL);
    const res = await staff.get(EMAIL_API.emails(coachId));
    expect(res.status).toBe(200);
    const emails = EmailListSchema.parse(res.body).filter((e) =>
      ['Welcome email', 'Exam week reminder', 'Support for students with a disability'].includes(e.title),
    );
    expect(emails.map((e) => [e.title, e.status]).sort()).toEqual(
      [
        ['Exam week reminder', 'Scheduled'],
        ['Support for students with a disability', 'Draft'],
        ['Welcome email', 'Delivered'],
      ].sort(),
    );
    const [{ n } = { n: 0 }] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
      [coachId],
    );
    const welcome = emails.find((e) => e.title === 'Welcome email')!;
    // Two rows per coach are seeded `unconfirmed` (as after a crash), for the send log.
    expect(welcome.delivered_count).toBe(n - 2);
    expect(welcome.unconfirmed_count).toBe(2);
    const reminder = emails.find((e) => e.title === 'Exam week reminder')!;
    expect(reminder.characteristics.map((c) => `${c.label}: ${c.value}`)).toEqual(['disability: N']);
    expect(reminder.sections.map((s) => s.characteristic)).toEqual([null, 'gender', 'gender']);
  });

  it('gives a demo student the live Course feedback survey with questions from the dictionary', async () => {
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const student = await ctx.signIn(studentEmailOf('11391'));
    const res = await student.get(SURVEY_API.surveys(coachId));
    expect(res.status).toBe(200);
    const feedback = SurveyListSchema.parse(res.body).find((s) => s.title === 'Course feedback')!;
    expect(feedback.questions.map((q) => [q.characteristic, q.kind])).toEqual([
      ['highest_education', 'set'],
      ['studied_credits', 'range'],
    ]);
    expect(feedback.questions[1]!.ranges).toEqual([{ min: 0, max: 700 }]);
  });
});
