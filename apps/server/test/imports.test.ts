import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API,
  CohortSchema,
  DryRunSchema,
  IMPORT_API,
  type ImportMapping,
  ImportReportSchema,
  MembershipTaskSchema,
  SavedMappingSchema,
  UploadSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password.ts';
import {
  type Browser,
  DEMO_PASSWORD,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  type TestContext,
} from './helpers.ts';

/**
 * Guided import (README "Importing a registrar's file") through the real HTTP API: a file shaped like
 * the UCI "Student Performance" student-mat.csv (semicolon-separated, quoted strings, yes/no columns,
 * no student ids but an e-mail column; synthetic values, test/fixtures/student-mat-sample.csv), new
 * characteristics created in the mapping step, and Insight Group rules over them checked against a
 * count made by plain JS over the fixture.
 */

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'student-mat-sample.csv');
// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in assertions
type Json = Record<string, any>;

let ctx: TestContext;
let instructor: Browser;
let coach: number;
const fixture = fs.readFileSync(FIXTURE, 'utf8');

/** The fixture read by hand: `;`-split, quotes stripped (independent of the app's parser). */
const table = (() => {
  const [head, ...lines] = fixture.trim().split('\n');
  const cols = head!.split(';').map((c) => c.replaceAll('"', ''));
  return lines.map((l) => Object.fromEntries(l.split(';').map((v, i) => [cols[i]!, v.replaceAll('"', '')])));
})();

async function upload(browser: Browser, text: string, fileName = 'student-mat.csv') {
  return browser.request<Json>('POST', `${IMPORT_API.uploads(coach)}?file_name=${fileName}`, {
    body: text,
    contentType: 'text/csv',
  });
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await ctx.database.query<{ n: number }>(sql, params))[0]!.n);

const INSTRUCTOR = 'instructor-uci@import.test';

