import { MY_DATA_API, MyDataSchema } from '@course-coach/contracts';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * My data (docs/my-data.md) on a hand-built institution: two students of one coach with values of their
 * own, one value of student A in another coach, an Insight Group student A is in. The download must hold
 * exactly A's values for this coach, none of B's or of the other coach; a student asking for another's
 * data is refused.
 */

let ctx: TestContext;
const u = { staff: 0, a: 0, b: 0 };
let inst = 0;
let coach = 0;
let group = 0;
let otherGroup = 0;
const lists = { wired: 0, open: 0, elsewhere: 0 };
const startedAt = new Date(Date.now() - 1000);

beforeAll(async () => {
  ctx = await getTestContext();
  const hash = await demoPasswordHash(ctx);
  await ctx.database.transaction(async (q) => {
    ({ institutionId: inst, coachId: coach } = await insertOwnInstitution(q, hash, {
      tag: 'mydata',
      course: 'MYD',
      term: '2099J',
      currentDay: 30,
      users: u,
    }));
    const otherCoach = await insertOne(
      q,
      `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
       values ($1, 'OTH 2099J', 'OTH', '2099J', 200, 1)`,
      [inst],
    );
    const registrar = await insertOne(
      q,
      `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar')`,
      [inst],
    );
    const char = (
      name: string,
      label: string,
      kind: string,
      scope: string,
      values: unknown[],
      ranges: unknown[],
    ) =>
      insertOne(
        q,
        `insert into characteristics (institution_id, name, label, question, kind, scope, restriction_values, restriction_ranges)
         values ($1, $2, $3, $3, $4, $5, $6::jsonb, $7::jsonb)`,
        [inst, name, label, kind, scope, JSON.stringify(values), JSON.stringify(ranges)],
      );
    const disability = await char(
      'disability',
      'Declared disability',
      'set',
      'student',
      [
        { value: 'Y', label: 'Yes' },
        { value: 'N', label: 'No' },
      ],
      [],
    );
    const attempts = await char(
      'prev_attempts',
      'Previous attempts',
      'range',
      'enrolment',
      [],
      [{ min: 0, max: 9 }],
    );
    const nickname = await char('nickname', 'Nickname', 'text', 'student', [], []);
    const value = (c: number, user: number, coachId: number, v: string) =>
      q(
        `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [inst, c, user, coachId, registrar, v, /^\d+$/.test(v) ? Number(v) : null],
      );
    await value(disability, u.a, 0, 'Y');
    await value(attempts, u.a, coach, '1');
    await value(attempts, u.a, otherCoach, '3');
    await value(nickname, u.a, 0, '=HYPERLINK("http://x")');
    await value(disability, u.b, 0, 'N');
    await value(attempts, u.b, coach, '2');
    group = await insertOne(
      q,
      `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Extra support')`,
      [inst, coach],
    );
    await q(
      `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value) values ($1, $2, 'disability', 'equal to', 'Y')`,
      [inst, group],
    );
    await q(
      `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value) values ($1, $2, 'prev_attempts', 'greater than', '0')`,
      [inst, group],
    );
    await q('insert into cohort_memberships (cohort_id, user_id) values ($1, $2)', [group, u.a]);
    const list = (coachId: number, title: string) =>
      insertOne(q, `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, $3)`, [
        inst,
        coachId,
        title,
      ]);
    lists.wired = await list(coach, 'Support list');
    lists.open = await list(coach, 'Everyone list');
    lists.elsewhere = await list(otherCoach, 'Other course list');
    for (const [v, pos] of [
      ['Y', 0],
      ['N', 1],
    ] as const) {
      await q(
        `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value, position)
         values ($1, $2, 'todolist', $3, 'disability', $4, $5)`,
        [inst, coach, lists.wired, v, pos],
      );
    }
    await q(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value, num, position)
       values ($1, $2, 'todolist', $3, 'prev_attempts', '1', 1, 2)`,
      [inst, coach, lists.wired],
    );
    otherGroup = await insertOne(
      q,
      `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Elsewhere')`,
      [inst, otherCoach],
    );
  });
});

