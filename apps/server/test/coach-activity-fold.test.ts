import { API, type CoachActivityBreakdown, CoachActivityBreakdownSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * A completion carries the Coach Activity Breakdown's cached figures along instead of making the next
 * answer a recomputation (db/activity-triggers.ts foldCompletion, docs/activity.md "The breakdown's
 * cache"): after views, responses, plans, to-do and checklist rows written straight in SQL (bulk
 * statements, inserts, updates and deletes, rows that count and rows that do not), the next answer is
 * still the stored row (its `computed_at` unchanged) and its figures are right. Every expected figure is
 * worked out by hand from the inserts below.
 *
 * Coach A: students s1 and s2; s3 is enrolled in coach B only. A has one live bulletin, an unwired live
 * survey, a survey wired to track = b (s2's value; the default is a: meant for s2 only), a released
 * playbook, a staff to-do item in a live list and one in a queued list (seen by nobody), s1's own to-do
 * item, and one checklist item. Totals: bulletins 2, surveys 2 + 1, playbooks 2, to-dos 2 + 1 (s1's
 * own), checklist 2.
 */

let ctx: TestContext;
let inst = 0;
let coachA = 0;
let coachB = 0;
const u = { s1: 0, s2: 0, staff: 0 };
let s3 = 0;
const id = { bA: 0, bB: 0, sU: 0, sW: 0, pA: 0, tA: 0, tQ: 0, oA: 0, cA: 0 };

const kind = (body: CoachActivityBreakdown, k: string) => body.content_breakdown.find((r) => r.kind === k)!;

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    ({ institutionId: inst, coachId: coachA } = await insertOwnInstitution(q, hash, {
      tag: 'afold',
      course: 'AFA',
      term: '2099J',
      currentDay: 30,
      users: u,
    }));
    coachB = await insertOne(
      q,
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, 'AFB 2099J', 'AFB', '2099J', 200, 30)`,
      [inst],
    );
    s3 = await insertMember(q, inst, hash, {
      email: 'afold-s3@afold.edu',
      name: 'Afold s3',
      role: 'student',
      coachId: coachB,
    });
    const live = `true, now() - interval '1 day'`;
    id.bA = await insertOne(
      q,
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp) values ($1, $2, 'BA', ${live})`,
      [inst, coachA],
    );
    id.bB = await insertOne(
      q,
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp) values ($1, $2, 'BB', ${live})`,
      [inst, coachB],
    );
    id.sU = await insertOne(
      q,
      `insert into surveys (institution_id, coach_id, title, is_published, publish_timestamp) values ($1, $2, 'SU', ${live})`,
      [inst, coachA],
    );
    id.sW = await insertOne(
      q,
      `insert into surveys (institution_id, coach_id, title, is_published, publish_timestamp) values ($1, $2, 'SW', ${live})`,
      [inst, coachA],
    );
    const track = await insertOne(
      q,
      `insert into characteristics (institution_id, name, label, question, kind, default_value)
       values ($1, 'afold_track', 'Track', 'Track?', 'set', 'a')`,
      [inst],
    );
    await q(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
       values ($1, $2, 'survey', $3, 'afold_track', 'b')`,
      [inst, coachA, id.sW],
    );
    await q(
      `insert into student_characteristic_values (institution_id, user_id, characteristic_id, coach_id, source_id, value)
       values ($1, $2, $3, 0, 1, 'b')`,
      [inst, u.s2, track],
    );
    id.pA = await insertOne(
      q,
      `insert into playbooks (institution_id, coach_id, title, assignment_type, is_released) values ($1, $2, 'PA', 'exam', true)`,
      [inst, coachA],
    );
    const list = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'L')`,
      [inst, coachA],
    );
    const queued = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, 'Q', true)`,
      [inst, coachA],
    );
    const item = `insert into todo_items (institution_id, coach_id, todo_list_id, title, staff_created, owner_user_id)
                  values ($1, $2, $3, $4, $5, $6)`;
    id.tA = await insertOne(q, item, [inst, coachA, list, 'TA', true, null]);
    id.tQ = await insertOne(q, item, [inst, coachA, queued, 'TQ', true, null]);
    id.oA = await insertOne(q, item, [inst, coachA, null, 'Own', false, u.s1]);
    id.cA = await insertOne(
      q,
      `insert into checklist_items (institution_id, coach_id, title) values ($1, $2, 'CA')`,
      [inst, coachA],
    );
  });
});

