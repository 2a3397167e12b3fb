import {
  API,
  type ChecklistItem,
  ChecklistSchema,
  CoachFaqSchema,
  type FaqEntry,
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
import { del, entryOf, restore } from './trash-helpers.ts';

/**
 * A coach's FAQ entries and checklist steps go to the coach's trash when deleted and come back unchanged
 * (same id, fields, position, wiring and students' ticks) on restore (docs/trash.md); the institution's
 * own FAQ goes to the institution's trash (trash-institution-faq.test.ts). Refusals (a student, another coach's instructor) change nothing. Real API and DB.
 */

const PRESENTATION = 'DDD-2013B';
const CHARACTERISTIC = 'trashfaq_pace';
let ctx: TestContext;
let coachId: number;
let staff: Browser;
let student: Browser;
let otherInstructor: Browser;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  const [s] = await firstStudentsOf(ctx, coachId, 1);
  [staff, student, otherInstructor] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(s!.email),
    ctx.signIn(instructorEmailOf('AAA-2013J')),
  ]);
  await ctx.database.query(
    `insert into characteristics (institution_id, name, question, kind, is_multivalued, default_value, restriction_values, restriction_ranges)
     values ($1, $2, 'What pace?', 'set', false, 'steady',
             '[{"value":"steady","label":"Steady"},{"value":"rush","label":"Rush"}]', '[]')`,
    [ctx.institutionId, CHARACTERISTIC],
  );
});

afterAll(async () => {
  await ctx.database.query(
    `delete from trash_items where coach_id = $1 and kind in ('faq_entry', 'checklist_item')`,
    [coachId],
  );
  await ctx.database.query(
    `delete from faq_entries where institution_id = $1 and question like 'Trash FAQ%'`,
    [ctx.institutionId],
  );
  await ctx.database.query(`delete from checklist_items where coach_id = $1 and title = 'Trash step'`, [
    coachId,
  ]);
  await ctx.database.query(`delete from content_characteristics where characteristic = $1`, [CHARACTERISTIC]);
  await ctx.database.query('delete from characteristics where institution_id = $1 and name = $2', [
    ctx.institutionId,
    CHARACTERISTIC,
  ]);
});

const courseFaq = async (b: Browser) =>
  CoachFaqSchema.parse((await b.get(API.coachFaq(coachId))).body).course;

describe('FAQ entries in the trash', () => {
  it('a coach’s entry leaves the FAQ, waits in the trash and comes back unchanged', async () => {
    const made = await staff.post<FaqEntry>(API.coachFaq(coachId), {
      question: 'Trash FAQ: when is the exam?',
      answer: '<p>In <strong>June</strong>.</p>',
    });
    expect(made.status, made.text).toBe(201);
    const before = (await courseFaq(student)).find((e) => e.id === made.body.id);
    expect(before?.question).toBe('Trash FAQ: when is the exam?');

    await del(staff, API.coachFaqEntry(coachId, made.body.id));
    expect((await courseFaq(student)).map((e) => e.id)).not.toContain(made.body.id);
    expect(await entryOf(staff, coachId, 'faq_entry', made.body.id)).toMatchObject({
      title: 'Trash FAQ: when is the exam?',
      deleted_by: STAFF_EMAIL,
      days_left: 30,
    });
    // A student and another coach's instructor cannot restore it; nothing changes.
    expect((await student.post(API.trashRestore(coachId, 'faq_entry', made.body.id))).status).toBe(403);
    expect((await otherInstructor.post(API.trashRestore(coachId, 'faq_entry', made.body.id))).status).toBe(
      404,
    );
    expect((await courseFaq(student)).map((e) => e.id)).not.toContain(made.body.id);

    expect(await restore(staff, coachId, 'faq_entry', made.body.id)).toEqual({
      kind: 'faq_entry',
      id: made.body.id,
      title: 'Trash FAQ: when is the exam?',
    });
    expect((await courseFaq(student)).find((e) => e.id === made.body.id)).toEqual(before);
    expect(await entryOf(staff, coachId, 'faq_entry', made.body.id)).toBeUndefined();
    const [audit] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where action = 'faq.restore' and target like $1`,
      [`%faq ${made.body.id} %`],
    );
    expect(audit?.n).toBe(1);
  });
  // The institution's own list has its own trash: trash-institution-faq.test.ts.
});

describe('checklist steps in the trash', () => {
  it('a step leaves the checklist with its ticks and wiring, and comes back with them', async () => {
    const made = await staff.post<ChecklistItem>(API.checklist(coachId), {
      title: 'Trash step',
      description: '<p>Do it.</p>',
      characteristics: [{ label: CHARACTERISTIC, value: 'steady' }],
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id;
    const tick = await student.request('PUT', API.checklistCompletion(coachId, id), {
      json: { completed: true },
    });
    expect(tick.status, tick.text).toBe(200);
    const staffView = async () =>
      ChecklistSchema.parse((await staff.get(API.checklist(coachId))).body).items.find((i) => i.id === id);
    const studentView = async () =>
      ChecklistSchema.parse((await student.get(API.checklist(coachId))).body).items.find((i) => i.id === id);
    const beforeStaff = await staffView();
    expect(beforeStaff?.characteristics.map((w) => [w.label, w.value])).toEqual([[CHARACTERISTIC, 'steady']]);
    expect((await studentView())?.completed).toBe(true);

    await del(staff, API.checklistItem(coachId, id));
    expect(await staffView()).toBeUndefined();
    const gone = await ctx.database.query<{ n: number }>(
      `select (select count(*)::int from account_checklist_items where item_id = $1)
            + (select count(*)::int from content_characteristics where content_kind = 'checklist_item' and content_id = $1) as n`,
      [id],
    );
    expect(gone[0]?.n).toBe(0);
    expect(await entryOf(staff, coachId, 'checklist_item', id)).toMatchObject({ title: 'Trash step' });
    expect((await otherInstructor.post(API.trashRestore(coachId, 'checklist_item', id))).status).toBe(404);

    await restore(staff, coachId, 'checklist_item', id);
    expect(await staffView()).toEqual(beforeStaff);
    expect((await studentView())?.completed).toBe(true);
    // Deleted again, then restored again: still one step with that id.
    await del(staff, API.checklistItem(coachId, id));
    await restore(staff, coachId, 'checklist_item', id);
    const items = ChecklistSchema.parse((await staff.get(API.checklist(coachId))).body).items;
    expect(items.filter((i) => i.id === id)).toHaveLength(1);
  });
});
