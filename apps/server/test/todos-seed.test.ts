import { API, TipsDocumentSchema, TodoListPageSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedDemoTodos } from '../src/seed/todos.ts';
import { coachIdOf, getTestContext, type TestContext } from './helpers.ts';

/**
 * Demo tips, to-dos and pictures seeded into the test institution, read back through
 * the API as a real demo student; removed afterwards so the other suites start from empty tables.
 */
let ctx: TestContext;

async function cleanUp() {
  for (const table of ['tips', 'images', 'todo_lists', 'todo_tags']) {
    await ctx.database.query(`delete from ${table} where institution_id = $1`, [ctx.institutionId]);
  }
}

beforeAll(async () => {
  ctx = await getTestContext();
  await cleanUp();
});
afterAll(cleanUp);

describe('seedDemoTodos', () => {
  it('writes once (idempotent)', async () => {
    expect(await seedDemoTodos(ctx.database, ctx.institutionId)).toBe(true);
    expect(await seedDemoTodos(ctx.database, ctx.institutionId)).toBe(false);
  });

  it('gives every coach tips, tags, five lists (one Scheduled, one Drafted), staff items and pictures', async () => {
    const rows = await ctx.database.query<Record<string, number>>(
      `select c.id,
              (select count(*)::int from tips t where t.coach_id = c.id) as tips,
              (select count(*)::int from todo_tags t where t.coach_id = c.id) as tags,
              (select count(*)::int from todo_lists l where l.coach_id = c.id) as lists,
              (select count(*)::int from todo_lists l where l.coach_id = c.id and l.is_queued) as queued,
              (select count(*)::int from todo_lists l where l.coach_id = c.id and l.is_under_review) as review,
              (select count(*)::int from todo_items i where i.coach_id = c.id and i.staff_created) as staff_items,
              (select count(*)::int from images i where i.coach_id = c.id and i.content_type = 'image/png') as images
         from coaches c where c.institution_id = $1`,
      [ctx.institutionId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({
        tips: 5,
        tags: 4,
        lists: 5,
        queued: 1,
        review: 1,
        staff_items: 13,
        images: 6,
      });
    }
    const [png] = await ctx.database.query<{ data: Uint8Array }>(
      'select data from images where institution_id = $1 limit 1',
      [ctx.institutionId],
    );
    expect([...Buffer.from(png!.data).subarray(0, 8)]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ]);
  });

  it('completes only published items, only for students who had not withdrawn, and adds own items', async () => {
    const [bad] = await ctx.database.query<{ queued: number; withdrawn: number; staff: number }>(
      `select
         (select count(*)::int from account_todo_items a join todo_items i on i.id = a.item_id
            join todo_lists l on l.id = i.todo_list_id
           where a.institution_id = $1 and (l.is_queued or l.is_under_review)) as queued,
         (select count(*)::int from account_todo_items a join todo_items i on i.id = a.item_id
            join enrollments e on e.coach_id = i.coach_id and e.user_id = a.user_id
           where a.institution_id = $1 and (e.role <> 'student' or e.unregistered_day is not null)) as withdrawn,
         (select count(*)::int from todo_items i join enrollments e on e.coach_id = i.coach_id and e.user_id = i.owner_user_id
           where i.institution_id = $1 and e.role <> 'student') as staff`,
      [ctx.institutionId],
    );
    expect(bad).toEqual({ queued: 0, withdrawn: 0, staff: 0 });
    const [counts] = await ctx.database.query<{ completions: number; own: number }>(
      `select (select count(*)::int from account_todo_items where institution_id = $1 and completed) as completions,
              (select count(*)::int from todo_items where institution_id = $1 and not staff_created) as own`,
      [ctx.institutionId],
    );
    expect(counts!.completions).toBeGreaterThan(100);
    expect(counts!.own).toBeGreaterThan(10);
  });

  it('a real demo student with an own item sees the lists, tips and completions through the API', async () => {
    const coachId = await coachIdOf(ctx, 'GGG-2013J');
    const [student] = await ctx.database.query<{ email: string; id: number }>(
      `select u.email, u.id from todo_items i join users u on u.id = i.owner_user_id
        where i.coach_id = $1 and not i.staff_created order by u.id limit 1`,
      [coachId],
    );
    const browser = await ctx.signIn(student!.email);
    const page = TodoListPageSchema.parse((await browser.get(API.todoLists(coachId))).body);
    expect(page).toMatchObject({ count: 3, page: 1, previous: null });
    const list = page.results[0]!;
    expect(list.title).toBe('This week');
    expect(list.items.map((i) => i.title)).toEqual([
      'Read the unit introduction',
      'Watch the welcome video',
      'Post on the course forum',
      'Try the practice quiz',
      'Email my tutor about the TMA',
    ]);
    expect(list.items[4]!.staff_created).toBe(false);
    expect(list.items[3]!.tags.map((t) => t.label)).toEqual(['Assignments', 'Exam Prep']);
    const [mine] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from account_todo_items a join todo_items i on i.id = a.item_id
        where a.user_id = $1 and i.todo_list_id = $2 and a.completed`,
      [student!.id, list.id],
    );
    expect(list.items.filter((i) => i.account_item[0]?.completed).length).toBe(mine!.n);
    const third = TodoListPageSchema.parse((await browser.get(`${API.todoLists(coachId)}?page=3`)).body);
    expect(third.results[0]!.title).toBe('');
    const tips = TipsDocumentSchema.parse((await browser.get(API.tips(coachId))).body);
    expect(tips.content).toHaveLength(5);
    const images = z
      .array(z.object({ file_name: z.string() }))
      .parse((await browser.get(API.images(coachId))).body);
    expect(images.map((i) => i.file_name)).toEqual([
      'Study.png',
      'Exams.png',
      'Wellbeing.png',
      'Reading.png',
      'Teamwork.png',
      'Goals.png',
    ]);
  });
});
