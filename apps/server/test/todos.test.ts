import {
  AccountItemSchema,
  API,
  parseDueDate,
  TODO_ERRORS,
  TodoItemSchema,
  TodoListPageSchema,
  TodoListSchema,
  TodoTagSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  instructorEmailOf,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * To-do API (spec §2 To-Dos, §4, §5, §6, §7) over real HTTP and the real database. The fixtures (lists,
 * tags, staff items) are made through the API by staff in coach GGG-2013J and removed afterwards.
 */

const PRESENTATION = 'GGG-2013J';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let staff: Browser;
let instructor: Browser;
let alice: Browser;
let bob: Browser;
let outsider: Browser;
let aliceId: number;
let listA: z.infer<typeof TodoListSchema>;
let listB: z.infer<typeof TodoListSchema>;
let queued: z.infer<typeof TodoListSchema>;
let review: z.infer<typeof TodoListSchema>;
let tagReading: z.infer<typeof TodoTagSchema>;
let tagExam: z.infer<typeof TodoTagSchema>;
let staffItem: z.infer<typeof TodoItemSchema>;
let hiddenStaffItem: z.infer<typeof TodoItemSchema>;

/** Students of a coach by user id (first two), and one student of another coach who is not in it. */
async function fixtureUsers() {
  const rows = await firstStudentsOf(ctx, coachId, 2);
  return { a: rows[0]!, b: rows[1]!, outsider: await outsiderStudentEmail(ctx, otherCoachId, coachId) };
}

/** Every to-do row of the coach, for "nothing changed" checks. */
async function snapshot() {
  const q = ctx.database.query;
  return {
    lists: await q('select * from todo_lists where coach_id = $1 order by id', [coachId]),
    items: await q(
      `select id, title, description, to_char(due_date, 'YYYY-MM-DD') as due_date, todo_list_id,
              staff_created, owner_user_id from todo_items where coach_id = $1 order by id`,
      [coachId],
    ),
    itemTags: await q(
      'select it.item_id, it.tag_id from todo_item_tags it join todo_tags t on t.id = it.tag_id where t.coach_id = $1 order by 1, 2',
      [coachId],
    ),
    tags: await q('select * from todo_tags where coach_id = $1 order by id', [coachId]),
    completions: await q(
      `select a.item_id, a.user_id, a.completed from account_todo_items a
        join todo_items i on i.id = a.item_id where i.coach_id = $1 order by 1, 2`,
      [coachId],
    ),
  };
}

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'AAA-2013J');
  const users = await fixtureUsers();
  aliceId = users.a.id;
  [staff, instructor, alice, bob, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(users.a.email),
    ctx.signIn(users.b.email),
    ctx.signIn(users.outsider),
  ]);
  const list = async (body: object) => {
    const res = await staff.post(API.todoLists(coachId), body);
    expect(res.status).toBe(201);
    return TodoListSchema.parse(res.body);
  };
  listA = await list({ title: 'Week 1', position: 0 });
  listB = await list({ title: '', position: 1 });
  queued = await list({ title: 'Next week', is_queued: true, position: 2 });
  review = await list({ title: 'Draft list', is_under_review: true, position: 3 });
  const tag = async (label: string) => {
    const res = await instructor.post(API.todoTags(coachId), { label });
    expect(res.status).toBe(201);
    return TodoTagSchema.parse(res.body);
  };
  tagReading = await tag('Reading');
  tagExam = await tag('Exam');
  const item = async (body: object) => {
    const res = await staff.post(API.todoItems(coachId), body);
    expect(res.status, res.text).toBe(201);
    return TodoItemSchema.parse(res.body);
  };
  staffItem = await item({
    title: 'Read chapter 1',
    description: '<p>Pages <strong>1–20</strong></p>',
    due_date: '2026-02-03',
    todo_list: listA.id,
    staff_created: true,
    item_tag_ids: [tagReading.id],
  });
  await item({ title: 'Watch the lecture', todo_list: listA.id, due_date: null });
  await item({ title: 'Practice quiz', todo_list: listB.id, item_tag_ids: [tagExam.id, tagReading.id] });
  hiddenStaffItem = await item({ title: 'Queued task', todo_list: queued.id });
});

afterAll(async () => {
  await ctx.database.query('delete from todo_lists where coach_id = $1', [coachId]);
  await ctx.database.query('delete from todo_tags where coach_id = $1', [coachId]);
});