describe('a completion folded into the cached Coach Activity Breakdown', () => {
  const read = async () => {
    const staff = await ctx.signIn('afold-staff@afold.edu');
    const res = await staff.get(API.institutionCoachActivity(inst, coachA));
    expect(res.status).toBe(200);
    return CoachActivityBreakdownSchema.parse(res.body);
  };
  /** The stored row's computation time and version, and the coach's version. */
  const stored = async () => {
    const [row] = await ctx.database.query<{ computed_at: string; cached: string; current: string }>(
      `select k.computed_at::text, k.activity_version::text as cached, c.activity_version::text as current
         from coaches c left join coach_activity_cache k on k.coach_id = c.id where c.id = $1`,
      [coachA],
    );
    return row!;
  };
  const sql = (text: string, params: unknown[] = []) => ctx.database.query(text, params);

  it('keeps answering the stored row, with each kind’s completed count changed as the rows say', async () => {
    const first = await read();
    expect(first.content_breakdown.map((r) => [r.kind, r.completed_count, r.total_count])).toEqual([
      ['bulletins', 0, 2],
      ['surveys', 0, 3],
      ['playbooks', 0, 2],
      ['todos', 0, 3],
      ['checklist', 0, 2],
    ]);
    const { computed_at } = await stored();
    /** After each write: the figure expected, and the stored row still the one computed first. */
    const expectFolded = async (k: string, completed: number) => {
      const body = await read();
      expect(kind(body, k).completed_count).toBe(completed);
      const now = await stored();
      expect(now.computed_at).toBe(computed_at);
      expect(now.cached).toBe(now.current);
      return body;
    };

    // One statement across both coaches; s3 is not a student of A.
    await sql(
      `insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3), ($1, $2, $4), ($1, $5, $4)`,
      [inst, id.bA, u.s1, s3, id.bB],
    );
    await expectFolded('bulletins', 1);
    // s1 is not meant for the wired survey (default a): only s2's and s1's unwired response count.
    await sql(
      `insert into survey_responses (institution_id, survey_id, user_id) values ($1, $2, $3), ($1, $2, $4), ($1, $5, $3)`,
      [inst, id.sW, u.s1, u.s2, id.sU],
    );
    await expectFolded('surveys', 2);
    await sql(
      `insert into playbook_plans (institution_id, playbook_id, user_id, completed_at) values ($1, $2, $3, null), ($1, $2, $4, now())`,
      [inst, id.pA, u.s1, u.s2],
    );
    await expectFolded('playbooks', 1);
    await sql(`update playbook_plans set completed_at = now() where playbook_id = $1 and user_id = $2`, [
      id.pA,
      u.s1,
    ]);
    await expectFolded('playbooks', 2);
    // The queued list's item is seen by nobody; s1's own item counts for s1 only.
    await sql(
      `insert into account_todo_items (institution_id, item_id, user_id, completed)
       values ($1, $2, $3, true), ($1, $4, $5, true), ($1, $6, $3, true), ($1, $6, $5, true)`,
      [inst, id.tA, u.s1, id.tQ, u.s2, id.oA],
    );
    await expectFolded('todos', 2);
    await sql(`update account_todo_items set completed = false where item_id = $1 and user_id = $2`, [
      id.tA,
      u.s1,
    ]);
    await expectFolded('todos', 1);
    await sql(`insert into account_checklist_items (institution_id, item_id, user_id) values ($1, $2, $3)`, [
      inst,
      id.cA,
      u.s2,
    ]);
    await expectFolded('checklist', 1);
    await sql(`delete from account_checklist_items where item_id = $1`, [id.cA]);
    await expectFolded('checklist', 0);
    await sql(`delete from bulletin_views where user_id in ($1, $2)`, [u.s1, s3]);
    const last = await expectFolded('bulletins', 0);
    expect(last.content_breakdown.map((r) => [r.kind, r.completed_count, r.total_count])).toEqual([
      ['bulletins', 0, 2],
      ['surveys', 2, 3],
      ['playbooks', 2, 2],
      ['todos', 1, 3],
      ['checklist', 0, 2],
    ]);
    expect(last.total_completed_assignments).toBe(5);
  });

  it('recomputes after a change that is not a completion (an enrolment)', async () => {
    await read();
    const before = await stored();
    await sql(
      `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student')`,
      [inst, coachA, s3],
    );
    const body = await read();
    expect(body.student_count).toBe(3);
    expect(kind(body, 'bulletins')).toMatchObject({ completed_count: 0, total_count: 3 });
    expect((await stored()).computed_at).not.toBe(before.computed_at);
  });

  it('leaves a stored row outside its time window at its version, so the next answer recomputes', async () => {
    await read();
    // Its window has closed (a scheduled publish time has passed).
    await sql(
      `update coach_activity_cache set valid_until = now() - interval '1 second' where coach_id = $1`,
      [coachA],
    );
    await sql(`insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)`, [
      inst,
      id.bA,
      u.s2,
    ]);
    const closed = await stored();
    expect(Number(closed.cached)).toBe(Number(closed.current) - 1);
    expect(kind(await read(), 'bulletins').completed_count).toBe(1);
    // Computed after the writing transaction's clock started: its liveness may differ, so not carried.
    await sql(`update coach_activity_cache set computed_at = now() + interval '1 hour' where coach_id = $1`, [
      coachA,
    ]);
    await sql(`insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)`, [
      inst,
      id.bA,
      s3,
    ]);
    const later = await stored();
    expect(Number(later.cached)).toBe(Number(later.current) - 1);
    expect(kind(await read(), 'bulletins').completed_count).toBe(2);
  });
});
