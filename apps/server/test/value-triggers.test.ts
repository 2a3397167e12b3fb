import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Query } from '../src/db/client.ts';
import { onPostgres } from './file-database.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * The key from a student's value to its characteristic, kept by the triggers of db/value-triggers.ts
 * (docs/decisions/0017-value-key-checked-per-statement.md) where a foreign key kept it before: a value of a
 * characteristic that does not exist is refused with 23503, whole statements at once; deleting a
 * characteristic, or its institution, removes its values; a writer's values and a concurrent deletion
 * of their characteristic leave no value behind.
 */
let database: Database;
let q: Query;
let institutionId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  q = database.query;
  const [inst] = await q<{ id: number }>(
    `insert into institutions (name, slug) values ('Key U', 'key-u') returning id`,
  );
  institutionId = inst!.id;
});

afterAll(async () => {
  await database.close();
});

async function characteristic(name: string, institution = institutionId): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into characteristics (institution_id, name, kind, value_type, restriction_values, restriction_ranges, question)
     values ($1, $2, 'set', 'categorical', '[]', '[]', $2) returning id`,
    [institution, name],
  );
  return row!.id;
}

/** Inserts one value per (characteristic, user) pair, all in one statement. */
function insertValues(pairs: Array<[number, number]>, run: Query = q) {
  return run(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
     select $1, c, u, 1, 'v' from unnest($2::int[], $3::int[]) as x(c, u)`,
    [institutionId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

const valuesOf = async (characteristicId: number) =>
  (
    await q<{ n: number }>(
      'select count(*)::int as n from student_characteristic_values where characteristic_id = $1',
      [characteristicId],
    )
  )[0]!.n;

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: { code?: string }) => error.code,
  );

describe('a value’s characteristic must exist', () => {
  it('refuses a statement naming a characteristic that does not exist, writing none of its rows', async () => {
    const a = await characteristic('key_a');
    expect(
      await codeOf(
        insertValues([
          [a, 1],
          [a, 2],
          [2_000_000_001, 3],
        ]),
      ),
    ).toBe('23503');
    expect(await valuesOf(a)).toBe(0);
    await insertValues([
      [a, 1],
      [a, 2],
    ]);
    expect(await valuesOf(a)).toBe(2);
  });

  it('names the missing characteristic in the error, as a foreign key did', async () => {
    const error = await insertValues([[2_000_000_002, 1]]).then(
      () => null,
      (e: Error & { detail?: string }) => e,
    );
    expect(error?.message).toMatch(/violates foreign key constraint/);
    expect(error?.detail).toBe(
      'Key (characteristic_id)=(2000000002) is not present in table "characteristics".',
    );
  });

  it('refuses moving a value to a characteristic that does not exist, and allows moving it to one that does', async () => {
    const b = await characteristic('key_b');
    const c = await characteristic('key_c');
    await insertValues([[b, 7]]);
    expect(
      await codeOf(
        q(
          'update student_characteristic_values set characteristic_id = 2000000003 where characteristic_id = $1',
          [b],
        ),
      ),
    ).toBe('23503');
    expect(await valuesOf(b)).toBe(1);
    await q('update student_characteristic_values set characteristic_id = $2 where characteristic_id = $1', [
      b,
      c,
    ]);
    expect([await valuesOf(b), await valuesOf(c)]).toEqual([0, 1]);
    // An update that leaves the characteristic alone is not checked against it.
    await q(`update student_characteristic_values set value = 'w' where characteristic_id = $1`, [c]);
    expect(await valuesOf(c)).toBe(1);
  });
});

describe('deleting a characteristic removes its values', () => {
  it('deletes the values of the deleted characteristics only', async () => {
    const d = await characteristic('key_d');
    const e = await characteristic('key_e');
    const f = await characteristic('key_f');
    await insertValues([
      [d, 1],
      [d, 2],
      [e, 1],
      [f, 3],
    ]);
    await q('delete from characteristics where id = any($1::int[])', [[d, e]]);
    expect([await valuesOf(d), await valuesOf(e), await valuesOf(f)]).toEqual([0, 0, 1]);
  });

  it('deletes them when the institution is deleted (its characteristics go with it)', async () => {
    const [other] = await q<{ id: number }>(
      `insert into institutions (name, slug) values ('Gone U', 'gone-u') returning id`,
    );
    const g = await characteristic('key_g', other!.id);
    await insertValues([
      [g, 1],
      [g, 2],
    ]);
    expect(await valuesOf(g)).toBe(2);
    await q('delete from institutions where id = $1', [other!.id]);
    expect(await valuesOf(g)).toBe(0);
  });
});

// PostgreSQL only: PGlite runs one transaction at a time, so a writer and a deletion cannot overlap there.
describe.skipIf(!onPostgres())('a writer and a concurrent deletion of the characteristic', () => {
  /** `promise`'s value, or 'waiting' when it has not settled within `ms`. */
  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);

  it('the deletion waits for the writer’s commit, then removes the values it wrote', async () => {
    const h = await characteristic('key_h');
    const writer = await database.pool!.connect();
    const wq: Query = async (text, params) => (await writer.query(text, params as unknown[])).rows;
    try {
      await writer.query('begin');
      await insertValues(
        [
          [h, 1],
          [h, 2],
        ],
        wq,
      );
      const deletion = q('delete from characteristics where id = $1', [h]);
      expect(await within(deletion, 500)).toBe('waiting');
      await writer.query('commit');
      await deletion;
      expect(await valuesOf(h)).toBe(0);
    } finally {
      await writer.query('rollback').catch(() => undefined);
      writer.release();
    }
  });

  it('a writer that comes after a deletion it waited for is refused', async () => {
    const i = await characteristic('key_i');
    const deleter = await database.pool!.connect();
    try {
      await deleter.query('begin');
      await deleter.query('delete from characteristics where id = $1', [i]);
      const write = codeOf(insertValues([[i, 1]]));
      expect(await within(write, 500)).toBe('waiting');
      await deleter.query('commit');
      expect(await write).toBe('23503');
      expect(await valuesOf(i)).toBe(0);
    } finally {
      await deleter.query('rollback').catch(() => undefined);
      deleter.release();
    }
  });
});
