import { API, type FaqEntry, FaqListSchema, type TrashEntry, TrashListSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  firstStudentsOf,
  getTestContext,
  insertOtherInstitution,
  instructorEmailOf,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';
import { del, trashOf } from './trash-helpers.ts';

/**
 * The institution's own FAQ entries go to the institution's own trash when deleted (`trash_items` with
 * `coach_id` null) and come back unchanged (same id, question, answer, position) on restore, audited as
 * `faq.restore` (docs/trash.md). Only the institution's staff list and restore them: another institution's
 * staff, an instructor, a student, a coach's trash route and an unknown kind are refused with nothing
 * changed; past 30 days a restore answers 410. Real HTTP API and database (PGlite and PostgreSQL).
 */

const PRESENTATION = 'DDD-2013B';
const PREFIX = 'InstTrash FAQ';
let ctx: TestContext;
let coachId: number;
let staff: Browser;
let instructor: Browser;
let student: Browser;
let otherStaff: Browser;
let otherInstitution: number;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, PRESENTATION);
  const [s] = await firstStudentsOf(ctx, coachId, 1);
  ({ institutionId: otherInstitution } = await insertOtherInstitution(ctx, {
    name: 'Other trash U',
    slug: 'other-inst-trash',
    email: 'staff@other-inst-trash.edu',
    userName: 'Other',
    role: 'admin',
  }));
  [staff, instructor, student, otherStaff] = await Promise.all([
    ctx.signIn(STAFF_EMAIL),
    ctx.signIn(instructorEmailOf(PRESENTATION)),
    ctx.signIn(s!.email),
    ctx.signIn('staff@other-inst-trash.edu'),
  ]);
});

afterAll(async () => {
  await ctx.database.query(`delete from trash_items where kind = 'faq_entry' and title like $1`, [
    `${PREFIX}%`,
  ]);
  await ctx.database.query('delete from faq_entries where institution_id = $1 and question like $2', [
    ctx.institutionId,
    `${PREFIX}%`,
  ]);
  await ctx.database.query('delete from institutions where id = $1', [otherInstitution]);
});

/** The institution's FAQ as its staff see it. */
async function institutionFaq(): Promise<FaqEntry[]> {
  const res = await staff.get(API.institutionFaq(ctx.institutionId));
  expect(res.status, res.text).toBe(200);
  return FaqListSchema.parse(res.body).entries;
}

/** The institution's own trash as its staff see it. */
async function institutionTrash(browser: Browser = staff): Promise<TrashEntry[]> {
  const res = await browser.get(API.institutionTrash(ctx.institutionId));
  expect(res.status, res.text).toBe(200);
  return TrashListSchema.parse(res.body).results;
}

/** Adds an entry to the institution's FAQ; returns it. */
async function addEntry(question: string): Promise<FaqEntry> {
  const made = await staff.post<FaqEntry>(API.institutionFaq(ctx.institutionId), {
    question,
    answer: '<p>Ask the <strong>office</strong>.</p>',
  });
  expect(made.status, made.text).toBe(201);
  return made.body;
}

/** How many `faq.restore` audit entries name this institution entry. */
async function restoreAudits(id: number): Promise<number> {
  const [row] = await ctx.database.query<{ n: number }>(
    `select count(*)::int as n from audit_log where action = 'faq.restore' and target = $1`,
    [`institution ${ctx.institutionId}, faq ${id} (${PREFIX}: library hours?)`],
  );
  return row!.n;
}

