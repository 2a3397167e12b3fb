import {
  characteristicKind,
  IMPORT_MAX_ERRORS,
  type ImportReport,
  type ImportRowError,
  NON_FIELD_ERRORS,
  RULE_MESSAGES,
} from '@course-coach/contracts';
import type { CoachRequestContext } from '../../auth/context.ts';
import type { Database } from '../../db/client.ts';
import { nextEventLoopTurn, parseCsvText, ROWS_PER_TURN } from '../../http/csv.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { valueError } from '../characteristics/index.ts';
import { type DictCharacteristic, loadDictionary } from './dictionary.ts';
import { ensureTailoringSource, linkCharacteristicsToSource } from './dictionary-queries.ts';
import {
  insertImport,
  markImportFailed,
  markImportSucceeded,
  selectFileStudents,
  selectImport,
  setImportProgress,
} from './import-queries.ts';
import type { CoachScope } from './service.ts';
import { noteChangedValues, requestPendingSync, type SyncRunner } from './sync.ts';
import { analyzeAfterWrite, writeValues } from './value-writer.ts';

const SOURCE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** The first column names the student: their student number (external id) or their email. */
const STUDENT_COLUMNS = ['student', 'student_id', 'email'];

interface StagedValue {
  userId: number;
  characteristicId: number;
  value: string | null;
  num: number | null;
}

interface Checked {
  report: ImportReport;
  staged: StagedValue[];
  columns: DictCharacteristic[];
}

/** Import messages about who may write what (DESIGN.md "Characteristic definitions", Who may write). */
export const IMPORT_SCOPE_MESSAGES = {
  /** The one answer for a student who does not exist and one who is not in this coach (instructors). */
  notInCoach: (key: string) => `“${key}” is not a student of this coach.`,
  notInInstitution: (key: string) => `“${key}” is not a student of this institution.`,
  staffOnly: (name: string) =>
    `“${name}” is a per-student characteristic: only institution staff can import it. Instructors import course facts (per-enrolment characteristics).`,
} as const;

/**
 * Parses and checks a characteristic CSV without writing anything: the header (a student column, then
 * known characteristics that are not Insight Group membership characteristics, no repeats; for an
 * instructor, only enrolment-scoped characteristics), every row (a student, once: for an instructor, or
 * when a column is enrolment-scoped, a student enrolled in this coach; otherwise a student of the
 * institution; each value in the characteristic's restriction set or range and on its step; numbers
 * for range characteristics; `;` separates the values of a multivalued cell; an empty cell means "no
 * value": the student has the default). An instructor gets the same message for a student who does not
 * exist and one outside the coach, so a dry run reveals nothing about other courses. Malformed CSV is
 * reported as a row error.
 */
