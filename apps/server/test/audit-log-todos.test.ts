import { API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshUser } from './accounts-helpers.ts';
import { type Browser, coachIdOf, getTestContext, type TestContext } from './helpers.ts';

/**
 * The audit log's coverage of staff to-dos (docs/audit-log.md, kind `content`): creating and editing a
 * to-do list, item and tag is recorded with the values after (creation) or the changed values before and
 * after (edit); a refused write records nothing; a student's own items are never recorded.
 */
let ctx: TestContext;
let staff: Browser;
let staffEmail: string;
let coachId: number;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, 'AAA-2013J');
  const member = await freshUser(ctx, ctx.institutionId, 'staff', 'audittodo');
  staffEmail = member.email;
  staff = await ctx.signIn(member.email);
});
afterAll(async () => {
  await ctx.database.query(`delete from todo_lists where coach_id = $1 and title like 'Audit %'`, [coachId]);
  await ctx.database.query(`delete from todo_tags where coach_id = $1 and label like 'Audit %'`, [coachId]);
});

/** The caller's entries, oldest first. */
const entries = () =>
  ctx.database.query<{ kind: string; action: string; target: string; before: unknown; after: unknown }>(
    'select kind, action, target, before, after from audit_log where actor_email = $1 order by id',
    [staffEmail],
  );

describe('audit log: staff to-dos', () => {
  it('records list, tag and item creation and edits with before and after', async () => {
    const list = await staff.post(API.todoLists(coachId), { title: 'Audit week 1', position: 40 });
    expect(list.status, list.text).toBe(201);
    const listId = (list.body as { id: number }).id;
    const edited = await staff.request('PUT', API.todoList(coachId, listId), {
      json: { title: 'Audit week one', position: 40 },
    });
    expect(edited.status, edited.text).toBe(200);
    const tag = await staff.post(API.todoTags(coachId), { label: 'Audit reading' });
    expect(tag.status, tag.text).toBe(201);
    const tagId = (tag.body as { id: number }).id;
    const renamed = await staff.request('PUT', API.todoTag(coachId, tagId), {
      json: { label: 'Audit books' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const item = await staff.post(API.todoItems(coachId), {
      title: 'Audit read chapter 1',
      todo_list: listId,
      due_date: '2026-02-03',
      item_tag_ids: [tagId],
    });
    expect(item.status, item.text).toBe(201);
    const itemId = (item.body as { id: number }).id;
    const put = await staff.request('PUT', API.todoItem(coachId, itemId), {
      json: {
        title: 'Audit read chapter 2',
        todo_list: listId,
        due_date: '2026-02-03',
        item_tag_ids: [tagId],
      },
    });
    expect(put.status, put.text).toBe(200);
    // A refused write (a duplicate tag label) records nothing.
    const dup = await staff.post(API.todoTags(coachId), { label: 'Audit books' });
    expect(dup.status).toBe(400);

    const log = await entries();
    expect(log.map((e) => [e.kind, e.action])).toEqual([
      ['content', 'todo_list.create'],
      ['content', 'todo_list.update'],
      ['content', 'todo_tag.create'],
      ['content', 'todo_tag.update'],
      ['content', 'todo_item.create'],
      ['content', 'todo_item.update'],
    ]);
    expect(log[0]).toMatchObject({
      target: `coach ${coachId}, to-do list ${listId} (Audit week 1)`,
      before: null,
      after: { id: listId, title: 'Audit week 1', is_queued: false, is_under_review: false, position: 40 },
    });
    expect(log[1]).toMatchObject({ before: { title: 'Audit week 1' }, after: { title: 'Audit week one' } });
    expect(log[2]).toMatchObject({
      target: `coach ${coachId}, tag ${tagId} (Audit reading)`,
      after: { label: 'Audit reading' },
    });
    expect(log[3]).toMatchObject({ before: { label: 'Audit reading' }, after: { label: 'Audit books' } });
    expect(log[4]).toMatchObject({
      target: `coach ${coachId}, to-do item ${itemId} (Audit read chapter 1)`,
      after: {
        title: 'Audit read chapter 1',
        due_date: '2026-02-03',
        todo_list: listId,
        item_tag_ids: [tagId],
      },
    });
    expect(log[4]!.after).not.toHaveProperty('account_item');
    expect(log[5]).toMatchObject({
      before: { title: 'Audit read chapter 1' },
      after: { title: 'Audit read chapter 2' },
    });
    expect(Object.keys(log[5]!.after as object)).toEqual(['title']);
  });

  it('records reorders of tips and the FAQ with the order before and after; a refused one records nothing', async () => {
    const [coach] = await ctx.database.query<{ id: number }>(
      `insert into coaches (institution_id, name, course_code, term_code, length_days)
       values ($1, 'Audit reorder coach', 'AUD 1', '2026F', 120) returning id`,
      [ctx.institutionId],
    );
    try {
      const tipIds: number[] = [];
      for (const [i, html] of ['<p>One</p>', '<p>Two</p>', '<p>Three</p>'].entries()) {
        const [tip] = await ctx.database.query<{ id: number }>(
          'insert into tips (institution_id, coach_id, html, position) values ($1, $2, $3, $4) returning id',
          [ctx.institutionId, coach!.id, html, i],
        );
        tipIds.push(tip!.id);
      }
      const [a, b, c] = tipIds as [number, number, number];
      const seen = (await entries()).length;
      expect((await staff.post(API.tipsOrder(coach!.id), { ids: [a, b] })).status).toBe(400);
      const ok = await staff.post(API.tipsOrder(coach!.id), { ids: [c, a, b] });
      expect(ok.status, ok.text).toBe(200);
      const faq = [];
      for (const question of ['Audit Q1', 'Audit Q2']) {
        const made = await staff.post<{ id: number }>(API.coachFaq(coach!.id), {
          question,
          answer: '<p>A</p>',
        });
        expect(made.status, made.text).toBe(201);
        faq.push(made.body.id);
      }
      const order = await staff.post(API.coachFaqOrder(coach!.id), { ids: [faq[1], faq[0]] });
      expect(order.status, order.text).toBe(200);
      const log = (await entries()).slice(seen).filter((e) => e.action.endsWith('.reorder'));
      expect(log).toEqual([
        {
          kind: 'content',
          action: 'tip.reorder',
          target: `coach ${coach!.id}, tips`,
          before: { order: [a, b, c] },
          after: { order: [c, a, b] },
        },
        {
          kind: 'content',
          action: 'faq.reorder',
          target: `coach ${coach!.id}, FAQ`,
          before: { order: [faq[0], faq[1]] },
          after: { order: [faq[1], faq[0]] },
        },
      ]);
    } finally {
      await ctx.database.query('delete from coaches where id = $1', [coach!.id]);
    }
  });
});