beforeAll(async () => {
  ctx = await getTestContext();
  // A coach of its own (the demo coaches' groups are checked against OULAD by other suites), with an
  // instructor and the file's demo students, enrolled (the file names them by e-mail only).
  const hash = await hashPassword(DEMO_PASSWORD);
  const [c] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'UCI Maths 2025', 'UCI', '2025', 200, 50) returning id`,
    [ctx.institutionId],
  );
  coach = c!.id;
  const emails = table.map((r) => r.email!);
  await ctx.database.query(
    `with u as (insert into users (institution_id, email, name, password_hash)
                select $1, e, e, $4 from unnest($2::text[]) as x(e) returning id, email)
     insert into enrollments (institution_id, coach_id, user_id, role)
     select $1, $3, id, case when email = $5 then 'instructor' else 'student' end from u`,
    [ctx.institutionId, [...emails, INSTRUCTOR], coach, hash, INSTRUCTOR],
  );
  instructor = await ctx.signIn(INSTRUCTOR);
});

afterAll(async () => {
  // Other suites list the demo institution's coaches and users: leave neither behind.
  await ctx.database.query('delete from coaches where id = $1', [coach]);
  await ctx.database.query(
    `delete from student_characteristic_values where user_id in (select id from users where email like '%@import.test')`,
  );
  await ctx.database.query(`delete from users where email like '%@import.test'`);
});

/** The mapping the screen proposes: every column a new characteristic `uci_<column>` of the inferred kind. */
function mappingFrom(up: ReturnType<typeof UploadSchema.parse>): ImportMapping {
  const recode: Record<string, Record<string, string>> = {};
  for (const s of up.suggestions) if (Object.keys(s.recode).length > 0) recode[s.column] = s.recode;
  return {
    source: 'registrar_uci',
    delimiter: up.format.delimiter,
    student: up.student!,
    columns: up.suggestions
      .filter((s) => s.column !== up.student!.column)
      .map((s) => ({
        column: s.column,
        action: 'new' as const,
        characteristic: { name: `uci_${s.column}`, question: `UCI ${s.column}`, kind: s.kind },
      })),
    recode,
  };
}

async function waitForImport(id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await instructor.get(API.mtsImportStatus(coach, id));
    expect(res.status).toBe(200);
    const report = ImportReportSchema.parse(res.body);
    if (report.state !== 'started' || Date.now() > deadline) return report;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function groupCount(name: string, rules: Array<Record<string, unknown>>): Promise<number> {
  const res = await instructor.post(API.cohorts(coach), { name });
  expect(res.status, res.text).toBe(201);
  const cohort = CohortSchema.parse(res.body);
  for (const r of rules) {
    const rr = await instructor.post(API.cohortRules(coach, cohort.id), r);
    expect(rr.status, rr.text).toBe(201);
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await instructor.get(API.cohortMembershipUpdate(coach, cohort.id))).body,
    );
    if (task.state === 'success') break;
    expect(task.state).not.toBe('failure');
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 50));
  }
  return CohortSchema.parse((await instructor.get(API.cohort(coach, cohort.id))).body).membership_count;
}

describe('guided import of a registrar file', () => {
  let uploadId: number;
  let mapping: ImportMapping;

  it('detects the format, previews the rows and infers kinds', async () => {
    const res = await upload(instructor, `\uFEFF${fixture.replaceAll('\n', '\r\n')}`);
    expect(res.status, res.text).toBe(201);
    const up = UploadSchema.parse(res.body);
    uploadId = up.id;
    expect(up.format).toEqual({ delimiter: ';', quote: '"', quoted: true, bom: true, line_ending: 'CRLF' });
    expect(up.header).toHaveLength(34);
    expect(up.header[0]).toBe('school');
    expect(up.rows_total).toBe(table.length);
    expect(up.preview).toHaveLength(10);
    expect(up.preview[0]![0]).toBe(table[0]!.school);
    expect(up.student).toEqual({ column: 'email', by: 'email' });
    const kind = (c: string) => up.suggestions.find((s) => s.column === c)!;
    expect(kind('higher').kind).toBe('yes-no');
    expect(kind('higher').recode).toEqual({ yes: 'Yes', no: 'No' });
    expect(kind('absences').kind).toBe('integer');
    expect(kind('Mjob').kind).toBe('categorical');
    expect(kind('sex').distinct).toEqual(['F', 'M']);
    mapping = mappingFrom(up);
    // Another delimiter is shown when chosen (the file then has one column per line: refused as unreadable).
    const comma = await instructor.get(`${IMPORT_API.upload(coach, uploadId)}?delimiter=%2C`);
    expect(comma.status).toBe(400);
    const unknown = await instructor.get<Json>(`${IMPORT_API.upload(coach, uploadId)}?delimiter=%23`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.delimiter[0]).toMatch(/comma, semicolon, tab or vertical bar/);
  });

  it('dry run reports no problem and writes nothing', async () => {
    const before = await count('select count(*)::int as n from characteristics where institution_id = $1', [
      ctx.institutionId,
    ]);
    const res = await instructor.post(IMPORT_API.dryRun(coach, uploadId), { mapping });
    expect(res.status, res.text).toBe(200);
    const dry = DryRunSchema.parse(res.body);
    expect(dry.problem_count).toBe(0);
    expect(dry.rows_total).toBe(table.length);
    expect(dry.new_characteristics).toHaveLength(33);
    expect(dry.values).toBe(table.length * 33);
    expect(
      await count('select count(*)::int as n from characteristics where institution_id = $1', [
        ctx.institutionId,
      ]),
    ).toBe(before);
  });

  it('commits as a job, then Insight Group rules match a plain count of the file', async () => {
    const res = await instructor.post<Json>(IMPORT_API.commit(coach, uploadId), {
      mapping,
      save_as: 'UCI term file',
    });
    expect(res.status, res.text).toBe(202);
    const report = await waitForImport(res.body.id);
    expect(report.state, report.message ?? '').toBe('success');
    expect(report.rows_done).toBe(table.length);
    // The upload is gone once committed.
    expect(await count('select count(*)::int as n from import_uploads where id = $1', [uploadId])).toBe(0);

    const expected1 = table.filter((r) => r.higher === 'yes' && Number(r.absences) > 5).length;
    const got1 = await groupCount('Wants higher education, often absent', [
      { characteristic: 'uci_higher', operation: 'equal to', value: 'Yes' },
      { characteristic: 'uci_absences', operation: 'greater than', value: '5' },
    ]);
    expect(expected1).toBeGreaterThan(0);
    expect(got1).toBe(expected1);
    const expected2 = table.filter(
      (r) => Number(r.studytime) >= 3 && ['teacher', 'health'].includes(r.Mjob!),
    ).length;
    const got2 = await groupCount('Studious, parent teacher or health', [
      { characteristic: 'uci_studytime', operation: 'greater than or equal to', value: '3' },
      { characteristic: 'uci_Mjob', operation: 'includes', values_for_include: ['teacher', 'health'] },
    ]);
    expect(got2).toBe(expected2);
  });

  it('re-runs the saved mapping on next term’s file', async () => {
    const saved = await instructor.get<unknown[]>(IMPORT_API.mappings(coach));
    expect(saved.status).toBe(200);
    const list = saved.body.map((m) => SavedMappingSchema.parse(m));
    const uci = list.find((m) => m.name === 'UCI term file')!;
    expect(uci.mapping.student).toEqual({ column: 'email', by: 'email' });
    // Next term: every student absent 30 times; the new characteristics now exist, map to them.
    const next = fixture.replace(/;(\d+);(\d+);(\d+);(\d+);("uci)/g, ';30;$2;$3;$4;$5');
    const up = UploadSchema.parse((await upload(instructor, next, 'student-mat-next.csv')).body);
    const rerun: ImportMapping = {
      ...uci.mapping,
      columns: uci.mapping.columns.map((c) =>
        c.action === 'new'
          ? { column: c.column, action: 'existing', characteristic: c.characteristic.name }
          : c,
      ),
    };
    const dry = DryRunSchema.parse(
      (await instructor.post(IMPORT_API.dryRun(coach, up.id), { mapping: rerun })).body,
    );
    expect(dry.problem_count).toBe(0);
    const res = await instructor.post<Json>(IMPORT_API.commit(coach, up.id), { mapping: rerun });
    expect(res.status, res.text).toBe(202);
    expect((await waitForImport(res.body.id)).state).toBe('success');
    const got = await groupCount('Absent 30 times', [
      { characteristic: 'uci_absences', operation: 'equal to', value: '30' },
    ]);
    expect(got).toBe(table.length);
  });
});

describe('guided import refusals (nothing written)', () => {
  const writes = async () => ({
    uploads: await count('select count(*)::int as n from import_uploads'),
    characteristics: await count('select count(*)::int as n from characteristics'),
    values: await count('select count(*)::int as n from student_characteristic_values'),
    imports: await count('select count(*)::int as n from characteristic_imports'),
  });

  it('refuses a header-only file, an oversized file and an unknown delimiter with a sentence', async () => {
    const before = await writes();
    const headerOnly = await upload(instructor, '"school";"age";"email"\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.file[0]).toBe('The file has a header but no rows: there is nothing to import.');
    const big = await upload(instructor, `a;b\n${'1;2\n'.repeat(2_200_000)}`);
    expect(big.status).toBe(400);
    expect(big.body.file[0]).toMatch(/larger than the 8 MB limit/);
    const hash = await upload(instructor, 'email#age\nuci01@import.test#17\n');
    expect(hash.status).toBe(400);
    expect(hash.body.file[0]).toMatch(/not separated by a comma, semicolon, tab or vertical bar/);
    expect(await writes()).toEqual(before);
  });

  it('refuses 1.5 in a whole-number field: listed by the dry run, commit 400, nothing written', async () => {
    const text = '"email";"age"\n"uci01@import.test";17\n"uci02@import.test";1.5\n';
    const up = UploadSchema.parse((await upload(instructor, text)).body);
    const mapping: ImportMapping = {
      source: 'registrar_uci',
      student: { column: 'email', by: 'email' },
      columns: [
        {
          column: 'age',
          action: 'new',
          characteristic: { name: 'uci_age_check', question: 'Age', kind: 'integer' },
        },
      ],
      recode: {},
    };
    const dry = DryRunSchema.parse(
      (await instructor.post(IMPORT_API.dryRun(coach, up.id), { mapping })).body,
    );
    expect(dry.problem_count).toBe(1);
    expect(dry.problems).toEqual([{ row: 3, column: 'age', reason: '“1.5” is not a whole number.' }]);
    const before = await writes();
    const res = await instructor.post<Json>(IMPORT_API.commit(coach, up.id), { mapping });
    expect(res.status).toBe(400);
    expect(res.body.non_field_errors[0]).toMatch(/^Nothing was imported: the file has 1 problem/);
    expect(await writes()).toEqual(before);
  });

  it('counts every problem and lists the first 50 with row, column and reason', async () => {
    const lines = ['"email";"higher"'];
    for (let i = 0; i < 70; i++) lines.push(`"nobody${i}@import.test";"yes"`);
    const up = UploadSchema.parse((await upload(instructor, lines.join('\n'))).body);
    const mapping: ImportMapping = {
      source: 'registrar_uci',
      student: { column: 'email', by: 'email' },
      columns: [{ column: 'higher', action: 'existing', characteristic: 'uci_higher' }],
      recode: { higher: { yes: 'Yes' } },
    };
    const dry = DryRunSchema.parse(
      (await instructor.post(IMPORT_API.dryRun(coach, up.id), { mapping })).body,
    );
    expect(dry.problem_count).toBe(70);
    expect(dry.problems).toHaveLength(50);
    expect(dry.problems[0]).toEqual({
      row: 2,
      column: 'email',
      reason: 'No student enrolled in this coach has the e-mail “nobody0@import.test”.',
    });
  });

  it('students are refused; an instructor cannot import into another coach; students of other coaches are not written', async () => {
    const before = await writes();
    const asStudent = await ctx.signIn(table[0]!.email!);
    expect((await upload(asStudent, fixture)).status).toBe(403);
    const other = await ctx.signIn(instructorEmailOf('AAA-2013J'));
    expect([403, 404]).toContain((await upload(other, fixture)).status);
    expect(await writes()).toEqual(before);
    // A staff member's file naming a student of another coach: a problem, not a write.
    const staff = await ctx.signIn(STAFF_EMAIL);
    const [outsider] = await ctx.database.query<{ email: string }>(
      `select u.email from users u join enrollments e on e.user_id = u.id
        where e.role = 'student' and e.coach_id <> $1
          and not exists (select 1 from enrollments f where f.user_id = u.id and f.coach_id = $1) limit 1`,
      [coach],
    );
    const up = UploadSchema.parse(
      (
        await staff.request('POST', IMPORT_API.uploads(coach), {
          body: `email,higher\n${outsider!.email},yes\n`,
          contentType: 'text/csv',
        })
      ).body,
    );
    const dry = DryRunSchema.parse(
      (
        await staff.post(IMPORT_API.dryRun(coach, up.id), {
          mapping: {
            source: 'registrar_uci',
            student: { column: 'email', by: 'email' },
            columns: [{ column: 'higher', action: 'existing', characteristic: 'uci_higher' }],
            recode: { higher: { yes: 'Yes' } },
          },
        })
      ).body,
    );
    expect(dry.problem_count).toBe(1);
  });
});
