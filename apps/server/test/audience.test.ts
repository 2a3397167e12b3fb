import {
  API,
  AUDIENCE_API,
  AUDIENCE_TEXTS,
  AudiencePreviewSchema,
  AudienceSchema,
  BulletinAdminSchema,
  BulletinListSchema,
  EMAIL_API,
  EmailSchema,
  MembershipTaskSchema,
  SURVEY_API,
  SurveySchema,
} from '@course-coach/contracts';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverEmail } from '../src/modules/emails/delivery.ts';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
  userIdOf,
} from './helpers.ts';

/**
 * "Who sees this" (docs/bulletins.md, docs/emails-surveys.md): the audience count and list, exclusions
 * stored with the content and honoured by the bulletin reader and the e-mail job, the preview as one
 * student, and the refusals (another coach's student, a student outside the coach) that change nothing.
 * Expected figures come from the database (the group's `cohort_memberships`, the registrar's values),
 * never from the audience code.
 */

const P = 'AAA-2013J';
let ctx: TestContext;
let staff: Browser;
let coachId: number;
let otherCoachId: number;
let cohortId: number;
let bulletinId: number;
let emailId: number;
let members: Array<{ id: number; email: string }>;
let outsiderId: number;
let surveyId: number;

/** PUT with a JSON body. */
const putJson = (b: Browser, url: string, json: unknown) => b.request('PUT', url, { json });

