import {
  API,
  BULLETIN_ERRORS,
  type Bulletin,
  BulletinAdminSchema,
  BulletinListSchema,
  BulletinMessageSchema,
  MembershipTaskSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  insertOtherInstitution,
  instructorEmailOf,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * Bulletins (spec §2 Bulletin list and message routes, §3 Bulletin, §4 Star toggle and credit status,
 * §7 bulletin-list and star-message) over real HTTP and the real database. The students are real OULAD
 * students of DDD-2013B, chosen by their real `gender` value from the imported registrar data; the
 * audience Insight Group is made and synced through the tailoring API. Fixtures are removed afterwards.
 */

const PRESENTATION = 'DDD-2013B';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let staff: Browser;
let instructor: Browser;
let female: Browser;
let male: Browser;
let outsider: Browser;
let femaleId: number;
let cohortId: number;
const made: number[] = [];

/** Two students of the coach with the registrar's gender F and M (the first of each by user id). */
async function studentsByGender() {
  const rows = await ctx.database.query<{ id: number; email: string; value: string }>(
    `select distinct on (v.value) u.id, u.email, v.value
       from enrollments e join users u on u.id = e.user_id
       join student_characteristic_values v on v.user_id = u.id
       join characteristics c on c.id = v.characteristic_id and c.name = 'gender'
      where e.coach_id = $1 and e.role = 'student' and v.value in ('F', 'M')
      order by v.value, u.id`,
    [coachId],
  );
  return {
    f: rows.find((r) => r.value === 'F')!,
    m: rows.find((r) => r.value === 'M')!,
    out: await outsiderStudentEmail(ctx, otherCoachId, coachId),
  };
}

async function create(body: Record<string, unknown>, by: Browser = staff) {
  const res = await by.post(API.bulletins(coachId), {
    publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'Published',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  const b = BulletinAdminSchema.parse(res.body);
  made.push(b.id);
  return b;
}

async function list(who: Browser): Promise<Bulletin[]> {
  const res = await who.get(API.bulletinList(coachId));
  expect(res.status, res.text).toBe(200);
  return BulletinListSchema.parse(res.body);
}

const mine = (bulletins: Bulletin[]) => bulletins.filter((b) => made.includes(b.id));

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'AAA-2013J');
  const s = await studentsByGender();
  femaleId = s.f.id;
  [staff, instructor, female, male, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(s.f.email),
    ctx.signIn(s.m.email),
    ctx.signIn(s.out),
  ]);
  // The audience: an Insight Group of the coach's female students, synced by the tailoring engine.
  const cohort = await staff.post<{ id: number }>(API.cohorts(coachId), { name: 'Bulletin audience (F)' });
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
});

afterAll(async () => {
  if (made.length) await ctx.database.query('delete from bulletins where id = any($1::int[])', [made]);
  await ctx.database.query(
    "delete from content_characteristics where content_kind = 'bulletin' and coach_id = $1",
    [coachId],
  );
  await staff.request('DELETE', API.cohort(coachId, cohortId));
});

