import {
  API,
  BULLETIN_QUERY_ERRORS,
  type Bulletin,
  BulletinAdminSchema,
  BulletinFiltersSchema,
  BulletinListSchema,
  BulletinSearchPageSchema,
  MembershipTaskSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBulletinTriggers } from '../src/db/bulletin-triggers.ts';
import {
  type Browser,
  getTestContext,
  insertOtherInstitution,
  STAFF_EMAIL,
  type TestContext,
  userIdOf,
} from './helpers.ts';

/**
 * The institution bulletin list's course labels, filters, search and paging (docs/bulletins.md "Lists";
 * the parameters are BulletinListQuerySchema in packages/contracts) over real HTTP and the real database.
 * The student is a real OULAD student enrolled in two of the test presentations; the bulletins are made
 * through the authoring API in both coaches, every title carrying a token of this run so the assertions
 * see only them (`q=<token>`). Fixtures are removed afterwards.
 */

const TOKEN = `Zqx${Date.now().toString(36)}`;
let ctx: TestContext;
let coachA: number;
let coachB: number;
let labelA: string;
let labelB: string;
let staff: Browser;
let student: Browser;
let otherStaff: Browser;
let otherInstitution: number;
let cohortId: number;
let staffId: number;
let studentId: number;
let foreignCoach: number;
const made: number[] = [];
const ids: Record<string, number> = {};

async function create(coachId: number, key: string, body: Record<string, unknown>) {
  const res = await staff.post(API.bulletins(coachId), {
    publish_timestamp: new Date(Date.now() - 3_600_000 - made.length * 60_000).toISOString(),
    status: 'Published',
    ...body,
    title: `${TOKEN} ${body.title}`,
  });
  expect(res.status, res.text).toBe(201);
  const b = BulletinAdminSchema.parse(res.body);
  made.push(b.id);
  ids[key] = b.id;
}