const count = async (sql: string, params: unknown[]) =>
  (await ctx.database.query<{ n: number }>(sql, params))[0]!.n;

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, P);
  otherCoachId = await coachIdOf(ctx, 'DDD-2013B');
  outsiderId = await userIdOf(ctx, await outsiderStudentEmail(ctx, otherCoachId, coachId));
  const cohort = await staff.post<{ id: number }>(API.cohorts(coachId), { name: 'Who sees this (F)' });
  expect(cohort.status, cohort.text).toBe(201);
  cohortId = cohort.body.id;
  const rule = await staff.post(API.cohortRules(coachId, cohortId), {
    characteristic: 'gender',
    operation: 'equal to',
    value: 'F',
  });
  expect(rule.status, rule.text).toBe(201);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await staff.get(API.cohortMembershipUpdate(coachId, cohortId))).body,
    );
    if (task.state === 'success') break;
    if (task.state === 'failure' || Date.now() > deadline) throw new Error(`sync ended ${task.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  members = await ctx.database.query<{ id: number; email: string }>(
    `select u.id, u.email from cohort_memberships m join users u on u.id = m.user_id
      join enrollments e on e.user_id = u.id and e.coach_id = $2 and e.role = 'student'
     where m.cohort_id = $1 order by u.id`,
    [cohortId, coachId],
  );
  expect(members.length).toBeGreaterThan(2);
  const b = await staff.post(API.bulletins(coachId), {
    title: 'Who sees this: group bulletin',
    publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'Published',
    audience_cohort_id: cohortId,
  });
  expect(b.status, b.text).toBe(201);
  bulletinId = BulletinAdminSchema.parse(b.body).id;
});

afterAll(async () => {
  await ctx.database.query('delete from bulletins where id = $1', [bulletinId]);
  if (emailId) await ctx.database.query('delete from emails where id = $1', [emailId]);
  if (surveyId) await ctx.database.query('delete from surveys where id = $1', [surveyId]);
  await ctx.database.query('delete from content_exclusions where coach_id = $1', [coachId]);
  await ctx.database.query(
    "delete from content_characteristics where content_kind = 'email' and content_id = $1",
    [emailId ?? 0],
  );
  await staff.request('DELETE', API.cohort(coachId, cohortId));
});

describe('bulletins', () => {
  it('counts the group’s members less the excluded students, and lists them', async () => {
    const excluded = members[0]!;
    const res = await staff.post(AUDIENCE_API.audience(coachId), {
      kind: 'bulletin',
      id: bulletinId,
      excluded: [excluded.id],
      page_size: 100,
    });
    expect(res.status, res.text).toBe(200);
    const a = AudienceSchema.parse(res.body);
    expect(a.targeted_count).toBe(members.length);
    expect(a.count).toBe(members.length - 1);
    expect(a.excluded.map((s) => s.id)).toEqual([excluded.id]);
    expect(a.students.map((s) => s.id)).not.toContain(excluded.id);
    expect(a.rule).toBe(AUDIENCE_TEXTS.ruleGroup('Who sees this (F)'));
    expect(a.publish.state).toBe('published');
    // Nothing is stored by asking.
    expect(a.saved_excluded).toEqual([]);
  });

  it('an excluded student no longer sees it; the others do, under Recommended; audited', async () => {
    const [excluded, other] = [members[0]!, members[1]!];
    const ex = await ctx.signIn(excluded.email);
    const total = async () =>
      (await ex.get<{ total_messages_count: number }>(API.bulletinAnalytics(coachId))).body
        .total_messages_count;
    const totalBefore = await total();
    const put = await putJson(staff, AUDIENCE_API.exclusions(coachId, 'bulletin', bulletinId), {
      excluded: [excluded.id],
    });
    expect(put.status, put.text).toBe(200);
    const stored = await count(
      "select count(*)::int as n from content_exclusions where content_kind = 'bulletin' and content_id = $1 and user_id = $2",
      [bulletinId, excluded.id],
    );
    expect(stored).toBe(1);
    const [audit] = await ctx.database.query<{ after: { excluded_students: number[] } }>(
      "select after from audit_log where action = 'bulletin.update' and target like $1 order by id desc limit 1",
      [`coach ${coachId}, bulletin ${bulletinId} %`],
    );
    expect(audit!.after.excluded_students).toEqual([excluded.id]);

    // Her activity figures no longer count it either.
    expect(await total()).toBe(totalBefore - 1);
    const exList = BulletinListSchema.parse((await ex.get(API.bulletinList(coachId))).body);
    expect(exList.map((b) => b.id)).not.toContain(bulletinId);
    expect((await ex.get(API.message(coachId, bulletinId))).status).toBe(404);

    const ok = await ctx.signIn(other.email);
    const okList = BulletinListSchema.parse((await ok.get(API.bulletinList(coachId))).body);
    expect(okList.find((b) => b.id === bulletinId)?.recommended).toBe(true);

    const a = AudienceSchema.parse(
      (
        await staff.post(AUDIENCE_API.audience(coachId), {
          kind: 'bulletin',
          id: bulletinId,
          excluded: [excluded.id],
        })
      ).body,
    );
    expect(a.saved_excluded).toEqual([excluded.id]);
  });

  it('previews it as a chosen student: their version and whether they get it', async () => {
    const url = (u: number) => `${AUDIENCE_API.preview(coachId, 'bulletin', bulletinId)}?user_id=${u}`;
    const member = AudiencePreviewSchema.parse((await staff.get(url(members[1]!.id))).body);
    expect(member).toMatchObject({
      receives: true,
      recommended: true,
      title: 'Who sees this: group bulletin',
    });
    const ex = AudiencePreviewSchema.parse((await staff.get(url(members[0]!.id))).body);
    expect(ex.receives).toBe(false);
    expect(ex.message).toBe(AUDIENCE_TEXTS.excludedStudent(ex.student.name));
    const [nonMember] = await ctx.database.query<{ id: number }>(
      `select e.user_id as id from enrollments e where e.coach_id = $1 and e.role = 'student'
         and not exists (select 1 from cohort_memberships m where m.cohort_id = $2 and m.user_id = e.user_id)
       order by e.user_id limit 1`,
      [coachId, cohortId],
    );
    const out = AudiencePreviewSchema.parse((await staff.get(url(nonMember!.id))).body);
    expect(out.receives).toBe(false);
  });

  it('refusals change nothing: another coach’s student, a student outside the coach, a student caller', async () => {
    const before = await count('select count(*)::int as n from content_exclusions where content_id = $1', [
      bulletinId,
    ]);
    const audits = await count(
      "select count(*)::int as n from audit_log where action = 'bulletin.update'",
      [],
    );
    const bad = await putJson(staff, AUDIENCE_API.exclusions(coachId, 'bulletin', bulletinId), {
      excluded: [members[0]!.id, outsiderId],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ excluded: [AUDIENCE_TEXTS.notStudents] });
    const pre = await staff.get(
      `${AUDIENCE_API.preview(coachId, 'bulletin', bulletinId)}?user_id=${outsiderId}`,
    );
    expect(pre.status).toBe(400);
    expect(pre.body).toEqual({ user_id: [AUDIENCE_TEXTS.notAStudent] });
    // A kind outside the three plurals in the item routes' path: 400 on `kind`, nothing written.
    const badKind = await putJson(
      staff,
      `/api/v1/coach/${coachId}/audience/widgets/${bulletinId}/exclusions`,
      {
        excluded: [],
      },
    );
    expect(badKind.status).toBe(400);
    expect(Object.keys(badKind.body as object)).toEqual(['kind']);
    const foreign = await staff.post(AUDIENCE_API.audience(otherCoachId), {
      kind: 'bulletin',
      id: bulletinId,
    });
    expect(foreign.status).toBe(404);
    const student = await ctx.signIn(members[1]!.email);
    const asStudent = await putJson(student, AUDIENCE_API.exclusions(coachId, 'bulletin', bulletinId), {
      excluded: [],
    });
    expect(asStudent.status).toBe(403);
    expect(
      await count('select count(*)::int as n from content_exclusions where content_id = $1', [bulletinId]),
    ).toBe(before);
    expect(await count("select count(*)::int as n from audit_log where action = 'bulletin.update'", [])).toBe(
      audits,
    );
  });
});

describe('e-mails', () => {
  it('the count is the wired students less the excluded; the excluded student is not e-mailed', async () => {
    const created = await staff.post(EMAIL_API.emails(coachId), {
      title: 'Who sees this e-mail',
      subject: 'Hello',
      state: 'draft',
      sections: [{ body: '<p>Body</p>' }],
      characteristics: [{ label: 'gender', value: 'F' }],
    });
    expect(created.status, created.text).toBe(201);
    emailId = EmailSchema.parse(created.body).id;
    // Expected: the coach's students whose registrar gender is F (straight from the values table).
    const wired = await ctx.database.query<{ id: number }>(
      `select distinct e.user_id as id from enrollments e
         join student_characteristic_values v on v.user_id = e.user_id and v.coach_id in (0, $1)
         join characteristics c on c.id = v.characteristic_id and c.name = 'gender'
        where e.coach_id = $1 and e.role = 'student' and v.value = 'F' order by 1`,
      [coachId],
    );
    const excluded = wired[0]!.id;
    const put = await putJson(staff, AUDIENCE_API.exclusions(coachId, 'email', emailId), {
      excluded: [excluded],
    });
    expect(put.status, put.text).toBe(200);
    const a = AudienceSchema.parse(
      (await staff.post(AUDIENCE_API.audience(coachId), { kind: 'email', id: emailId, excluded: [excluded] }))
        .body,
    );
    expect(a.targeted_count).toBe(wired.length);
    expect(a.count).toBe(wired.length - 1);
    expect(a.publish.state).toBe('draft');

    await ctx.database.query("update emails set state = 'scheduled', send_at = now() where id = $1", [
      emailId,
    ]);
    const sentTo: string[] = [];
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const origSend = transport.sendMail.bind(transport);
    transport.sendMail = ((mail: { to: { address: string } }) => {
      sentTo.push(mail.to.address);
      return origSend(mail as never);
    }) as typeof transport.sendMail;
    const result = await deliverEmail(ctx.database, emailId, {
      transport,
      from: 'Coach <coach@example.edu>',
    });
    expect(result).toMatchObject({ ran: true, sent: wired.length - 1, delivered: true });
    const [exUser] = await ctx.database.query<{ email: string }>('select email from users where id = $1', [
      excluded,
    ]);
    expect(sentTo).not.toContain(exUser!.email);
    expect(sentTo.length).toBe(wired.length - 1);
    expect(
      await count('select count(*)::int as n from email_deliveries where email_id = $1 and user_id = $2', [
        emailId,
        excluded,
      ]),
    ).toBe(0);
    // Delivered: its audience can no longer change.
    const locked = await putJson(staff, AUDIENCE_API.exclusions(coachId, 'email', emailId), { excluded: [] });
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({ non_field_errors: [AUDIENCE_TEXTS.emailLocked] });
  });
});

describe('surveys', () => {
  it('an excluded student does not see the survey; the preview shows its questions', async () => {
    const created = await staff.post(SURVEY_API.surveys(coachId), {
      title: 'Who sees this survey',
      status: 'Published',
      publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
      questions: [{ prompt: 'Which age band?', characteristic: 'age_band' }],
    });
    expect(created.status, created.text).toBe(201);
    surveyId = SurveySchema.parse(created.body).id;
    const students = await count(
      "select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'",
      [coachId],
    );
    const [excluded, other] = [members[2]!, members[1]!];
    const a = AudienceSchema.parse(
      (
        await staff.post(AUDIENCE_API.audience(coachId), {
          kind: 'survey',
          id: surveyId,
          excluded: [excluded.id],
        })
      ).body,
    );
    expect(a.count).toBe(students - 1);
    expect(a.rule).toBe(AUDIENCE_TEXTS.ruleAll);
    const put = await putJson(staff, AUDIENCE_API.exclusions(coachId, 'survey', surveyId), {
      excluded: [excluded.id],
    });
    expect(put.status, put.text).toBe(200);
    const ex = await ctx.signIn(excluded.email);
    const exList = (await ex.get<Array<{ id: number }>>(SURVEY_API.surveys(coachId))).body;
    expect(exList.map((x) => x.id)).not.toContain(surveyId);
    expect((await ex.get(SURVEY_API.survey(coachId, surveyId))).status).toBe(404);
    const ok = await ctx.signIn(other.email);
    const okList = (await ok.get<Array<{ id: number }>>(SURVEY_API.surveys(coachId))).body;
    expect(okList.map((x) => x.id)).toContain(surveyId);
    const pre = AudiencePreviewSchema.parse(
      (await staff.get(`${AUDIENCE_API.preview(coachId, 'survey', surveyId)}?user_id=${other.id}`)).body,
    );
    expect(pre).toMatchObject({
      receives: true,
      html: '<ol><li>Which age band?</li></ol>',
      recommended: null,
    });
  });
});
