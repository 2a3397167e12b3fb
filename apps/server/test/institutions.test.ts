import { API, CoachListEntrySchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
} from './helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

/** OULAD presentation codes in time order: year, then B (February) before J (October). */
const newestFirst = (a: string, b: string) => {
  const key = (p: string) => p.split('-')[1]!;
  return key(b).localeCompare(key(a)) || a.localeCompare(b);
};

describe('GET /api/v1/institution/{institutionId}/coaches', () => {
  it('lists the institution coaches for staff, newest term first', async () => {
    const browser = await ctx.signIn(STAFF_EMAIL);
    const res = await browser.get(API.institutionCoaches(ctx.institutionId));
    expect(res.status).toBe(200);
    const coaches = z.array(CoachListEntrySchema).parse(res.body);
    const expected = [...TEST_PRESENTATIONS].sort(newestFirst);
    expect(coaches.map((c) => `${c.course}-${c.term}`)).toEqual(expected);
    for (const c of coaches) {
      expect(c.id).toBe(await coachIdOf(ctx, `${c.course}-${c.term}`));
      expect(c.label.length).toBeGreaterThan(0);
    }
  });

  it('a student of that institution → 403', async () => {
    const browser = await ctx.signIn(studentEmailOf(11391));
    const res = await browser.get(API.institutionCoaches(ctx.institutionId));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('an instructor of that institution → 403', async () => {
    const browser = await ctx.signIn(instructorEmailOf('AAA-2013J'));
    const res = await browser.get(API.institutionCoaches(ctx.institutionId));
    expect(res.status).toBe(403);
  });

  it('anonymous → 401', async () => {
    const res = await ctx.browser().get(API.institutionCoaches(ctx.institutionId));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('an institution that does not exist → 404', async () => {
    const [row] = await ctx.database.query<{ max: number }>('select max(id) as max from institutions');
    const browser = await ctx.signIn(STAFF_EMAIL);
    for (const id of [String(row!.max + 1), 'abc', '0', '-1', '99999999999']) {
      const res = await browser.get(API.institutionCoaches(id));
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
  });

  it('another institution answers 404 to staff, students alike', async () => {
    // A second institution with its own coach: the demo staff must not learn it exists.
    const [other] = await ctx.database.query<{ id: number }>(
      `insert into institutions (name, slug) values ('Other University', 'other-test-institution') returning id`,
    );
    try {
      const [coach] = await ctx.database.query<{ id: number }>(
        `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
         values ($1, 'XYZ 2014J', 'XYZ', '2014J', 260, 130) returning id`,
        [other!.id],
      );
      for (const email of [STAFF_EMAIL, studentEmailOf(11391)]) {
        const browser = await ctx.signIn(email);
        const res = await browser.get(API.institutionCoaches(other!.id));
        expect(res.status, email).toBe(404);
        const userId = (await browser.get<{ user: { id: number } }>(API.me)).body.user.id;
        const grades = await browser.get(`${API.gradeData(coach!.id)}?user_id=${userId}`);
        expect(grades.status, `${email} grade data`).toBe(404);
      }
      // And the demo list does not show the other institution's coach.
      const staff = await ctx.signIn(STAFF_EMAIL);
      const list = z
        .array(CoachListEntrySchema)
        .parse((await staff.get(API.institutionCoaches(ctx.institutionId))).body);
      expect(list.some((c) => c.course === 'XYZ')).toBe(false);
    } finally {
      await ctx.database.query('delete from institutions where id = $1', [other!.id]);
    }
  });
});
