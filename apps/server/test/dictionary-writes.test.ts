import { API, CharacteristicDefinitionSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Query } from '../src/db/client.ts';
import { ensureTailoringSource, insertCharacteristic } from '../src/modules/tailoring/index.ts';
import { onPostgres } from './file-database.ts';
import { type Browser, getTestContext, STAFF_EMAIL, type TestContext } from './helpers.ts';

/**
 * The dictionary's two shared writes (modules/tailoring/dictionary-queries.ts; docs/characteristics.md
 * "Adding a characteristic or a source"): every path adds a tailoring source and a characteristic through
 * them, so a source two paths name is one row, and a taken code name does what the caller asks.
 */

let ctx: TestContext;
let staff: Browser;

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
});

const sourcesNamed = (name: string) =>
  ctx.database.query<{ id: number; label: string }>(
    'select id, label from tailoring_sources where institution_id = $1 and name = $2',
    [ctx.institutionId, name],
  );

const characteristicNamed = async (name: string) => {
  const [row] = await ctx.database.query<Record<string, unknown>>(
    `select id, label, question, description, kind, value_type, scope, is_multivalued, default_value,
            restriction_values, restriction_ranges, step, cohort_id, retired_at
       from characteristics where institution_id = $1 and name = $2`,
    [ctx.institutionId, name],
  );
  return row;
};

describe('adding a tailoring source', () => {
  it('a source two paths add is one row, labelled as the path that added it first said', async () => {
    // The staff's definitions add a new source labelled by its name…
    const res = await staff.post(API.characteristicDefinitions(ctx.institutionId), {
      name: 'lab_attendance',
      label: 'Lab attendance',
      description: '',
      type: 'yes_no',
      scope: 'student',
      source: 'lab_records',
      missing: 'default',
      default: null,
    });
    expect(res.status, res.text).toBe(201);
    expect(CharacteristicDefinitionSchema.parse(res.body).sources).toEqual(['lab_records']);
    const [added] = await sourcesNamed('lab_records');
    expect(added).toMatchObject({ label: 'lab_records' });

    // …and a path that gives a label (the guided import, the LMS activity, survey answers) finds it.
    expect(
      await ensureTailoringSource(ctx.database.query, ctx.institutionId, 'lab_records', 'Lab records'),
    ).toBe(added!.id);
    expect(await sourcesNamed('lab_records')).toEqual([{ id: added!.id, label: 'lab_records' }]);

    // The seed's sources keep the labels it gave them.
    const [registrar] = await sourcesNamed('registrar');
    expect(await ensureTailoringSource(ctx.database.query, ctx.institutionId, 'registrar')).toBe(
      registrar!.id,
    );
    expect(await sourcesNamed('registrar')).toEqual([
      { id: registrar!.id, label: 'Registrar (student records)' },
    ]);
  });
  // PostgreSQL only: PGlite runs one transaction at a time, so no two writers can overlap there.
  it.skipIf(!onPostgres())(
    'a second writer of a source waits until the first writer’s transaction ends (writers of one source run one after another)',
    async () => {
      const [registrar] = await sourcesNamed('registrar');
      const writer = await ctx.database.pool!.connect();
      const wq: Query = async (text, params) => (await writer.query(text, params as unknown[])).rows;
      /** `promise`'s value, or 'waiting' when it has not settled within `ms`. */
      const within = <T>(promise: Promise<T>, ms: number) =>
        Promise.race([promise, new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);
      try {
        await writer.query('begin');
        expect(await ensureTailoringSource(wq, ctx.institutionId, 'registrar')).toBe(registrar!.id);
        const second = ensureTailoringSource(ctx.database.query, ctx.institutionId, 'registrar');
        expect(await within(second, 500)).toBe('waiting');
        await writer.query('commit');
        expect(await second).toBe(registrar!.id);
      } finally {
        await writer.query('rollback').catch(() => undefined);
        writer.release();
      }
    },
  );
});

describe('adding a characteristic', () => {
  it('takes the table’s defaults for what the path leaves out', async () => {
    const added = await insertCharacteristic(ctx.database.query, ctx.institutionId, {
      name: 'dw_probe',
      question: 'Which probe?',
      kind: 'set',
      restriction_values: [{ value: 'a', label: 'A' }],
    });
    expect(added.cohort_id).toBeNull();
    expect(await characteristicNamed('dw_probe')).toEqual({
      id: added.id,
      label: '',
      question: 'Which probe?',
      description: '',
      kind: 'set',
      value_type: null,
      scope: 'student',
      is_multivalued: false,
      default_value: null,
      restriction_values: [{ value: 'a', label: 'A' }],
      restriction_ranges: [],
      step: null,
      cohort_id: null,
      retired_at: null,
    });
  });

  it('a code name already taken: `fail` throws, `skip` returns nothing, `reword` replaces only question and label', async () => {
    const before = await characteristicNamed('dw_probe');
    const again = {
      name: 'dw_probe',
      label: 'Probe',
      question: 'Which probe now?',
      kind: 'range' as const,
      restriction_ranges: [{ min: 0, max: 9 }],
    };

    await expect(insertCharacteristic(ctx.database.query, ctx.institutionId, again)).rejects.toThrow();
    expect(await characteristicNamed('dw_probe')).toEqual(before);

    expect(await insertCharacteristic(ctx.database.query, ctx.institutionId, again, 'skip')).toBeUndefined();
    expect(await characteristicNamed('dw_probe')).toEqual(before);

    expect(await insertCharacteristic(ctx.database.query, ctx.institutionId, again, 'reword')).toEqual({
      id: before!.id,
      cohort_id: null,
    });
    expect(await characteristicNamed('dw_probe')).toEqual({
      ...before,
      label: 'Probe',
      question: 'Which probe now?',
    });
  });
});
