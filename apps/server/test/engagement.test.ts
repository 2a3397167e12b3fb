import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API,
  CohortSchema,
  type Engagement,
  EngagementSchema,
  IMPORT_API,
  MembershipTaskSchema,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { readOuladClicks } from '../src/modules/engagement/activity.ts';
import { seedDemoEngagement } from '../src/seed/engagement.ts';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  studentEmailOf,
  type TestContext,
} from './helpers.ts';
import { readCsvText } from './oulad-reference.ts';

/**
 * Engagement from the LMS activity log (docs/engagement.md): the demo's OULAD
 * click logs of AAA 2013J and DDD 2013B imported, the figures read through the HTTP API and checked
 * against a count made by plain JS over studentVle.csv and vle.csv (repeated rows summed, students
 * without rows, dates before day 0), and a rule over them ("no activity in the last 14 days").
 */

let ctx: TestContext;

interface Ref {
  clicks7: number;
  clicks14: number;
  last: number | null;
  activeDays: number;
  forum: number;
  total: number;
}

/** Per id_student of the presentation (every registration, with or without rows), as of `today`. */
function reference(dir: string, module: string, presentation: string, today: number): Map<string, Ref> {
  const lines = (file: string) => readCsvText(file, dir).trim().split('\n').slice(1);
  const type = new Map<string, string>();
  for (const l of lines('vle.csv')) {
    const [site, m, p, t] = l.split(',');
    if (m === module && p === presentation) type.set(site!, t!);
  }
  const out = new Map<string, Ref>();
  const days = new Map<string, Set<number>>();
  for (const l of lines('studentRegistration.csv')) {
    const [m, p, s] = l.split(',');
    if (m === module && p === presentation) {
      out.set(s!, { clicks7: 0, clicks14: 0, last: null, activeDays: 0, forum: 0, total: 0 });
      days.set(s!, new Set());
    }
  }
  for (const l of lines('studentVle.csv')) {
    const [m, p, s, site, d, c] = l.split(',');
    if (m !== module || p !== presentation) continue;
    const day = Number(d);
    if (day > today) continue;
    const r = out.get(s!)!;
    const clicks = Number(c);
    if (day > today - 7) r.clicks7 += clicks;
    if (day > today - 14) r.clicks14 += clicks;
    r.last = r.last === null ? day : Math.max(r.last, day);
    days.get(s!)!.add(day);
    r.total += clicks;
    if (type.get(site!) === 'forumng') r.forum += clicks;
  }
  for (const [s, r] of out) r.activeDays = days.get(s)!.size;
  return out;
}

async function figuresOf(browser: Browser, coachId: number): Promise<Engagement> {
  const res = await browser.get(IMPORT_API.engagement(coachId));
  expect(res.status, res.text).toBe(200);
  return EngagementSchema.parse(res.body);
}

async function studentIds(): Promise<Map<number, string>> {
  const rows = await ctx.database.query<{ id: number; external_id: string }>(
    'select id, external_id from users where institution_id = $1 and external_id is not null',
    [ctx.institutionId],
  );
  return new Map(rows.map((r) => [r.id, r.external_id]));
}

