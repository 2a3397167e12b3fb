import {
  API,
  BulletinAdminSchema,
  PAGES,
  SEARCH_MAX_QUERY,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_ERRORS,
  type SearchPage,
  SearchPageSchema,
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

/**
 * Search within a course (docs/search.md) over real HTTP and the real database, with hand-built content
 * whose words appear nowhere in the demo data (made-up words such as "zephyrquill"), so every expected
 * count is the number of items this file made with that word.
 */

const PRESENTATION = 'DDD-2013B';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let institutionId: number;
let staff: Browser;
let instructor: Browser;
let member: Browser;
let nonMember: Browser;
let memberId: number;
let nonMemberId: number;
let cohortId: number;
const made = { bulletins: [] as number[], tips: [] as number[], faq: [] as number[], lists: [] as number[] };
/** The ids of the content made in beforeAll. */
const ids = {} as Record<
  | 'draft'
  | 'excluded'
  | 'faq'
  | 'instFaq'
  | 'openItem'
  | 'openList'
  | 'otherTip'
  | 'ownItem'
  | 'punct'
  | 'queuedItem'
  | 'rankFaq'
  | 'rankTip'
  | 'targeted'
  | 'tip',
  number
>;

async function search(who: Browser, q: string, page?: number, coach = coachId): Promise<SearchPage> {
  const params = new URLSearchParams({ q, ...(page ? { page: String(page) } : {}) });
  const res = await who.get(`${API.search(coach)}?${params}`);
  expect(res.status, res.text).toBe(200);
  return SearchPageSchema.parse(res.body);
}

async function bulletin(body: Record<string, unknown>): Promise<number> {
  const res = await staff.post(API.bulletins(coachId), {
    publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    status: 'Published',
    subtitle: '',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  const id = BulletinAdminSchema.parse(res.body).id;
  made.bulletins.push(id);
  return id;
}

async function tip(html: string, coach = coachId): Promise<number> {
  const res = await staff.post<{ id: number }>(API.tips(coach), { html });
  expect(res.status, res.text).toBe(201);
  made.tips.push(res.body.id);
  return res.body.id;
}

async function faq(question: string, answer: string): Promise<number> {
  const res = await instructor.post<{ id: number }>(API.coachFaq(coachId), { question, answer });
  expect(res.status, res.text).toBe(201);
  made.faq.push(res.body.id);
  return res.body.id;
}

/** A to-do list (queued or not) with one staff item, inserted directly. */
async function todoList(
  title: string,
  queued: boolean,
  itemTitle: string,
): Promise<{ list: number; item: number }> {
  const [list] = await ctx.database.query<{ id: number }>(
    `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, $3, $4) returning id`,
    [institutionId, coachId, title, queued],
  );
  made.lists.push(list!.id);
  const [item] = await ctx.database.query<{ id: number }>(
    `insert into todo_items (institution_id, coach_id, todo_list_id, title, description, staff_created)
     values ($1, $2, $3, $4, '<p>Bring the <em>kit</em></p>', true) returning id`,
    [institutionId, coachId, list!.id, itemTitle],
  );
  return { list: list!.id, item: item!.id };
}

const idsOf = (page: SearchPage, kind?: string) =>
  page.results.filter((r) => !kind || r.kind === kind).map((r) => r.id);

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'AAA-2013J');
  institutionId = ctx.institutionId;
  const [a, b] = await firstStudentsOf(ctx, coachId, 2);
  memberId = a!.id;
  nonMemberId = b!.id;
  [staff, instructor, member, nonMember] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(a!.email),
    ctx.signIn(b!.email),
  ]);
  // An Insight Group with one member, built by hand (its membership is what the bulletin reader reads).
  const [cohort] = await ctx.database.query<{ id: number }>(
    `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Search audience') returning id`,
    [institutionId, coachId],
  );
  cohortId = cohort!.id;
  await ctx.database.query('insert into cohort_memberships (cohort_id, user_id) values ($1, $2)', [
    cohortId,
    memberId,
  ]);
  ids.targeted = await bulletin({
    title: 'Zephyrquill meeting',
    description: '<p>Only for the <strong>group</strong></p>',
    audience_cohort_id: cohortId,
  });
  ids.draft = await bulletin({ title: 'Quillnote draft', description: '<p>Not yet</p>', status: 'Draft' });
  ids.excluded = await bulletin({ title: 'Quillnote published', description: '<p>Out for one</p>' });
  await ctx.database.query(
    `insert into content_exclusions (institution_id, coach_id, content_kind, content_id, user_id)
     values ($1, $2, 'bulletin', $3, $4)`,
    [institutionId, coachId, ids.excluded, memberId],
  );
  ids.tip = await tip('<p>The <strong>marzipan</strong> &amp; cocoa tip: keep running daily</p>');
  ids.otherTip = await tip('<p>Zephyrquill in another course</p>', otherCoachId);
  ids.punct = await tip("<p>Patterns .* and 100% sure (really) a&amp;b|c! ' OR x</p>");
  ids.faq = await faq('Where is the glimmerhall?', '<p>Behind the library.</p>');
  ids.rankFaq = await faq('Rankword question', '<p>An answer.</p>');
  const inst = await staff.post<{ id: number }>(API.institutionFaq(institutionId), {
    question: 'Brightwell opening hours?',
    answer: '<p>Nine to five.</p>',
  });
  expect(inst.status, inst.text).toBe(201);
  ids.instFaq = inst.body.id;
  made.faq.push(inst.body.id);
  ids.rankTip = await tip('<p>A long tip that mentions rankword only once in its body.</p>');
  const open = await todoList('Open list', false, 'Snorkelwax practice');
  const queued = await todoList('Queued list', true, 'Snorkelwax later');
  ids.openList = open.list;
  ids.openItem = open.item;
  ids.queuedItem = queued.item;
  const [own] = await ctx.database.query<{ id: number }>(
    `insert into todo_items (institution_id, coach_id, title, staff_created, owner_user_id)
     values ($1, $2, 'Snorkelwax of my own', false, $3) returning id`,
    [institutionId, coachId, memberId],
  );
  ids.ownItem = own!.id;
});

