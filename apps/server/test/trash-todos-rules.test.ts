import { API, MembershipTaskSchema, TodoListPageSchema, TrashListSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStudentIds } from './cohort-helpers.ts';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';
import { del, entryOf, restore } from './trash-helpers.ts';

/**
 * The trash for to-dos, tags, rules and Insight Groups (docs/trash.md): a to-do list goes with its items
 * (and the students' completions) and comes back with them; a deleted rule stops counting for the
 * group's membership exactly as before it existed, and counts again once restored; a student's own to-do
 * is in that student's trash only. Through the real API and database.
 */

const PRESENTATION = 'CCC-2014B';
let ctx: TestContext;
let coachId: number;
let staff: Browser;
let alice: Browser;
let bob: Browser;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  const [a, b] = await firstStudentsOf(ctx, coachId, 2);
  [staff, alice, bob] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(a!.email),
    ctx.signIn(b!.email),
  ]);
});

afterAll(async () => {
  await ctx.database.query('delete from todo_lists where coach_id = $1', [coachId]);
  await ctx.database.query('delete from todo_items where coach_id = $1', [coachId]);
  await ctx.database.query('delete from todo_tags where coach_id = $1', [coachId]);
  await ctx.database.query(`delete from cohorts where coach_id = $1 and name like 'Trash %'`, [coachId]);
  await ctx.database.query('delete from trash_items where coach_id = $1', [coachId]);
});

/** Every to-do list `who` sees, with items (all pages). */
async function lists(who: Browser) {
  const res = await who.get(`${API.todoLists(coachId)}?page=1&page_size=100`);
  expect(res.status, res.text).toBe(200);
  return TodoListPageSchema.parse(res.body).results;
}

async function waitForSync(cohortId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await staff.get(API.cohortMembershipUpdate(coachId, cohortId))).body,
    );
    if (task.state !== 'started' || Date.now() > deadline) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('to-dos', () => {
  it('a to-do list goes with its 4 items, tags and completions, and comes back unchanged', async () => {
    const list = await staff.post(API.todoLists(coachId), { title: 'Week 3' });
    expect(list.status, list.text).toBe(201);
    const listId = (list.body as { id: number }).id;
    const tag = await staff.post(API.todoTags(coachId), { label: 'Trash tag' });
    const tagId = (tag.body as { id: number }).id;
    const itemIds: number[] = [];
    for (const title of ['Read', 'Watch', 'Quiz', 'Essay']) {
      const res = await staff.post(API.todoItems(coachId), {
        title,
        todo_list: listId,
        staff_created: true,
        item_tag_ids: title === 'Read' ? [tagId] : [],
      });
      expect(res.status, res.text).toBe(201);
      itemIds.push((res.body as { id: number }).id);
    }
    expect((await alice.post(API.accountTodoItems(coachId), { item: itemIds[0] })).status).toBe(200);
    const aliceBefore = await lists(alice);
    const staffBefore = await lists(staff);
    expect(aliceBefore.find((l) => l.id === listId)?.items).toHaveLength(4);

    await del(staff, API.todoList(coachId, listId));
    expect((await lists(alice)).find((l) => l.id === listId)).toBeUndefined();
    expect((await lists(staff)).find((l) => l.id === listId)).toBeUndefined();
    expect(await entryOf(staff, coachId, 'todo_list', listId)).toMatchObject({
      title: 'Week 3',
      detail: '4 items',
    });

    await restore(staff, coachId, 'todo_list', listId);
    expect(await lists(alice)).toEqual(aliceBefore);
    expect(await lists(staff)).toEqual(staffBefore);
  });

  it('a staff item and a tag come back; the tag is on its item again', async () => {
    const before = await lists(staff);
    const item = before.flatMap((l) => l.items).find((i) => i.title === 'Read')!;
    const tagId = item.item_tag_ids[0]!;
    await del(staff, API.todoItem(coachId, item.id));
    expect(await entryOf(staff, coachId, 'todo_item', item.id)).toMatchObject({ title: 'Read' });
    await restore(staff, coachId, 'todo_item', item.id);
    await del(staff, API.todoTag(coachId, tagId));
    const untagged = (await lists(staff)).flatMap((l) => l.items).find((i) => i.id === item.id)!;
    expect(untagged.item_tag_ids).toEqual([]);
    expect(await entryOf(staff, coachId, 'todo_tag', tagId)).toMatchObject({
      title: 'Trash tag',
      detail: '1 item',
    });
    await restore(staff, coachId, 'todo_tag', tagId);
    expect(await lists(staff)).toEqual(before);
  });

  it('a student’s own to-do: in their own trash only, restored by them alone', async () => {
    const made = await alice.post(API.todoItems(coachId), { title: 'My own thing', due_date: '2026-12-01' });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: number }).id;
    const before = await lists(alice);
    await del(alice, API.todoItem(coachId, id));
    expect(JSON.stringify(await lists(alice))).not.toContain('My own thing');
    const mine = TrashListSchema.parse((await alice.get(API.myTrash(coachId))).body).results;
    // Other suites may have left the same students' own deleted to-dos: only this one is looked at.
    expect(mine.filter((e) => e.id === id)).toEqual([
      expect.objectContaining({ kind: 'own_todo', id, title: 'My own thing', deleted_by: 'You' }),
    ]);
    expect(mine.every((e) => e.kind === 'own_todo' && e.deleted_by === 'You')).toBe(true);
    const bobs = TrashListSchema.parse((await bob.get(API.myTrash(coachId))).body).results;
    expect(bobs.map((e) => e.id)).not.toContain(id);
    expect(await entryOf(staff, coachId, 'own_todo', id)).toBeUndefined();
    expect((await alice.get(API.trash(coachId))).status).toBe(403);
    // Nobody else restores it: another student, staff through either route.
    expect((await bob.post(API.myTrashRestore(coachId, id))).status).toBe(404);
    expect((await staff.post(API.myTrashRestore(coachId, id))).status).toBe(404);
    expect((await staff.post(API.trashRestore(coachId, 'own_todo', id))).status).toBe(404);
    expect((await staff.post(API.trashRestore(coachId, 'todo_item', id))).status).toBe(404);
    expect((await ctx.database.query('select 1 from todo_items where id = $1', [id])).length).toBe(0);

    const res = await alice.post(API.myTrashRestore(coachId, id));
    expect(res.status, res.text).toBe(200);
    expect(await lists(alice)).toEqual(before);
    const after = TrashListSchema.parse((await alice.get(API.myTrash(coachId))).body).results;
    expect(after.map((e) => e.id)).not.toContain(id);
  });
});