beforeAll(async () => {
  ctx = await getTestContext();
  const started = performance.now();
  await seedDemoEngagement(ctx.database, ctx.config, ctx.institutionId);
  console.log(
    `[engagement] demo click logs AAA 2013J + DDD 2013B imported and derived in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
});

describe('engagement from the OULAD click log', () => {
  for (const presentation of ['AAA-2013J', 'DDD-2013B']) {
    it(`${presentation}: every student's figures match a plain count of studentVle.csv`, async () => {
      const coachId = await coachIdOf(ctx, presentation);
      const instructor = await ctx.signIn(instructorEmailOf(presentation));
      const eng = await figuresOf(instructor, coachId);
      const [coach] = await ctx.database.query<{ current_day: number }>(
        'select current_day from coaches where id = $1',
        [coachId],
      );
      expect(eng.current_day).toBe(coach!.current_day);
      const [m, p] = presentation.split('-') as [string, string];
      const ref = reference(ctx.config.OULAD_DIR, m, p, eng.current_day);
      const ids = await studentIds();
      expect(eng.students).toBe(ref.size);
      let noRows = 0;
      for (const f of eng.figures) {
        const r = ref.get(ids.get(f.user_id)!)!;
        expect(r, `student ${ids.get(f.user_id)}`).toBeDefined();
        expect(f.clicks_7d).toBe(r.clicks7);
        expect(f.clicks_14d).toBe(r.clicks14);
        expect(f.days_since_last).toBe(r.last === null ? null : eng.current_day - r.last);
        expect(f.active_days).toBe(r.activeDays);
        const forum = r.total === 0 ? undefined : Math.round((1000 * r.forum) / r.total) / 10;
        expect(f.share.forumng).toBe(forum === 0 && !('forumng' in f.share) ? undefined : forum);
        if (r.last === null) noRows++;
      }
      expect(noRows).toBeGreaterThan(0);
      expect(eng.with_activity).toBe(ref.size - noRows);
    });
  }

  it('a rule over an engagement characteristic: no activity in the last 14 days', async () => {
    const presentation = 'DDD-2013B';
    const coachId = await coachIdOf(ctx, presentation);
    const instructor = await ctx.signIn(instructorEmailOf(presentation));
    const eng = await figuresOf(instructor, coachId);
    const ref = reference(ctx.config.OULAD_DIR, 'DDD', '2013B', eng.current_day);
    const expected = [...ref.values()].filter((r) => r.clicks14 === 0).length;
    const res = await instructor.post(API.cohorts(coachId), { name: 'Early alert: no activity for 14 days' });
    expect(res.status, res.text).toBe(201);
    const cohort = CohortSchema.parse(res.body);
    const rule = await instructor.post(API.cohortRules(coachId, cohort.id), {
      characteristic: 'clicks_last_14_days',
      operation: 'equal to',
      value: '0',
    });
    expect(rule.status, rule.text).toBe(201);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const task = MembershipTaskSchema.parse(
        (await instructor.get(API.cohortMembershipUpdate(coachId, cohort.id))).body,
      );
      if (task.state === 'success') break;
      expect(task.state).not.toBe('failure');
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 50));
    }
    const got = CohortSchema.parse((await instructor.get(API.cohort(coachId, cohort.id))).body);
    expect(expected).toBeGreaterThan(0);
    expect(got.membership_count).toBe(expected);
    // The demo's own groups are checked against OULAD by tailoring.test.ts: leave none of ours.
    expect((await instructor.request('DELETE', API.cohort(coachId, cohort.id))).status).toBe(204);
  });

  it('reads plain click logs (as in an official download) like the gzipped demo data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-oulad-plain-'));
    try {
      const src = ctx.config.OULAD_DIR;
      const [head, ...rest] = readCsvText('studentVle.csv', src).split('\n');
      const aaa = [head, ...rest.filter((l) => l.startsWith('AAA,2013J,'))].join('\n');
      fs.writeFileSync(path.join(dir, 'vle.csv'), readCsvText('vle.csv', src));
      fs.writeFileSync(path.join(dir, 'studentVle.csv'), aaa);
      const plain = await readOuladClicks(dir, 'AAA', '2013J');
      const gz = await readOuladClicks(src, 'AAA', '2013J');
      expect(gz.rows).toBe(180_982);
      expect(plain.rows).toBe(gz.rows);
      expect([...plain.totals].sort()).toEqual([...gz.totals].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('generic activity CSV', () => {
  it('replaces the log and derives the figures; refusals write nothing; students are refused', async () => {
    const presentation = 'GGG-2013J';
    const coachId = await coachIdOf(ctx, presentation);
    const instructor = await ctx.signIn(instructorEmailOf(presentation));
    const [coach] = await ctx.database.query<{ current_day: number }>(
      'select current_day from coaches where id = $1',
      [coachId],
    );
    const today = coach!.current_day;
    const students = await ctx.database.query<{ id: number; external_id: string }>(
      `select u.id, u.external_id from users u join enrollments e on e.user_id = u.id
        where e.coach_id = $1 and e.role = 'student' and u.external_id is not null order by u.id limit 2`,
      [coachId],
    );
    const [a, b] = students as [{ id: number; external_id: string }, { id: number; external_id: string }];
    const csv = [
      'student,date,activity_type,count',
      `${a.external_id},${today},quiz,3`,
      `${a.external_id},${today},quiz,2`,
      `${a.external_id},${today - 10},forum,5`,
      `${studentEmailOf(b.external_id)},${today - 20},quiz,4`,
      `${a.external_id},${today + 3},quiz,100`,
    ].join('\n');
    const post = (browser: Browser, body: string) =>
      browser.request<Record<string, string[]>>('POST', IMPORT_API.activity(coachId), {
        body,
        contentType: 'text/csv',
      });
    const ok = await post(instructor, csv);
    expect(ok.status, ok.text).toBe(202);
    const eng = await figuresOf(instructor, coachId);
    const fa = eng.figures.find((f) => f.user_id === a.id)!;
    const fb = eng.figures.find((f) => f.user_id === b.id)!;
    expect([fa.clicks_7d, fa.clicks_14d, fa.days_since_last, fa.active_days]).toEqual([5, 10, 0, 2]);
    expect(fa.share).toEqual({ quiz: 50, forum: 50 });
    expect([fb.clicks_7d, fb.clicks_14d, fb.days_since_last, fb.active_days]).toEqual([0, 0, 20, 1]);
    const rows = async () =>
      Number(
        (
          await ctx.database.query<{ n: number }>(
            'select count(*)::int as n from engagement_activity where coach_id = $1',
            [coachId],
          )
        )[0]!.n,
      );
    const before = await rows();
    const bad = await post(
      instructor,
      `student,date,activity_type,count\n${a.external_id},${today},quiz,1.5\n`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.file![0]).toBe('Line 2: the count “1.5” is not a whole number.');
    const nobody = await post(
      instructor,
      `student,date,activity_type,count\nnobody@x.test,${today},quiz,1\n`,
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body.file![0]).toMatch(/No row names a student enrolled in this coach/);
    const student = await ctx.signIn(studentEmailOf(a.external_id));
    expect((await post(student, csv)).status).toBe(403);
    expect(await rows()).toBe(before);
  });
});