/** GET the institution list with `query`; expects 200. */
async function get(who: Browser, query: string) {
  const res = await who.get(`${API.institutionBulletinList(ctx.institutionId)}?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** One page of the institution list, restricted to this run's bulletins (`q` = the token unless given). */
async function page(who: Browser, query = '') {
  const q = query.includes('q=') ? query : `q=${TOKEN}&${query}`;
  return BulletinSearchPageSchema.parse(await get(who, `page_size=100&${q}`));
}

const keysOf = (bs: Bulletin[]) =>
  bs.map((b) => Object.keys(ids).find((k) => ids[k] === b.id) ?? `other:${b.id}`).sort();

beforeAll(async () => {
  ctx = await getTestContext();
  // A student enrolled as a student in two coaches of the institution (the first by user id).
  const [pick] = await ctx.database.query<{ email: string; a: number; b: number }>(
    `select u.email, min(e.coach_id) as a, max(e.coach_id) as b
       from enrollments e join users u on u.id = e.user_id
       join coaches c on c.id = e.coach_id and c.institution_id = $1
      where e.role = 'student' group by u.id, u.email having count(*) = 2 order by u.id limit 1`,
    [ctx.institutionId],
  );
  coachA = pick!.a;
  coachB = pick!.b;
  const labels = await ctx.database.query<{ id: number; name: string }>(
    'select id, name from coaches where id = any($1::int[])',
    [[coachA, coachB]],
  );
  labelA = labels.find((l) => l.id === coachA)!.name;
  labelB = labels.find((l) => l.id === coachB)!.name;
  [staff, student] = await Promise.all([ctx.signIn(STAFF_EMAIL), ctx.signIn(pick!.email)]);
  staffId = await userIdOf(ctx, STAFF_EMAIL);
  studentId = await userIdOf(ctx, pick!.email);

  // The audience: an Insight Group of coach A holding the student (their own registrar gender).
  const [g] = await ctx.database.query<{ value: string }>(
    `select v.value from student_characteristic_values v
       join characteristics c on c.id = v.characteristic_id and c.name = 'gender' where v.user_id = $1`,
    [studentId],
  );
  const cohort = await staff.post<{ id: number }>(API.cohorts(coachA), { name: `${TOKEN} audience` });
  expect(cohort.status, cohort.text).toBe(201);
  cohortId = cohort.body.id;
  const rule = await staff.post(API.cohortRules(coachA, cohortId), {
    characteristic: 'gender',
    operation: 'equal to',
    value: g!.value,
  });
  expect(rule.status, rule.text).toBe(201);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await staff.get(API.cohortMembershipUpdate(coachA, cohortId))).body,
    );
    if (task.state === 'success') break;
    if (task.state === 'failure' || Date.now() > deadline) throw new Error(`sync ended ${task.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  await create(coachA, 'percent', { title: 'Alpha: 100% ready', topic: `${TOKEN} Exams` });
  await create(coachA, 'underscore', { title: 'Beta notes', subtitle: 'file_name rules' });
  await create(coachA, 'quote', { title: 'Gamma', subtitle: "It’s the student's turn" });
  await create(coachA, 'regex', {
    title: 'Delta',
    description: '<p>Match <strong>.*</strong> literally</p>',
  });
  await create(coachA, 'audience', { title: 'For the group', audience_cohort_id: cohortId });
  await create(coachA, 'draft', { title: 'Draft only', status: 'Draft' });
  await create(coachA, 'sameA', { title: 'Same title', topic: `${TOKEN} Exams` });
  await create(coachB, 'sameB', { title: 'Same title', topic: `${TOKEN} Exams` });
  await create(coachB, 'plainB', { title: 'Epsilon', topic: `${TOKEN} Wellbeing` });

  // Staff also enrolled in coach A: they reach it as institution staff and as its instructor.
  await ctx.database.query(
    `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'instructor')
     on conflict do nothing`,
    [ctx.institutionId, coachA, staffId],
  );
  ({ institutionId: otherInstitution } = await insertOtherInstitution(ctx, {
    name: 'Other bulletin-list U',
    slug: 'other-bulletin-list',
    email: 'staff@other-bulletin-list.edu',
    userName: 'Other',
    role: 'admin',
  }));
  otherStaff = await ctx.signIn('staff@other-bulletin-list.edu');
  // A coach of the other institution with a live bulletin: asking for it must not reveal it.
  const [foreign] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days)
     values ($1, 'ZZZ 2099J', 'ZZZ', '2099J', 200) returning id`,
    [otherInstitution],
  );
  foreignCoach = foreign!.id;
  await ctx.database.query(
    `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
     values ($1, $2, $3, true, now() - interval '1 hour')`,
    [otherInstitution, foreignCoach, `${TOKEN} foreign`],
  );
});

afterAll(async () => {
  if (made.length) await ctx.database.query('delete from bulletins where id = any($1::int[])', [made]);
  await ctx.database.query('delete from bulletin_topics where name like $1', [`${TOKEN}%`]);
  await ctx.database.query('delete from enrollments where coach_id = $1 and user_id = $2', [coachA, staffId]);
  await ctx.database.query('delete from institutions where id = $1', [otherInstitution]);
  await staff.request('DELETE', API.cohort(coachA, cohortId));
});

describe('the cross-course list', () => {
  it('lists each bulletin once with its course label; the student sees only what reaches them', async () => {
    const p = await page(student);
    expect(keysOf(p.results)).toEqual(
      ['audience', 'percent', 'plainB', 'quote', 'regex', 'sameA', 'sameB', 'underscore'].sort(),
    );
    expect(p.count).toBe(8);
    expect(new Set(p.results.map((b) => b.id)).size).toBe(p.results.length);
    for (const b of p.results) expect(b.coach_label).toBe(b.coach === coachA ? labelA : labelB);
    // The same title in two courses: two bulletins, told apart by their course.
    const same = p.results.filter((b) => b.title === `${TOKEN} Same title`);
    expect(same.map((b) => b.coach_label).sort()).toEqual([labelA, labelB].sort());
  });

  it('staff reaching a coach two ways see each bulletin once, drafts included; the array answer stays', async () => {
    const p = await page(staff);
    expect(keysOf(p.results)).toEqual(Object.keys(ids).sort());
    expect(new Set(p.results.map((b) => b.id)).size).toBe(p.results.length);
    const all = BulletinListSchema.parse(await get(staff, `q=${TOKEN}`));
    expect(all.map((b) => b.id)).toEqual(p.results.map((b) => b.id));
    const whole = BulletinListSchema.parse(
      (await staff.get(API.institutionBulletinList(ctx.institutionId))).body,
    );
    expect(new Set(whole.map((b) => b.id)).size).toBe(whole.length);
    expect(whole.find((b) => b.id === ids.sameB)!.coach_label).toBe(labelB);
  });

  it('an instructor of one course who is a student of another sees the drafts of the first only', async () => {
    // Staff is asked per coach: the student becomes coach A's instructor for this test, and a draft of
    // coach B (where they stay a student) must stay hidden while coach A's draft and audience bulletin show.
    await ctx.database.query(
      `update enrollments set role = 'instructor' where coach_id = $1 and user_id = $2`,
      [coachA, studentId],
    );
    await create(coachB, 'draftB', { title: 'Draft of B', status: 'Draft' });
    try {
      const p = await page(student);
      expect(keysOf(p.results)).toEqual(
        ['audience', 'draft', 'percent', 'plainB', 'quote', 'regex', 'sameA', 'sameB', 'underscore'].sort(),
      );
      expect(p.count).toBe(9);
      expect(p.results.find((b) => b.id === ids.draft)!.is_published).toBe(false);
      // The same bulletins through the coach scope: staff in A, a student in B.
      const inB = BulletinListSchema.parse((await student.get(API.bulletinList(coachB))).body);
      expect(inB.map((b) => b.id)).not.toContain(ids.draftB);
      const inA = BulletinListSchema.parse((await student.get(API.bulletinList(coachA))).body);
      expect(inA.map((b) => b.id)).toContain(ids.draft);
    } finally {
      await ctx.database.query(
        `update enrollments set role = 'student' where coach_id = $1 and user_id = $2`,
        [coachA, studentId],
      );
      await ctx.database.query('delete from bulletins where id = $1', [ids.draftB]);
      delete ids.draftB;
    }
    expect((await page(student)).count).toBe(8);
  });

  it('filters by course, topic, unread and starred', async () => {
    expect(keysOf((await page(student, `coach=${coachB}`)).results)).toEqual(['plainB', 'sameB']);
    expect(keysOf((await page(student, `topic=${TOKEN}%20Exams`)).results)).toEqual(
      ['percent', 'sameA', 'sameB'].sort(),
    );
    expect(keysOf((await page(student, `topic=${TOKEN}%20Exams&coach=${coachA}`)).results)).toEqual([
      'percent',
      'sameA',
    ]);
    expect((await student.post(API.institutionMessageView(ctx.institutionId, ids.quote!))).status).toBe(200);
    const unread = keysOf((await page(student, 'unread=true')).results);
    expect(unread).not.toContain('quote');
    expect(unread).toHaveLength(7);
    expect((await page(student, 'unread=false')).count).toBe(8);
    const star = await student.post(API.institutionStarMessage(ctx.institutionId, ids.plainB!), {
      starred: true,
    });
    expect(star.status, star.text).toBe(200);
    expect(keysOf((await page(student, 'starred=true')).results)).toEqual(['plainB']);
    expect((await page(student, `starred=true&unread=true&coach=${coachA}`)).count).toBe(0);
    // Staff's stars are their own.
    expect((await page(staff, 'starred=true')).count).toBe(0);
  });

  it("searches title, subtitle and description text as plain text: % _ ' .* are just characters", async () => {
    const search = async (q: string) =>
      keysOf((await page(student, `q=${encodeURIComponent(q)}`)).results).filter(
        (k) => !k.startsWith('other'),
      );
    expect(await search(`${TOKEN} alpha`)).toEqual(['percent']);
    expect(await search('100%')).toEqual(['percent']);
    expect(await search('%')).toEqual(expect.arrayContaining(['percent']));
    expect(
      (await page(student, `q=${encodeURIComponent('%')}&coach=${coachA}`)).results.every((b) =>
        `${b.title}${b.subtitle}${b.description}`.includes('%'),
      ),
    ).toBe(true);
    expect(await search('file_name')).toEqual(['underscore']);
    expect(await search('e_n')).toEqual(['underscore']);
    expect(await search("student's")).toEqual(['quote']);
    expect(await search('.*')).toEqual(['regex']);
    expect(await search('MATCH .*')).toEqual([]);
    expect(await search('match')).toEqual(['regex']);
    // Tag names are not text.
    expect(await search('strong')).toEqual([]);
    for (const hostile of ["' or 1=1 --", "'); delete from bulletins; --", '[a-z]+', '\\', '%%', '_%_']) {
      const p = await page(student, `q=${encodeURIComponent(hostile)}`);
      expect(p.count, hostile).toBe(0);
    }
    // Blank search text does not filter.
    expect(
      (await page(student, `q=${encodeURIComponent('   ')}&coach=${coachB}`)).count,
    ).toBeGreaterThanOrEqual(2);
  });

  it('pages: sizes, the last page, past the end (empty, with the count)', async () => {
    const first = BulletinSearchPageSchema.parse(await get(student, `q=${TOKEN}&page_size=3`));
    expect(first).toMatchObject({ count: 8, page: 1, page_size: 3 });
    expect(first.results).toHaveLength(3);
    const third = BulletinSearchPageSchema.parse(await get(student, `q=${TOKEN}&page_size=3&page=3`));
    expect(third.results).toHaveLength(2);
    const seen = [
      first,
      BulletinSearchPageSchema.parse(await get(student, `q=${TOKEN}&page_size=3&page=2`)),
      third,
    ].flatMap((p) => p.results.map((b) => b.id));
    expect(new Set(seen).size).toBe(8);
    const past = BulletinSearchPageSchema.parse(await get(student, `q=${TOKEN}&page=4&page_size=3`));
    expect(past).toEqual({ count: 8, page: 4, page_size: 3, results: [] });
    const byDefault = BulletinSearchPageSchema.parse(await get(student, `q=${TOKEN}&page=1`));
    expect(byDefault.page_size).toBe(20);
    expect(
      BulletinSearchPageSchema.parse(await get(student, `q=${TOKEN}&page_size=100`)).results,
    ).toHaveLength(8);
  });

  it('an unknown coach, or one of another institution or the student has no place in, gives none', async () => {
    // A coach of the institution the student has no place in (they are in A and B only), with a live
    // bulletin of this run.
    const [notMine] = await ctx.database.query<{ id: number }>(
      'select id from coaches where institution_id = $1 and id not in ($2, $3) order by id limit 1',
      [ctx.institutionId, coachA, coachB],
    );
    await create(notMine!.id, 'notMine', { title: 'Elsewhere' });
    const unknown = [999_999_999, foreignCoach, notMine!.id];
    for (const coach of unknown) {
      for (const who of [student, staff]) {
        if (who === staff && coach === notMine!.id) continue;
        expect(await get(who, `coach=${coach}&page=1`), `coach ${coach}`).toEqual({
          count: 0,
          page: 1,
          page_size: 20,
          results: [],
        });
      }
    }
    expect((await page(staff, '')).results.some((b) => b.coach === foreignCoach)).toBe(false);
  });

  it('a page and its count follow an exclusion and an Insight Group membership of the student', async () => {
    const all = ['audience', 'percent', 'plainB', 'quote', 'regex', 'sameA', 'sameB', 'underscore'];
    try {
      await ctx.database.query(
        `insert into content_exclusions (institution_id, coach_id, content_kind, content_id, user_id)
         values ($1, $2, 'bulletin', $3, $4)`,
        [ctx.institutionId, coachB, ids.plainB, studentId],
      );
      let p = await page(student);
      expect(keysOf(p.results)).toEqual(all.filter((k) => k !== 'plainB'));
      expect(p.count).toBe(7);
      await ctx.database.query('delete from cohort_memberships where cohort_id = $1 and user_id = $2', [
        cohortId,
        studentId,
      ]);
      p = await page(student);
      expect(keysOf(p.results)).toEqual(all.filter((k) => k !== 'plainB' && k !== 'audience'));
      expect(p.count).toBe(6);
      // Past the end of the narrowed list: empty, with its count.
      expect(await get(student, `q=${TOKEN}&page=3&page_size=3`)).toEqual({
        count: 6,
        page: 3,
        page_size: 3,
        results: [],
      });
    } finally {
      await ctx.database.query(
        "delete from content_exclusions where content_kind = 'bulletin' and content_id = $1",
        [ids.plainB],
      );
      await ctx.database.query(
        'insert into cohort_memberships (cohort_id, user_id) values ($1, $2) on conflict do nothing',
        [cohortId, studentId],
      );
    }
    expect(keysOf((await page(student)).results)).toEqual(all);
  });

  it('the search finds words a tag separates, not text only the raw HTML holds', async () => {
    await create(coachB, 'split', {
      title: 'Zeta',
      description: '<p>Kappa<em>lambda</em> omicron, <strong>rho</strong> sigma tau</p>',
    });
    try {
      const search = async (q: string) =>
        keysOf((await page(student, `q=${encodeURIComponent(q)}`)).results).filter(
          (k) => !k.startsWith('other'),
        );
      // Without its tags the text is " Kappa lambda  omicron,  rho  sigma tau ".
      expect(await search('kappa lambda')).toEqual(['split']);
      expect(await search('KAPPA LAMBDA OMICRON')).toEqual([]);
      expect(await search('lambda  omicron,  rho  sigma tau')).toEqual(['split']);
      expect(await search('a b c d e lambda')).toEqual([]);
      expect(await search('kappa<em>lambda')).toEqual([]);
      expect(await search('em>lambda')).toEqual([]);
      expect((await page(student, `q=${encodeURIComponent('kappa lambda')}&page=1`)).count).toBe(1);
    } finally {
      await ctx.database.query('delete from bulletins where id = $1', [ids.split]);
    }
  });
  it('the search follows a description edited through the editor or by hand-written SQL', async () => {
    await create(coachA, 'edited', { title: 'Eta', description: '<p>Upsilon phi</p>' });
    const search = async (q: string) =>
      keysOf((await page(student, `q=${encodeURIComponent(q)}`)).results).filter(
        (k) => !k.startsWith('other'),
      );
    try {
      expect(await search('upsilon phi')).toEqual(['edited']);
      const put = await staff.request('PUT', API.bulletin(coachA, ids.edited!), {
        json: {
          title: `${TOKEN} Eta`,
          status: 'Published',
          publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
          description: '<p>Chi<strong>psi</strong> omega</p>',
        },
      });
      expect(put.status, put.text).toBe(200);
      expect(await search('upsilon')).toEqual([]);
      expect(await search('CHI PSI')).toEqual(['edited']);
      // The stored search text is derived by the database, whatever a statement writes there.
      await ctx.database.query(
        `update bulletins set description = '<p>Alpha<br>beta</p>', description_text = 'stale' where id = $1`,
        [ids.edited],
      );
      expect(await search('stale')).toEqual([]);
      expect(await search('alpha beta')).toEqual(['edited']);
      const [row] = await ctx.database.query<{ description_text: string }>(
        'select description_text from bulletins where id = $1',
        [ids.edited],
      );
      expect(row!.description_text).toBe('<p>alpha<br>beta</p>'.replace(/<[^>]*>/g, ' '));
      // A row written with triggers off (as before migration 0025): found all the same, then filled at start.
      await ctx.database.transaction(async (q) => {
        await q('set local session_replication_role = replica');
        await q(`update bulletins set description = '<p>Nu XI</p>', description_text = null where id = $1`, [
          ids.edited,
        ]);
      });
      expect(await search('nu xi')).toEqual(['edited']);
      await applyBulletinTriggers(ctx.database.query);
      const [filled] = await ctx.database.query<{ description_text: string | null }>(
        'select description_text from bulletins where id = $1',
        [ids.edited],
      );
      expect(filled!.description_text).toBe(' nu xi ');
    } finally {
      await ctx.database.query('delete from bulletins where id = $1', [ids.edited]);
      delete ids.edited;
    }
  });
});

describe('refusals', () => {
  const bad: Array<[string, Record<string, string[]>]> = [
    ['page=0', { page: [BULLETIN_QUERY_ERRORS.page] }],
    ['page=-1', { page: [BULLETIN_QUERY_ERRORS.page] }],
    ['page=abc', { page: [BULLETIN_QUERY_ERRORS.page] }],
    ['page=1.5', { page: [BULLETIN_QUERY_ERRORS.page] }],
    ['page_size=101', { page_size: [BULLETIN_QUERY_ERRORS.pageSize] }],
    ['page_size=0', { page_size: [BULLETIN_QUERY_ERRORS.pageSize] }],
    [
      'page_size=-5&page=x',
      { page: [BULLETIN_QUERY_ERRORS.page], page_size: [BULLETIN_QUERY_ERRORS.pageSize] },
    ],
    ['coach=abc', { coach: [BULLETIN_QUERY_ERRORS.coach] }],
    ['coach=99999999999', { coach: [BULLETIN_QUERY_ERRORS.coach] }],
    ['unread=yes', { unread: [BULLETIN_QUERY_ERRORS.flag] }],
    ['starred=1', { starred: [BULLETIN_QUERY_ERRORS.flag] }],
    [`q=${'x'.repeat(201)}`, { q: [BULLETIN_QUERY_ERRORS.queryTooLong] }],
    ['size=10', { size: ['Unknown field.'] }],
    ['q=a&q=b', { q: [expect.any(String)] as unknown as string[] }],
    ['q=a%00b', { q: [expect.stringContaining('NUL')] as unknown as string[] }],
  ];

  it('bad parameters answer 400 with field errors; nothing is written', async () => {
    const counts = async () =>
      (
        await ctx.database.query(
          `select (select count(*)::int from bulletins) as b, (select count(*)::int from bulletin_views) as v,
                  (select count(*)::int from bulletin_stars) as s`,
        )
      )[0];
    const before = await counts();
    for (const [query, errors] of bad) {
      const res = await student.get(`${API.institutionBulletinList(ctx.institutionId)}?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(400);
      expect(res.body, query).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
  });

  it('anonymous 401, another institution 404 (list and filters)', async () => {
    for (const url of [
      `${API.institutionBulletinList(ctx.institutionId)}?page=1`,
      API.institutionBulletinFilters(ctx.institutionId),
    ]) {
      expect((await ctx.browser().get(url)).status, url).toBe(401);
      const res = await otherStaff.get(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    // Their own institution: its own bulletin, with its course.
    const own = BulletinSearchPageSchema.parse(
      (await otherStaff.get(`${API.institutionBulletinList(otherInstitution)}?page=1`)).body,
    );
    expect(own.count).toBe(1);
    expect(own.results[0]).toMatchObject({ coach: foreignCoach, coach_label: 'ZZZ 2099J' });
  });
});

describe('the filters’ choices', () => {
  it('the student’s coaches by label and the topics of what they see; staff get every coach', async () => {
    const mine = BulletinFiltersSchema.parse(
      (await student.get(API.institutionBulletinFilters(ctx.institutionId))).body,
    );
    expect(mine.coaches).toEqual(
      [
        { id: coachA, label: labelA },
        { id: coachB, label: labelB },
      ].sort((x, y) => x.label.localeCompare(y.label)),
    );
    expect(mine.topics).toEqual(expect.arrayContaining([`${TOKEN} Exams`, `${TOKEN} Wellbeing`]));
    const all = BulletinFiltersSchema.parse(
      (await staff.get(API.institutionBulletinFilters(ctx.institutionId))).body,
    );
    const [n] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from coaches where institution_id = $1',
      [ctx.institutionId],
    );
    expect(all.coaches).toHaveLength(n!.n);
  });
});
