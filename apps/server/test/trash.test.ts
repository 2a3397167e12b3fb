import {
  API,
  AUDIENCE_API,
  EMAIL_API,
  SURVEY_API,
  TRASH_MESSAGES,
  TrashListSchema,
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
import { del, entryOf, restore, trashOf } from './trash-helpers.ts';

/**
 * The coach's trash for content (docs/trash.md): a deleted bulletin, e-mail, survey and tip leave every
 * list, wait in the trash, and come back unchanged (same id, same fields) on restore; the refusals
 * (another coach's staff, a student, past 30 days) change nothing. Through the real API and database.
 */

const PRESENTATION = 'GGG-2013J';
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
     values ($1, 'trash_plan', 'How do you plan?', 'set', false, 'weekly',
             '[{"value":"weekly","label":"Every week"},{"value":"late","label":"Late"}]', '[]')`,
    [ctx.institutionId],
  );
});

afterAll(async () => {
  await ctx.database.query('delete from trash_items where coach_id = $1', [coachId]);
  await ctx.database.query(`delete from surveys where coach_id = $1 and title = 'Trash me survey'`, [
    coachId,
  ]);
  await ctx.database.query(`delete from characteristics where institution_id = $1 and name = 'trash_plan'`, [
    ctx.institutionId,
  ]);
});

const ids = (list: unknown) => (list as { id: number }[]).map((x) => x.id);

describe('delete → trash → restore, per kind', () => {
  it('a bulletin leaves the student’s list and the staff list, and comes back unchanged', async () => {
    const made = await staff.post(API.bulletins(coachId), {
      title: 'Trash me bulletin',
      description: '<p>Read this.</p>',
      status: 'Published',
      publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: number }).id;
    const before = (await staff.get(API.bulletin(coachId, id))).body;
    expect(JSON.stringify((await student.get(API.bulletinList(coachId))).body)).toContain(
      'Trash me bulletin',
    );

    await del(staff, API.bulletin(coachId, id));
    expect((await staff.get(API.bulletin(coachId, id))).status).toBe(404);
    expect(ids((await staff.get(API.bulletins(coachId))).body)).not.toContain(id);
    expect(JSON.stringify((await student.get(API.bulletinList(coachId))).body)).not.toContain(
      'Trash me bulletin',
    );
    const entry = await entryOf(staff, coachId, 'bulletin', id);
    expect(entry).toMatchObject({ title: 'Trash me bulletin', deleted_by: STAFF_EMAIL, days_left: 30 });

    expect(await restore(staff, coachId, 'bulletin', id)).toEqual({
      kind: 'bulletin',
      id,
      title: 'Trash me bulletin',
    });
    expect((await staff.get(API.bulletin(coachId, id))).body).toEqual(before);
    expect(JSON.stringify((await student.get(API.bulletinList(coachId))).body)).toContain(
      'Trash me bulletin',
    );
    expect(await entryOf(staff, coachId, 'bulletin', id)).toBeUndefined();
    const audit = await ctx.database.query<{ action: string }>(
      `select action from audit_log where target like $1 order by id`,
      [`coach ${coachId}, bulletin ${id} %`],
    );
    expect(audit.map((a) => a.action)).toEqual(['bulletin.create', 'bulletin.delete', 'bulletin.restore']);
  });

  it('a bulletin’s excluded students stay excluded after a restore (docs/bulletins.md, Who sees this)', async () => {
    const [first, second] = await firstStudentsOf(ctx, coachId, 2);
    const made = await staff.post(API.bulletins(coachId), {
      title: 'Trash me excluded',
      description: '<p>Not for everyone.</p>',
      status: 'Published',
      publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: number }).id;
    const put = await staff.request('PUT', AUDIENCE_API.exclusions(coachId, 'bulletin', id), {
      json: { excluded: [first!.id] },
    });
    expect(put.status, put.text).toBe(200);
    const other = await ctx.signIn(second!.email);
    const sees = async (b: Browser) =>
      JSON.stringify((await b.get(API.bulletinList(coachId))).body).includes('Trash me excluded');
    expect([await sees(student), await sees(other)]).toEqual([false, true]);

    await del(staff, API.bulletin(coachId, id));
    await restore(staff, coachId, 'bulletin', id);
    const rows = await ctx.database.query<{ user_id: number }>(
      `select user_id from content_exclusions where content_kind = 'bulletin' and content_id = $1`,
      [id],
    );
    expect(rows.map((r) => r.user_id)).toEqual([first!.id]);
    expect([await sees(student), await sees(other)]).toEqual([false, true]);
  });

  it('an unsent e-mail with its sections comes back unchanged', async () => {
    const made = await staff.post(EMAIL_API.emails(coachId), {
      title: 'Trash me e-mail',
      subject: 'Week 9',
      state: 'draft',
      sections: [
        { body: '<p>Everyone</p>' },
        { characteristic: 'gender', value: 'F', body: '<p>Only F</p>' },
      ],
      characteristics: [{ label: 'disability', value: 'N' }],
    });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: number }).id;
    const before = (await staff.get(EMAIL_API.email(coachId, id))).body;
    await del(staff, EMAIL_API.email(coachId, id));
    expect((await staff.get(EMAIL_API.email(coachId, id))).status).toBe(404);
    expect(await entryOf(staff, coachId, 'email', id)).toMatchObject({ title: 'Trash me e-mail' });
    await restore(staff, coachId, 'email', id);
    expect((await staff.get(EMAIL_API.email(coachId, id))).body).toEqual(before);
  });

  it('a survey comes back unchanged; students see it again', async () => {
    const made = await staff.post(SURVEY_API.surveys(coachId), {
      title: 'Trash me survey',
      status: 'Published',
      questions: [{ prompt: 'How do you plan?', characteristic: 'trash_plan' }],
      characteristics: [],
    });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: number }).id;
    const before = (await staff.get(SURVEY_API.survey(coachId, id))).body;
    expect((await student.get(SURVEY_API.survey(coachId, id))).status).toBe(200);
    expect(await entryOf(staff, coachId, 'survey', id)).toBeUndefined();
    await del(staff, SURVEY_API.survey(coachId, id));
    expect((await student.get(SURVEY_API.survey(coachId, id))).status).toBe(404);
    expect(await entryOf(staff, coachId, 'survey', id)).toMatchObject({ detail: '1 question' });
    await restore(staff, coachId, 'survey', id);
    expect((await staff.get(SURVEY_API.survey(coachId, id))).body).toEqual(before);
    expect((await student.get(SURVEY_API.survey(coachId, id))).status).toBe(200);
  });

  it('a tip comes back in its place', async () => {
    const made = await staff.post(API.tips(coachId), { html: '<p>Trash <strong>me</strong> tip</p>' });
    expect(made.status, made.text).toBe(201);
    const id = (made.body as { id: number }).id;
    const before = (await student.get(API.tips(coachId))).body;
    await del(staff, API.tip(coachId, id));
    expect(ids((before as { content: unknown }).content)).toContain(id);
    expect(ids(((await student.get(API.tips(coachId))).body as { content: unknown }).content)).not.toContain(
      id,
    );
    expect(await entryOf(staff, coachId, 'tip', id)).toMatchObject({ title: 'Trash me tip' });
    await restore(staff, coachId, 'tip', id);
    expect((await student.get(API.tips(coachId))).body).toEqual(before);
  });
});

describe('refusals change nothing', () => {
  let tipId: number;
  const tipRow = async () =>
    (await ctx.database.query('select id from tips where id = $1', [tipId])).length +
    (await ctx.database.query('select id from trash_items where kind = $1 and item_id = $2', ['tip', tipId]))
      .length;

  beforeAll(async () => {
    const made = await staff.post(API.tips(coachId), { html: '<p>Refusal tip</p>' });
    tipId = (made.body as { id: number }).id;
    await del(staff, API.tip(coachId, tipId));
  });

  it('a student may not read or use the staff trash (403)', async () => {
    expect((await student.get(API.trash(coachId))).status).toBe(403);
    expect((await student.post(API.trashRestore(coachId, 'tip', tipId))).status).toBe(403);
    expect(await tipRow()).toBe(1);
  });

  it('another coach’s instructor gets 404, and an unknown kind or id is 404', async () => {
    expect((await otherInstructor.get(API.trash(coachId))).status).toBe(404);
    expect((await otherInstructor.post(API.trashRestore(coachId, 'tip', tipId))).status).toBe(404);
    const other = await coachIdOf(ctx, 'AAA-2013J');
    expect((await staff.post(API.trashRestore(other, 'tip', tipId))).status).toBe(404);
    expect((await staff.post(API.trashRestore(coachId, 'nonsense', tipId))).status).toBe(404);
    expect((await staff.post(API.trashRestore(coachId, 'bulletin', tipId))).status).toBe(404);
    expect((await staff.post(API.trashRestore(coachId, 'own_todo', tipId))).status).toBe(404);
    expect(await tipRow()).toBe(1);
  });

  it('past 30 days: 410 with a clear message, then the entry is purged (404)', async () => {
    await ctx.database.query(
      `update trash_items set deleted_at = now() - interval '31 days' where kind = 'tip' and item_id = $1`,
      [tipId],
    );
    const res = await staff.post(API.trashRestore(coachId, 'tip', tipId));
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ detail: TRASH_MESSAGES.expired });
    expect((await ctx.database.query('select 1 from tips where id = $1', [tipId])).length).toBe(0);
    const list = TrashListSchema.parse((await staff.get(API.trash(coachId))).body).results;
    expect(list.find((e) => e.kind === 'tip' && e.id === tipId)).toBeUndefined();
    expect((await staff.post(API.trashRestore(coachId, 'tip', tipId))).status).toBe(404);
    expect(await tipRow()).toBe(0);
  });

  it('a day-old entry shows 29 days left', async () => {
    const made = await staff.post(API.tips(coachId), { html: '<p>Old tip</p>' });
    const id = (made.body as { id: number }).id;
    await del(staff, API.tip(coachId, id));
    await ctx.database.query(
      `update trash_items set deleted_at = now() - interval '1 day 1 hour' where kind = 'tip' and item_id = $1`,
      [id],
    );
    expect((await trashOf(staff, coachId)).find((e) => e.id === id && e.kind === 'tip')?.days_left).toBe(29);
  });
});
