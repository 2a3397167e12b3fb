import {
  API,
  type Checklist,
  type ChecklistItem,
  ChecklistSchema,
  CoachActivityBreakdownSchema,
  CoachFaqSchema,
  CoachUserAnalyticsSchema,
  FAQ_CHECKLIST_ERRORS,
  type FaqEntry,
  type FaqList,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoFaqChecklists } from '../src/seed/faq-checklists.ts';
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
 * FAQ lists, support e-mail and getting-started checklists (docs/faq-checklists.md) over HTTP, in coach
 * CCC-2014B (the other coach: DDD-2013B). Everything written is removed afterwards.
 */
const PRESENTATION = 'CCC-2014B';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let staff: Browser;
let instructor: Browser;
let student: Browser;
let studentId: number;

const put = (b: Browser, url: string, json: unknown) => b.request('PUT', url, { json });
const del = (b: Browser, url: string) => b.request('DELETE', url);
const counts = async () => {
  const [row] = await ctx.database.query<{ faq: number; items: number; ticks: number; emails: number }>(
    `select (select count(*)::int from faq_entries) as faq, (select count(*)::int from checklist_items) as items,
            (select count(*)::int from account_checklist_items) as ticks,
            (select count(*)::int from coach_support_emails) as emails`,
  );
  return row!;
};

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'DDD-2013B');
  const [s] = await firstStudentsOf(ctx, coachId, 1);
  studentId = s!.id;
  [staff, instructor, student] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(s!.email),
  ]);
});

afterAll(async () => {
  await ctx.database.query('delete from faq_entries where institution_id = $1', [ctx.institutionId]);
  await ctx.database.query('delete from checklist_items where institution_id = $1', [ctx.institutionId]);
  await ctx.database.query('delete from coach_support_emails where institution_id = $1', [ctx.institutionId]);
});

describe('FAQ', () => {
  it('staff write the course and institution lists; students read both with the support e-mail', async () => {
    const empty = await student.get(API.coachFaq(coachId));
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ support_email: null, course: [], institution: [] });

    const a = await instructor.post<FaqEntry>(API.coachFaq(coachId), {
      question: ' When is the exam? ',
      answer: '<p>In <strong>June</strong>.<script>alert(1)</script></p>',
    });
    expect(a.status, a.text).toBe(201);
    expect(a.body).toMatchObject({
      question: 'When is the exam?',
      answer: '<p>In <strong>June</strong>.</p>',
      position: 0,
    });
    const b = await staff.post<FaqEntry>(API.coachFaq(coachId), {
      question: 'Is there a reading list?',
      answer: '<p>Yes.</p>',
    });
    expect(b.status).toBe(201);
    const i = await staff.post(API.institutionFaq(ctx.institutionId), {
      question: 'How do I reset my password?',
      answer: '<p>Use the sign-in page.</p>',
    });
    expect(i.status, i.text).toBe(201);
    const mail = await put(instructor, API.supportEmail(coachId), { support_email: ' help@ccc.example ' });
    expect(mail.status, mail.text).toBe(200);
    expect(mail.body).toEqual({ support_email: 'help@ccc.example' });

    const doc = CoachFaqSchema.parse((await student.get(API.coachFaq(coachId))).body);
    expect(doc.support_email).toBe('help@ccc.example');
    expect(doc.course.map((e) => e.question)).toEqual(['When is the exam?', 'Is there a reading list?']);
    expect(doc.institution.map((e) => e.question)).toEqual(['How do I reset my password?']);
    // Another coach of the institution shows the institution list, not this coach's.
    const other = CoachFaqSchema.parse((await staff.get(API.coachFaq(otherCoachId))).body);
    expect(other).toEqual({ support_email: null, course: [], institution: doc.institution });

    const order = await instructor.post<FaqList>(API.coachFaqOrder(coachId), { ids: [b.body.id, a.body.id] });
    expect(order.status, order.text).toBe(200);
    expect(order.body.entries.map((e: { id: number }) => e.id)).toEqual([b.body.id, a.body.id]);
    expect((await del(instructor, API.coachFaqEntry(coachId, b.body.id))).status).toBe(204);
    const after = CoachFaqSchema.parse((await student.get(API.coachFaq(coachId))).body);
    expect(after.course.map((e) => e.id)).toEqual([a.body.id]);
  });

  it('refuses an empty question or answer and an invalid e-mail with field errors, writing nothing', async () => {
    const before = await counts();
    const emptyQ = await instructor.post(API.coachFaq(coachId), { question: '  ', answer: '' });
    expect(emptyQ.status).toBe(400);
    expect(emptyQ.body).toEqual({
      question: [FAQ_CHECKLIST_ERRORS.required],
      answer: [FAQ_CHECKLIST_ERRORS.required],
    });
    // An answer with no text once sanitised is empty too.
    const scriptOnly = await instructor.post(API.coachFaq(coachId), {
      question: 'Q?',
      answer: '<script>alert(1)</script><p> </p>',
    });
    expect(scriptOnly.status).toBe(400);
    expect(scriptOnly.body).toEqual({ answer: [FAQ_CHECKLIST_ERRORS.required] });
    const inst = await staff.post(API.institutionFaq(ctx.institutionId), { question: 'Q?' });
    expect(inst.status).toBe(400);
    expect(inst.body).toEqual({ answer: [FAQ_CHECKLIST_ERRORS.required] });
    const mail = await put(instructor, API.supportEmail(coachId), { support_email: 'not-an-address' });
    expect(mail.status).toBe(400);
    expect(mail.body).toEqual({ support_email: [FAQ_CHECKLIST_ERRORS.email] });
    expect((await student.get(API.supportEmail(coachId))).body).toEqual({
      support_email: 'help@ccc.example',
    });
    expect(await counts()).toEqual(before);
  });

  it('an entry of another list is refused with a sentence; students cannot edit', async () => {
    const [otherEntry] = await ctx.database.query<{ id: number }>(
      `insert into faq_entries (institution_id, coach_id, question, answer) values ($1, $2, 'Other?', '<p>x</p>') returning id`,
      [ctx.institutionId, otherCoachId],
    );
    const res = await put(instructor, API.coachFaqEntry(coachId, otherEntry!.id), {
      question: 'Mine?',
      answer: 'x',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: FAQ_CHECKLIST_ERRORS.unknownFaq });
    expect((await del(instructor, API.coachFaqEntry(coachId, otherEntry!.id))).status).toBe(404);
    const [row] = await ctx.database.query<{ question: string }>(
      'select question from faq_entries where id = $1',
      [otherEntry!.id],
    );
    expect(row?.question).toBe('Other?');
    expect((await student.post(API.coachFaq(coachId), { question: 'Q?', answer: 'A' })).status).toBe(403);
  });
});

