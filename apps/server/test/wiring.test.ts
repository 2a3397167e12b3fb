import { matchesWiring } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors.ts';
import { studentValuesSql, wiringRecommendedSql, wiringVisibleSql } from '../src/modules/wiring/queries.ts';
import {
  deleteWiring,
  loadWiring,
  matchWiring,
  saveWiring,
  studentValues,
  type WiringTarget,
} from '../src/modules/wiring/service.ts';
import {
  coachIdOf,
  getTestContext,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
  userIdOf,
} from './helpers.ts';
import { type CsvRow, subsetOf } from './oulad-reference.ts';

/*
 * The wiring service against the real database and the demo students' real characteristic values.
 * Expectations come from the OULAD studentInfo file (read here, not through the server), for students
 * who appear in exactly one test presentation (their registrar values are that row's).
 */

let ctx: TestContext;
let coachId: number;
const P = 'AAA-2013J';
/** Students of P found once in the test subset, by id_student. */
let single: CsvRow[];

/** Content ids far from any real row, so the tests do not collide with seeded wiring. */
const ID = 900_000;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, P);
  const info = subsetOf(TEST_PRESENTATIONS).studentInfo;
  const count = new Map<string, number>();
  for (const r of info) count.set(r.id_student!, (count.get(r.id_student!) ?? 0) + 1);
  single = info.filter(
    (r) => `${r.code_module}-${r.code_presentation}` === P && count.get(r.id_student!) === 1,
  );
});

const target = (contentId: number): WiringTarget => ({
  institutionId: ctx.institutionId,
  coachId,
  kind: 'todolist',
  contentId,
});

async function rowsOf(contentId: number) {
  return ctx.database.query<{ characteristic: string; value: string }>(
    `select characteristic, value from content_characteristics where content_kind = 'todolist' and content_id = $1
      order by position`,
    [contentId],
  );
}

describe('saveWiring', () => {
  it('refuses an unknown characteristic or a value outside the restriction set with field errors, writing nothing', async () => {
    await ctx.database.transaction((q) => saveWiring(q, target(ID), [{ label: 'gender', value: 'F' }]));
    const bad = [
      { label: 'gender', value: 'F' },
      { label: 'shoe_size', value: '42' },
      { label: 'gender', value: 'X' },
      { label: 'studied_credits', value: '9999' },
      { label: 'num_of_prev_attempts', value: 'two' },
      { label: '', value: '' },
    ];
    const error = await ctx.database
      .transaction((q) => saveWiring(q, target(ID), bad))
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    const http = error as HttpError;
    expect(http.statusCode).toBe(400);
    expect(http.body).toEqual({
      'characteristics.1.label': ['“shoe_size” is not a characteristic in the tailoring dictionary.'],
      'characteristics.2.value': ['“X” is not an allowed value of Gender.'],
      'characteristics.3.value': ['Enter a number from 0 to 700.'],
      'characteristics.4.value': ['Enter a number.'],
      'characteristics.5.label': ['This field is required.'],
      'characteristics.5.value': ['This field is required.'],
    });
    expect(await rowsOf(ID)).toEqual([{ characteristic: 'gender', value: 'F' }]);
  });

  it('refuses the same characteristic and value twice', async () => {
    const error = await ctx.database
      .transaction((q) =>
        saveWiring(q, target(ID + 1), [
          { label: 'studied_credits', value: '60' },
          { label: 'studied_credits', value: '60.0' },
        ]),
      )
      .catch((e: unknown) => e);
    expect((error as HttpError).body).toEqual({
      'characteristics.1.value': ['This characteristic and value are already wired to this item.'],
    });
    expect(await rowsOf(ID + 1)).toEqual([]);
  });

  it('replaces the wiring as a whole, keeps the ids of rows that stay, and deletes it', async () => {
    const first = await ctx.database.transaction((q) =>
      saveWiring(q, target(ID + 2), [
        { label: 'gender', value: 'F' },
        { label: 'studied_credits', value: ' 060 ' },
      ]),
    );
    expect(first.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'gender', value: 'F' },
      { label: 'studied_credits', value: '60' },
    ]);
    const second = await ctx.database.transaction((q) =>
      saveWiring(q, target(ID + 2), [
        { label: 'disability', value: 'N' },
        { label: 'gender', value: 'F' },
      ]),
    );
    expect(second.map((w) => w.label)).toEqual(['disability', 'gender']);
    expect(second.find((w) => w.label === 'gender')!.id).toBe(first[0]!.id);
    const loaded = await loadWiring(ctx.database.query, coachId, 'todolist', [ID + 2]);
    expect(loaded.get(ID + 2)).toEqual(second);
    // A rollback of the caller's transaction takes the wiring with it.
    await ctx.database
      .transaction(async (q) => {
        await saveWiring(q, target(ID + 2), []);
        throw new Error('content save failed');
      })
      .catch(() => undefined);
    expect(await rowsOf(ID + 2)).toHaveLength(2);
    await ctx.database.transaction((q) => deleteWiring(q, coachId, 'todolist', [ID + 2]));
    expect(await rowsOf(ID + 2)).toEqual([]);
  });
});

