import { API, type CoachActivityBreakdown, CoachActivityBreakdownSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TABLES } from '../src/db/activity-triggers.ts';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * The Coach Activity Breakdown's cache (institutions/activity.ts cachedCoachActivityBreakdown,
 * docs/activity.md "The breakdown's cache") never answers stale: a completion written through the API,
 * a scheduled bulletin going live by the clock, an enrolment and a characteristic value written
 * straight in SQL (as an import, a sync or another instance would) each show in the very next answer.
 * Expected figures are worked out by hand from the inserts.
 */

let ctx: TestContext;
let inst = 0;
let coach = 0;
const u = { s1: 0, s2: 0, staff: 0 };
let item = 0;
let bulletin = 0;

const kind = (body: CoachActivityBreakdown, k: string) => body.content_breakdown.find((r) => r.kind === k)!;

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    ({ institutionId: inst, coachId: coach } = await insertOwnInstitution(q, hash, {
      tag: 'acache',
      course: 'ACX',
      term: '2099J',
      currentDay: 30,
      users: u,
    }));
    bulletin = await insertOne(
      q,
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
       values ($1, $2, 'B', true, now() - interval '1 day')`,
      [inst, coach],
    );
    const list = await insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'L')`,
      [inst, coach],
    );
    item = await insertOne(
      q,
      `insert into todo_items (institution_id, coach_id, todo_list_id, title, staff_created)
       values ($1, $2, $3, 'T', true)`,
      [inst, coach, list],
    );
  });
});

describe('the Coach Activity Breakdown cache', () => {
  const read = async () => {
    const staff = await ctx.signIn('acache-staff@acache.edu');
    const res = await staff.get(API.institutionCoachActivity(inst, coach));
    expect(res.status).toBe(200);
    return CoachActivityBreakdownSchema.parse(res.body);
  };

  it('has a version-bumping trigger on every table the breakdown reads', async () => {
    const rows = await ctx.database.query<{ table: string }>(
      `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like 'cc_activity_%'`,
    );
    expect(rows.map((r) => r.table).sort()).toEqual([...ACTIVITY_TABLES].sort());
  });

  it('answers from the cache while nothing changed, and a completion through the API shows at once', async () => {
    const first = await read();
    expect(kind(first, 'todos')).toMatchObject({ completed_count: 0, total_count: 2 });
    // The answer is stored: a hand-altered stored figure (no write to the inputs, so no new version)
    // is what the next request answers, which proves the cache is read at all.
    await ctx.database.query(
      `update coach_activity_cache
          set figures = (select jsonb_agg(case when f->>'kind' = 'bulletins' then jsonb_set(f, '{total}', '99') else f end)
                           from jsonb_array_elements(figures) f)
        where coach_id = $1`,
      [coach],
    );
    expect(kind(await read(), 'bulletins').total_count).toBe(99);
    // A row stored by code that counted differently (another query key) is not answered.
    await ctx.database.query(
      `update coach_activity_cache set query_key = 'another release' where coach_id = $1`,
      [coach],
    );
    expect(kind(await read(), 'bulletins').total_count).toBe(2);

    const student = await ctx.signIn('acache-s1@acache.edu');
    const done = await student.post(API.accountTodoItems(coach), { item, completed: true });
    expect(done.status).toBe(200);
    const after = await read();
    expect(kind(after, 'todos')).toMatchObject({
      completed_count: 1,
      total_count: 2,
      completed_percentage: 50,
    });
    expect(kind(after, 'bulletins')).toMatchObject({ completed_count: 0, total_count: 2 });

    const undone = await student.post(API.accountTodoItems(coach), { item, completed: false });
    expect(undone.status).toBe(200);
    expect(kind(await read(), 'todos')).toMatchObject({ completed_count: 0, total_count: 2 });

    const viewed = await student.post(API.messageView(coach, bulletin));
    expect(viewed.status).toBe(200);
    expect(kind(await read(), 'bulletins')).toMatchObject({ completed_count: 1, total_count: 2 });
  });

  it('a scheduled bulletin counts from its publish time, with no write', async () => {
    const before = await read();
    const publishAt = Date.now() + 1500;
    const [row] = await ctx.database.query<{ id: number }>(
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
       values ($1, $2, 'Later', true, $3) returning id`,
      [inst, coach, new Date(publishAt).toISOString()],
    );
    expect(kind(await read(), 'bulletins').total_count).toBe(kind(before, 'bulletins').total_count);
    expect(kind(await read(), 'bulletins').total_count).toBe(kind(before, 'bulletins').total_count);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, publishAt - Date.now()) + 300));
    expect(kind(await read(), 'bulletins').total_count).toBe(kind(before, 'bulletins').total_count + 2);
    await ctx.database.query('delete from bulletins where id = $1', [row!.id]);
    expect(kind(await read(), 'bulletins').total_count).toBe(kind(before, 'bulletins').total_count);
  });

  it('an enrolment and a characteristic value written in SQL show at once', async () => {
    const before = await read();
    expect(before.student_count).toBe(2);
    const hash = await demoPasswordHash(ctx);
    const s3 = await ctx.database.transaction((q) =>
      insertMember(q, inst, hash, {
        email: 'acache-s3@acache.edu',
        name: 'Acache s3',
        role: 'student',
        coachId: coach,
      }),
    );
    const three = await read();
    expect(three.student_count).toBe(3);
    expect(kind(three, 'todos').total_count).toBe(3);

    // A survey wired to track = b: meant for nobody until s3's value says b.
    const [ch] = await ctx.database.query<{ id: number }>(
      `insert into characteristics (institution_id, name, label, question, kind, default_value)
       values ($1, 'acache_track', 'Track', 'Track?', 'set', 'a') returning id`,
      [inst],
    );
    const [survey] = await ctx.database.query<{ id: number }>(
      `insert into surveys (institution_id, coach_id, title, is_published, publish_timestamp)
       values ($1, $2, 'Wired', true, now() - interval '1 day') returning id`,
      [inst, coach],
    );
    await ctx.database.query(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
       values ($1, $2, 'survey', $3, 'acache_track', 'b')`,
      [inst, coach, survey!.id],
    );
    expect(kind(await read(), 'surveys').total_count).toBe(0);
    await ctx.database.query(
      `insert into student_characteristic_values (institution_id, user_id, characteristic_id, coach_id, source_id, value)
       values ($1, $2, $3, 0, 1, 'b')`,
      [inst, s3, ch!.id],
    );
    expect(kind(await read(), 'surveys').total_count).toBe(1);
    // The default turning to b makes it meant for every student without a value of their own.
    await ctx.database.query(`update characteristics set default_value = 'b' where id = $1`, [ch!.id]);
    expect(kind(await read(), 'surveys').total_count).toBe(3);
  });
});
