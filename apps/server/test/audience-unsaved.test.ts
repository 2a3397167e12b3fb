import {
  API,
  AUDIENCE_API,
  AUDIENCE_TEXTS,
  AudienceSchema,
  BULLETIN_ERRORS,
  BulletinAdminSchema,
  EMAIL_API,
  EmailSchema,
  MembershipTaskSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

/**
 * "Who sees this" for the editor's unsaved targeting (docs/bulletins.md, docs/emails-surveys.md): POST
 * audience with a bulletin's `audience_cohort_id` or an e-mail's `characteristics` counts that targeting and
 * saves nothing; bad targeting is a 400 with field errors. Expected figures come from the database (the
 * group's memberships, the registrar's values, the coach's enrolments), never from the audience code.
 */

const P = 'GGG-2013J';
let ctx: TestContext;
let staff: Browser;
let coachId: number;
let otherCohortId: number;
let cohortId: number;
let bulletinId: number;
let emailId: number;
let members: number;
let students: number;

const audience = (body: Record<string, unknown>) => staff.post(AUDIENCE_API.audience(coachId), body);
const one = async (sql: string, params: unknown[]) =>
  (await ctx.database.query<{ n: number }>(sql, params))[0]!.n;

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachId = await coachIdOf(ctx, P);
  const other = await staff.post<{ id: number }>(API.cohorts(await coachIdOf(ctx, 'AAA-2013J')), {
    name: 'Unsaved audience: other coach',
  });
  otherCohortId = other.body.id;
  const cohort = await staff.post<{ id: number }>(API.cohorts(coachId), { name: 'Unsaved audience (F)' });
  expect(cohort.status, cohort.text).toBe(201);
  cohortId = cohort.body.id;
  const rule = await staff.post(API.cohortRules(coachId, cohortId), {
    characteristic: 'gender',
    operation: 'equal to',
    value: 'F',
  });
  expect(rule.status, rule.text).toBe(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await staff.get(API.cohortMembershipUpdate(coachId, cohortId))).body,
    );
    if (task.state === 'success') break;
    if (task.state === 'failure' || Date.now() > deadline) throw new Error(`sync ended ${task.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  members = await one(
    `select count(*)::int as n from cohort_memberships m
       join enrollments e on e.user_id = m.user_id and e.coach_id = $2 and e.role = 'student'
      where m.cohort_id = $1`,
    [cohortId, coachId],
  );
  students = await one(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coachId],
  );
  expect(members).toBeGreaterThan(0);
  expect(members).toBeLessThan(students);
  const b = await staff.post(API.bulletins(coachId), {
    title: 'Unsaved audience bulletin',
    publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'Draft',
  });
  expect(b.status, b.text).toBe(201);
  bulletinId = BulletinAdminSchema.parse(b.body).id;
  const e = await staff.post(EMAIL_API.emails(coachId), {
    title: 'Unsaved audience e-mail',
    subject: 'Hello',
    state: 'draft',
    sections: [{ body: '<p>Body</p>' }],
  });
  expect(e.status, e.text).toBe(201);
  emailId = EmailSchema.parse(e.body).id;
});

afterAll(async () => {
  await ctx.database.query('delete from bulletins where id = $1', [bulletinId]);
  await ctx.database.query('delete from emails where id = $1', [emailId]);
  await ctx.database.query(
    "delete from content_characteristics where content_kind = 'email' and content_id = $1",
    [emailId],
  );
  await ctx.database.query('delete from cohorts where id = any($1::int[])', [[cohortId, otherCohortId]]);
  await ctx.database.query('delete from trash_items where kind = $1 and item_id = any($2::int[])', [
    'cohort',
    [cohortId, otherCohortId],
  ]);
});

describe('unsaved targeting', () => {
  it('a bulletin: the chosen group is counted before Save, and nothing is saved', async () => {
    const saved = AudienceSchema.parse((await audience({ kind: 'bulletin', id: bulletinId })).body);
    expect(saved.count).toBe(students);
    expect(saved.rule).toBe(AUDIENCE_TEXTS.ruleAllBulletin);

    const res = await audience({
      kind: 'bulletin',
      id: bulletinId,
      audience_cohort_id: cohortId,
      page_size: 100,
    });
    expect(res.status, res.text).toBe(200);
    const draft = AudienceSchema.parse(res.body);
    expect(draft.count).toBe(members);
    expect(draft.rule).toBe(AUDIENCE_TEXTS.ruleGroup('Unsaved audience (F)'));
    const expectedIds = await ctx.database.query<{ id: number }>(
      `select m.user_id as id from cohort_memberships m
         join enrollments e on e.user_id = m.user_id and e.coach_id = $2 and e.role = 'student'
        where m.cohort_id = $1`,
      [cohortId, coachId],
    );
    const expectedSet = new Set(expectedIds.map((r) => r.id));
    expect(draft.students).toHaveLength(Math.min(members, 100));
    expect(draft.students.every((s) => expectedSet.has(s.id))).toBe(true);
    // Nothing was saved: the bulletin is still for everyone.
    expect(
      await one('select count(*)::int as n from bulletins where id = $1 and audience_cohort_id is null', [
        bulletinId,
      ]),
    ).toBe(1);
    expect(AudienceSchema.parse((await audience({ kind: 'bulletin', id: bulletinId })).body).count).toBe(
      students,
    );
    // Choosing "every student" on a group bulletin counts everyone.
    await ctx.database.query('update bulletins set audience_cohort_id = $2 where id = $1', [
      bulletinId,
      cohortId,
    ]);
    const all = AudienceSchema.parse(
      (await audience({ kind: 'bulletin', id: bulletinId, audience_cohort_id: null })).body,
    );
    expect(all.count).toBe(students);
    await ctx.database.query('update bulletins set audience_cohort_id = null where id = $1', [bulletinId]);
  });

  it('an e-mail: the unsaved wiring is counted, nothing is written', async () => {
    const expected = await one(
      `select count(distinct e.user_id)::int as n from enrollments e
         join student_characteristic_values v on v.user_id = e.user_id and v.coach_id in (0, $1)
         join characteristics c on c.id = v.characteristic_id and c.name = 'gender'
        where e.coach_id = $1 and e.role = 'student' and v.value = 'F'`,
      [coachId],
    );
    const res = await audience({
      kind: 'email',
      id: emailId,
      characteristics: [{ label: 'gender', value: 'F' }],
    });
    expect(res.status, res.text).toBe(200);
    const a = AudienceSchema.parse(res.body);
    expect(a.count).toBe(expected);
    expect(a.rule).toBe(AUDIENCE_TEXTS.ruleWired);
    expect(
      await one(
        "select count(*)::int as n from content_characteristics where content_kind = 'email' and content_id = $1",
        [emailId],
      ),
    ).toBe(0);
    expect(AudienceSchema.parse((await audience({ kind: 'email', id: emailId })).body).count).toBe(students);
  });

  it('refuses bad targeting with field errors, changing nothing', async () => {
    const otherGroup = await audience({
      kind: 'bulletin',
      id: bulletinId,
      audience_cohort_id: otherCohortId,
    });
    expect(otherGroup.status).toBe(400);
    expect(otherGroup.body).toEqual({ audience_cohort_id: [BULLETIN_ERRORS.unknownCohort] });
    const groupOnEmail = await audience({ kind: 'email', id: emailId, audience_cohort_id: cohortId });
    expect(groupOnEmail.status).toBe(400);
    expect(groupOnEmail.body).toEqual({ audience_cohort_id: [AUDIENCE_TEXTS.groupOnlyBulletins] });
    const wiringOnBulletin = await audience({ kind: 'bulletin', id: bulletinId, characteristics: [] });
    expect(wiringOnBulletin.status).toBe(400);
    expect(wiringOnBulletin.body).toEqual({ characteristics: [AUDIENCE_TEXTS.wiringNotBulletins] });
    const unknown = await audience({
      kind: 'email',
      id: emailId,
      characteristics: [{ label: 'no_such_characteristic', value: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body as object)).toEqual(['characteristics.0.label']);
    expect(
      await one('select count(*)::int as n from bulletins where id = $1 and audience_cohort_id is null', [
        bulletinId,
      ]),
    ).toBe(1);
    expect(
      await one(
        "select count(*)::int as n from content_characteristics where content_kind = 'email' and content_id = $1",
        [emailId],
      ),
    ).toBe(0);
  });
});
