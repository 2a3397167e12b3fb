import {
  type ColumnSuggestion,
  characteristicKind,
  type DryRun,
  IMPORT_MAX_PROBLEMS,
  IMPORT_PREVIEW_ROWS,
  type ImportKind,
  type ImportMapping,
  type ImportProblem,
  type StudentKey,
  type Upload,
  valueAllowed,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { nextEventLoopTurn, ROWS_PER_TURN } from '../../http/csv.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { CoachScope } from '../tailoring/index.ts';
import { type DictCharacteristic, loadDictionary } from '../tailoring/index.ts';
import { checkSize, parseFile, type ReadOptions } from './format.ts';
import { insertUpload, selectStudentKeys, selectUpload } from './queries.ts';

/** Distinct values listed per column in a suggestion. */
const MAX_DISTINCT = 30;
/** A column with at most this many distinct values is inferred as categories. */
const CATEGORY_LIMIT = 20;

const YES = new Set(['yes', 'y', 'true', 'oui', 'ja', 'sí', 'si']);
const NO = new Set(['no', 'n', 'false', 'non', 'nein']);
const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Infers an import kind from a column's non-empty values: whole numbers, numbers, yes/no words
 * (yes/no, y/n, true/false, any case), at most CATEGORY_LIMIT distinct values (categories), else text.
 * For yes/no columns it proposes the recoding to `Yes`/`No`.
 */
export function inferKind(values: string[]): { kind: ImportKind; recode: Record<string, string> } {
  const distinct = [...new Set(values.filter((v) => v !== ''))];
  if (distinct.length === 0) return { kind: 'text', recode: {} };
  if (distinct.every((v) => INTEGER.test(v))) return { kind: 'integer', recode: {} };
  if (distinct.every((v) => NUMBER.test(v))) return { kind: 'number', recode: {} };
  const lower = distinct.map((v) => v.toLowerCase());
  if (lower.every((v) => YES.has(v) || NO.has(v))) {
    const recode: Record<string, string> = {};
    for (const v of distinct) {
      const target = YES.has(v.toLowerCase()) ? 'Yes' : 'No';
      if (v !== target) recode[v] = target;
    }
    return { kind: 'yes-no', recode };
  }
  if (distinct.length <= CATEGORY_LIMIT) return { kind: 'categorical', recode: {} };
  return { kind: 'text', recode: {} };
}

/** The student column a header most likely has, and how it names the student. */
function guessStudent(header: string[], rows: string[][]): { column: string; by: StudentKey } | null {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  for (const [i, name] of header.entries()) {
    const n = norm(name);
    if (n === 'email' || n === 'mail' || rows.slice(0, 20).every((r) => (r[i] ?? '').includes('@')))
      return { column: name, by: 'email' };
  }
  for (const name of header) {
    const n = norm(name);
    if (['student', 'studentid', 'idstudent', 'studentnumber', 'sisid', 'sisuserid'].includes(n))
      return { column: name, by: n.startsWith('sis') ? 'lms_id' : 'student_id' };
    if (n.includes('lms') || n.includes('canvas')) return { column: name, by: 'lms_id' };
  }
  return null;
}

/** Describes an upload read as `read` says (each choice else detected): format, rows, column kinds. */
export async function describeUpload(
  q: Query,
  scope: CoachScope,
  upload: { id: number; file_name: string; content: string },
  read: ReadOptions = {},
): Promise<Upload> {
  const { format, header, rows } = await parseFile(upload.content, read);
  const dictionary = await loadDictionary(q, scope.institutionId);
  const names = new Set(dictionary.filter((c) => c.cohort_id === null).map((c) => c.name));
  const suggestions: ColumnSuggestion[] = [];
  for (const [i, column] of header.entries()) {
    // One column at a time, the event loop given a turn between columns (http/csv.ts).
    await nextEventLoopTurn();
    const values = rows.map((r) => r[i] ?? '');
    const distinct = [...new Set(values.filter((v) => v !== ''))].sort();
    const { kind, recode } = inferKind(values);
    suggestions.push({
      column,
      kind,
      distinct: distinct.slice(0, MAX_DISTINCT),
      distinct_count: distinct.length,
      existing: names.has(column) ? column : null,
      recode,
    });
  }
  return {
    id: upload.id,
    file_name: upload.file_name,
    bytes: Buffer.byteLength(upload.content),
    format,
    header,
    preview: rows.slice(0, IMPORT_PREVIEW_ROWS),
    rows_total: rows.length,
    suggestions,
    student: guessStudent(header, rows),
  };
}

/** Stores an uploaded file for the coach once it reads (size limit, delimiter, a header and at least one
 * row; nothing is stored for a refused file). Returns its description. */
export async function createUpload(
  database: Database,
  scope: CoachScope,
  userId: number,
  fileName: string,
  content: string,
): Promise<Upload> {
  checkSize(Buffer.byteLength(content));
  await parseFile(content);
  const id = await insertUpload(database.query, {
    institutionId: scope.institutionId,
    coachId: scope.coachId,
    userId,
    fileName,
    content,
  });
  return describeUpload(database.query, scope, { id, file_name: fileName, content });
}

/** An upload of the coach; 404 when it is not one. */
export async function loadUpload(
  q: Query,
  scope: CoachScope,
  uploadId: number,
): Promise<{ id: number; file_name: string; content: string }> {
  const row = await selectUpload(q, scope.coachId, uploadId);
  if (!row) throw notFound();
  // PGlite decodes text with a TextDecoder, which drops a leading byte order mark: put it back.
  const content = row.bom && !row.content.startsWith('\uFEFF') ? `\uFEFF${row.content}` : row.content;
  return { id: row.id, file_name: row.file_name, content };
}

/** Where a mapped column's values go: an existing characteristic, or the n-th new one. */
export type Target =
  | { column: string; index: number; existing: DictCharacteristic; integer: boolean }
  | {
      column: string;
      index: number;
      fresh: number;
      name: string;
      question: string;
      kind: ImportKind;
      values: Array<{ value: string; label: string }> | null;
    };

/** A checked value: `target` indexes the plan's targets. */
export interface PlannedValue {
  userId: number;
  target: number;
  value: string | null;
  num: number | null;
}

export interface Plan {
  report: DryRun;
  targets: Target[];
  values: PlannedValue[];
  /** Per new characteristic (by `fresh`): the values seen (categories) and numeric bounds. */
  seen: Array<{ values: Set<string>; min: number; max: number }>;
}

/**
 * Checks a mapping against the file and the dictionary, and every row against the mapping, writing
 * nothing. Mistakes in the mapping itself (a column not in the file, an unknown or Insight Group
 * characteristic, a new name that exists, a column mapped twice) answer 400 with field errors keyed
 * `mapping.…`. Problems in the data are counted and the first IMPORT_MAX_PROBLEMS listed with row, column
 * and reason: a student not enrolled in this coach or listed twice; a value outside a characteristic's
 * set or range; not a number, not a whole number (`integer`), not Yes/No (after recoding). Empty cells
 * mean "no value" (the student has the default). The population is the coach's enrolled students only:
 * an instructor never writes values of students outside their coach.
 */
export async function planImport(
  q: Query,
  scope: CoachScope,
  content: string,
  mapping: ImportMapping,
): Promise<Plan> {
  const { header, rows } = await parseFile(content, mapping);
  const col = new Map(header.map((h, i) => [h, i]));
  const fieldErrors: Record<string, string[]> = {};
  const fail = (key: string, message: string) => {
    fieldErrors[key] = [...(fieldErrors[key] ?? []), message];
  };
  if (!col.has(mapping.student.column))
    fail('mapping.student.column', `The file has no column “${mapping.student.column}”.`);
  const dictionary = await loadDictionary(q, scope.institutionId);
  const byName = new Map(dictionary.map((c) => [c.name, c]));
  const targets: Target[] = [];
  const usedColumns = new Set<string>([mapping.student.column]);
  const newNames = new Set<string>();
  const writtenNames = new Set<string>();
  let fresh = 0;
  for (const [i, m] of mapping.columns.entries()) {
    const key = `mapping.columns.${i}`;
    if (!col.has(m.column)) {
      fail(`${key}.column`, `The file has no column “${m.column}”.`);
      continue;
    }
    if (m.action === 'ignore') continue;
    if (usedColumns.has(m.column)) {
      fail(`${key}.column`, `The column “${m.column}” is mapped twice.`);
      continue;
    }
    usedColumns.add(m.column);
    if (m.action === 'existing') {
      const c = byName.get(m.characteristic);
      if (!c) {
        fail(`${key}.characteristic`, `There is no characteristic “${m.characteristic}”.`);
        continue;
      }
      if (c.cohort_id !== null) {
        fail(`${key}.characteristic`, `“${c.name}” is written by an Insight Group and cannot be imported.`);
        continue;
      }
      if (c.scope !== 'enrolment') {
        // A coach's import writes course facts of its own students (docs/design.md, Characteristic
        // definitions); per-student characteristics are institution staff's, through the CSV import.
        fail(
          `${key}.characteristic`,
          `“${c.label || c.name}” is a per-student characteristic: a course’s import writes course facts (per-enrolment characteristics) only. Institution staff import per-student values with the characteristics CSV import.`,
        );
        continue;
      }
      if (writtenNames.has(c.name)) {
        fail(`${key}.characteristic`, `Two columns are mapped to “${c.name}”.`);
        continue;
      }
      writtenNames.add(c.name);
      targets.push({ column: m.column, index: col.get(m.column)!, existing: c, integer: m.integer === true });
      continue;
    }
    const def = m.characteristic;
    if (byName.has(def.name) || newNames.has(def.name)) {
      fail(
        `${key}.characteristic.name`,
        `A characteristic named “${def.name}” exists: map the column to it.`,
      );
      continue;
    }
    newNames.add(def.name);
    writtenNames.add(def.name);
    targets.push({
      column: m.column,
      index: col.get(m.column)!,
      fresh: fresh++,
      name: def.name,
      question: def.question,
      kind: def.kind,
      values: def.kind === 'categorical' && def.values && def.values.length > 0 ? def.values : null,
    });
  }
  if (targets.length === 0 && !fieldErrors['mapping.columns'])
    fail('mapping.columns', 'Map at least one column to a characteristic.');
  if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);

  const students = await selectStudentKeys(q, scope.coachId, mapping.student.by);
  const problems: ImportProblem[] = [];
  let problemCount = 0;
  const problem = (row: number, column: string, reason: string) => {
    problemCount++;
    if (problems.length < IMPORT_MAX_PROBLEMS) problems.push({ row, column, reason });
  };
  const seen = targets
    .filter((t) => 'fresh' in t)
    .map(() => ({ values: new Set<string>(), min: Infinity, max: -Infinity }));
  const values: PlannedValue[] = [];
  const seenStudents = new Map<number, number>();
  const sIndex = col.get(mapping.student.column)!;
  const keyLabel = { student_id: 'student id', email: 'e-mail', lms_id: 'LMS/SIS id' }[mapping.student.by];
  for (const [r, cells] of rows.entries()) {
    if ((r + 1) % ROWS_PER_TURN === 0) await nextEventLoopTurn();
    const line = r + 2;
    const key = (cells[sIndex] ?? '').trim();
    const userId = students.get(mapping.student.by === 'email' ? key.toLowerCase() : key);
    if (key === '') {
      problem(line, mapping.student.column, `The ${keyLabel} is empty.`);
      continue;
    }
    if (userId === undefined) {
      problem(
        line,
        mapping.student.column,
        `No student enrolled in this coach has the ${keyLabel} “${key}”.`,
      );
      continue;
    }
    const earlier = seenStudents.get(userId);
    if (earlier !== undefined) {
      problem(line, mapping.student.column, `“${key}” is listed twice (also on line ${earlier}).`);
      continue;
    }
    seenStudents.set(userId, line);
    for (const [ti, t] of targets.entries()) {
      const rawCell = (cells[t.index] ?? '').trim();
      const recoded = mapping.recode[t.column]?.[rawCell];
      const cell = (recoded ?? rawCell).trim();
      if (cell === '') {
        values.push({ userId, target: ti, value: null, num: null });
        continue;
      }
      const reason = checkValue(t, cell);
      if (reason) {
        problem(line, t.column, reason);
        continue;
      }
      const numeric =
        'existing' in t
          ? characteristicKind(t.existing) === 'range'
          : t.kind === 'integer' || t.kind === 'number';
      const num = numeric ? Number(cell) : null;
      if ('fresh' in t) {
        const s = seen[t.fresh]!;
        s.values.add(cell);
        if (num !== null) {
          s.min = Math.min(s.min, num);
          s.max = Math.max(s.max, num);
        }
      }
      values.push({ userId, target: ti, value: cell, num });
    }
  }
  return {
    report: {
      rows_total: rows.length,
      problem_count: problemCount,
      problems,
      characteristics: targets.map((t) => ('existing' in t ? t.existing.name : t.name)),
      new_characteristics: targets.filter((t) => 'fresh' in t).map((t) => (t as { name: string }).name),
      values: values.filter((v) => v.value !== null).length,
    },
    targets,
    values,
    seen,
  };
}