async function checkCsv(
  database: Database,
  scope: CoachScope,
  caller: Pick<CoachRequestContext, 'institutionRole'>,
  source: string,
  text: string,
): Promise<Checked> {
  const errors: ImportRowError[] = [];
  const report = (rowsTotal: number, characteristics: string[]): ImportReport => ({
    id: null,
    dry_run: true,
    source,
    state: 'checked',
    rows_total: rowsTotal,
    rows_done: 0,
    characteristics,
    errors: errors.slice(0, IMPORT_MAX_ERRORS),
    message: null,
  });
  if (!SOURCE_PATTERN.test(source)) {
    throw badRequest({ source: ['Use letters, digits, “_” and “-” only.'] });
  }
  let records: string[][];
  try {
    records = await parseCsvText(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    });
  } catch (error) {
    const e = error as { lines?: number; message?: string };
    errors.push({
      row: e.lines ?? 1,
      column: '',
      message: `The file is not valid CSV: ${(e.message ?? 'unreadable').replace(/^Invalid Record Length: /, '')}`,
    });
    return { report: report(0, []), staged: [], columns: [] };
  }
  const [header, ...rows] = records;
  if (!header || header.length === 0) {
    errors.push({ row: 1, column: '', message: 'The file is empty: it needs a header row.' });
    return { report: report(0, []), staged: [], columns: [] };
  }
  const dictionary = await loadDictionary(database.query, scope.institutionId);
  const byName = new Map(dictionary.map((c) => [c.name, c]));
  if (!STUDENT_COLUMNS.includes(header[0]!.toLowerCase())) {
    errors.push({
      row: 1,
      column: header[0]!,
      message: 'The first column must be “student” (student number or email).',
    });
  }
  const columns: DictCharacteristic[] = [];
  const seen = new Set<string>();
  for (const name of header.slice(1)) {
    const c = byName.get(name);
    if (seen.has(name)) errors.push({ row: 1, column: name, message: `The column “${name}” appears twice.` });
    else if (!c) errors.push({ row: 1, column: name, message: RULE_MESSAGES.unknownCharacteristic(name) });
    else if (c.cohort_id !== null)
      errors.push({
        row: 1,
        column: name,
        message: `“${name}” is written by an Insight Group and cannot be imported.`,
      });
    else if (c.scope === 'student' && caller.institutionRole === null)
      errors.push({ row: 1, column: name, message: IMPORT_SCOPE_MESSAGES.staffOnly(name) });
    seen.add(name);
    if (c) columns.push(c);
  }
  if (header.length < 2)
    errors.push({ row: 1, column: '', message: 'Add at least one characteristic column.' });
  const names = header.slice(1);
  if (errors.length > 0) return { report: report(rows.length, names), staged: [], columns };

  // The students the file may name, by student number or email: the coach's own students when any
  // column is a course fact or the caller is an instructor; else the institution's students.
  const coachOnly = caller.institutionRole === null || columns.some((c) => c.scope === 'enrolment');
  // Each loop over the rows (or the students they name) gives the event loop a turn every
  // ROWS_PER_TURN rows: a large file does not hold up the server's other requests (http/csv.ts).
  const keySet = new Set<string>();
  for (const [i, cells] of rows.entries()) {
    keySet.add((cells[0] ?? '').trim());
    if ((i + 1) % ROWS_PER_TURN === 0) await nextEventLoopTurn();
  }
  const students = await selectFileStudents(database.query, scope, coachOnly, [...keySet]);
  const byKey = new Map<string, number>();
  for (const [i, s] of students.entries()) {
    byKey.set(s.email.toLowerCase(), s.id);
    if (s.external_id) byKey.set(s.external_id, s.id);
    if ((i + 1) % ROWS_PER_TURN === 0) await nextEventLoopTurn();
  }
  const staged: StagedValue[] = [];
  const seenStudents = new Set<number>();
  for (const [i, cells] of rows.entries()) {
    if ((i + 1) % ROWS_PER_TURN === 0) await nextEventLoopTurn();
    const line = i + 2;
    const key = (cells[0] ?? '').trim();
    const userId = byKey.get(key.toLowerCase()) ?? byKey.get(key);
    if (userId === undefined) {
      errors.push({
        row: line,
        column: header[0]!,
        message: coachOnly
          ? IMPORT_SCOPE_MESSAGES.notInCoach(key)
          : IMPORT_SCOPE_MESSAGES.notInInstitution(key),
      });
      continue;
    }
    if (seenStudents.has(userId)) {
      errors.push({ row: line, column: header[0]!, message: `“${key}” is listed more than once.` });
      continue;
    }
    seenStudents.add(userId);
    columns.forEach((c, j) => {
      const cell = (cells[j + 1] ?? '').trim();
      if (cell === '') {
        staged.push({ userId, characteristicId: c.id, value: null, num: null });
        return;
      }
      const values = c.is_multivalued
        ? [
            ...new Set(
              cell
                .split(';')
                .map((v) => v.trim())
                .filter(Boolean),
            ),
          ]
        : [cell];
      for (const v of values) {
        const kind = characteristicKind(c);
        const problem = valueError(c, v);
        if (problem !== null) {
          errors.push({ row: line, column: c.name, message: problem });
        } else {
          staged.push({ userId, characteristicId: c.id, value: v, num: kind === 'range' ? Number(v) : null });
        }
      }
    });
  }
  return { report: report(rows.length, names), staged, columns };
}

/**
 * CSV import of characteristic values for a source, by `caller` (the guard's request context): staff or
 * admins of the institution (an `institutionRole`) may write per-student values, instructors only course
 * facts (DESIGN.md "Who may write what"). A dry run checks and reports.
 * A real import with any error answers 400 with field errors keyed `row_<line>.<column>` and writes
 * nothing; otherwise it records the import (`started`), answers 202, and in the background, in ONE
 * transaction, stages the values (progress = rows staged) and writes them (value-writer.ts): for every
 * listed student and imported characteristic, the source's old values are replaced (those of the
 * student's enrolment in this coach for enrolment-scoped characteristics, their institution-wide ones
 * otherwise); values the file repeats are left as they are. Then the Insight Groups with a rule reading a
 * characteristic whose values changed are synced, for the students whose values changed only when they
 * are few (docs/design.md "Membership sync").
 */
