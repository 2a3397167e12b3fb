import { API, IMPORT_API, ImportReportSchema } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, TestContext } from './helpers.ts';
import { type GuidedImport, noteMapping, openGuidedImport } from './import-fixture.ts';

/**
 * The value writer's staging (modules/tailoring/value-writer.ts, docs/characteristics.md "Importing
 * values"): on PostgreSQL the values go through COPY, on PGlite through `unnest` inserts; either way a
 * text value holding a tab, a backslash, a line feed or the text `\N` is stored exactly as the file has it,
 * a re-import of the same file writes nothing, and a changed file replaces exactly the changed value.
 * The values of a deleted characteristic go with it (the foreign key's cascade). Through the guided import's
 * HTTP API on a demo coach; the expected values are written out by hand.
 */

let g: GuidedImport;
let ctx: TestContext;
let instructor: Browser;
let coachId: number;
let emails: string[] = [];
const userIds: number[] = [];

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
type Json = Record<string, any>;

const mapping = noteMapping('registrar_copy', 'copy_note');

const csvCell = (v: string) => `"${v.replaceAll('"', '""')}"`;

/** Uploads and commits `notes` (one per student, in order), waits for the import, returns its state. */
async function importNotes(notes: string[]) {
  const text = `email,note\n${notes.map((n, i) => `${emails[i]},${csvCell(n)}`).join('\n')}\n`;
  const { id } = await g.upload(text, 'notes.csv');
  const res = await instructor.post<Json>(IMPORT_API.commit(coachId, id), {
    mapping: (await noteId())
      ? { ...mapping, columns: [{ column: 'note', action: 'existing', characteristic: 'copy_note' }] }
      : mapping,
  });
  expect(res.status, res.text).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const s = await instructor.get(API.mtsImportStatus(coachId, res.body.id));
    const report = ImportReportSchema.parse(s.body);
    if (report.state !== 'started' || Date.now() > deadline) return report;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function noteId(): Promise<number | undefined> {
  const rows = await ctx.database.query<{ id: number }>(
    `select id from characteristics where institution_id = $1 and name = 'copy_note'`,
    [ctx.institutionId],
  );
  return rows[0]?.id;
}

/** The stored notes of the test's students (in their order), with when each was written. */
async function stored() {
  const rows = await ctx.database.query<{ user_id: number; value: string; recorded_at: Date }>(
    `select v.user_id, v.value, v.recorded_at from student_characteristic_values v
       join characteristics c on c.id = v.characteristic_id
      where c.institution_id = $1 and c.name = 'copy_note' order by v.user_id`,
    [ctx.institutionId],
  );
  return userIds.map((u) => rows.find((r) => r.user_id === u) ?? null);
}

const NOTES = ['tab\there', 'back\\slash \\t \\N', 'line\nfeed', '\\N', 'plain; “quoted” ""'];

beforeAll(async () => {
  g = await openGuidedImport();
  ({ ctx, instructor, coachId } = g);
  emails = g.students.slice(0, NOTES.length);
  const rows = await ctx.database.query<{ id: number; email: string }>(
    'select id, email from users where email = any($1::text[])',
    [emails],
  );
  for (const e of emails) userIds.push(rows.find((r) => r.email === e)!.id);
});

afterAll(async () => {
  await ctx.database.query(`delete from characteristics where institution_id = $1 and name = 'copy_note'`, [
    ctx.institutionId,
  ]);
});

describe(`value writer staging (${process.env.DATABASE_URL ? 'PostgreSQL: COPY' : 'PGlite: unnest'})`, () => {
  it('stores tabs, backslashes, line feeds and the text \\N exactly', async () => {
    const report = await importNotes(NOTES);
    expect(report.state, report.message ?? '').toBe('success');
    expect((await stored()).map((r) => r?.value)).toEqual(NOTES);
  });

  it('a re-import of the same file writes nothing; a changed value replaces only that value', async () => {
    const before = await stored();
    expect((await importNotes(NOTES)).state).toBe('success');
    const again = await stored();
    expect(again.map((r) => r?.value)).toEqual(NOTES);
    expect(again.map((r) => r?.recorded_at.toISOString())).toEqual(
      before.map((r) => r?.recorded_at.toISOString()),
    );
    const changed = [...NOTES];
    changed[2] = 'line\r\nfeed changed';
    expect((await importNotes(changed)).state).toBe('success');
    const after = await stored();
    expect(after.map((r) => r?.value)).toEqual(changed);
    expect(
      after.filter((r, i) => r?.recorded_at.toISOString() !== before[i]?.recorded_at.toISOString()).length,
    ).toBe(1);
  });

  it('deleting the characteristic deletes its values', async () => {
    const id = (await noteId())!;
    await ctx.database.query('delete from characteristics where id = $1', [id]);
    const left = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from student_characteristic_values where characteristic_id = $1',
      [id],
    );
    expect(left[0]!.n).toBe(0);
  });
});
