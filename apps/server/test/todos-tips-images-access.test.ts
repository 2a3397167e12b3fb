import { API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '../src/modules/images/png.ts';
import { type Browser, coachIdOf, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

/**
 * Refusals of every to-do, tip and image route (docs/design.md, Roles and Tenancy): anonymous → 401, a user
 * with no place in the coach → 404, a coach of another institution → 404 even for staff, a write without
 * the CSRF header → 403; and in every case nothing is written.
 */
let ctx: TestContext;
let coachId: number;
let foreignCoachId: number;
let foreignInstitutionId: number;
let staff: Browser;
let outsider: Browser;
const ids: Record<string, number> = {};

type Route = { method: string; url: () => string; json?: unknown; raw?: Uint8Array };
const png = new Uint8Array(encodePng(2, 2, () => [10, 20, 30]));

/** Every route of the three modules, for coach `c` and the fixture ids. */
function routes(c: () => number): Route[] {
  return [
    { method: 'GET', url: () => API.todoLists(c()) },
    { method: 'POST', url: () => API.todoLists(c()), json: { title: 'x' } },
    { method: 'GET', url: () => API.todoList(c(), ids.list!) },
    { method: 'PUT', url: () => API.todoList(c(), ids.list!), json: { title: 'x' } },
    { method: 'DELETE', url: () => API.todoList(c(), ids.list!) },
    { method: 'POST', url: () => API.todoItems(c()), json: { title: 'x' } },
    { method: 'GET', url: () => API.todoItem(c(), ids.item!) },
    { method: 'PUT', url: () => API.todoItem(c(), ids.item!), json: { title: 'x' } },
    { method: 'DELETE', url: () => API.todoItem(c(), ids.item!) },
    { method: 'POST', url: () => API.accountTodoItems(c()), json: { item: ids.item } },
    { method: 'GET', url: () => API.todoTags(c()) },
    { method: 'POST', url: () => API.todoTags(c()), json: { label: 'x' } },
    { method: 'PUT', url: () => API.todoTag(c(), ids.tag!), json: { label: 'y' } },
    { method: 'DELETE', url: () => API.todoTag(c(), ids.tag!) },
    { method: 'GET', url: () => API.tips(c()) },
    { method: 'POST', url: () => API.tips(c()), json: { html: '<p>x</p>' } },
    { method: 'POST', url: () => API.tipsOrder(c()), json: { ids: [ids.tip] } },
    { method: 'PUT', url: () => API.tip(c(), ids.tip!), json: { html: '<p>y</p>' } },
    { method: 'DELETE', url: () => API.tip(c(), ids.tip!) },
    { method: 'GET', url: () => API.images(c()) },
    { method: 'POST', url: () => `${API.images(c())}?file_name=a.png`, raw: png },
    { method: 'GET', url: () => API.imageFile(c(), ids.image!) },
    { method: 'DELETE', url: () => API.image(c(), ids.image!) },
    { method: 'GET', url: () => API.imageField(c(), 'testimonial_icon') },
    { method: 'PUT', url: () => API.imageField(c(), 'testimonial_icon'), json: { image_id: null } },
  ];
}

function send(browser: Browser, route: Route, csrf = true) {
  return browser.request(route.method, route.url(), {
    json: route.json,
    body: route.raw,
    contentType: route.raw ? 'application/octet-stream' : undefined,
    csrf,
  });
}

async function counts() {
  const [row] = await ctx.database.query<Record<string, number>>(
    `select (select count(*)::int from todo_lists) as lists, (select count(*)::int from todo_items) as items,
            (select count(*)::int from todo_tags) as tags, (select count(*)::int from account_todo_items) as done,
            (select count(*)::int from tips) as tips, (select count(*)::int from images) as images,
            (select count(*)::int from image_fields) as fields,
            (select string_agg(title, ',' order by id) from todo_lists) as list_titles,
            (select string_agg(html, ',' order by id) from tips) as tip_html`,
  );
  return row;
}

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, 'DDD-2013B');
  const [inst] = await ctx.database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('Elsewhere University', 'elsewhere-access-test') returning id`,
  );
  foreignInstitutionId = inst!.id;
  const [coach] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'ZZZ 2014J', 'ZZZ', '2014J', 260, 130) returning id`,
    [foreignInstitutionId],
  );
  foreignCoachId = coach!.id;
  const [o] = await ctx.database.query<{ email: string }>(
    `select u.email from enrollments e join users u on u.id = e.user_id
      where e.role = 'student' and not exists (select 1 from enrollments x where x.user_id = u.id and x.coach_id = $1)
      order by u.id limit 1`,
    [coachId],
  );
  [staff, outsider] = await Promise.all([ctx.signIn(STAFF_EMAIL), ctx.signIn(o!.email)]);
  const list = await staff.post<{ id: number }>(API.todoLists(coachId), { title: 'Access list' });
  ids.list = list.body.id;
  ids.item = (
    await staff.post<{ id: number }>(API.todoItems(coachId), { title: 'Access item', todo_list: ids.list })
  ).body.id;
  ids.tag = (await staff.post<{ id: number }>(API.todoTags(coachId), { label: 'Access tag' })).body.id;
  ids.tip = (await staff.post<{ id: number }>(API.tips(coachId), { html: '<p>Access tip</p>' })).body.id;
  ids.image = (
    await staff.request<{ id: number }>('POST', `${API.images(coachId)}?file_name=lib.png`, {
      body: png,
      contentType: 'application/octet-stream',
    })
  ).body.id;
  // The same kinds of records in the other institution's coach.
  for (const [table, sql] of [
    [
      'todo_lists',
      `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'Foreign') returning id`,
    ],
    [
      'tips',
      `insert into tips (institution_id, coach_id, html) values ($1, $2, '<p>Foreign</p>') returning id`,
    ],
    [
      'todo_tags',
      `insert into todo_tags (institution_id, coach_id, label) values ($1, $2, 'Foreign') returning id`,
    ],
  ] as const) {
    const [row] = await ctx.database.query<{ id: number }>(sql, [foreignInstitutionId, foreignCoachId]);
    ids[`foreign_${table}`] = row!.id;
  }
});

