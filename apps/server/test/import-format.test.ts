import { DryRunSchema, IMPORT_API, type ImportMapping, UploadSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './helpers.ts';
import { type GuidedImport, noteMapping, openGuidedImport } from './import-fixture.ts';

/**
 * The guided import's byte order mark and line ending are detected, shown and changeable (README
 * "Importing a registrar's file"): the upload says how it was read, GET …/uploads/{id}?bom=…&line_ending=…
 * reads the file again another way (400 with field errors on other values), and a mapping's `bom` and
 * `line_ending` are the ones its dry run reads with. Through the HTTP API on a demo coach; the expected
 * cells are written out by hand.
 */

let g: GuidedImport;
let instructor: Browser;
let coachId: number;
let a: string;
let b: string;

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
type Json = Record<string, any>;

const upload = (text: string) => g.upload(text, 'format.csv');

const reread = (id: number, query: string) =>
  instructor.get<Json>(`${IMPORT_API.upload(coachId, id)}?${query}`);

const mapping = (read: Pick<ImportMapping, 'bom' | 'line_ending'>) =>
  noteMapping('registrar_format', 'format_note', read);

beforeAll(async () => {
  g = await openGuidedImport();
  ({ instructor, coachId } = g);
  [a, b] = g.students as [string, string];
});

afterAll(async () => {
  await g.removeUploads();
});

describe('guided import byte order mark and line endings', () => {
  it('a CR-only file read with LF is one line (400); chosen CR again, it reads row by row', async () => {
    const up = await upload(`email,note\r${a},late\r${b},ok\r`);
    expect(up.format.line_ending).toBe('CR');
    const lf = await reread(up.id, 'line_ending=LF');
    expect(lf.status, lf.text).toBe(400);
    expect(lf.body.file).toEqual(['The file has a header but no rows: there is nothing to import.']);
    const cr = await reread(up.id, 'line_ending=CR');
    expect(cr.status, cr.text).toBe(200);
    const read = UploadSchema.parse(cr.body);
    expect(read.format.line_ending).toBe('CR');
    expect(read.header).toEqual(['email', 'note']);
    expect(read.preview).toEqual([
      [a, 'late'],
      [b, 'ok'],
    ]);
    expect(read.rows_total).toBe(2);
    const good = await instructor.post<Json>(IMPORT_API.dryRun(coachId, up.id), {
      mapping: mapping({ line_ending: 'CR' }),
    });
    expect(good.status, good.text).toBe(200);
    expect(DryRunSchema.parse(good.body)).toMatchObject({ rows_total: 2, problem_count: 0, values: 2 });
    const wrong = await instructor.post<Json>(IMPORT_API.dryRun(coachId, up.id), {
      mapping: mapping({ line_ending: 'LF' }),
    });
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.file).toEqual(['The file has a header but no rows: there is nothing to import.']);
  });

  it('a CR file whose quoted cells hold line feeds is detected as CR (line ends inside quotes do not count)', async () => {
    const up = await upload(`email,note\r${a},"one\ntwo\nthree"\r${b},"x\ny"\r`);
    expect(up.format.line_ending).toBe('CR');
    expect(up.preview).toEqual([
      [a, 'one\ntwo\nthree'],
      [b, 'x\ny'],
    ]);
  });

  it('a byte order mark detected wrongly is kept as data when the user says it is absent', async () => {
    const up = await upload(`\uFEFFemail,note\n${a},late\n${b},ok\n`);
    expect(up.format.bom).toBe(true);
    expect(up.header).toEqual(['email', 'note']);
    const kept = await reread(up.id, 'bom=absent');
    expect(kept.status, kept.text).toBe(200);
    const read = UploadSchema.parse(kept.body);
    expect(read.format.bom).toBe(false);
    expect(read.header).toEqual(['\uFEFFemail', 'note']);
    // The student column is then not “email”: the dry run says so.
    const dry = await instructor.post<Json>(IMPORT_API.dryRun(coachId, up.id), {
      mapping: mapping({ bom: 'absent' }),
    });
    expect(dry.status, dry.text).toBe(400);
    expect(dry.body['mapping.student.column']).toEqual(['The file has no column “email”.']);
    const stripped = await reread(up.id, 'bom=present&line_ending=LF');
    expect(stripped.status, stripped.text).toBe(200);
    expect(stripped.body.header).toEqual(['email', 'note']);
    expect(stripped.body.format).toMatchObject({ bom: true, line_ending: 'LF' });
  });

  it('refuses other values with field errors (400)', async () => {
    const up = await upload(`email,note\n${a},late\n`);
    const bad = await reread(up.id, 'bom=maybe&line_ending=LFCR');
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.bom).toEqual([
      'Choose whether the file starts with a byte order mark: “present” or “absent”.',
    ]);
    expect(bad.body.line_ending).toEqual(['Use LF, CRLF or CR as the line ending.']);
    const dry = await instructor.post<Json>(IMPORT_API.dryRun(coachId, up.id), {
      mapping: { ...mapping({}), bom: 'yes', line_ending: '\n' },
    });
    expect(dry.status, dry.text).toBe(400);
    expect(dry.body['mapping.bom']).toEqual([
      'Choose whether the file starts with a byte order mark: “present” or “absent”.',
    ]);
    expect(dry.body['mapping.line_ending']).toEqual(['Use LF, CRLF or CR as the line ending.']);
  });
});
