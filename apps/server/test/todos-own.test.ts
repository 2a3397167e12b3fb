import { API, TODO_ERRORS, TODO_UI_TEXTS, TodoItemSchema, TodoListPageSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  outsiderStudentEmail,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * A student's own to-dos without a staff list (spec §1 "To-Do list they can add to"), and 'Add Your Own
 * To-Do Item(s)' adding several items in one go (spec §2), through the real API and database. Coach
 * CCC-2014B has no to-do list in this suite (checked first); the items made are removed afterwards.
 */

const PRESENTATION = 'CCC-2014B';
let ctx: TestContext;
let coachId: number;
let staff: Browser;
let alice: Browser;
let bob: Browser;
let outsider: Browser;
let aliceId: number;

const itemCount = async () =>
  (
    await ctx.database.query<{ n: number }>('select count(*)::int as n from todo_items where coach_id = $1', [
      coachId,
    ])
  )[0]!.n;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  const [a, b] = await firstStudentsOf(ctx, coachId, 2);
  aliceId = a!.id;
  const otherCoach = await coachIdOf(ctx, 'AAA-2013J');
  [staff, alice, bob, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(a!.email),
    ctx.signIn(b!.email),
    ctx.signIn(await outsiderStudentEmail(ctx, otherCoach, coachId)),
  ]);
});

afterAll(async () => {
  await ctx.database.query('delete from todo_items where coach_id = $1 and not staff_created', [coachId]);
});

describe('own to-dos in a coach without a staff to-do list', () => {
  it('the coach has no list: the page is empty, staff still cannot add an item without a list', async () => {
    const page = await alice.get(`${API.todoLists(coachId)}?page=1`);
    expect(page.status).toBe(200);
    expect(TodoListPageSchema.parse(page.body)).toMatchObject({ count: 0, results: [], next: null });
    const res = await staff.post(API.todoItems(coachId), { title: 'Staff item' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ todo_list: [TODO_ERRORS.noList] });
  });

  it('a student adds their own item; it shows in their own list, to them only', async () => {
    const res = await alice.post(API.todoItems(coachId), {
      title: 'Revise chapter 2',
      due_date: '2026-12-01',
    });
    expect(res.status, res.text).toBe(201);
    const item = TodoItemSchema.parse(res.body);
    expect(item).toMatchObject({ title: 'Revise chapter 2', todo_list: null, staff_created: false });
    const [row] = await ctx.database.query<{ owner_user_id: number; todo_list_id: number | null }>(
      'select owner_user_id, todo_list_id from todo_items where id = $1',
      [item.id],
    );
    expect(row).toEqual({ owner_user_id: aliceId, todo_list_id: null });

    const page = TodoListPageSchema.parse((await alice.get(`${API.todoLists(coachId)}?page=1`)).body);
    expect(page.count).toBe(1);
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({ id: 0, own: true, title: TODO_UI_TEXTS.ownListTitle });
    expect(page.results[0]!.items.map((i) => i.title)).toEqual(['Revise chapter 2']);
    expect((await alice.get(API.todoItem(coachId, item.id))).status).toBe(200);

    // Bob does not see it, nor can he change it; staff do not see students' own items.
    expect(TodoListPageSchema.parse((await bob.get(`${API.todoLists(coachId)}?page=1`)).body).count).toBe(0);
    expect((await bob.get(API.todoItem(coachId, item.id))).status).toBe(404);
    expect((await bob.request('DELETE', API.todoItem(coachId, item.id))).status).toBe(404);
    expect((await staff.get(API.todoItem(coachId, item.id))).status).toBe(404);

    // Alice edits it (it stays in her own list), completes it and deletes it.
    const put = await alice.request('PUT', API.todoItem(coachId, item.id), {
      json: { ...item, title: 'Revise chapter 3', todo_list: null },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ title: 'Revise chapter 3', todo_list: null });
    const done = await alice.post(API.accountTodoItems(coachId), { item: item.id });
    expect(done.status, done.text).toBe(200);
    expect((await alice.request('DELETE', API.todoItem(coachId, item.id))).status).toBe(204);
    expect(TodoListPageSchema.parse((await alice.get(`${API.todoLists(coachId)}?page=1`)).body).count).toBe(
      0,
    );
  });

  it('the own list comes after the staff lists, as one more page', async () => {
    // Made while the coach has no list, so it goes to Alice's own list.
    expect((await alice.post(API.todoItems(coachId), { title: 'Mine' })).status).toBe(201);
    const list = await staff.post<{ id: number }>(API.todoLists(coachId), { title: 'Week 1' });
    expect(list.status).toBe(201);
    try {
      const first = TodoListPageSchema.parse((await alice.get(`${API.todoLists(coachId)}?page=1`)).body);
      expect(first).toMatchObject({ count: 2, previous: null });
      expect(first.next).not.toBeNull();
      expect(first.results.map((l) => l.title)).toEqual(['Week 1']);
      const second = TodoListPageSchema.parse((await alice.get(`${API.todoLists(coachId)}?page=2`)).body);
      expect(second.results.map((l) => [l.title, l.own])).toEqual([[TODO_UI_TEXTS.ownListTitle, true]]);
      expect(second.next).toBeNull();
      expect((await alice.get(`${API.todoLists(coachId)}?page=3`)).status).toBe(404);
      // Now that there is a list, an item without one goes to the first list (as before); editing an item
      // of the own list keeps it there.
      const next = await alice.post(API.todoItems(coachId), { title: 'Into Week 1' });
      expect(next.body).toMatchObject({ todo_list: list.body.id });
      const mine = second.results[0]!.items[0]!;
      const put = await alice.request('PUT', API.todoItem(coachId, mine.id), {
        json: { ...mine, title: 'Mine, edited', todo_list: null },
      });
      expect(put.body).toMatchObject({ title: 'Mine, edited', todo_list: null });
    } finally {
      await ctx.database.query('delete from todo_items where coach_id = $1 and owner_user_id = $2', [
        coachId,
        aliceId,
      ]);
      expect((await staff.request('DELETE', API.todoList(coachId, list.body.id))).status).toBe(204);
    }
  });
});