afterAll(async () => {
  await ctx.database.query('delete from bulletins where id = any($1::int[])', [made.bulletins]);
  await ctx.database.query('delete from tips where id = any($1::int[])', [made.tips]);
  await ctx.database.query('delete from faq_entries where id = any($1::int[])', [made.faq]);
  await ctx.database.query('delete from todo_lists where id = any($1::int[])', [made.lists]);
  await ctx.database.query('delete from todo_items where id = $1', [ids.ownItem]);
  await ctx.database.query('delete from content_exclusions where content_id = $1', [ids.excluded]);
  await ctx.database.query('delete from cohort_memberships where cohort_id = $1', [cohortId]);
  await ctx.database.query('delete from cohorts where id = $1', [cohortId]);
});

describe('who finds what', () => {
  it('finds a targeted bulletin for a member of its Insight Group, not for a student outside it', async () => {
    const forMember = await search(member, 'zephyrquill');
    expect(forMember.count).toBe(1);
    expect(forMember.results).toEqual([
      {
        kind: 'bulletin',
        id: ids.targeted,
        title: { text: 'Zephyrquill meeting', matches: [[0, 11]] },
        snippet: { text: 'Only for the group', matches: [] },
        link: `/MessageCenter/${coachId}/${ids.targeted}/`,
      },
    ]);
    expect(await search(nonMember, 'zephyrquill')).toMatchObject({ count: 0, results: [] });
    expect(nonMemberId).not.toBe(memberId);
    expect(idsOf(await search(instructor, 'zephyrquill'))).toEqual([ids.targeted]);
  });

  it('hides drafts and exclusions from students; staff see both', async () => {
    expect(idsOf(await search(member, 'quillnote'))).toEqual([]);
    expect(idsOf(await search(nonMember, 'quillnote'))).toEqual([ids.excluded]);
    expect(idsOf(await search(staff, 'quillnote')).sort((x, y) => x - y)).toEqual(
      [ids.draft, ids.excluded].sort((x, y) => x - y),
    );
  });

  it('finds to-do items as the to-do pages show them: open lists and the student’s own items', async () => {
    const mine = await search(member, 'snorkelwax');
    expect(idsOf(mine).sort((x, y) => x - y)).toEqual([ids.openItem, ids.ownItem].sort((x, y) => x - y));
    expect(mine.results.every((r) => r.link === PAGES.todos(coachId))).toBe(true);
    expect(idsOf(await search(nonMember, 'snorkelwax'))).toEqual([ids.openItem]);
    const forStaff = await search(instructor, 'snorkelwax');
    expect(idsOf(forStaff).sort((x, y) => x - y)).toEqual(
      [ids.openItem, ids.queuedItem].sort((x, y) => x - y),
    );
    expect(forStaff.results.find((r) => r.id === ids.openItem)?.link).toBe(
      PAGES.editTodoList(coachId, ids.openList),
    );
  });

  it('finds FAQ entries and tips of the coach, linking students to their pages and staff to the managers', async () => {
    const s = await search(member, 'glimmerhall');
    expect(s.results).toEqual([
      {
        kind: 'faq',
        id: ids.faq,
        title: { text: 'Where is the glimmerhall?', matches: [[13, 24]] },
        snippet: { text: 'Behind the library.', matches: [] },
        link: PAGES.faq(coachId),
      },
    ]);
    expect((await search(staff, 'glimmerhall')).results[0]?.link).toBe(PAGES.faqManager(coachId));
    // The institution's own FAQ shows on every coach's FAQ page: found there, linked to that page.
    const found = await search(staff, 'brightwell');
    expect(found.results.map((r) => [r.kind, r.id, r.link])).toEqual([
      ['faq', ids.instFaq, PAGES.faq(coachId)],
    ]);
    expect(idsOf(await search(member, 'brightwell'))).toEqual([ids.instFaq]);
    expect((await search(staff, 'marzipan')).results[0]?.link).toBe(PAGES.tipManager(coachId));
  });

  it('never returns another coach’s content', async () => {
    for (const who of [member, staff, instructor]) {
      expect(idsOf(await search(who, 'zephyrquill'), 'tip')).not.toContain(ids.otherTip);
    }
    // The same word in the other coach, searched there by its staff: found (the word is not the reason).
    expect(idsOf(await search(staff, 'zephyrquill', 1, otherCoachId))).toEqual([ids.otherTip]);
    // A student of this coach only, in the other coach: 404, nothing revealed.
    const res = await member.get(`${API.search(otherCoachId)}?q=zephyrquill`);
    const enrolled = await ctx.database.query(
      'select 1 from enrollments where coach_id = $1 and user_id = $2',
      [otherCoachId, memberId],
    );
    if (enrolled.length === 0) expect(res.status).toBe(404);
  });
});