describe('authoring (staff)', () => {
  it('creates a bulletin with sanitised HTML, a topic, pages and wiring; reads it back', async () => {
    const b = await create({
      title: '  Exam week  ',
      subtitle: 'Read this first',
      description:
        '<p onclick="x()">Hi <strong>all</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
      topic: 'Exams',
      is_interactive: true,
      pages: [
        { title: 'One', body: '<p>first</p><img src=x onerror=alert(1)>' },
        { title: 'Two', body: '<h2>second</h2>' },
      ],
      characteristics: [{ label: 'gender', value: 'F' }],
      related_credit: true,
      credit_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(b).toMatchObject({
      title: 'Exam week',
      subtitle: 'Read this first',
      description:
        '<p>Hi <strong>all</strong><a rel="noopener noreferrer nofollow" target="_blank">x</a></p>',
      topic: 'Exams',
      status: 'Published',
      is_interactive: true,
      pages: [
        { id: 0, title: 'One', body: '<p>first</p>' },
        { id: 1, title: 'Two', body: '<h2>second</h2>' },
      ],
      characteristics: [{ id: expect.any(Number), label: 'gender', value: 'F' }],
      view_count: 0,
      star_count: 0,
    });
    const read = await instructor.get(API.bulletin(coachId, b.id));
    expect(read.status).toBe(200);
    expect(BulletinAdminSchema.parse(read.body)).toEqual(b);
    const [row] = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from content_characteristics where content_kind = 'bulletin' and content_id = $1",
      [b.id],
    );
    expect(row!.n).toBe(1);
  });

  it('PUT replaces fields, pages and wiring; status maps to the Scheduled / Drafted flags', async () => {
    const b = await create({ title: 'To change', characteristics: [{ label: 'gender', value: 'M' }] });
    const res = await staff.request('PUT', API.bulletin(coachId, b.id), {
      json: {
        title: 'Changed',
        status: 'Scheduled',
        publish_timestamp: '2030-01-02T03:04:05.000Z',
        characteristics: [
          { label: 'region', value: 'Wales' },
          { label: 'age_band', value: '0-35' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(BulletinAdminSchema.parse(res.body)).toMatchObject({
      title: 'Changed',
      status: 'Scheduled',
      publish_timestamp: '2030-01-02T03:04:05.000Z',
      characteristics: [
        { label: 'region', value: 'Wales' },
        { label: 'age_band', value: '0-35' },
      ],
    });
    const [flags] = await ctx.database.query(
      'select is_published, is_queued, under_review from bulletins where id = $1',
      [b.id],
    );
    expect(flags).toEqual({ is_published: true, is_queued: true, under_review: false });
  });

  it('refuses unknown characteristics, values outside the restriction set and other bad fields; writes nothing', async () => {
    const count = async () =>
      (
        await ctx.database.query<{ n: number }>(
          'select count(*)::int as n from bulletins where coach_id = $1',
          [coachId],
        )
      )[0]!.n;
    const before = await count();
    const res = await staff.post(API.bulletins(coachId), {
      title: 'Bad',
      status: 'Published',
      publish_timestamp: 'yesterday',
      credit_deadline: '2026-13-45T00:00:00Z',
      icon_image_id: 999_999,
      audience_cohort_id: 999_999,
      is_interactive: true,
      pages: [],
      characteristics: [
        { label: 'shoe_size', value: '42' },
        { label: 'gender', value: 'X' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      publish_timestamp: [BULLETIN_ERRORS.publishTime],
      credit_deadline: [BULLETIN_ERRORS.creditDeadline],
      icon_image_id: [BULLETIN_ERRORS.unknownImage],
      audience_cohort_id: [BULLETIN_ERRORS.unknownCohort],
      pages: [BULLETIN_ERRORS.pagesRequired],
      'characteristics.0.label': [expect.stringContaining('shoe_size')],
      'characteristics.1.value': [expect.any(String)],
    });
    const empty = await staff.post(API.bulletins(coachId), {
      title: ' ',
      status: 'Live',
      publish_timestamp: '',
    });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body as object).sort()).toEqual(['status', 'title']);
    expect(await count()).toBe(before);
    // An update with a bad wiring keeps the bulletin as it was.
    const b = await create({ title: 'Keep me', characteristics: [{ label: 'gender', value: 'F' }] });
    const put = await staff.request('PUT', API.bulletin(coachId, b.id), {
      json: {
        title: 'Lost',
        status: 'Draft',
        publish_timestamp: b.publish_timestamp,
        characteristics: [{ label: 'gender', value: 'Q' }],
      },
    });
    expect(put.status).toBe(400);
    expect(BulletinAdminSchema.parse((await staff.get(API.bulletin(coachId, b.id))).body)).toEqual(b);
  });

  it('DELETE removes the bulletin and its wiring', async () => {
    const b = await create({ title: 'Gone soon', characteristics: [{ label: 'gender', value: 'F' }] });
    const res = await staff.request('DELETE', API.bulletin(coachId, b.id));
    expect(res.status).toBe(204);
    expect((await staff.get(API.bulletin(coachId, b.id))).status).toBe(404);
    const [row] = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from content_characteristics where content_kind = 'bulletin' and content_id = $1",
      [b.id],
    );
    expect(row!.n).toBe(0);
  });
});

describe('the student bulletin list (spec §2, §7)', () => {
  let forAll: number;
  let forWomen: number;
  let wiredF: number;
  let wiredM: number;
  let draft: number;
  let scheduled: number;
  let future: number;
  beforeAll(async () => {
    forAll = (await create({ title: 'For everyone' })).id;
    forWomen = (await create({ title: 'Audience only', audience_cohort_id: cohortId })).id;
    wiredF = (await create({ title: 'Wired F', characteristics: [{ label: 'gender', value: 'F' }] })).id;
    wiredM = (
      await create({
        title: 'Wired M or F and age',
        characteristics: [
          { label: 'gender', value: 'M' },
          { label: 'gender', value: 'F' },
          { label: 'final_result', value: 'Distinction' },
        ],
      })
    ).id;
    draft = (await create({ title: 'Draft', status: 'Draft' })).id;
    scheduled = (await create({ title: 'Queued', status: 'Scheduled' })).id;
    future = (
      await create({ title: 'Later', publish_timestamp: new Date(Date.now() + 86_400_000).toISOString() })
    ).id;
  });

  it('a student sees only live bulletins meant for them; Recommended follows wiring and their real values', async () => {
    const [fValues] = await ctx.database.query<{ final: string | null }>(
      `select (select v.value from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
                where c.name = 'final_result' and v.user_id = $1 limit 1) as final`,
      [femaleId],
    );
    const block = [forAll, forWomen, wiredF, wiredM, draft, scheduled, future];
    const ofBlock = (bs: Bulletin[]) => bs.filter((b) => block.includes(b.id));
    const num = (a: number, b: number) => a - b;
    const f = ofBlock(await list(female));
    const byId = new Map(f.map((b) => [b.id, b]));
    expect([...byId.keys()].sort(num)).toEqual([forAll, forWomen, wiredF, wiredM].sort(num));
    expect(byId.get(forAll)!.recommended).toBe(false);
    // Targeted at a group she is in: Recommended for her (docs/bulletins.md "Recommended").
    expect(byId.get(forWomen)!.recommended).toBe(true);
    expect(byId.get(wiredF)!.recommended).toBe(true);
    expect(byId.get(wiredM)!.recommended).toBe(fValues!.final === 'Distinction');

    const m = ofBlock(await list(male));
    const mById = new Map(m.map((b) => [b.id, b]));
    // Not in the audience group: the male student never receives it (nor drafts, queued, future ones).
    expect([...mById.keys()].sort(num)).toEqual([forAll, wiredF, wiredM].sort(num));
    expect(mById.get(wiredF)!.recommended).toBe(false);
  });

  it('staff see every bulletin with the Scheduled and Drafted flags', async () => {
    const s = mine(await list(instructor));
    const ids = s.map((b) => b.id);
    for (const id of [forAll, forWomen, wiredF, wiredM, draft, scheduled, future]) expect(ids).toContain(id);
    expect(s.find((b) => b.id === draft)).toMatchObject({ is_published: false, under_review: true });
    expect(s.find((b) => b.id === scheduled)).toMatchObject({ is_published: true, is_queued: true });
  });

  it('a bulletin meant for another group is not there for the student at any route', async () => {
    for (const [method, url] of [
      ['GET', API.message(coachId, forWomen)],
      ['POST', API.messageView(coachId, forWomen)],
      ['POST', API.starMessage(coachId, forWomen)],
      ['GET', API.message(coachId, draft)],
      ['POST', API.starMessage(coachId, future)],
    ] as const) {
      // The view route takes no body; the star route takes { starred }.
      const body =
        method === 'POST' && url !== API.messageView(coachId, forWomen) ? { json: { starred: true } } : {};
      const res = await male.request(method, url, body);
      expect(res.status, url).toBe(404);
    }
    const [row] = await ctx.database.query<{ n: number }>(
      'select (select count(*) from bulletin_views where bulletin_id = any($1::int[]))::int + (select count(*) from bulletin_stars where bulletin_id = any($1::int[]))::int as n',
      [[forWomen, draft, future]],
    );
    expect(row!.n).toBe(0);
  });

  it('the star toggle stars and un-stars for the caller only (both star-message endpoints)', async () => {
    const star = await female.post(API.starMessage(coachId, forAll), {
      id: forAll,
      title: 'For everyone',
      starred: true,
    });
    expect(star.status, star.text).toBe(200);
    expect(star.body).toEqual({ id: forAll, starred: true });
    expect(mine(await list(female)).find((b) => b.id === forAll)!.starred).toBe(true);
    expect(mine(await list(male)).find((b) => b.id === forAll)!.starred).toBe(false);
    const inst = await female.post(API.institutionStarMessage(ctx.institutionId, forAll), { starred: false });
    expect(inst.status, inst.text).toBe(200);
    expect(mine(await list(female)).find((b) => b.id === forAll)!.starred).toBe(false);
    const bad = await female.post(API.starMessage(coachId, forAll), { starred: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('starred');
  });

  it('opening a message marks it viewed (reading alone does not); pages come with interactive ones', async () => {
    const read = await female.get(API.message(coachId, wiredF));
    expect(read.status).toBe(200);
    expect(BulletinMessageSchema.parse(read.body)).toMatchObject({ id: wiredF, viewed: false, pages: [] });
    const open = await female.post(API.messageView(coachId, wiredF));
    expect(open.status, open.text).toBe(200);
    expect(BulletinMessageSchema.parse(open.body).viewed).toBe(true);
    expect(mine(await list(female)).find((b) => b.id === wiredF)!.viewed).toBe(true);
    expect(mine(await list(male)).find((b) => b.id === wiredF)!.viewed).toBe(false);
    // Opening again keeps the first view.
    expect((await female.post(API.messageView(coachId, wiredF))).status).toBe(200);
    const [n] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from bulletin_views where bulletin_id = $1',
      [wiredF],
    );
    expect(n!.n).toBe(1);
  });

  it('credit status: pending until viewed in time, success when viewed by the deadline, fail when missed', async () => {
    const soon = await create({
      title: 'Credit open',
      related_credit: true,
      credit_deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const missed = await create({
      title: 'Credit missed',
      related_credit: true,
      credit_deadline: new Date(Date.now() - 60_000).toISOString(),
    });
    const none = await create({ title: 'No credit' });
    let f = mine(await list(female));
    expect(f.find((b) => b.id === soon.id)!.user_progress_status).toBe('pending');
    expect(f.find((b) => b.id === missed.id)!.user_progress_status).toBe('fail');
    expect(f.find((b) => b.id === none.id)!.user_progress_status).toBeNull();
    await female.post(API.messageView(coachId, soon.id));
    await female.post(API.messageView(coachId, missed.id));
    f = mine(await list(female));
    expect(f.find((b) => b.id === soon.id)!.user_progress_status).toBe('success');
    // Viewed after the deadline: still missed.
    expect(f.find((b) => b.id === missed.id)!.user_progress_status).toBe('fail');
    expect(mine(await list(male)).find((b) => b.id === soon.id)!.user_progress_status).toBe('pending');
  });

  it('the institution list holds the bulletins of the caller’s coaches there, by the same rules', async () => {
    const res = await male.get(API.institutionBulletinList(ctx.institutionId));
    expect(res.status, res.text).toBe(200);
    const ids = mine(BulletinListSchema.parse(res.body)).map((b) => b.id);
    expect(ids).toContain(forAll);
    expect(ids).not.toContain(forWomen);
    expect(ids).not.toContain(draft);
    // A student of another coach only does not see this coach's bulletins.
    const out = BulletinListSchema.parse(
      (await outsider.get(API.institutionBulletinList(ctx.institutionId))).body,
    );
    expect(out.some((b) => b.coach === coachId)).toBe(false);
    const msg = await female.post(API.institutionMessageView(ctx.institutionId, forWomen));
    expect(msg.status).toBe(200);
    expect((await male.get(API.institutionMessage(ctx.institutionId, forWomen))).status).toBe(404);
  });
});

describe('access', () => {
  let otherInstitution: number;
  let otherStaff: Browser;
  let target: number;
  beforeAll(async () => {
    target = (await create({ title: 'Access target' })).id;
    ({ institutionId: otherInstitution } = await insertOtherInstitution(ctx, {
      name: 'Other bulletin U',
      slug: 'other-bulletin',
      email: 'staff@other-bulletin.edu',
      userName: 'Other',
      role: 'admin',
    }));
    otherStaff = await ctx.signIn('staff@other-bulletin.edu');
  });
  afterAll(async () => {
    await ctx.database.query('delete from institutions where id = $1', [otherInstitution]);
  });

  const body = { title: 'x', status: 'Published', publish_timestamp: '2026-01-01T00:00:00Z' };
  const all = (): Array<[string, string, unknown?]> => [
    ['GET', API.bulletinList(coachId)],
    ['GET', API.institutionBulletinList(1)],
    ['POST', API.starMessage(coachId, target), { starred: true }],
    ['POST', API.institutionStarMessage(1, target), { starred: true }],
    ['GET', API.message(coachId, target)],
    ['POST', API.messageView(coachId, target)],
    ['GET', API.institutionMessage(1, target)],
    ['POST', API.institutionMessageView(1, target)],
    ['GET', API.bulletins(coachId)],
    ['POST', API.bulletins(coachId), body],
    ['GET', API.bulletin(coachId, target)],
    ['PUT', API.bulletin(coachId, target), body],
    ['DELETE', API.bulletin(coachId, target)],
  ];
  const fix = (url: string) =>
    url
      .replace('/institution/1/', `/institution/${ctx.institutionId}/`)
      .replace('star-message/1/', `star-message/${ctx.institutionId}/`);

  it('every route answers 401 to the anonymous', async () => {
    for (const [method, url, json] of all()) {
      const res = await ctx.browser().request(method, fix(url), json ? { json } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it('staff of another institution get 404 everywhere', async () => {
    for (const [method, url, json] of all()) {
      const res = await otherStaff.request(method, fix(url), json ? { json } : {});
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('students get 403 on the authoring routes; writes without CSRF get 403', async () => {
    for (const [method, url, json] of all().slice(8)) {
      const res = await female.request(method, url, json ? { json } : {});
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, json] of all().filter(([m]) => m !== 'GET')) {
      const res = await staff.request(method, fix(url), { json, csrf: false });
      expect(res.status, `${method} ${url}`).toBe(403);
    }
    expect((await staff.get(API.bulletin(coachId, target))).status).toBe(200);
  });

  it('a bulletin of another coach is 404 in this coach; a student outside the coach gets 404', async () => {
    expect((await staff.get(API.bulletin(otherCoachId, target))).status).toBe(404);
    expect((await outsider.get(API.bulletinList(coachId))).status).toBe(404);
    expect((await outsider.get(API.message(coachId, target))).status).toBe(404);
    expect((await female.get(API.message(coachId, 'abc'))).status).toBe(404);
  });
});