/** Why a (recoded, trimmed, non-empty) cell cannot be written to a target, or null when it can. */
function checkValue(t: Target, cell: string): string | null {
  if ('existing' in t) {
    const c = t.existing;
    const kind = characteristicKind(c);
    if (kind === 'range') {
      if (!NUMBER.test(cell)) return `“${cell}” is not a number.`;
      if (t.integer && !INTEGER.test(cell)) return `“${cell}” is not a whole number.`;
    }
    if (c.is_multivalued) {
      const parts = cell
        .split(';')
        .map((v) => v.trim())
        .filter(Boolean);
      const bad = parts.find((v) => !valueAllowed(c, v));
      return bad === undefined ? null : `“${bad}” is not one of the values of “${c.name}”.`;
    }
    if (!valueAllowed(c, cell)) {
      return kind === 'range'
        ? `${cell} is outside the range of “${c.name}” (${c.restrictionset.ranges.map((r) => `${r.min}–${r.max}`).join(', ')}).`
        : `“${cell}” is not one of the values of “${c.name}”: recode it.`;
    }
    return null;
  }
  switch (t.kind) {
    case 'integer':
      if (INTEGER.test(cell)) return null;
      return NUMBER.test(cell) ? `“${cell}” is not a whole number.` : `“${cell}” is not a number.`;
    case 'number':
      return NUMBER.test(cell) ? null : `“${cell}” is not a number.`;
    case 'yes-no':
      return cell === 'Yes' || cell === 'No' ? null : `“${cell}” is not Yes or No: recode it.`;
    case 'categorical':
      return t.values && !t.values.some((v) => v.value === cell)
        ? `“${cell}” is not one of the categories of “${t.name}”.`
        : null;
    default:
      return null;
  }
}