afterAll(async () => {
  await ctx.database.query('delete from todo_lists where coach_id = $1', [coachId]);
  await ctx.database.query('delete from todo_tags where coach_id = $1', [coachId]);
  await ctx.database.query('delete from tips where coach_id = $1', [coachId]);
  await ctx.database.query('delete from images where coach_id = $1', [coachId]);
  await ctx.database.query('delete from image_fields where coach_id = $1', [coachId]);
  await ctx.database.query('delete from institutions where id = $1', [foreignInstitutionId]);
});

describe('access to every to-do, tip and image route', () => {
  it('anonymous callers get 401 and write nothing', async () => {
    const before = await counts();
    for (const route of routes(() => coachId)) {
      const res = await send(ctx.browser(), route);
      expect(res.status, `${route.method} ${route.url()}`).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    expect(await counts()).toEqual(before);
  });

  it('a student of other coaches gets 404 and writes nothing', async () => {
    const before = await counts();
    for (const route of routes(() => coachId)) {
      const res = await send(outsider, route);
      expect(res.status, `${route.method} ${route.url()}`).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });

  it('staff get 404 for a coach of another institution and write nothing there', async () => {
    const before = await counts();
    const saved = { ...ids };
    ids.list = ids.foreign_todo_lists!;
    ids.tip = ids.foreign_tips!;
    ids.tag = ids.foreign_todo_tags!;
    try {
      for (const route of routes(() => foreignCoachId)) {
        const res = await send(staff, route);
        expect(res.status, `${route.method} ${route.url()}`).toBe(404);
      }
    } finally {
      Object.assign(ids, saved);
    }
    expect(await counts()).toEqual(before);
  });

  it('writes without the CSRF header get 403 and write nothing', async () => {
    const before = await counts();
    for (const route of routes(() => coachId).filter((r) => r.method !== 'GET')) {
      const res = await send(staff, route, false);
      expect(res.status, `${route.method} ${route.url()}`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('bad list, tag and tip values answer 400 with field errors and write nothing', async () => {
    const before = await counts();
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', API.todoLists(coachId), { title: 'x'.repeat(201) }, 'title'],
      ['POST', API.todoLists(coachId), { is_queued: 'yes' }, 'is_queued'],
      ['PUT', API.todoList(coachId, ids.list!), { position: -1 }, 'position'],
      ['PUT', API.todoList(coachId, ids.list!), { colour: 'red' }, 'colour'],
      ['POST', API.todoTags(coachId), { label: '' }, 'label'],
      ['POST', API.todoTags(coachId), { label: 'x'.repeat(61) }, 'label'],
      ['PUT', API.todoTag(coachId, ids.tag!), {}, 'label'],
      ['POST', API.tips(coachId), { html: '<p>x</p>', position: 'first' }, 'position'],
    ];
    for (const [method, url, json, field] of cases) {
      const res = await staff.request(method, url, { json });
      expect(res.status, `${method} ${url} ${JSON.stringify(json)}`).toBe(400);
      expect(res.body).toHaveProperty(field);
    }
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      expect((await staff.request('PUT', API.todoList(coachId, bad), { json: { title: 'x' } })).status).toBe(
        404,
      );
      expect((await staff.request('DELETE', API.todoItem(coachId, bad))).status).toBe(404);
      expect((await staff.get(API.imageFile(coachId, bad))).status).toBe(404);
    }
    expect(await counts()).toEqual(before);
  });
});
