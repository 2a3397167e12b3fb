import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { tailoringDistribution } from '../src/modules/tailoring/distribution.ts';
import { recomputeMembership } from '../src/modules/tailoring/membership.ts';
import { studentValues } from '../src/modules/wiring/service.ts';
import { importOulad } from '../src/seed/oulad.ts';
import { OuladDataError } from '../src/seed/oulad-files.ts';
import { openTestDatabase, TEST_PRESENTATIONS } from './helpers.ts';
import { OULAD_DIR, presentationOf, readCsvText, subsetOf } from './oulad-reference.ts';

/**
 * The OULAD import on a database of its own (a second fresh PostgreSQL database in PostgreSQL runs,
 * PGlite in memory otherwise): transactional, idempotent, `reset` re-imports, and what it writes matches
 * the CSV files.
 */

let database: Database;
let tmp: string;

beforeAll(async () => {
  database = await openTestDatabase('migrated');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-seed-test-'));
});

afterAll(async () => {
  await database?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const TABLES = [
  'institutions',
  'users',
  'institution_memberships',
  'coaches',
  'enrollments',
  'gradebooks',
  'assignments',
  'scores',
] as const;

async function tableCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${t}`);
    out[t] = row!.n;
  }
  return out;
}

/**
 * A copy of the OULAD files the importer reads: the four as shipped (`.csv.gz`), and
 * studentAssessment.csv changed by `edit`, written as plain `.csv` (a folder may mix both).
 */
function copyWithStudentAssessment(name: string, edit: (lines: string[]) => string[]): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  for (const f of ['courses.csv', 'assessments.csv', 'studentInfo.csv', 'studentRegistration.csv']) {
    fs.copyFileSync(path.join(OULAD_DIR, `${f}.gz`), path.join(dir, `${f}.gz`));
  }
  const lines = readCsvText('studentAssessment.csv').split('\n');
  fs.writeFileSync(path.join(dir, 'studentAssessment.csv'), edit(lines).join('\n'));
  return dir;
}

const csv = subsetOf(TEST_PRESENTATIONS);
const empty = Object.fromEntries(TABLES.map((t) => [t, 0]));

describe('importOulad on a fresh database', () => {
  it('starts empty', async () => {
    expect(await tableCounts()).toEqual(empty);
  });

  it('rolls everything back when a score breaks a constraint (score 150 > 100)', async () => {
    const dir = copyWithStudentAssessment('bad-score', (lines) => {
      // The last AAA 2013J result gets a score outside 0–100; the scores are inserted last.
      const i = lines.findLastIndex((l) => l.startsWith('1752,'));
      const cols = lines[i]!.split(',');
      cols[4] = '150';
      lines[i] = cols.join(',');
      return lines;
    });
    await expect(importOulad(database, { dir, presentations: [...TEST_PRESENTATIONS] })).rejects.toThrow(
      /scores_score_range/,
    );
    expect(await tableCounts()).toEqual(empty);
  });

  it('rolls everything back when a result names a student who is not registered', async () => {
    const dir = copyWithStudentAssessment('unknown-student', (lines) => [
      ...lines.filter(Boolean),
      '1752,999999999,18,0,78',
    ]);
    await expect(importOulad(database, { dir, presentations: [...TEST_PRESENTATIONS] })).rejects.toThrow(
      /user_id/,
    );
    expect(await tableCounts()).toEqual(empty);
  });

  it('refuses an unknown presentation without writing', async () => {
    await expect(
      importOulad(database, { dir: OULAD_DIR, presentations: ['AAA-2013J', 'ZZZ-2099J'] }),
    ).rejects.toThrow(/ZZZ-2099J/);
    expect(await tableCounts()).toEqual(empty);
  });

  /** The OuladDataError of an import from `dir`, after checking that nothing was written. */
  async function dataError(dir: string): Promise<string> {
    const error = await importOulad(database, { dir, presentations: ['AAA-2013J'] }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(OuladDataError);
    expect(await tableCounts()).toEqual(empty);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1); // one sentence for the user, no stack
    return message;
  }

  it('a missing data folder: one sentence naming the folder and what it must hold, nothing written', async () => {
    const dir = path.join(tmp, 'no-such-folder');
    const message = await dataError(dir);
    expect(message).toContain(dir);
    expect(message).toMatch(/does not exist/);
    expect(message).toMatch(/courses, studentInfo, studentRegistration, assessments, studentAssessment/);
    expect(message).toMatch(/\.csv\.gz or \.csv/);
  });

  it('a folder without one of the files names the file', async () => {
    const dir = path.join(tmp, 'no-scores');
    fs.mkdirSync(dir);
    for (const f of ['courses', 'assessments', 'studentInfo', 'studentRegistration']) {
      fs.copyFileSync(path.join(OULAD_DIR, `${f}.csv.gz`), path.join(dir, `${f}.csv.gz`));
    }
    const message = await dataError(dir);
    expect(message).toContain(dir);
    expect(message).toContain('has no studentAssessment.csv.gz or studentAssessment.csv');
  });

  it('a file that is not gzip, or lacks a column, is named with what was expected', async () => {
    const dir = copyWithStudentAssessment('broken-gz', (lines) => lines);
    fs.writeFileSync(path.join(dir, 'studentInfo.csv.gz'), 'code_module,code_presentation\nAAA,2013J\n');
    const notGzip = await dataError(dir);
    expect(notGzip).toContain(path.join(dir, 'studentInfo.csv.gz'));
    expect(notGzip).toMatch(/gzip-compressed \(\.csv\.gz\) or plain \(\.csv\) CSV/);

    fs.rmSync(path.join(dir, 'studentInfo.csv.gz'));
    fs.writeFileSync(path.join(dir, 'studentInfo.csv'), 'code_module,code_presentation\nAAA,2013J\n');
    const noColumn = await dataError(dir);
    expect(noColumn).toContain(path.join(dir, 'studentInfo.csv'));
    expect(noColumn).toMatch(/no column id_student, final_result/);
  });

  it('imports the presentations: counts match the CSV files', async () => {
    const progress: string[] = [];
    const result = await importOulad(database, {
      dir: OULAD_DIR,
      presentations: [...TEST_PRESENTATIONS],
      onProgress: (m) => progress.push(m),
    });
    expect(result.imported).toBe(true);
    // A numbered progress line per step, with the rows read from each file.
    const numbered = progress.filter((m) => /^Importing demo data: .+ \(\d+\/\d+\)$/.test(m));
    expect(
      numbered.map((m) =>
        m
          .match(/\((\d+)\/(\d+)\)$/)!
          .slice(1)
          .join('/'),
      ),
    ).toEqual(numbered.map((_, i) => `${i + 1}/${numbered.length}`));
    expect(numbered).toContain(
      `Importing demo data: studentInfo.csv.gz ${csv.studentInfo.length.toLocaleString('en-US')} rows (2/${numbered.length})`,
    );

    const students = new Set(csv.studentInfo.map((r) => r.id_student)).size;
    const expected = {
      coaches: csv.courses.length,
      users: students + csv.courses.length + 1, // students, an instructor per coach, the staff account
      enrollments: csv.registrations.length + csv.courses.length,
      assignments: csv.assessments.length,
      scores: csv.studentAssessments.length,
    };
    expect(expected.coaches).toBe(4);
    expect(result.counts).toEqual(expected);
    expect(await tableCounts()).toEqual({
      institutions: 1,
      institution_memberships: 1,
      gradebooks: csv.courses.length,
      ...expected,
    });

    const q = async (sql: string, params: unknown[] = []) =>
      (await database.query<{ n: number }>(sql, params))[0]!.n;
    // Every student once, by their OULAD id; one instructor per coach.
    expect(
      await q(`select count(distinct external_id)::int as n from users where external_id is not null`),
    ).toBe(students);
    expect(await q(`select count(*)::int as n from enrollments where role = 'instructor'`)).toBe(4);
    // Per coach: registrations and assessments of that presentation.
    for (const p of TEST_PRESENTATIONS) {
      const [course, term] = p.split('-');
      const where = `coach_id = (select id from coaches where course_code = $1 and term_code = $2)`;
      expect(
        await q(`select count(*)::int as n from enrollments where role = 'student' and ${where}`, [
          course,
          term,
        ]),
      ).toBe(csv.registrations.filter((r) => presentationOf(r) === p).length);
      expect(await q(`select count(*)::int as n from assignments where ${where}`, [course, term])).toBe(
        csv.assessments.filter((r) => presentationOf(r) === p).length,
      );
    }
    // `?` is missing, not 0.
    expect(await q('select count(*)::int as n from scores where score is null')).toBe(
      csv.studentAssessments.filter((r) => r.score === '?').length,
    );
    expect(await q('select count(*)::int as n from scores where score = 0')).toBe(
      csv.studentAssessments.filter((r) => r.score !== '?' && Number(r.score) === 0).length,
    );
    expect(await q('select count(*)::int as n from scores where is_banked')).toBe(
      csv.studentAssessments.filter((r) => r.is_banked === '1').length,
    );
    expect(
      await q('select count(*)::int as n from enrollments where role = $1 and unregistered_day is null', [
        'student',
      ]),
    ).toBe(csv.registrations.filter((r) => r.date_unregistration === '?').length);
    expect(
      await q('select count(*)::int as n from enrollments where role = $1 and registered_day is null', [
        'student',
      ]),
    ).toBe(csv.registrations.filter((r) => r.date_registration === '?').length);
    // Weights keep their fractions; an exam without a date is due on the last day.
    const weightSum = csv.assessments.reduce((s, a) => s + Number(a.weight), 0);
    expect(Number(await q('select sum(weight)::float8 as n from assignments'))).toBeCloseTo(weightSum, 6);
    const aaaExam = await database.query<{ due_day: number }>(
      `select a.due_day from assignments a join coaches c on c.id = a.coach_id
        where c.course_code = 'AAA' and a.assessment_type = 'Exam'`,
    );
    expect(aaaExam).toEqual([
      {
        due_day: Number(
          csv.courses.find((c) => presentationOf(c) === 'AAA-2013J')!.module_presentation_length,
        ),
      },
    ]);
  });

  it('a second run imports nothing and changes nothing', async () => {
    const before = await tableCounts();
    const [inst] = await database.query<{ id: number }>(`select id from institutions where slug = 'demo'`);
    const again = await importOulad(database, { dir: OULAD_DIR, presentations: [...TEST_PRESENTATIONS] });
    expect(again.imported).toBe(false);
    expect(again.institutionId).toBe(inst!.id);
    expect(await tableCounts()).toEqual(before);
    // No file is needed when the demo is there.
    const fromNowhere = await importOulad(database, { dir: path.join(tmp, 'does-not-exist') });
    expect(fromNowhere.imported).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it('reset deletes the demo institution and imports it again', async () => {
    const before = await tableCounts();
    const [old] = await database.query<{ id: number }>(`select id from institutions where slug = 'demo'`);
    const result = await importOulad(database, {
      dir: OULAD_DIR,
      presentations: [...TEST_PRESENTATIONS],
      reset: true,
    });
    expect(result.imported).toBe(true);
    expect(result.institutionId).not.toBe(old!.id);
    expect(await tableCounts()).toEqual(before);
    const rows = await database.query<{ id: number }>('select id from institutions');
    expect(rows).toEqual([{ id: result.institutionId }]);
  });

  it('a failed reset keeps the existing demo institution', async () => {
    const before = await tableCounts();
    const [old] = await database.query<{ id: number }>(`select id from institutions where slug = 'demo'`);
    const dir = path.join(tmp, 'bad-score'); // from the first test
    await expect(
      importOulad(database, { dir, presentations: [...TEST_PRESENTATIONS], reset: true }),
    ).rejects.toThrow(/scores_score_range/);
    expect(await tableCounts()).toEqual(before);
    const [still] = await database.query<{ id: number }>(`select id from institutions where slug = 'demo'`);
    expect(still!.id).toBe(old!.id);
  });

  it('two imports at once write the demo once', async () => {
    await database.query(`delete from institutions where slug = 'demo'`);
    expect(await tableCounts()).toEqual(empty);
    const opts = { dir: OULAD_DIR, presentations: ['AAA-2013J'] };
    const results = await Promise.all([importOulad(database, opts), importOulad(database, opts)]);
    expect(results.map((r) => r.imported).sort()).toEqual([false, true]);
    expect(results[0]!.institutionId).toBe(results[1]!.institutionId);
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from coaches');
    expect(row!.n).toBe(1);
  });

  it('reads plain CSV files with every field quoted, as in the official download', async () => {
    await database.query(`delete from institutions where slug = 'demo'`);
    const dir = path.join(tmp, 'official');
    fs.mkdirSync(dir);
    for (const f of ['courses', 'assessments', 'studentInfo', 'studentRegistration', 'studentAssessment']) {
      const quoted = readCsvText(`${f}.csv`)
        .split('\n')
        .map((l) =>
          l
            ? l
                .split(',')
                .map((v) => `"${v}"`)
                .join(',')
            : l,
        )
        .join('\r\n');
      fs.writeFileSync(path.join(dir, `${f}.csv`), quoted);
    }
    const result = await importOulad(database, { dir, presentations: ['AAA-2013J'] });
    const aaa = subsetOf(['AAA-2013J']);
    expect(result.counts).toEqual({
      coaches: 1,
      users: new Set(aaa.studentInfo.map((r) => r.id_student)).size + 2,
      enrollments: aaa.registrations.length + 1,
      assignments: aaa.assessments.length,
      scores: aaa.studentAssessments.length,
    });
    const [missing] = await database.query<{ n: number }>(
      'select count(*)::int as n from scores where score is null',
    );
    expect(missing!.n).toBe(aaa.studentAssessments.filter((r) => r.score === '?').length);
  });
});

describe('course facts per enrolment (FFF 2013J)', () => {
  // FFF 2013J and the later FFF 2014B, where some of its students (33600 among them) try again.
  const FFF = ['FFF-2013J', 'FFF-2014B'];
  const files = subsetOf(FFF);
  const own = files.studentInfo.filter((r) => presentationOf(r) === 'FFF-2013J');
  // The figure from each student's own FFF 2013J registration, from the file alone.
  const repeaters = new Set(own.filter((r) => Number(r.num_of_prev_attempts) > 0).map((r) => r.id_student!));
  // The figure the old model gave: each student's latest registration of the imported presentations.
  const latest = new Map<string, Record<string, string>>();
  for (const r of files.studentInfo) {
    const prev = latest.get(r.id_student!);
    if (!prev || r.code_presentation! > prev.code_presentation!) latest.set(r.id_student!, r);
  }
  const latestRepeaters = own.filter((r) => Number(latest.get(r.id_student!)!.num_of_prev_attempts) > 0);

  it('“previous attempts > 0” reads the student’s own registration: 289 in FFF 2013J, 33600 is not a repeater', async () => {
    expect(repeaters.size).toBe(289);
    expect(latestRepeaters.length).toBeGreaterThan(repeaters.size);
    expect(own.find((r) => r.id_student === '33600')!.num_of_prev_attempts).toBe('0');
    const result = await importOulad(database, { dir: OULAD_DIR, presentations: FFF, reset: true });
    const [coach] = await database.query<{ id: number }>(
      `select id from coaches where institution_id = $1 and course_code = 'FFF' and term_code = '2013J'`,
      [result.institutionId],
    );
    const { cohortId, members, values33600 } = await database.transaction(async (q) => {
      const [cohort] = await q<{ id: number }>(
        `insert into cohorts (institution_id, coach_id, name) values ($1, $2, 'Repeaters') returning id`,
        [result.institutionId, coach!.id],
      );
      await q(
        `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value)
         values ($1, $2, 'num_of_prev_attempts', 'greater than', '0')`,
        [result.institutionId, cohort!.id],
      );
      const m = await recomputeMembership(q, cohort!.id);
      const ids = await q<{ external_id: string }>(
        `select u.external_id from cohort_memberships m join users u on u.id = m.user_id where m.cohort_id = $1`,
        [cohort!.id],
      );
      const [student] = await q<{ id: number }>('select id from users where external_id = $1', ['33600']);
      return {
        cohortId: cohort!.id,
        members: { count: m.membershipCount, ids: ids.map((r) => r.external_id) },
        values33600: await studentValues(q, result.institutionId, student!.id, coach!.id),
      };
    });
    expect(members.count).toBe(289);
    expect(new Set(members.ids)).toEqual(repeaters);
    expect(members.ids).not.toContain('33600');
    // The distribution counts the enrolment's values too: 0 attempts for 33600's FFF 2013J enrolment.
    const dist = await tailoringDistribution(
      database,
      { coachId: coach!.id, institutionId: result.institutionId },
      cohortId,
      'num_of_prev_attempts',
    );
    const expected: Record<string, { current: number; group_total: number }> = {};
    for (const r of own) {
      const key = `registrar__${r.num_of_prev_attempts}`;
      const e = expected[key] ?? { current: 0, group_total: 0 };
      e.group_total++;
      if (repeaters.has(r.id_student!)) e.current++;
      expected[key] = e;
    }
    expect(dist.counts.num_of_prev_attempts).toEqual(expected);
    // What wiring, emails and surveys read for 33600 in FFF 2013J.
    expect(values33600.filter((v) => v.name === 'num_of_prev_attempts').map((v) => v.value)).toEqual(['0']);
  }, 300_000);
});