describe('text, snippets and ranking', () => {
  it('searches the text of HTML, not its tags or entities, and marks plain text', async () => {
    const found = await search(member, 'marzipan');
    expect(found.results).toEqual([
      {
        kind: 'tip',
        id: ids.tip,
        title: { text: 'The marzipan & cocoa tip: keep running daily', matches: [] },
        snippet: { text: 'The marzipan & cocoa tip: keep running daily', matches: [[4, 12]] },
        link: PAGES.tips(coachId),
      },
    ]);
    expect(idsOf(await search(member, 'strong'))).not.toContain(ids.tip);
    expect(idsOf(await search(member, 'amp'))).not.toContain(ids.tip);
  });

  it('stems English words: "run" finds "running"', async () => {
    expect(idsOf(await search(member, 'run'))).toContain(ids.tip);
  });

  it('ranks a match in a title above a match in a body', async () => {
    expect(idsOf(await search(member, 'rankword'))).toEqual([ids.rankFaq, ids.rankTip]);
  });

  it('reads SQL and pattern syntax as text: a clear answer, never an error', async () => {
    for (const q of ['.*', '%', '(', '&|!', '\\', ')', '"', ':*', '!!', "'"]) {
      expect(await search(member, q), q).toMatchObject({ q, count: 0, results: [] });
    }
    // `' OR 1=1 --` is the words 1 and 1 (OR between nothing, -- a minus on nothing): the phrase "1 1".
    const injection = await search(member, "' OR 1=1 --");
    expect(injection.count).toBe((await search(member, '"1 1"')).count);
    // Words among the punctuation still count: "patterns" and "really" are in one tip.
    expect(idsOf(await search(member, 'patterns.* (really) | 100%'))).toEqual([ids.punct]);
  });
});

describe('paging and bad input', () => {
  it('pages by ten; past the end is empty with the count', async () => {
    const extra: number[] = [];
    for (let i = 0; i < 12; i++) extra.push(await tip(`<p>Pagingword number ${i + 1}</p>`));
    const p1 = await search(member, 'pagingword');
    const p2 = await search(member, 'pagingword', 2);
    const p3 = await search(member, 'pagingword', 3);
    expect([p1.count, p1.results.length, p1.page_size]).toEqual([12, SEARCH_PAGE_SIZE, 10]);
    expect([p2.count, p2.results.length]).toEqual([12, 2]);
    expect([p3.count, p3.results.length, p3.page]).toEqual([12, 0, 3]);
    expect(new Set([...idsOf(p1), ...idsOf(p2)])).toEqual(new Set(extra));
  });

  it('answers an empty or blank q with an empty page', async () => {
    expect(await search(member, '')).toMatchObject({ count: 0, results: [] });
    expect(await search(member, '   ')).toMatchObject({ q: '', count: 0, results: [] });
    const none = await member.get(API.search(coachId));
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ count: 0, results: [] });
  });

  it('refuses a bad page, an over-long q and unknown parameters with field errors', async () => {
    for (const page of ['0', '-1', '1.5', 'x', '1001']) {
      const res = await member.get(`${API.search(coachId)}?q=a&page=${page}`);
      expect(res.status, page).toBe(400);
      expect(res.body).toEqual({ page: [SEARCH_QUERY_ERRORS.page] });
    }
    const long = await member.get(`${API.search(coachId)}?q=${'a'.repeat(SEARCH_MAX_QUERY + 1)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ q: [SEARCH_QUERY_ERRORS.queryTooLong] });
    expect((await search(member, 'a'.repeat(SEARCH_MAX_QUERY))).count).toBe(0);
    expect((await member.get(`${API.search(coachId)}?q=a&sort=1`)).status).toBe(400);
  });
});
