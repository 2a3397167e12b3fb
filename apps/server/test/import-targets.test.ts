import {
  API,
  DictionaryDataSchema,
  IMPORT_API,
  IMPORT_FILE_LIMIT,
  IMPORT_FILE_TOO_LARGE,
  type ImportMapping,
  importTargets,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepStaleUploads } from '../src/modules/imports/cleanup.ts';
import type { Browser, TestContext } from './helpers.ts';
import { type GuidedImport, openGuidedImport } from './import-fixture.ts';

/**
 * Gaps of the guided import (README "Importing a registrar's file"), through the HTTP API on a demo coach:
 * - an Insight Group's membership characteristic is marked in the dictionary, left out of the import's
 *   targets and refused as a mapping target with a field error (its group's sync writes it);
 * - the size refusal is the contracts' sentence;
 * - uploads never committed are removed after 24 hours by the maintenance sweep, except one whose
 *   import is still running.
 */

let g: GuidedImport;
let ctx: TestContext;
let instructor: Browser;
let coachId: number;
/** A demo Insight Group's membership characteristic ("Heavy study load"), read from the table itself. */
let GROUP_CHARACTERISTIC: string;
const importIds: number[] = [];

const upload = async (text: string): Promise<number> => (await g.upload(text, 'gaps.csv')).id;

/** A two-column file naming real students of the coach. */
const file = () => ['email,member', ...g.students.slice(0, 3).map((email) => `${email},true`)].join('\n');

beforeAll(async () => {
  g = await openGuidedImport();
  ({ ctx, instructor, coachId } = g);
  const [row] = await ctx.database.query<{ name: string }>(
    'select name from characteristics where institution_id = $1 and cohort_id is not null order by id limit 1',
    [ctx.institutionId],
  );
  GROUP_CHARACTERISTIC = row!.name;
});

afterAll(async () => {
  for (const id of importIds)
    await ctx.database.query('delete from characteristic_imports where id = $1', [id]);
  await g.removeUploads();
});

describe('Insight Group characteristics are not import targets', () => {
  it('the dictionary marks them and importTargets leaves them out', async () => {
    const res = await instructor.get(API.mtsDictionaryData(coachId));
    expect(res.status, res.text).toBe(200);
    const dict = DictionaryDataSchema.parse(res.body);
    const marked = dict.characteristics.filter((c) => c.insight_group).map((c) => c.name);
    expect(marked).toContain(GROUP_CHARACTERISTIC);
    // Only the groups' own characteristics are marked: the registrar's are not.
    expect(marked).not.toContain('studied_credits');
    const targets = importTargets(dict.characteristics).map((c) => c.name);
    expect(targets).toContain('studied_credits');
    expect(targets).not.toContain(GROUP_CHARACTERISTIC);
  });

  it('a mapping to one is refused with a field error, for the dry run and the commit, nothing written', async () => {
    const id = await upload(file());
    const mapping: ImportMapping = {
      source: 'registrar_gaps',
      delimiter: ',',
      student: { column: 'email', by: 'email' },
      columns: [{ column: 'member', action: 'existing', characteristic: GROUP_CHARACTERISTIC }],
      recode: {},
    };
    const expected = {
      'mapping.columns.0.characteristic': [
        `“${GROUP_CHARACTERISTIC}” is written by an Insight Group and cannot be imported.`,
      ],
    };
    const dry = await instructor.post(IMPORT_API.dryRun(coachId, id), { mapping });
    expect(dry.status, dry.text).toBe(400);
    expect(dry.body).toMatchObject(expected);
    const commit = await instructor.post(IMPORT_API.commit(coachId, id), { mapping });
    expect(commit.status, commit.text).toBe(400);
    expect(commit.body).toMatchObject(expected);
    const [n] = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from characteristic_imports where source = 'registrar_gaps'`,
    );
    expect(n!.n).toBe(0);
  });
});

describe('guided import size limit', () => {
  it('a file over the limit is refused with the contracts’ sentence', async () => {
    const big = `email,member\n${'x'.repeat(IMPORT_FILE_LIMIT)}`;
    const res = await instructor.request<{ file?: string[] }>(
      'POST',
      `${IMPORT_API.uploads(coachId)}?file_name=big.csv`,
      {
        body: big,
        contentType: 'text/csv',
      },
    );
    expect(res.status, res.text).toBe(400);
    expect(res.body.file).toEqual([IMPORT_FILE_TOO_LARGE]);
  });
});

describe('uncommitted uploads are removed after 24 hours', () => {
  it('the sweep removes stale uploads, keeps recent ones and those of a running import', async () => {
    const stale = await upload(file());
    const recent = await upload(file());
    const running = await upload(file());
    const age = (id: number, hours: number) =>
      ctx.database.query(
        `update import_uploads set created_at = now() - make_interval(hours => $2) where id = $1`,
        [id, hours],
      );
    await age(stale, 25);
    await age(recent, 23);
    await age(running, 25);
    // An import of `running` still started (its job queued): the upload must outlive the sweep.
    const [imp] = await ctx.database.query<{ id: number }>(
      `insert into characteristic_imports (institution_id, coach_id, source, state, rows_total, characteristics)
       values ($1, $2, 'registrar_gaps', 'started', 3, '{}') returning id`,
      [ctx.institutionId, coachId],
    );
    importIds.push(imp!.id);
    await ctx.database.query(
      `insert into import_jobs (import_id, upload_id, mapping) values ($1, $2, '{}')`,
      [imp!.id, running],
    );
    for (const id of [stale, recent, running])
      expect((await instructor.get(IMPORT_API.upload(coachId, id))).status).toBe(200);

    expect(await sweepStaleUploads(ctx.database.query)).toBe(1);

    expect((await instructor.get(IMPORT_API.upload(coachId, stale))).status).toBe(404);
    expect((await instructor.get(IMPORT_API.upload(coachId, recent))).status).toBe(200);
    expect((await instructor.get(IMPORT_API.upload(coachId, running))).status).toBe(200);
    // Once that import has finished (here: failed), its upload is stale like any other.
    await ctx.database.query(`update characteristic_imports set state = 'failure' where id = $1`, [imp!.id]);
    expect(await sweepStaleUploads(ctx.database.query)).toBe(1);
    expect((await instructor.get(IMPORT_API.upload(coachId, running))).status).toBe(404);
  });
});