describe('matching against real students', () => {
  it('matches by the students’ real registrar values and defaults, in SQL and in the pure helper alike', async () => {
    const female = single.find((r) => r.gender === 'F' && r.disability === 'N')!;
    const male = single.find((r) => r.gender === 'M' && r.disability === 'Y')!;
    const noImd = single.find((r) => r.imd_band === '?')!;
    const withImd = single.find((r) => r.imd_band !== '?' && r.gender === 'F')!;
    expect([female, male, noImd, withImd].every(Boolean)).toBe(true);
    const wirings: Array<[number, Array<{ label: string; value: string }>]> = [
      [ID + 10, [{ label: 'gender', value: 'F' }]],
      [ID + 11, [{ label: 'gender', value: 'M' }]],
      // OR within a characteristic, AND across characteristics.
      [
        ID + 12,
        [
          { label: 'gender', value: 'F' },
          { label: 'gender', value: 'M' },
          { label: 'disability', value: 'Y' },
        ],
      ],
      // The default: a '?' in the file means the student has imd_band's default, 'unknown'.
      [ID + 13, [{ label: 'imd_band', value: 'unknown' }]],
      // Numeric equality on a range characteristic.
      [ID + 14, [{ label: 'studied_credits', value: String(Number(female.studied_credits)) }]],
    ];
    for (const [id, w] of wirings) await ctx.database.transaction((q) => saveWiring(q, target(id), w));
    const ids = wirings.map(([id]) => id);
    const expected = (r: CsvRow) =>
      new Map([
        [ID + 10, r.gender === 'F'],
        [ID + 11, r.gender === 'M'],
        [ID + 12, r.disability === 'Y'],
        [ID + 13, r.imd_band === '?'],
        [ID + 14, Number(r.studied_credits) === Number(female.studied_credits)],
      ]);
    for (const r of [female, male, noImd, withImd]) {
      const userId = await userIdOf(ctx, studentEmailOf(r.id_student!));
      const sql = await matchWiring(ctx.database.query, {
        institutionId: ctx.institutionId,
        coachId,
        kind: 'todolist',
        userId,
        contentIds: ids,
      });
      expect(sql).toEqual(expected(r));
      const values = await studentValues(ctx.database.query, ctx.institutionId, userId, coachId);
      for (const [id, w] of wirings) expect(matchesWiring(w, values)).toBe(expected(r).get(id));
      // The SQL expressions for list queries agree, and an unwired item is visible but not recommended.
      const rows = await ctx.database.query<{ id: number; visible: boolean; recommended: boolean }>(
        `with sv as (${studentValuesSql('$1', '$2', '$4::int')})
         select t.cid as id, ${wiringVisibleSql('t.cid', "'todolist'")} as visible,
                ${wiringRecommendedSql('t.cid', "'todolist'")} as recommended
           from unnest($3::int[]) as t(cid) order by t.cid`,
        [userId, ctx.institutionId, [...ids, ID + 99], coachId],
      );
      for (const row of rows) {
        const want = row.id === ID + 99 ? true : expected(r).get(row.id);
        expect(row.visible).toBe(want);
        expect(row.recommended).toBe(row.id === ID + 99 ? false : want);
      }
    }
    await ctx.database.transaction((q) => deleteWiring(q, coachId, 'todolist', ids));
  });
});