export async function importCsv(
  runner: SyncRunner,
  scope: CoachScope,
  caller: Pick<CoachRequestContext, 'institutionRole'>,
  source: string,
  text: string,
  dryRun: boolean,
): Promise<ImportReport> {
  const { report, staged, columns } = await checkCsv(runner.database, scope, caller, source, text);
  if (dryRun) return report;
  if (report.errors.length > 0) {
    const fieldErrors: Record<string, string[]> = {
      [NON_FIELD_ERRORS]: [
        `Nothing was imported: ${report.errors.length} problem(s) in the file. Run a dry run to see them all.`,
      ],
    };
    for (const e of report.errors) {
      const key = e.column ? `row_${e.row}.${e.column}` : `row_${e.row}`;
      fieldErrors[key] = [...(fieldErrors[key] ?? []), e.message];
    }
    throw badRequest(fieldErrors);
  }
  const importId = await runner.database.transaction(async (q) => {
    const id = await insertImport(
      q,
      scope,
      source,
      report.rows_total,
      columns.map((c) => c.name),
    );
    await recordAudit(q, {
      kind: 'imports',
      action: 'import.csv',
      target: `coach ${scope.coachId}, CSV import ${id}`,
      after: { source, rows_total: report.rows_total, characteristics: columns.map((c) => c.name) },
    });
    return id;
  });
  setImmediate(() => {
    void applyImport(runner, scope, importId, source, staged, columns, report.rows_total);
  });
  return { ...report, id: importId, dry_run: false, state: 'started' };
}

/**
 * The background part of importCsv, in ONE transaction (all or nothing): the source, the values through
 * the fast path (value-writer.ts: staged, then written as a diff), the affected Insight Groups owed a sync
 * of the students whose values changed, the import `success`. Progress (rows staged) is written beside it
 * on PostgreSQL (another connection); PGlite has one connection, so there it jumps at the end.
 */
async function applyImport(
  runner: SyncRunner,
  scope: CoachScope,
  importId: number,
  source: string,
  staged: StagedValue[],
  columns: DictCharacteristic[],
  rowsTotal: number,
): Promise<void> {
  const { database } = runner;
  try {
    const progress = async (done: number) => {
      if (database.kind !== 'postgres') return;
      await setImportProgress(
        database.query,
        importId,
        Math.min(rowsTotal, Math.floor((rowsTotal * done) / Math.max(1, staged.length))),
      );
    };
    const { cohorts, written } = await database.transaction(async (q) => {
      const sourceId = await ensureTailoringSource(q, scope.institutionId, source);
      await linkCharacteristicsToSource(
        q,
        sourceId,
        columns.map((c) => c.id),
      );
      const written = await writeValues(
        q,
        { institutionId: scope.institutionId, coachId: scope.coachId, sourceId },
        staged,
        progress,
      );
      // Only the groups reading a characteristic whose values changed, for the students whose values
      // changed (docs/design.md "Membership sync"); they show as syncing from the moment the data
      // changes (requested again after commit).
      const changed = new Set(written.characteristicIds);
      const affected = await noteChangedValues(
        q,
        { institutionId: scope.institutionId },
        columns.filter((c) => changed.has(c.id)).map((c) => c.name),
        written.users,
      );
      await markImportSucceeded(q, importId);
      return { cohorts: affected, written };
    });
    await analyzeAfterWrite(database, written);
    for (const id of cohorts) await requestPendingSync(runner, id);
  } catch (error) {
    await markImportFailed(
      database.query,
      importId,
      (error instanceof Error ? error.message : String(error)).slice(0, 500),
    ).catch(() => undefined);
  }
}

/** An import's progress and result; 404 when it is not one of the coach's. */
export async function importStatus(
  database: Database,
  scope: CoachScope,
  importId: number,
): Promise<ImportReport> {
  const row = await selectImport(database.query, scope.coachId, importId);
  if (!row) throw notFound();
  return { ...row, dry_run: false, errors: [] };
}