describe('the institution’s own FAQ in its trash', () => {
  it('a deleted entry waits in the institution’s trash and comes back as it was, audited', async () => {
    const first = await addEntry(`${PREFIX}: library hours?`);
    await addEntry(`${PREFIX}: parking?`);
    const before = await institutionFaq();
    const position = before.findIndex((e) => e.id === first.id);
    expect(position).toBeGreaterThanOrEqual(0);

    await del(staff, API.institutionFaqEntry(ctx.institutionId, first.id));
    const after = await institutionFaq();
    expect(after.map((e) => e.id)).toEqual(before.filter((e) => e.id !== first.id).map((e) => e.id));
    const entry = (await institutionTrash()).find((e) => e.id === first.id);
    expect(entry).toMatchObject({
      kind: 'faq_entry',
      id: first.id,
      title: `${PREFIX}: library hours?`,
      detail: '',
      deleted_by: STAFF_EMAIL,
      days_left: 30,
    });
    // No coach's trash shows it: it is the institution's, not a course's.
    expect((await trashOf(staff, coachId)).some((e) => e.kind === 'faq_entry' && e.id === first.id)).toBe(
      false,
    );

    const res = await staff.post(API.institutionTrashRestore(ctx.institutionId, 'faq_entry', first.id));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ kind: 'faq_entry', id: first.id, title: `${PREFIX}: library hours?` });
    // Same id, question, answer and place in the list.
    expect(await institutionFaq()).toEqual(before);
    expect((await institutionTrash()).some((e) => e.id === first.id)).toBe(false);
    expect(await restoreAudits(first.id)).toBe(1);
    // A second restore finds nothing.
    const again = await staff.post(API.institutionTrashRestore(ctx.institutionId, 'faq_entry', first.id));
    expect(again.status).toBe(404);
  });

  it('refuses every other caller and route, and an expired entry, with nothing changed', async () => {
    const made = await addEntry(`${PREFIX}: library hours?`);
    await del(staff, API.institutionFaqEntry(ctx.institutionId, made.id));
    const faqBefore = await institutionFaq();
    const trashBefore = await institutionTrash();
    const auditsBefore = await restoreAudits(made.id);
    const restoreIn = (institutionId: number, kind = 'faq_entry') =>
      API.institutionTrashRestore(institutionId, kind, made.id);

    // Another institution's staff: our institution is not theirs (404), nor is the entry in their trash.
    expect((await otherStaff.get(API.institutionTrash(ctx.institutionId))).status).toBe(404);
    expect((await otherStaff.post(restoreIn(ctx.institutionId))).status).toBe(404);
    expect((await otherStaff.post(restoreIn(otherInstitution))).status).toBe(404);
    const theirs = await otherStaff.get(API.institutionTrash(otherInstitution));
    expect(theirs.status, theirs.text).toBe(200);
    expect(TrashListSchema.parse(theirs.body).results).toEqual([]);
    // The institution's instructors and students are not its staff.
    expect((await instructor.get(API.institutionTrash(ctx.institutionId))).status).toBe(403);
    expect((await instructor.post(restoreIn(ctx.institutionId))).status).toBe(403);
    expect((await student.post(restoreIn(ctx.institutionId))).status).toBe(403);
    // A coach's trash route does not reach the institution's trash; a kind it does not hold is unknown.
    expect((await staff.post(API.trashRestore(coachId, 'faq_entry', made.id))).status).toBe(404);
    expect((await staff.post(restoreIn(ctx.institutionId, 'tip'))).status).toBe(404);
    expect((await staff.post(restoreIn(ctx.institutionId, 'nonsense'))).status).toBe(404);

    expect(await institutionFaq()).toEqual(faqBefore);
    expect(await institutionTrash()).toEqual(trashBefore);
    expect(await restoreAudits(made.id)).toBe(auditsBefore);

    // Past 30 days: 410 and nothing changes (the entry is purged at the next listing).
    await ctx.database.query(
      `update trash_items set deleted_at = now() - interval '31 days'
        where coach_id is null and kind = 'faq_entry' and item_id = $1`,
      [made.id],
    );
    const expired = await staff.post(restoreIn(ctx.institutionId));
    expect(expired.status, expired.text).toBe(410);
    expect(await institutionFaq()).toEqual(faqBefore);
    expect((await institutionTrash()).some((e) => e.id === made.id)).toBe(false);
  });
});