describe('Add Your Own To-Do Item(s): several items in one go', () => {
  it('adds every item, in order, in the student’s own list', async () => {
    const res = await alice.post(API.todoItemsBatch(coachId), {
      items: [
        { title: 'Read unit 1', due_date: '2026-11-30' },
        { title: 'Read unit 2', description: '<p>Then <strong>notes</strong><script>x()</script></p>' },
        { title: 'Read unit 3' },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const items = z.array(TodoItemSchema).parse(res.body);
    expect(items.map((i) => [i.title, i.todo_list, i.staff_created])).toEqual([
      ['Read unit 1', null, false],
      ['Read unit 2', null, false],
      ['Read unit 3', null, false],
    ]);
    expect(items[0]!.due_date).toBe('2026-11-30');
    expect(items[1]!.description).toBe('<p>Then <strong>notes</strong></p>');
    const page = TodoListPageSchema.parse((await alice.get(`${API.todoLists(coachId)}?page=1`)).body);
    expect(page.results[0]!.items.map((i) => i.title)).toEqual(['Read unit 1', 'Read unit 2', 'Read unit 3']);
  });

  it('all or nothing: errors per item as items.n.field, and nothing is written', async () => {
    const before = await itemCount();
    const res = await alice.post(API.todoItemsBatch(coachId), {
      items: [{ title: 'Fine' }, { title: '  ' }, { title: 'Bad date', due_date: '31/12/2026' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'items.1.title': [TODO_ERRORS.required],
      'items.2.due_date': [TODO_ERRORS.dueDate],
    });
    // A list the student cannot see, found only after the schema check, refuses the whole batch too.
    const other = await alice.post(API.todoItemsBatch(coachId), {
      items: [{ title: 'Fine' }, { title: 'Elsewhere', todo_list: 2_000_000_000 }],
    });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ 'items.1.todo_list': [TODO_ERRORS.unknownList] });
    expect(await itemCount()).toBe(before);
  });

  it('refuses an empty batch, a batch over 20 items, and a student claiming staff items', async () => {
    const empty = await alice.post(API.todoItemsBatch(coachId), { items: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ items: [TODO_ERRORS.batchEmpty] });
    const many = await alice.post(API.todoItemsBatch(coachId), {
      items: Array.from({ length: 21 }, (_, i) => ({ title: `Item ${i}` })),
    });
    expect(many.status).toBe(400);
    expect(many.body).toEqual({ items: [TODO_ERRORS.batchTooMany] });
    const before = await itemCount();
    const claim = await alice.post(API.todoItemsBatch(coachId), {
      items: [{ title: 'Mine' }, { title: 'Staff?', staff_created: true }],
    });
    expect(claim.status).toBe(403);
    expect(await itemCount()).toBe(before);
  });

  it('a student of another coach and a visitor are refused', async () => {
    const before = await itemCount();
    const res = await outsider.post(API.todoItemsBatch(coachId), { items: [{ title: 'Not mine' }] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: expect.any(String) });
    const anonymous = await ctx.browser().post(API.todoItemsBatch(coachId), { items: [{ title: 'x' }] });
    expect(anonymous.status).toBe(401);
    expect(await itemCount()).toBe(before);
  });
});