describe('rules and Insight Groups', () => {
  let cohortId: number;
  let onlyGender: string[];
  let both: string[];
  let ruleId: number;

  beforeAll(async () => {
    const made = await staff.post(API.cohorts(coachId), { name: 'Trash group' });
    expect(made.status, made.text).toBe(201);
    cohortId = (made.body as { id: number }).id;
    const r1 = await staff.post(API.cohortRules(coachId, cohortId), {
      characteristic: 'gender',
      operation: 'equal to',
      value: 'F',
    });
    expect(r1.status, r1.text).toBe(201);
    expect((await waitForSync(cohortId)).state).toBe('success');
    onlyGender = await memberStudentIds(staff, coachId, cohortId);
    const r2 = await staff.post(API.cohortRules(coachId, cohortId), {
      characteristic: 'disability',
      operation: 'equal to',
      value: 'Y',
    });
    expect(r2.status, r2.text).toBe(201);
    ruleId = (r2.body as { id: number }).id;
    expect((await waitForSync(cohortId)).state).toBe('success');
    both = await memberStudentIds(staff, coachId, cohortId);
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(onlyGender.length);
  });

  it('a deleted rule stops counting for membership; restored, it counts again', async () => {
    const before = (await staff.get(API.cohort(coachId, cohortId))).body;
    await del(staff, API.cohortRule(coachId, cohortId, ruleId));
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await memberStudentIds(staff, coachId, cohortId)).toEqual(onlyGender);
    expect(await entryOf(staff, coachId, 'rule', ruleId)).toMatchObject({
      title: 'Declared disability equal to Yes (in “Trash group”)',
    });
    await restore(staff, coachId, 'rule', ruleId);
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await memberStudentIds(staff, coachId, cohortId)).toEqual(both);
    const after = (await staff.get(API.cohort(coachId, cohortId))).body as Record<string, unknown>;
    expect({ ...after, membership_update: null }).toEqual({ ...(before as object), membership_update: null });
  });

  it('an Insight Group goes with its rules and members and comes back with them', async () => {
    const before = (await staff.get(API.cohort(coachId, cohortId))).body as Record<string, unknown>;
    await del(staff, API.cohort(coachId, cohortId));
    expect((await staff.get(API.cohort(coachId, cohortId))).status).toBe(404);
    const entry = await entryOf(staff, coachId, 'cohort', cohortId);
    expect(entry).toMatchObject({ title: 'Trash group', detail: `2 rules, ${both.length} members` });
    await restore(staff, coachId, 'cohort', cohortId);
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await memberStudentIds(staff, coachId, cohortId)).toEqual(both);
    const after = (await staff.get(API.cohort(coachId, cohortId))).body as Record<string, unknown>;
    expect({ ...after, membership_update: null }).toEqual({ ...before, membership_update: null });
  });

  it('a rule whose group is gone cannot come back before the group (409, nothing changed)', async () => {
    await del(staff, API.cohortRule(coachId, cohortId, ruleId));
    await waitForSync(cohortId);
    await del(staff, API.cohort(coachId, cohortId));
    const res = await staff.post(API.trashRestore(coachId, 'rule', ruleId));
    expect(res.status).toBe(409);
    expect(await entryOf(staff, coachId, 'rule', ruleId)).toBeDefined();
    await restore(staff, coachId, 'cohort', cohortId);
    await waitForSync(cohortId);
    await restore(staff, coachId, 'rule', ruleId);
    expect((await waitForSync(cohortId)).state).toBe('success');
    expect(await memberStudentIds(staff, coachId, cohortId)).toEqual(both);
  });
});
