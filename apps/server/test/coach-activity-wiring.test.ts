import {
  API,
  CoachActivityBreakdownSchema,
  FAQ_CHECKLIST_ERRORS,
  MY_DATA_API,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * Coach Activity Breakdown (spec §2) with wired content: a wired survey, playbook or to-do
 * list counts only for the students its wiring is meant for (a default value counts as the student's),
 * and completions by students it is not meant for do not count. Unwired items count for every student.
 * The expected figures are worked out by hand from the inserts below.
 */

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();

let ctx: TestContext;
let inst = 0;
let coach = 0;
const users = { a: 0, b: 0, c: 0, staff: 0 };
let k1 = 0;
let k2 = 0;

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    ({ institutionId: inst, coachId: coach } = await insertOwnInstitution(q, hash, {
      tag: 'cwire',
      course: 'CWR',
      term: '2026A',
      currentDay: 100,
      users,
    }));

    // Characteristics: Major (set, no default): a math, b art, c none. Level (text, default 'ug'): a 'pg'.
    const source = await insertOne(
      q,
      `insert into tailoring_sources (institution_id, name, label) values ($1, 'csv', 'CSV')`,
      [inst],
    );
    const major = await insertOne(
      q,
      `insert into characteristics (institution_id, name, question, kind) values ($1, 'Major', 'Major?', 'set')`,
      [inst],
    );
    const level = await insertOne(
      q,
      `insert into characteristics (institution_id, name, question, kind, default_value)
       values ($1, 'Level', 'Level?', 'text', 'ug')`,
      [inst],
    );
    for (const [c, u, v] of [
      [major, users.a, 'math'],
      [major, users.b, 'art'],
      [level, users.a, 'pg'],
    ] as const) {
      await q(
        `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
         values ($1, $2, $3, $4, $5)`,
        [inst, c, u, source, v],
      );
    }
    const wire = (kind: string, id: number, characteristic: string, value: string) =>
      q(
        `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
         values ($1, $2, $3, $4, $5, $6)`,
        [inst, coach, kind, id, characteristic, value],
      );

    // Bulletin B1 live (bulletins are for everyone), read by b.
    const b1 = await insertOne(
      q,
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
       values ($1, $2, 'B', true, $3)`,
      [inst, coach, at(-5)],
    );
    await q(`insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)`, [
      inst,
      b1,
      users.b,
    ]);

    // Surveys, all live: S1 unwired (a, b, c); S2 Major=math (a); S3 Level=ug (b, c by default).
    const survey = () =>
      insertOne(
        q,
        `insert into surveys (institution_id, coach_id, title, is_published, publish_timestamp)
         values ($1, $2, 'S', true, $3)`,
        [inst, coach, at(-5)],
      );
    const s1 = await survey();
    const s2 = await survey();
    const s3 = await survey();
    await wire('survey', s2, 'Major', 'math');
    await wire('survey', s3, 'Level', 'ug');
    for (const [s, u] of [
      [s1, users.a],
      [s1, users.b],
      [s2, users.a],
      [s2, users.b], // not meant for b
      [s3, users.c],
      [s3, users.a], // not meant for a (pg)
    ]) {
      await q(`insert into survey_responses (institution_id, survey_id, user_id) values ($1, $2, $3)`, [
        inst,
        s,
        u,
      ]);
    }

    // Playbooks: P1 released, planning wired Major=math or art (its questions, not its audience:
    // docs/playbooks.md, so for a, b and c); P2 released, unwired; P3 not released.
    const playbook = (released: boolean) =>
      insertOne(
        q,
        `insert into playbooks (institution_id, coach_id, title, assignment_type, is_released)
         values ($1, $2, 'P', 'exam', $3)`,
        [inst, coach, released],
      );
    const p1 = await playbook(true);
    const p2 = await playbook(true);
    const p3 = await playbook(false);
    await wire('playbook_planning', p1, 'Major', 'math');
    await wire('playbook_planning', p1, 'Major', 'art');
    for (const [p, u] of [
      [p1, users.a],
      [p1, users.c], // counted: a playbook is for every student
      [p2, users.c],
      [p3, users.b], // not released
    ] as const) {
      await q(
        `insert into playbook_plans (institution_id, playbook_id, user_id, started_at, completed_at)
         values ($1, $2, $3, $4, $5)`,
        [inst, p, u, at(-2), at(-1)],
      );
    }

    // To-dos: L1 wired Major=art (b) with T1, T2; L2 unwired with T3; T4 staff, in no list; T5 a's own.
    const list = () =>
      insertOne(q, `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'L')`, [
        inst,
        coach,
      ]);
    const l1 = await list();
    const l2 = await list();
    await wire('todolist', l1, 'Major', 'art');
    const item = (l: number | null, owner: number | null) =>
      insertOne(
        q,
        `insert into todo_items (institution_id, coach_id, todo_list_id, title, staff_created, owner_user_id)
         values ($1, $2, $3, 'T', $4, $5)`,
        [inst, coach, l, owner === null, owner],
      );
    const t1 = await item(l1, null);
    await item(l1, null);
    const t3 = await item(l2, null);
    const t4 = await item(null, null);
    const t5 = await item(null, users.a);
    for (const [t, u, done] of [
      [t1, users.b, true],
      [t1, users.a, true], // not meant for a
      [t3, users.c, true],
      [t4, users.b, false], // not completed
      [t5, users.a, true],
    ] as const) {
      await q(
        `insert into account_todo_items (institution_id, item_id, user_id, completed) values ($1, $2, $3, $4)`,
        [inst, t, u, done],
      );
    }

    // Checklist (docs/faq-checklists.md): K1 wired Major=math (a); K2 unwired (a, b, c).
    const step = () =>
      insertOne(q, `insert into checklist_items (institution_id, coach_id, title) values ($1, $2, 'K')`, [
        inst,
        coach,
      ]);
    k1 = await step();
    k2 = await step();
    await wire('checklist_item', k1, 'Major', 'math');
    for (const [k, u] of [
      [k1, users.a],
      [k1, users.b], // not meant for b
      [k2, users.c],
    ] as const) {
      await q(`insert into account_checklist_items (institution_id, item_id, user_id) values ($1, $2, $3)`, [
        inst,
        k,
        u,
      ]);
    }
  });
});

describe('Coach Activity Breakdown with wired content', () => {
  it('counts wired items only for the students they are meant for (hand-counted)', async () => {
    const browser = await ctx.signIn('cwire-staff@cwire.edu');
    const res = await browser.get(API.institutionCoachActivity(inst, coach));
    expect(res.status).toBe(200);
    const body = CoachActivityBreakdownSchema.parse(res.body);
    // Bulletins: 1 × 3 = 3, read 1 (b). Surveys: S1 3 + S2 1 + S3 2 = 6, answered 4 (a S1, b S1, a S2, c S3).
    // Playbooks: P1 3 + P2 3 = 6, completed 3 (a P1, c P1, c P2). To-dos: T1, T2 for b (2) + T3 × 3 + T4 × 3 +
    // a's T5 = 9, done 3 (b T1, c T3, a T5).
    expect(body.content_breakdown.map((r) => [r.kind, r.completed_count, r.total_count])).toEqual([
      ['bulletins', 1, 3],
      ['surveys', 4, 6],
      ['playbooks', 3, 6],
      ['todos', 3, 9],
      // Checklist: K1 for a + K2 × 3 = 4, ticked 2 (a K1, c K2).
      ['checklist', 2, 4],
    ]);
    expect([body.student_count, body.total_completed_assignments, body.total_assignments_count]).toEqual([
      3, 13, 28,
    ]);
  });

  it('a wired checklist item shows, counts and can be ticked only for the students it is meant for', async () => {
    const [a, b] = await Promise.all([ctx.signIn('cwire-a@cwire.edu'), ctx.signIn('cwire-b@cwire.edu')]);
    const ids = async (browser: typeof a) =>
      ((await browser.get(API.checklist(coach))).body as { items: Array<{ id: number; completed: boolean }> })
        .items;
    expect(await ids(a)).toEqual(
      [
        { id: k1, completed: true },
        { id: k2, completed: false },
      ].map((x) => expect.objectContaining(x)),
    );
    expect((await ids(b)).map((i) => [i.id, i.completed])).toEqual([[k2, false]]);
    // b cannot tick K1 (not meant for them): 404 with the sentence, their ticks unchanged.
    const tick = await b.request('PUT', API.checklistCompletion(coach, k1), { json: { completed: false } });
    expect(tick.status).toBe(404);
    expect(tick.body).toEqual({ detail: FAQ_CHECKLIST_ERRORS.unknownChecklistItem });
    const [row] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from account_checklist_items where item_id = $1',
      [k1],
    );
    expect(row?.n).toBe(2);
    // Why am I seeing this? (docs/my-data.md): a is told K1's wiring in words, K2 is for everyone; b is
    // told nothing of K1 (not meant for them).
    const why = (browser: typeof a, id: number) =>
      browser.get(`${MY_DATA_API.why(coach)}?kind=checklist_item&id=${id}`);
    expect([(await why(a, k1)).status, (await why(a, k1)).body]).toEqual([
      200,
      { reasons: ['Major is math'] },
    ]);
    expect([(await why(b, k2)).status, (await why(b, k2)).body]).toEqual([200, { reasons: [] }]);
    expect((await why(b, k1)).status).toBe(404);
    // Staff see both items with K1's wiring.
    const staff = await ctx.signIn('cwire-staff@cwire.edu');
    const all = (await staff.get(API.checklist(coach))).body as {
      items: Array<{ id: number; characteristics: Array<{ label: string; value: string }> }>;
    };
    expect(all.items.map((i) => [i.id, i.characteristics.map((c) => `${c.label}=${c.value}`)])).toEqual([
      [k1, ['Major=math']],
      [k2, []],
    ]);
  });
});
