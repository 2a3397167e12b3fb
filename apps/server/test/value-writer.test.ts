import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { type ValueRow, type WrittenValues, writeValues } from '../src/modules/tailoring/value-writer.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * The value writer's diff (modules/tailoring/value-writer.ts, docs/characteristics.md "Importing
 * values"): a changed single value is updated in place, the rest deleted and inserted. Whatever the
 * path, the stored values after a write are exactly the file's for every listed (student,
 * characteristic), other sources and unlisted students keep theirs, an unchanged value keeps its
 * `recorded_at`, and the reported change is that of deleting the old values and inserting the new
 * ones. Covers single-valued set, range and enrolment-scoped text characteristics, a multivalued one,
 * "no answer" (null), a student holding two values of a single-valued characteristic or one under the
 * wrong coach (data the writer never leaves), and a file listing a single-valued pair twice. Expected
 * values are written out by hand.
 */

let database: Database;
let institutionId: number;
let coachId: number;
let sourceId: number;
let otherSourceId: number;
/** u[1]..u[4]: the students. */
const u: number[] = [];
const c: Record<'color' | 'score' | 'tags' | 'note', number> = { color: 0, score: 0, tags: 0, note: 0 };

type Stored = Array<[string, number, string, number | null, number]>;

/** The values of the test's characteristics from `source`: [name, student #, value, num, coach]. */
async function stored(source: number): Promise<Stored> {
  const rows = await database.query<{
    name: string;
    user_id: number;
    value: string;
    num: number | null;
    coach_id: number;
  }>(
    `select ch.name, v.user_id, v.value, v.num, v.coach_id from student_characteristic_values v
       join characteristics ch on ch.id = v.characteristic_id
      where ch.institution_id = $1 and v.source_id = $2
      order by ch.name, v.user_id, v.value`,
    [institutionId, source],
  );
  return rows.map((r) => [r.name, u.indexOf(r.user_id), r.value, r.num, r.coach_id === 0 ? 0 : 1]);
}

async function recordedAt(name: string, student: number, value: string): Promise<string> {
  const [row] = await database.query<{ at: Date }>(
    `select recorded_at as at from student_characteristic_values
      where characteristic_id = $1 and user_id = $2 and source_id = $3 and value = $4`,
    [c[name as keyof typeof c], u[student], sourceId, value],
  );
  return new Date(row!.at).toISOString();
}

/** Rows from [characteristic, student #, value] (a null value: the student has no value). */
const rows = (xs: Array<[keyof typeof c, number, string | null]>): ValueRow[] =>
  xs.map(([name, s, value]) => ({
    userId: u[s]!,
    characteristicId: c[name],
    value,
    num: name === 'score' && value !== null ? Number(value) : null,
  }));

async function write(xs: Array<[keyof typeof c, number, string | null]>): Promise<WrittenValues> {
  return database.transaction((q) => writeValues(q, { institutionId, coachId, sourceId }, rows(xs)));
}

/** The report with its lists sorted (their order is not part of it), students as numbers. */
const sorted = (w: WrittenValues) => ({
  characteristics: [...w.characteristicIds].sort((a, b) => a - b),
  users: w.users === null ? null : w.users.map((id) => u.indexOf(id)).sort(),
  changed: w.changed,
});