describe('GET todo-lists?page= (spec §4 paging, §7)', () => {
  it('a student pages through the published lists one at a time, with next and previous', async () => {
    const first = await alice.get(API.todoLists(coachId));
    expect(first.status).toBe(200);
    const p1 = TodoListPageSchema.parse(first.body);
    // Queued and under-review lists are not shown to students: 2 published lists.
    expect(p1).toMatchObject({ count: 2, page: 1, previous: null, next: `${API.todoLists(coachId)}?page=2` });
    expect(p1.results).toHaveLength(1);
    expect(p1.results[0]).toMatchObject({ id: listA.id, title: 'Week 1', coach: coachId, is_queued: false });
    expect(p1.results[0]!.items.map((i) => i.title)).toEqual(['Read chapter 1', 'Watch the lecture']);
    const read = p1.results[0]!.items[0]!;
    expect(read).toEqual({
      id: staffItem.id,
      title: 'Read chapter 1',
      description: '<p>Pages <strong>1–20</strong></p>',
      due_date: '2026-02-03',
      due_date_short: '02/03',
      todo_list: listA.id,
      staff_created: true,
      account_item: [],
      tags: [{ id: tagReading.id, label: 'Reading' }],
      item_tag_ids: [tagReading.id],
    });

    const second = TodoListPageSchema.parse((await alice.get(`${API.todoLists(coachId)}?page=2`)).body);
    expect(second).toMatchObject({ page: 2, next: null, previous: `${API.todoLists(coachId)}?page=1` });
    expect(second.results[0]).toMatchObject({ id: listB.id, title: '' });
    expect(second.results[0]!.items[0]!.tags.map((t) => t.label)).toEqual(['Exam', 'Reading']);

    const past = await alice.get(`${API.todoLists(coachId)}?page=3`);
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: expect.any(String) });
  });

  it('staff see every list, with the queued and under-review flags (Scheduled / Drafted)', async () => {
    const res = await instructor.get(`${API.todoLists(coachId)}?page_size=10`);
    expect(res.status).toBe(200);
    const page = TodoListPageSchema.parse(res.body);
    expect(page.count).toBe(4);
    expect(page.results.map((l) => [l.title, l.is_queued, l.is_under_review])).toEqual([
      ['Week 1', false, false],
      ['', false, false],
      ['Next week', true, false],
      ['Draft list', false, true],
    ]);
  });

  it('bad page numbers answer 400 with a field error', async () => {
    for (const q of ['page=0', 'page=abc', 'page=-1', 'page_size=0', 'page_size=101', 'foo=1']) {
      const res = await alice.get(`${API.todoLists(coachId)}?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys(res.body as object).length, q).toBeGreaterThan(0);
    }
  });

  it('refuses the anonymous (401), people outside the coach (404) and coaches of another institution', async () => {
    expect((await ctx.browser().get(API.todoLists(coachId))).status).toBe(401);
    expect((await outsider.get(API.todoLists(coachId))).status).toBe(404);
    expect((await alice.get(API.todoLists(999_999))).status).toBe(404);
    expect((await alice.get(API.todoLists('abc'))).status).toBe(404);
  });

  it('queued and under-review lists and their items are not there for students', async () => {
    expect((await alice.get(API.todoList(coachId, queued.id))).status).toBe(404);
    expect((await alice.get(API.todoList(coachId, review.id))).status).toBe(404);
    expect((await staff.get(API.todoList(coachId, review.id))).status).toBe(200);
    expect((await alice.get(API.todoItem(coachId, hiddenStaffItem.id))).status).toBe(404);
    expect((await staff.get(API.todoList(coachId, queued.id))).status).toBe(200);
    const completion = await alice.post(API.accountTodoItems(coachId), { item: hiddenStaffItem.id });
    expect(completion.status).toBe(400);
  });
});

describe('students’ own items (spec §6)', () => {
  let own: z.infer<typeof TodoItemSchema>;

  it('a student adds an item of their own: self-created, in the given list, with tags and a due date', async () => {
    const res = await alice.post(API.todoItems(coachId), {
      title: '  Email my tutor  ',
      description: '<p>Ask about <em>TMA 2</em></p>',
      due_date: parseDueDate('03/15/2026'),
      todo_list: listA.id,
      staff_created: false,
      account_item: [],
      item_tag_ids: [tagExam.id],
    });
    expect(res.status, res.text).toBe(201);
    own = TodoItemSchema.parse(res.body);
    expect(own).toMatchObject({
      title: 'Email my tutor',
      description: '<p>Ask about <em>TMA 2</em></p>',
      due_date: '2026-03-15',
      due_date_short: '03/15',
      staff_created: false,
      todo_list: listA.id,
      item_tag_ids: [tagExam.id],
    });
    const [row] = await ctx.database.query<{ owner_user_id: number; staff_created: boolean }>(
      'select owner_user_id, staff_created from todo_items where id = $1',
      [own.id],
    );
    expect(row).toEqual({ owner_user_id: aliceId, staff_created: false });
    // It shows in the owner's list, not in another student's, nor for staff.
    const mine = TodoListPageSchema.parse((await alice.get(API.todoLists(coachId))).body);
    expect(mine.results[0]!.items.map((i) => i.id)).toContain(own.id);
    const theirs = TodoListPageSchema.parse((await bob.get(API.todoLists(coachId))).body);
    expect(theirs.results[0]!.items.map((i) => i.id)).not.toContain(own.id);
    expect((await bob.get(API.todoItem(coachId, own.id))).status).toBe(404);
    expect((await staff.get(API.todoItem(coachId, own.id))).status).toBe(404);
  });

  it('without a list, the item goes to the student’s first list', async () => {
    const res = await bob.post(API.todoItems(coachId), { title: 'No list given' });
    expect(res.status).toBe(201);
    expect(TodoItemSchema.parse(res.body)).toMatchObject({ todo_list: listA.id, due_date: null });
  });

  it('the owner edits it with the full item (PUT) and reads it back (GET)', async () => {
    const res = await alice.request('PUT', API.todoItem(coachId, own.id), {
      json: { ...own, title: 'Email my tutor today', due_date: null, item_tag_ids: [] },
    });
    expect(res.status, res.text).toBe(200);
    const got = TodoItemSchema.parse((await alice.get(API.todoItem(coachId, own.id))).body);
    expect(got).toMatchObject({ title: 'Email my tutor today', due_date: null, tags: [], item_tag_ids: [] });
  });

  it('a student cannot edit or delete a staff-created item: 403, nothing changed', async () => {
    const before = await snapshot();
    const put = await alice.request('PUT', API.todoItem(coachId, staffItem.id), {
      json: { ...staffItem, title: 'Hacked', staff_created: false },
    });
    expect(put.status).toBe(403);
    expect(put.body).toEqual({ detail: TODO_ERRORS.readOnly });
    const del = await alice.request('DELETE', API.todoItem(coachId, staffItem.id));
    expect(del.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('a student cannot edit or delete another student’s item: 404, nothing changed', async () => {
    const before = await snapshot();
    const put = await bob.request('PUT', API.todoItem(coachId, own.id), { json: { title: 'Mine now' } });
    expect(put.status).toBe(404);
    const del = await bob.request('DELETE', API.todoItem(coachId, own.id));
    expect(del.status).toBe(404);
    // Staff do not change students' own items either.
    const staffPut = await staff.request('PUT', API.todoItem(coachId, own.id), { json: { title: 'x' } });
    expect(staffPut.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('a student cannot create a staff item: 403, nothing created', async () => {
    const before = await snapshot();
    const res = await alice.post(API.todoItems(coachId), { title: 'Official', staff_created: true });
    expect(res.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('bad values answer 400 with field errors and write nothing', async () => {
    const before = await snapshot();
    const cases: Array<[object, string]> = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', due_date: parseDueDate('02/30/2026') }, 'due_date'],
      [{ title: 'ok', due_date: parseDueDate('tomorrow') }, 'due_date'],
      [{ title: 'ok', due_date: '2026-13-01' }, 'due_date'],
      [{ title: 'ok', todo_list: 2_000_000_000 }, 'todo_list'],
      [{ title: 'ok', todo_list: queued.id }, 'todo_list'],
      [{ title: 'ok', item_tag_ids: [2_000_000_000] }, 'item_tag_ids'],
      [{ title: 'ok', colour: 'red' }, 'colour'],
      [{ title: 42 }, 'title'],
    ];
    for (const [body, field] of cases) {
      const res = await alice.post(API.todoItems(coachId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toHaveProperty(field);
      expect(Array.isArray((res.body as Record<string, unknown>)[field])).toBe(true);
    }
    // Title and due date errors together, the way the form shows them beside the fields.
    const both = await alice.post(API.todoItems(coachId), { title: '', due_date: 'soon' });
    expect(both.body).toEqual({ title: [TODO_ERRORS.required], due_date: [TODO_ERRORS.dueDate] });
    // The same on an update.
    const put = await alice.request('PUT', API.todoItem(coachId, own.id), { json: { title: '' } });
    expect(put.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('HTML with script tags is stored sanitised', async () => {
    const res = await alice.post(API.todoItems(coachId), {
      title: 'Sanitise me',
      description:
        '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">bad</a> <a href="https://example.org">good</a><img src=x onerror=alert(3)></p><style>p{}</style>',
    });
    expect(res.status).toBe(201);
    const [row] = await ctx.database.query<{ description: string }>(
      'select description from todo_items where id = $1',
      [(res.body as { id: number }).id],
    );
    expect(row!.description).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow" target="_blank">bad</a> <a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">good</a></p>',
    );
    expect((res.body as { description: string }).description).toBe(row!.description);
  });

  it('the owner deletes it: 204, gone with its completion', async () => {
    expect((await alice.post(API.accountTodoItems(coachId), { item: own.id })).status).toBe(200);
    const res = await alice.request('DELETE', API.todoItem(coachId, own.id));
    expect(res.status).toBe(204);
    expect((await alice.get(API.todoItem(coachId, own.id))).status).toBe(404);
    const rows = await ctx.database.query('select 1 from account_todo_items where item_id = $1', [own.id]);
    expect(rows).toHaveLength(0);
    expect((await alice.request('DELETE', API.todoItem(coachId, own.id))).status).toBe(404);
  });

  it('writes need the CSRF header', async () => {
    const res = await alice.post(API.todoItems(coachId), { title: 'x' }, { csrf: false });
    expect(res.status).toBe(403);
  });
});

describe('POST account-todo-items (spec §4 completing an item)', () => {
  it('checks and un-checks an item for the caller only', async () => {
    const res = await alice.post(API.accountTodoItems(coachId), { item: staffItem.id });
    expect(res.status).toBe(200);
    const done = AccountItemSchema.parse(res.body);
    expect(done).toMatchObject({ item: staffItem.id, completed: true });
    expect(Date.parse(done.completed_at!)).toBeGreaterThan(Date.now() - 60_000);
    const page = TodoListPageSchema.parse((await alice.get(API.todoLists(coachId))).body);
    const item = page.results[0]!.items.find((i) => i.id === staffItem.id)!;
    expect(item.account_item).toEqual([done]);
    // Checking again keeps the first completion time.
    const again = AccountItemSchema.parse(
      (await alice.post(API.accountTodoItems(coachId), { item: staffItem.id })).body,
    );
    expect(again).toEqual(done);
    // Another student's view is untouched.
    const other = TodoListPageSchema.parse((await bob.get(API.todoLists(coachId))).body);
    expect(other.results[0]!.items.find((i) => i.id === staffItem.id)!.account_item).toEqual([]);
    // Un-checking.
    const undone = AccountItemSchema.parse(
      (await alice.post(API.accountTodoItems(coachId), { item: staffItem.id, completed: false })).body,
    );
    expect(undone).toEqual({ id: done.id, item: staffItem.id, completed: false, completed_at: null });
  });

  it('refuses staff (403), unknown items (400) and bad bodies (400), writing nothing', async () => {
    const before = await snapshot();
    expect((await instructor.post(API.accountTodoItems(coachId), { item: staffItem.id })).status).toBe(403);
    for (const body of [{}, { item: 'x' }, { item: 2_000_000_000 }, { item: staffItem.id, extra: 1 }]) {
      const res = await bob.post(API.accountTodoItems(coachId), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await outsider.post(API.accountTodoItems(coachId), { item: staffItem.id })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('staff management of lists, items and tags', () => {
  it('staff queue a list and put it under review; students then no longer see it', async () => {
    const res = await instructor.request('PUT', API.todoList(coachId, listB.id), {
      json: { title: 'Week 2', is_queued: true, is_under_review: false },
    });
    expect(res.status).toBe(200);
    expect(TodoListSchema.parse(res.body)).toMatchObject({ title: 'Week 2', is_queued: true });
    expect(TodoListPageSchema.parse((await alice.get(API.todoLists(coachId))).body).count).toBe(1);
    const back = await staff.request('PUT', API.todoList(coachId, listB.id), {
      json: { title: '', is_queued: false, is_under_review: false },
    });
    expect(back.status).toBe(200);
    expect(TodoListPageSchema.parse((await alice.get(API.todoLists(coachId))).body).count).toBe(2);
  });

  it('staff edit a staff item, rename and delete tags', async () => {
    const put = await staff.request('PUT', API.todoItem(coachId, staffItem.id), {
      json: { ...staffItem, title: 'Read chapter 1 and 2', item_tag_ids: [tagReading.id, tagExam.id] },
    });
    expect(put.status, put.text).toBe(200);
    expect(TodoItemSchema.parse(put.body).tags.map((t) => t.label)).toEqual(['Exam', 'Reading']);
    const rename = await staff.request('PUT', API.todoTag(coachId, tagExam.id), { json: { label: 'Exams' } });
    expect(rename.status).toBe(200);
    const dup = await staff.post(API.todoTags(coachId), { label: 'Reading' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ label: [TODO_ERRORS.duplicateTag] });
    const tags = z.array(TodoTagSchema).parse((await alice.get(API.todoTags(coachId))).body);
    expect(tags.map((t) => t.label)).toEqual(['Exams', 'Reading']);
    const tmp = TodoTagSchema.parse((await staff.post(API.todoTags(coachId), { label: 'Temp' })).body);
    expect((await staff.request('DELETE', API.todoTag(coachId, tmp.id))).status).toBe(204);
    expect((await staff.request('DELETE', API.todoTag(coachId, tmp.id))).status).toBe(404);
  });

  it('staff items are always staff-created (400 otherwise)', async () => {
    const res = await staff.post(API.todoItems(coachId), { title: 'x', staff_created: false });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('staff_created');
  });

  it('students may not manage lists or tags (403) and nothing changes', async () => {
    const before = await snapshot();
    expect((await alice.post(API.todoLists(coachId), { title: 'Mine' })).status).toBe(403);
    expect(
      (await alice.request('PUT', API.todoList(coachId, listA.id), { json: { title: 'x' } })).status,
    ).toBe(403);
    expect((await alice.request('DELETE', API.todoList(coachId, listA.id))).status).toBe(403);
    expect((await alice.post(API.todoTags(coachId), { label: 'Mine' })).status).toBe(403);
    expect(
      (await alice.request('PUT', API.todoTag(coachId, tagReading.id), { json: { label: 'x' } })).status,
    ).toBe(403);
    expect((await alice.request('DELETE', API.todoTag(coachId, tagReading.id))).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('lists, items and tags of another coach answer 404 to staff of this one', async () => {
    const other = await instructor.get(API.todoLists(otherCoachId));
    expect(other.status).toBe(404);
    // The instructor of GGG is not in AAA; the list ids of GGG are not found through AAA either.
    const staffOther = await staff.request('PUT', API.todoList(otherCoachId, listA.id), {
      json: { title: 'x' },
    });
    expect(staffOther.status).toBe(404);
    const tagOther = await staff.request('DELETE', API.todoTag(otherCoachId, tagReading.id));
    expect(tagOther.status).toBe(404);
    const itemOther = await staff.request('DELETE', API.todoItem(otherCoachId, staffItem.id));
    expect(itemOther.status).toBe(404);
  });

  it('deleting a list deletes its items', async () => {
    const list = TodoListSchema.parse(
      (await staff.post(API.todoLists(coachId), { title: 'Temporary' })).body,
    );
    const item = TodoItemSchema.parse(
      (await staff.post(API.todoItems(coachId), { title: 'Temp', todo_list: list.id })).body,
    );
    expect((await staff.request('DELETE', API.todoList(coachId, list.id))).status).toBe(204);
    expect((await staff.get(API.todoItem(coachId, item.id))).status).toBe(404);
    expect((await staff.request('DELETE', API.todoList(coachId, list.id))).status).toBe(404);
  });
});

describe('parseDueDate (spec §5: MM/dd/yyyy → ISO, kept as typed when unparsable, null when empty)', () => {
  it.each([
    ['12/31/2026', '2026-12-31'],
    ['1/2/2026', '2026-01-02'],
    ['02/29/2028', '2028-02-29'],
    [' 03/04/2026 ', '2026-03-04'],
    ['', null],
    ['   ', null],
    [null, null],
    ['02/29/2027', '02/29/2027'],
    ['13/01/2026', '13/01/2026'],
    ['12/31/26', '12/31/26'],
    ['2026-12-31', '2026-12-31'],
    ['next friday', 'next friday'],
  ])('%j → %j', (typed, expected) => {
    expect(parseDueDate(typed)).toBe(expected);
  });
});
