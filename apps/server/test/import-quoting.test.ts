import { DryRunSchema, IMPORT_API, type Quote, UploadSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './helpers.ts';
import { type GuidedImport, noteMapping, openGuidedImport } from './import-fixture.ts';

/**
 * The guided import's quoting is detected, shown and changeable (README "Importing a registrar's file"):
 * the upload says the quote character it was read with, GET …/uploads/{id}?quote=… reads the file again
 * with another (`"`, `'` or none), and a mapping's `quote` is the one its dry run and commit read with.
 * Through the HTTP API on a demo coach; the expected cells are written out by hand.
 */

let g: GuidedImport;
let instructor: Browser;
let coachId: number;
let a: string;
let b: string;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
type Json = Record<string, any>;

const upload = (text: string) => g.upload(text, 'quotes.csv');

const reread = (id: number, quote: string) =>
  instructor.get<Json>(`${IMPORT_API.upload(coachId, id)}?quote=${encodeURIComponent(quote)}`);

const mapping = (quote: Quote) => noteMapping('registrar_quotes', 'quotes_note', { quote });

beforeAll(async () => {
  g = await openGuidedImport();
  ({ instructor, coachId } = g);
  [a, b] = g.students as [string, string];
});

afterAll(async () => {
  await g.removeUploads();
});

describe('guided import quoting', () => {
  it('single quotes holding the delimiter are detected; no quoting then breaks a line (400, one sentence)', async () => {
    const up = await upload(`email,note\n${a},'late, twice'\n${b},'ok'\n`);
    expect(up.format.quote).toBe("'");
    expect(up.format.quoted).toBe(false);
    expect(up.preview).toEqual([
      [a, 'late, twice'],
      [b, 'ok'],
    ]);
    const none = await reread(up.id, 'none');
    expect(none.status, none.text).toBe(400);
    expect(none.body.file[0]).toMatch(
      /^Line 2 cannot be read: it has another number of columns than the header/,
    );
  });

  it('another quote character reads the file again: double, single, none', async () => {
    const up = await upload(`email,note\n${a},'x'\n${b},"y"\n`);
    expect(up.format.quote).toBe('"');
    expect(up.preview).toEqual([
      [a, "'x'"],
      [b, 'y'],
    ]);
    const single = await reread(up.id, "'");
    expect(single.status, single.text).toBe(200);
    expect(UploadSchema.parse(single.body).format.quote).toBe("'");
    expect(single.body.preview).toEqual([
      [a, 'x'],
      [b, '"y"'],
    ]);
    const none = await reread(up.id, 'none');
    expect(none.status, none.text).toBe(200);
    expect(none.body.preview).toEqual([
      [a, "'x'"],
      [b, '"y"'],
    ]);
    const bad = await reread(up.id, '`');
    expect(bad.status).toBe(400);
    expect(bad.body.quote[0]).toBe('Use double quotes (“"”), single quotes (“\'”) or no quoting.');
  });

  it('the mapping’s quote is the one the dry run reads with', async () => {
    const up = await upload(`email,note\n${a},'late, twice'\n${b},'ok'\n`);
    const good = await instructor.post<Json>(IMPORT_API.dryRun(coachId, up.id), { mapping: mapping("'") });
    expect(good.status, good.text).toBe(200);
    expect(DryRunSchema.parse(good.body)).toMatchObject({ rows_total: 2, problem_count: 0, values: 2 });
    const wrong = await instructor.post<Json>(IMPORT_API.dryRun(coachId, up.id), {
      mapping: mapping('none'),
    });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.file[0]).toMatch(/^Line 2 cannot be read/);
  });
});
