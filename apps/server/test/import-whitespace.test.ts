import { API, ImportReportSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  STAFF_EMAIL,
  studentEmailOf,
  type TestContext,
} from './helpers.ts';

/**
 * The script CSV import's parse (modules/tailoring/import.ts `checkCsv`): whitespace around a field, quoted
 * or not, is not part of the value (csv-parse's `trim`); a row of another length is reported as not valid
 * CSV. Checked by dry runs (nothing written) through the API, expectations written by hand.
 */
let ctx: TestContext;
let staff: Browser;
let coachA: number;
/** A student of coach A: their student number (OULAD id_student). */
let student: string;

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachA = await coachIdOf(ctx, 'AAA-2013J');
  const [row] = await ctx.database.query<{ external_id: string }>(
    `select u.external_id from enrollments e join users u on u.id = e.user_id
      where e.coach_id = $1 and e.role = 'student' order by u.id limit 1`,
    [coachA],
  );
  student = row!.external_id;
});

const dryRun = async (body: string) => {
  const res = await staff.request('POST', `${API.mtsImport(coachA)}?source=registrar&dry_run=true`, {
    body,
    contentType: 'text/csv',
  });
  expect(res.status, res.text).toBe(200);
  return ImportReportSchema.parse(res.body);
};

describe('script import: whitespace around fields', () => {
  it('accepts spaces around the header and unquoted values', async () => {
    const email = studentEmailOf(student);
    const report = await dryRun(
      [' student , gender ,  studied_credits', `  ${email} ,  F , 120 `].join('\n'),
    );
    expect(report.errors).toEqual([]);
    expect(report.rows_total).toBe(1);
    expect(report.characteristics).toEqual(['gender', 'studied_credits']);
  });

  it('accepts spaces outside the quotes of a quoted value', async () => {
    const email = studentEmailOf(student);
    const report = await dryRun(['student,gender,studied_credits', `${email},  "F" , "120" `].join('\n'));
    expect(report.errors).toEqual([]);
    expect(report.rows_total).toBe(1);
  });

  it('keeps a quoted comma inside one value, so the value is checked whole', async () => {
    const report = await dryRun(['student,gender', `${studentEmailOf(student)},"F,M"`].join('\n'));
    expect(report.errors).toEqual([
      { row: 2, column: 'gender', message: '“F,M” is not an allowed value of gender.' },
    ]);
  });

  it('reports a row with a different number of fields as not valid CSV, on its line', async () => {
    const report = await dryRun(['student,gender', `${studentEmailOf(student)},F,extra`].join('\n'));
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]!.row).toBe(2);
    expect(report.errors[0]!.message).toMatch(/^The file is not valid CSV: /);
  });
});
