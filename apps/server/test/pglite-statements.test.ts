import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedStatementNames } from '../src/db/client.ts';
import { namedStatementQuery } from '../src/db/pglite-statements.ts';

/**
 * db/pglite-statements.ts: hot parameterised statements run as named prepared statements on PGlite. Each
 * answer is compared with PGlite's own `query` (the unnamed path) for the same text and parameters.
 */
describe('named prepared statements on PGlite', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create('memory://');
    await pglite.exec(`create table things (id int primary key, name text not null, at timestamptz,
      tags int[], data jsonb, done boolean)`);
  });
  afterAll(async () => {
    await pglite.close();
  });

  const prepared = async () =>
    (
      await pglite.query<{ name: string; statement: string }>(
        'select name, statement from pg_prepared_statements',
      )
    ).rows;

  it('answers as PGlite’s own query does, and prepares a text from its third run on', async () => {
    const query = namedStatementQuery(pglite, new PreparedStatementNames());
    const text = `select $1::int as i, $2::text as t, $3::timestamptz as at, $4::jsonb as j, $5::int[] as a,
      $6::boolean as b, $7::text as n, $8::numeric as x`;
    const params = [
      42,
      'O’Brien “quoted”',
      new Date('2026-11-28T04:15:00.123Z'),
      { k: [1, 'two'] },
      [3, 1, 2],
      true,
      null,
      '1.50',
    ];
    const expected = (await pglite.query(text, params)).rows;
    for (let run = 1; run <= 5; run++) {
      expect(await query(text, params)).toEqual(expected);
      const names = (await prepared()).filter((p) => p.statement === text);
      expect(names.length).toBe(run >= 3 ? 1 : 0);
    }
    expect((await prepared()).find((p) => p.statement === text)?.name).toMatch(/^cc_/);
  });

  it('writes and reads table rows with parameters inferred from the columns', async () => {
    const query = namedStatementQuery(pglite, new PreparedStatementNames());
    const insert =
      'insert into things (id, name, at, tags, data, done) values ($1, $2, $3, $4, $5, $6) returning *';
    for (let id = 1; id <= 4; id++) {
      const [row] = await query<{ id: number; name: string; tags: number[] }>(insert, [
        id,
        `thing ${id}`,
        new Date(Date.UTC(2026, 10, id)),
        [id, id + 1],
        { id },
        id % 2 === 0,
      ]);
      expect(row).toMatchObject({ id, name: `thing ${id}`, tags: [id, id + 1] });
    }
    const select = 'select * from things where id = any($1::int[]) and done = $2 order by id';
    for (let run = 0; run < 4; run++) {
      expect(await query(select, [[1, 2, 3, 4], true])).toEqual(
        (await pglite.query(select, [[1, 2, 3, 4], true])).rows,
      );
    }
    expect((await query<{ id: number }>(select, [[2, 3, 4], true])).map((r) => r.id)).toEqual([2, 4]);
  });

  it('raises PGlite’s database errors with their code, and keeps working after them', async () => {
    const query = namedStatementQuery(pglite, new PreparedStatementNames());
    const insert = 'insert into things (id, name) values ($1, $2)';
    for (let id = 10; id < 13; id++) await query(insert, [id, 'x']);
    // Prepared now: a duplicate key fails in Execute, a bad integer in Bind.
    await expect(query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(query(insert, ['not a number', 'x'])).rejects.toMatchObject({ code: '22P02' });
    await query(insert, [13, 'after the errors']);
    expect((await pglite.query('select name from things where id = 13')).rows).toEqual([
      { name: 'after the errors' },
    ]);
    // A syntax error is raised before anything is prepared, every time.
    const bad = 'select from where $1';
    for (let run = 0; run < 4; run++) await expect(query(bad, [1])).rejects.toMatchObject({ code: '42601' });
  });

  it('reuses a statement another runner of the same database prepared under the same name', async () => {
    const text = 'select name from things where id = $1';
    const first = namedStatementQuery(pglite, new PreparedStatementNames());
    const second = namedStatementQuery(pglite, new PreparedStatementNames());
    for (let run = 0; run < 3; run++) expect(await first(text, [1])).toEqual([{ name: 'thing 1' }]);
    for (let run = 0; run < 3; run++) expect(await second(text, [2])).toEqual([{ name: 'thing 2' }]);
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(1);
  });
});
