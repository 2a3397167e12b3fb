import { API, TipSchema, TipsDocumentSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Tips of the Week API (spec §2, §3, §7) in coach GGG-2013J; the tips are removed afterwards. */
const PRESENTATION = 'GGG-2013J';
let ctx: TestContext;
let coachId: number;
let otherCoachId: number;
let staff: Browser;
let instructor: Browser;
let student: Browser;
let outsider: Browser;

async function tipRows() {
  return ctx.database.query('select id, html, position from tips where coach_id = $1 order by id', [coachId]);
}

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  otherCoachId = await coachIdOf(ctx, 'AAA-2013J');
  const [s] = await firstStudentsOf(ctx, coachId, 1);
  const outsiderEmail = await outsiderStudentEmail(ctx, otherCoachId, coachId);
  [staff, instructor, student, outsider] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(s!.email),
    ctx.signIn(outsiderEmail),
  ]);
});

afterAll(async () => {
  await ctx.database.query('delete from tips where coach_id = $1', [coachId]);
});

describe('tips', () => {
  it('an empty coach answers an empty content list', async () => {
    const res = await student.get(API.tips(coachId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ content: [] });
  });

  it('staff create tips in order; students read them', async () => {
    const a = await instructor.post(API.tips(coachId), {
      html: '<p>Plan your week on <strong>Sunday</strong>.</p>',
    });
    expect(a.status).toBe(201);
    const b = await staff.post(API.tips(coachId), { html: '<p>Start the TMA early.</p>' });
    expect(b.status).toBe(201);
    const doc = TipsDocumentSchema.parse((await student.get(API.tips(coachId))).body);
    expect(doc.content.map((t) => [t.html, t.position])).toEqual([
      ['<p>Plan your week on <strong>Sunday</strong>.</p>', 0],
      ['<p>Start the TMA early.</p>', 1],
    ]);
  });

  it('HTML with script tags is stored sanitised', async () => {
    const res = await staff.post(API.tips(coachId), {
      html: '<h3 onmouseover="x()">Sleep</h3><script>alert(1)</script><p><a href="javascript:alert(1)">x</a><iframe src="https://evil.example"></iframe>Rest well.</p>',
    });
    expect(res.status).toBe(201);
    const tip = TipSchema.parse(res.body);
    const [row] = await ctx.database.query<{ html: string }>('select html from tips where id = $1', [tip.id]);
    expect(row!.html).toBe(
      '<h3>Sleep</h3><p><a rel="noopener noreferrer nofollow" target="_blank">x</a>Rest well.</p>',
    );
    expect(tip.html).toBe(row!.html);
  });

  it('staff edit, reorder and delete tips', async () => {
    const doc = TipsDocumentSchema.parse((await staff.get(API.tips(coachId))).body);
    const [first, second, third] = doc.content as [
      (typeof doc.content)[0],
      (typeof doc.content)[0],
      (typeof doc.content)[0],
    ];
    const put = await staff.request('PUT', API.tip(coachId, first.id), {
      json: { html: '<p>Plan on Monday.</p>' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ id: first.id, html: '<p>Plan on Monday.</p>', position: 0 });

    const order = await instructor.post(API.tipsOrder(coachId), { ids: [third.id, first.id, second.id] });
    expect(order.status).toBe(200);
    const after = TipsDocumentSchema.parse((await student.get(API.tips(coachId))).body);
    expect(after.content.map((t) => [t.id, t.position])).toEqual([
      [third.id, 0],
      [first.id, 1],
      [second.id, 2],
    ]);

    expect((await staff.request('DELETE', API.tip(coachId, second.id))).status).toBe(204);
    expect((await staff.request('DELETE', API.tip(coachId, second.id))).status).toBe(404);
    const left = TipsDocumentSchema.parse((await student.get(API.tips(coachId))).body);
    expect(left.content.map((t) => t.id)).toEqual([third.id, first.id]);
  });

  it('bad values answer 400 with field errors and change nothing', async () => {
    const before = await tipRows();
    const [tip] = before as Array<{ id: number }>;
    for (const body of [
      {},
      { html: '' },
      { html: '<script>x</script>' },
      { html: 42 },
      { html: 'x'.repeat(20_001) },
      { html: 'ok', extra: 1 },
    ]) {
      const res = await staff.post(API.tips(coachId), body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(Object.keys(res.body as object).length).toBeGreaterThan(0);
    }
    const put = await staff.request('PUT', API.tip(coachId, tip!.id), { json: { html: '   ' } });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ html: ['This field is required.'] });
    for (const ids of [[], [tip!.id], [tip!.id, tip!.id], [2_000_000_000]]) {
      const res = await staff.post(API.tipsOrder(coachId), { ids });
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(res.body).toHaveProperty('ids');
    }
    expect(await tipRows()).toEqual(before);
  });

  it('students cannot create, edit, reorder or delete tips (403); outsiders get 404; anonymous 401', async () => {
    const before = await tipRows();
    const [tip] = before as Array<{ id: number }>;
    expect((await student.post(API.tips(coachId), { html: '<p>x</p>' })).status).toBe(403);
    expect(
      (await student.request('PUT', API.tip(coachId, tip!.id), { json: { html: '<p>x</p>' } })).status,
    ).toBe(403);
    expect((await student.request('DELETE', API.tip(coachId, tip!.id))).status).toBe(403);
    expect((await student.post(API.tipsOrder(coachId), { ids: [tip!.id] })).status).toBe(403);
    expect((await outsider.get(API.tips(coachId))).status).toBe(404);
    expect((await ctx.browser().get(API.tips(coachId))).status).toBe(401);
    // Staff of this coach reaching the tip through another coach: 404.
    expect((await staff.request('DELETE', API.tip(otherCoachId, tip!.id))).status).toBe(404);
    expect((await instructor.get(API.tips(otherCoachId))).status).toBe(404);
    expect(await tipRows()).toEqual(before);
  });
});