beforeAll(async () => {
  database = await openTestDatabase('migrated');
  const q = database.query;
  const slug = `vw-${Date.now()}`;
  [{ id: institutionId }] = (await q<{ id: number }>(
    `insert into institutions (name, slug) values ('Value Writer U', $1) returning id`,
    [slug],
  )) as [{ id: number }];
  [{ id: coachId }] = (await q<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'VW', 'VW', '2026', 100) returning id`,
    [institutionId],
  )) as [{ id: number }];
  const users = await q<{ id: number }>(
    `insert into users (institution_id, email, name, password_hash)
     select $1, $2 || g || '@vw.edu', 'Student ' || g, 'x' from generate_series(1, 4) g order by g returning id`,
    [institutionId, slug],
  );
  u.push(0, ...users.map((r) => r.id));
  const set = (xs: string[]) => JSON.stringify(xs.map((v) => ({ value: v, label: v })));
  const defs = await q<{ id: number; name: keyof typeof c }>(
    `insert into characteristics (institution_id, name, kind, value_type, scope, is_multivalued, default_value, restriction_values, restriction_ranges, question)
     values ($1, 'color', 'set', 'categorical', 'student', false, null, $2::jsonb, '[]'::jsonb, 'Color'),
            ($1, 'score', 'range', 'number', 'student', false, null, '[]'::jsonb, '[{"min":0,"max":100}]'::jsonb, 'Score'),
            ($1, 'tags', 'set', 'multivalued', 'student', true, null, $3::jsonb, '[]'::jsonb, 'Tags'),
            ($1, 'note', 'text', null, 'enrolment', false, null, '[]'::jsonb, '[]'::jsonb, 'Note')
     returning id, name`,
    [institutionId, set(['red', 'green', 'blue']), set(['a', 'b', 'c', 'd'])],
  );
  for (const d of defs) c[d.name] = d.id;
  [{ id: sourceId }, { id: otherSourceId }] = (await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar'), ($1, 'survey', 'Survey')
     returning id`,
    [institutionId],
  )) as [{ id: number }, { id: number }];
  // Another source's value, which no write of the registrar's touches.
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value)
     values ($1, $2, $3, 0, $4, 'green')`,
    [institutionId, c.color, u[1], otherSourceId],
  );
});

afterAll(async () => {
  if (institutionId) await database.query('delete from institutions where id = $1', [institutionId]);
  await database?.close();
});

describe('value writer diff', () => {
  it('replaces exactly the listed values, by update or by delete and insert, and reports the change', async () => {
    const first = await write([
      ['color', 1, 'red'],
      ['color', 2, 'green'],
      ['color', 3, 'blue'],
      ['score', 1, '10'],
      ['score', 2, '20'],
      ['tags', 1, 'a'],
      ['tags', 1, 'b'],
      ['tags', 2, 'c'],
      ['note', 1, 'x'],
    ]);
    expect(sorted(first)).toEqual({
      characteristics: Object.values(c).sort((a, b) => a - b),
      users: [1, 2, 3],
      changed: 9,
    });
    const kept = {
      red: await recordedAt('color', 1, 'red'),
      score: await recordedAt('score', 2, '20'),
      b: await recordedAt('tags', 1, 'b'),
    };
    await new Promise((r) => setTimeout(r, 20));
    const second = await write([
      ['color', 1, 'red'], // unchanged
      ['color', 2, 'blue'], // changed
      ['color', 3, null], // no answer any more
      ['color', 4, 'green'], // new
      ['score', 1, '11'], // changed
      ['score', 2, '20'], // unchanged
      ['tags', 1, 'b'], // a removed, b kept, c and d added
      ['tags', 1, 'c'],
      ['tags', 1, 'd'],
      ['tags', 2, null], // no answer any more
      ['tags', 3, 'a'], // new
      ['note', 1, 'y'], // changed (the coach's enrolment)
    ]);
    expect(await stored(sourceId)).toEqual([
      ['color', 1, 'red', null, 0],
      ['color', 2, 'blue', null, 0],
      ['color', 4, 'green', null, 0],
      ['note', 1, 'y', null, 1],
      ['score', 1, '11', 11, 0],
      ['score', 2, '20', 20, 0],
      ['tags', 1, 'b', null, 0],
      ['tags', 1, 'c', null, 0],
      ['tags', 1, 'd', null, 0],
      ['tags', 3, 'a', null, 0],
    ]);
    expect(await stored(otherSourceId)).toEqual([['color', 1, 'green', null, 0]]);
    // Deleted: color 2 green, color 3 blue, score 1 10, tags 1 a, tags 2 c, note 1 x (6); inserted:
    // color 2 blue, color 4 green, score 1 11, tags 1 c, tags 1 d, tags 3 a, note 1 y (7).
    expect(sorted(second)).toEqual({
      characteristics: Object.values(c).sort((a, b) => a - b),
      users: [1, 2, 3, 4],
      changed: 13,
    });
    expect(await recordedAt('color', 1, 'red')).toBe(kept.red);
    expect(await recordedAt('score', 2, '20')).toBe(kept.score);
    expect(await recordedAt('tags', 1, 'b')).toBe(kept.b);
    expect(await recordedAt('color', 2, 'blue')).not.toBe(kept.red);
  });

  it('a repeated write changes nothing', async () => {
    const before = await stored(sourceId);
    const again = await write([
      ['color', 1, 'red'],
      ['color', 2, 'blue'],
      ['color', 3, null],
      ['score', 1, '11'],
      ['tags', 1, 'b'],
      ['tags', 1, 'c'],
      ['tags', 1, 'd'],
      ['note', 1, 'y'],
    ]);
    expect(sorted(again)).toEqual({ characteristics: [], users: [], changed: 0 });
    expect(await stored(sourceId)).toEqual(before);
  });

  it('a student with two stored values of a single-valued characteristic ends with the file’s one', async () => {
    await database.query(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value)
       values ($1, $2, $3, 0, $4, 'green')`,
      [institutionId, c.color, u[1], sourceId],
    );
    const third = await write([
      ['color', 1, 'blue'],
      ['color', 2, 'green'],
    ]);
    expect((await stored(sourceId)).filter((r) => r[0] === 'color')).toEqual([
      ['color', 1, 'blue', null, 0],
      ['color', 2, 'green', null, 0],
      ['color', 4, 'green', null, 0],
    ]);
    // Deleted: color 1 green and red, color 2 blue; inserted: color 1 blue, color 2 green.
    expect(sorted(third)).toEqual({ characteristics: [c.color], users: [1, 2], changed: 5 });
    expect(await stored(otherSourceId)).toEqual([['color', 1, 'green', null, 0]]);
  });

  it('a value stored under the other coach is replaced by the file’s, under the characteristic’s', async () => {
    // Student 3's colour (student-scoped) stored as the coach's course fact: data the writer never leaves.
    await database.query(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value)
       values ($1, $2, $3, $4, $5, 'red')`,
      [institutionId, c.color, u[3], coachId, sourceId],
    );
    const fourth = await write([
      ['color', 2, 'blue'],
      ['color', 3, 'red'],
    ]);
    expect((await stored(sourceId)).filter((r) => r[0] === 'color')).toEqual([
      ['color', 1, 'blue', null, 0],
      ['color', 2, 'blue', null, 0],
      ['color', 3, 'red', null, 0],
      ['color', 4, 'green', null, 0],
    ]);
    // Deleted: color 2 green, color 3 red (the coach's); inserted: color 2 blue, color 3 red (coach 0).
    expect(sorted(fourth)).toEqual({ characteristics: [c.color], users: [2, 3], changed: 4 });
  });

  it('a file that lists a single-valued pair twice stores both values, like the general diff', async () => {
    const fifth = await write([
      ['score', 1, '12'],
      ['score', 1, '13'],
      ['score', 2, '20'],
    ]);
    expect((await stored(sourceId)).filter((r) => r[0] === 'score')).toEqual([
      ['score', 1, '12', 12, 0],
      ['score', 1, '13', 13, 0],
      ['score', 2, '20', 20, 0],
    ]);
    // Deleted: score 1 11; inserted: score 1 12 and 13; score 2 unchanged.
    expect(sorted(fifth)).toEqual({ characteristics: [c.score], users: [1], changed: 3 });
  });
});