describe('checklist', () => {
  let ids: number[] = [];

  it('staff define items; a student ticks them off, counted in their analytics and the coach activity', async () => {
    const base = CoachUserAnalyticsSchema.parse((await student.get(API.coachUserAnalytics(coachId))).body);
    const baseBreakdown = CoachActivityBreakdownSchema.parse(
      (await staff.get(API.institutionCoachActivity(ctx.institutionId, coachId))).body,
    );
    expect(baseBreakdown.content_breakdown.at(-1)).toMatchObject({
      kind: 'checklist',
      label: 'Checklist Items',
      total_count: 0,
      completed_count: 0,
    });
    for (const title of ['Read the FAQ', 'Add a to-do', 'Open a bulletin']) {
      const res = await instructor.post<ChecklistItem>(API.checklist(coachId), {
        title,
        description: '<p>Go <em>now</em></p>',
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id);
    }
    const tick = (id: number, completed: boolean) =>
      put(student, API.checklistCompletion(coachId, id), { completed });
    expect((await tick(ids[0]!, true)).body).toMatchObject({ id: ids[0], completed: true });
    expect((await tick(ids[1]!, true)).status).toBe(200);
    expect((await tick(ids[1]!, true)).status).toBe(200); // twice: still one tick
    expect((await tick(ids[2]!, true)).status).toBe(200);
    expect((await tick(ids[2]!, false)).body).toMatchObject({ id: ids[2], completed: false });

    const list = ChecklistSchema.parse((await student.get(API.checklist(coachId))).body);
    expect(list.items.map((i) => [i.title, i.completed])).toEqual([
      ['Read the FAQ', true],
      ['Add a to-do', true],
      ['Open a bulletin', false],
    ]);
    expect([list.completed_count, list.total_count]).toEqual([2, 3]);

    // The student's overall count: 3 more items, 2 more completed.
    const now = CoachUserAnalyticsSchema.parse((await student.get(API.coachUserAnalytics(coachId))).body);
    expect(now.total_assignments_count).toBe(base.total_assignments_count + 3);
    expect(now.total_completed_assignments).toBe(base.total_completed_assignments + 2);
    // The coach activity: every student has the 3 items; one student ticked 2.
    const breakdown = CoachActivityBreakdownSchema.parse(
      (await staff.get(API.institutionCoachActivity(ctx.institutionId, coachId))).body,
    );
    const n = breakdown.student_count;
    expect(breakdown.content_breakdown.at(-1)).toMatchObject({
      kind: 'checklist',
      total_count: 3 * n,
      completed_count: 2,
    });
    expect(breakdown.total_assignments_count).toBe(baseBreakdown.total_assignments_count + 3 * n);
    expect(breakdown.total_completed_assignments).toBe(baseBreakdown.total_completed_assignments + 2);
    const [ticks] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from account_checklist_items where user_id = $1',
      [studentId],
    );
    expect(ticks?.n).toBe(2);
  });

  it('an item of another coach cannot be ticked or edited: 404 with a sentence, nothing written', async () => {
    const [other] = await ctx.database.query<{ id: number }>(
      `insert into checklist_items (institution_id, coach_id, title) values ($1, $2, 'Other coach item') returning id`,
      [ctx.institutionId, otherCoachId],
    );
    const before = await counts();
    const tick = await put(student, API.checklistCompletion(coachId, other!.id), { completed: true });
    expect(tick.status).toBe(404);
    expect(tick.body).toEqual({ detail: FAQ_CHECKLIST_ERRORS.unknownChecklistItem });
    const edit = await put(instructor, API.checklistItem(coachId, other!.id), { title: 'Taken over' });
    expect(edit.status).toBe(404);
    expect(edit.body).toEqual({ detail: FAQ_CHECKLIST_ERRORS.unknownChecklistItem });
    expect((await del(instructor, API.checklistItem(coachId, other!.id))).status).toBe(404);
    // The student is not in the other coach: its path answers 404 too.
    expect(
      (await put(student, API.checklistCompletion(otherCoachId, other!.id), { completed: true })).status,
    ).toBe(404);
    expect(await counts()).toEqual(before);
    const [row] = await ctx.database.query<{ title: string }>(
      'select title from checklist_items where id = $1',
      [other!.id],
    );
    expect(row?.title).toBe('Other coach item');
  });

  it('refuses an empty title; staff do not tick; reorder and delete', async () => {
    const before = await counts();
    const bad = await instructor.post(API.checklist(coachId), { title: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ title: [FAQ_CHECKLIST_ERRORS.required] });
    // Wiring to a characteristic the institution does not have: 400 under `characteristics`, no item left.
    const wired = await instructor.post(API.checklist(coachId), {
      title: 'Wired step',
      characteristics: [{ label: 'No such characteristic', value: 'x' }],
    });
    expect(wired.status).toBe(400);
    expect(Object.keys(wired.body as object).every((k) => k.startsWith('characteristics'))).toBe(true);
    expect(await counts()).toEqual(before);
    expect(
      (await put(instructor, API.checklistCompletion(coachId, ids[0]!), { completed: true })).status,
    ).toBe(403);
    const order = await instructor.post<Checklist>(API.checklistOrder(coachId), {
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(order.status, order.text).toBe(200);
    expect(order.body.items.map((i: { id: number }) => i.id)).toEqual([ids[2], ids[0], ids[1]]);
    const partial = await instructor.post(API.checklistOrder(coachId), { ids: [ids[0]] });
    expect(partial.status).toBe(400);
    expect(partial.body).toEqual({ ids: [FAQ_CHECKLIST_ERRORS.order] });
    expect((await del(instructor, API.checklistItem(coachId, ids[0]!))).status).toBe(204);
    const list = ChecklistSchema.parse((await student.get(API.checklist(coachId))).body);
    expect([list.completed_count, list.total_count]).toEqual([1, 2]);
    ids = [];
  });
});

describe('demo seed', () => {
  it('gives every coach a course FAQ, a support address and a checklist, once', async () => {
    await ctx.database.query('delete from faq_entries where institution_id = $1', [ctx.institutionId]);
    await ctx.database.query('delete from checklist_items where institution_id = $1', [ctx.institutionId]);
    await ctx.database.query('delete from coach_support_emails where institution_id = $1', [
      ctx.institutionId,
    ]);
    expect(await seedDemoFaqChecklists(ctx.database, ctx.institutionId)).toBe(true);
    expect(await seedDemoFaqChecklists(ctx.database, ctx.institutionId)).toBe(false);
    const doc = CoachFaqSchema.parse((await student.get(API.coachFaq(coachId))).body);
    expect([doc.course.length, doc.institution.length]).toEqual([4, 3]);
    expect(doc.support_email).toBe(`support-${coachId}@coach.example`);
    const list = ChecklistSchema.parse((await student.get(API.checklist(coachId))).body);
    expect([list.completed_count, list.total_count]).toEqual([0, 4]);
  });
});