const A = 'mydata-a@mydata.edu';
const STAFF = 'mydata-staff@mydata.edu';
const A_VALUES = [
  ['disability', 'Declared disability', 'Y', 'Yes', 'registrar', 'Registrar', 'student'],
  [
    'nickname',
    'Nickname',
    '=HYPERLINK("http://x")',
    '=HYPERLINK("http://x")',
    'registrar',
    'Registrar',
    'student',
  ],
  ['prev_attempts', 'Previous attempts', '1', '1', 'registrar', 'Registrar', 'enrolment'],
];

describe('My data', () => {
  it('lists exactly my values for this coach, with label, value, source and date', async () => {
    const res = await (await ctx.signIn(A)).get(MY_DATA_API.myData(coach));
    expect(res.status).toBe(200);
    const data = MyDataSchema.parse(res.body);
    expect(data.student).toEqual({ id: u.a, name: 'Mydata a', email: A });
    expect(data.coach).toEqual({ id: coach, label: 'MYD 2099J' });
    expect(
      data.characteristics.map((c) => [
        c.name,
        c.label,
        c.value,
        c.value_label,
        c.source,
        c.source_label,
        c.scope,
      ]),
    ).toEqual(A_VALUES);
    for (const c of data.characteristics) {
      const at = new Date(c.recorded_at).getTime();
      expect(at).toBeGreaterThanOrEqual(startedAt.getTime());
      expect(at).toBeLessThanOrEqual(Date.now());
    }
    expect(data.groups).toEqual([]);
    expect(data.peer_comparison_opt_out).toBe(false);
  });

  it('downloads as JSON and as formula-safe CSV, holding only my values', async () => {
    const me = await ctx.signIn(A);
    const json = await me.get(MY_DATA_API.myDataJson(coach));
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe(
      `attachment; filename="my-data-coach-${coach}.json"`,
    );
    expect(json.body).toEqual((await me.get(MY_DATA_API.myData(coach))).body);
    const csv = await me.get(MY_DATA_API.myDataCsv(coach));
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows = parse(csv.text) as string[][];
    expect(rows[0]).toEqual([
      'characteristic',
      'label',
      'value',
      'value_label',
      'source',
      'source_label',
      'scope',
      'recorded_at',
    ]);
    const safe = A_VALUES.map((r) => r.map((cell) => (cell.startsWith('=') ? `'${cell}` : cell)));
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual(safe);
    // Nothing of student B (N, 2) or of A's other enrolment (3).
    expect(csv.text).not.toMatch(/,N,|,2,|,3,/);
  });

  it('shows the groups staff mark visible, with their rules in words; another coach’s group is refused', async () => {
    const staff = await ctx.signIn(STAFF);
    const refused = await staff.request('PUT', MY_DATA_API.cohortVisibility(coach, otherGroup), {
      json: { visible_to_students: true },
    });
    expect(refused.status).toBe(404);
    const [other] = await ctx.database.query<{ v: boolean }>(
      'select visible_to_students as v from cohorts where id = $1',
      [otherGroup],
    );
    expect(other!.v).toBe(false);
    const student = await (await ctx.signIn(A)).request('PUT', MY_DATA_API.cohortVisibility(coach, group), {
      json: { visible_to_students: true },
    });
    expect(student.status).toBe(403);
    const ok = await staff.request('PUT', MY_DATA_API.cohortVisibility(coach, group), {
      json: { visible_to_students: true },
    });
    expect([ok.status, ok.body]).toEqual([200, { visible_to_students: true }]);
    expect((await staff.get(MY_DATA_API.cohortVisibilityList(coach))).body).toEqual([
      { id: group, name: 'Extra support', visible_to_students: true },
    ]);
    const data = MyDataSchema.parse((await (await ctx.signIn(A)).get(MY_DATA_API.myData(coach))).body);
    expect(data.groups).toEqual([
      {
        id: group,
        name: 'Extra support',
        rules: ['Declared disability is Yes', 'Previous attempts is more than 0'],
      },
    ]);
    // B is not in the group.
    const b = MyDataSchema.parse(
      (await (await ctx.signIn('mydata-b@mydata.edu')).get(MY_DATA_API.myData(coach))).body,
    );
    expect(b.groups).toEqual([]);
    expect(b.characteristics.map((c) => c.value)).toEqual(['N', '2']);
  });

  it('refuses another student’s data (403), staff without a student (400); staff may name one', async () => {
    const me = await ctx.signIn(A);
    for (const path of [
      MY_DATA_API.myData(coach),
      MY_DATA_API.myDataJson(coach),
      MY_DATA_API.myDataCsv(coach),
    ]) {
      const res = await me.get(`${path}?user_id=${u.b}`);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain('mydata-b');
    }
    const staff = await ctx.signIn(STAFF);
    expect((await staff.get(MY_DATA_API.myData(coach))).status).toBe(400);
    const forA = MyDataSchema.parse((await staff.get(`${MY_DATA_API.myData(coach)}?user_id=${u.a}`)).body);
    expect(forA.student.id).toBe(u.a);
    expect(
      (await staff.request('PUT', MY_DATA_API.peerComparison(coach), { json: { opt_out: true } })).status,
    ).toBe(403);
  });

  it('records the peer-comparison opt-out per enrolment', async () => {
    const me = await ctx.signIn(A);
    const res = await me.request('PUT', MY_DATA_API.peerComparison(coach), {
      json: { opt_out: true, extra: 1 },
    });
    expect(res.status).toBe(400);
    expect(
      (await me.request('PUT', MY_DATA_API.peerComparison(coach), { json: { opt_out: true } })).status,
    ).toBe(200);
    expect(MyDataSchema.parse((await me.get(MY_DATA_API.myData(coach))).body).peer_comparison_opt_out).toBe(
      true,
    );
    const b = await ctx.signIn('mydata-b@mydata.edu');
    expect(MyDataSchema.parse((await b.get(MY_DATA_API.myData(coach))).body).peer_comparison_opt_out).toBe(
      false,
    );
    await me.request('PUT', MY_DATA_API.peerComparison(coach), { json: { opt_out: false } });
    expect(MyDataSchema.parse((await me.get(MY_DATA_API.myData(coach))).body).peer_comparison_opt_out).toBe(
      false,
    );
  });

  it('says why I see a tailored item, in words; refuses items not meant for me or not in the coach', async () => {
    const me = await ctx.signIn(A);
    const why = (kind: string, id: number | string, extra = '') =>
      me.get(`${MY_DATA_API.why(coach)}?kind=${kind}&id=${id}${extra}`);
    let res = await why('todolist', lists.wired);
    expect([res.status, res.body]).toEqual([
      200,
      { reasons: ['Declared disability is one of Yes or No', 'Previous attempts is 1'] },
    ]);
    res = await why('todolist', lists.open);
    expect([res.status, res.body]).toEqual([200, { reasons: [] }]);
    // B has 2 previous attempts: the wired list is not meant for them.
    const b = await ctx.signIn('mydata-b@mydata.edu');
    expect((await b.get(`${MY_DATA_API.why(coach)}?kind=todolist&id=${lists.wired}`)).status).toBe(404);
    expect((await why('todolist', lists.elsewhere)).status).toBe(404);
    expect((await why('bulletin', lists.wired)).status).toBe(404);
    expect((await why('todolist', lists.wired, `&user_id=${u.b}`)).status).toBe(403);
    res = await why('nonsense', 1);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toEqual(['kind']);
    expect((await why('todolist', 'abc')).status).toBe(400);
  });

  it('tells nothing of an item that is not live: a scheduled or under-review list answers 404', async () => {
    const me = await ctx.signIn(A);
    const why = () => me.get(`${MY_DATA_API.why(coach)}?kind=todolist&id=${lists.open}`);
    expect((await why()).status).toBe(200);
    for (const column of ['is_queued', 'is_under_review']) {
      await ctx.database.query(`update todo_lists set ${column} = true where id = $1`, [lists.open]);
      expect((await why()).status).toBe(404);
      await ctx.database.query(`update todo_lists set ${column} = false where id = $1`, [lists.open]);
    }
    expect((await why()).status).toBe(200);
  });
});
