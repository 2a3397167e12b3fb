import type {
  Characteristic,
  ImportKind,
  ImportMapping,
  SavedMapping,
  StudentKey,
  Upload,
} from '@course-coach/contracts';

/**
 * The mapping step's state and its translation to the API's `ImportMapping` (README "Importing a
 * registrar's file"): one entry per file column other than the student column, recoding rows, the
 * student column and how it names the student. Pure functions, tested on their own.
 */

export type ColumnAction = 'ignore' | 'existing' | 'new';

/** What the screen holds for one column. */
export interface ColumnState {
  column: string;
  action: ColumnAction;
  /** The existing characteristic's code name (action `existing`). */
  existing: string | null;
  /** Refuse values that are not whole numbers (action `existing`, numeric characteristic). */
  integer: boolean;
  /** The new characteristic (action `new`): code name, label (its question) and kind. */
  name: string;
  question: string;
  kind: ImportKind;
}

/** One recoding: in `column`, the raw value `from` is written as `to`. */
export interface RecodeRow {
  id: number;
  column: string;
  from: string;
  to: string;
}

export interface MappingState {
  source: string;
  studentColumn: string | null;
  studentBy: StudentKey;
  columns: ColumnState[];
  recode: RecodeRow[];
}

export const STUDENT_KEY_LABELS: Record<StudentKey, string> = {
  student_id: 'Student id',
  email: 'E-mail',
  lms_id: 'LMS/SIS id',
};

/** The source new values are recorded under unless the registrar picks another. */
export const DEFAULT_SOURCE = 'registrar';

let nextRecodeId = 1;
/** A fresh recoding row (ids keep React keys stable). */
export function recodeRow(column: string, from = '', to = ''): RecodeRow {
  return { id: nextRecodeId++, column, from, to };
}

/** A code name a new characteristic can have, made from a column header (`Final grade` → `final_grade`). */
export function codeNameOf(column: string): string {
  const base = column
    .normalize('NFKD')
    .replace(/[^\w]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  if (base === '') return 'column';
  return /^[a-z]/.test(base) ? base.slice(0, 100) : `c_${base}`.slice(0, 100);
}

/**
 * The state the screen starts from for an upload: the student column the API guessed, every other
 * column mapped to the existing characteristic of the same name when there is one, else ignored (the
 * registrar picks what to create), and the recodings the API proposes (yes/no → Yes/No).
 */
export function initialMapping(upload: Upload, source = DEFAULT_SOURCE): MappingState {
  const studentColumn = upload.student?.column ?? null;
  const columns: ColumnState[] = upload.suggestions
    .filter((s) => s.column !== studentColumn)
    .map((s) => ({
      column: s.column,
      action: s.existing ? 'existing' : 'ignore',
      existing: s.existing,
      integer: false,
      name: codeNameOf(s.column),
      question: s.column,
      kind: s.kind,
    }));
  const recode: RecodeRow[] = [];
  for (const s of upload.suggestions)
    for (const [from, to] of Object.entries(s.recode)) recode.push(recodeRow(s.column, from, to));
  return {
    source,
    studentColumn,
    studentBy: upload.student?.by ?? 'student_id',
    columns,
    recode,
  };
}

/** Re-derives the column list when the student column changes (the student column is not mapped). */
export function withStudentColumn(state: MappingState, upload: Upload, column: string | null): MappingState {
  const fresh = initialMapping(upload, state.source);
  const byColumn = new Map([...state.columns, ...fresh.columns].map((c) => [c.column, c]));
  const columns = upload.header
    .filter((h) => h !== column)
    .map((h) => {
      const known = state.columns.find((c) => c.column === h) ?? byColumn.get(h);
      if (known) return known;
      const s = upload.suggestions.find((x) => x.column === h);
      return {
        column: h,
        action: 'ignore' as const,
        existing: null,
        integer: false,
        name: codeNameOf(h),
        question: h,
        kind: s?.kind ?? 'text',
      };
    });
  return { ...state, studentColumn: column, columns };
}

/**
 * The API mapping for the screen's state, reading the file with `format`'s delimiter and quote character,
 * and its byte order mark and line ending when `format` has them (the upload's format: the dry run and the
 * commit read the file as the preview did; a saved mapping leaves them out, so that next term's file is
 * read as detected). `columns[i]` of the result is `state.columns[i]`.
 */
export function toImportMapping(
  state: MappingState,
  format: Pick<Upload['format'], 'delimiter' | 'quote'> &
    Partial<Pick<Upload['format'], 'bom' | 'line_ending'>>,
): ImportMapping {
  const recode: Record<string, Record<string, string>> = {};
  for (const r of state.recode) {
    const from = r.from.trim();
    if (from === '' || r.column === '') continue;
    recode[r.column] = { ...(recode[r.column] ?? {}), [from]: r.to.trim() };
  }
  return {
    source: state.source.trim(),
    delimiter: format.delimiter,
    quote: format.quote,
    ...(format.bom === undefined ? {} : { bom: format.bom ? ('present' as const) : ('absent' as const) }),
    ...(format.line_ending === undefined ? {} : { line_ending: format.line_ending }),
    student: { column: state.studentColumn ?? '', by: state.studentBy },
    columns: state.columns.map((c) => {
      if (c.action === 'existing')
        return {
          column: c.column,
          action: 'existing' as const,
          characteristic: c.existing ?? '',
          ...(c.integer ? { integer: true } : {}),
        };
      if (c.action === 'new')
        return {
          column: c.column,
          action: 'new' as const,
          characteristic: { name: c.name.trim(), question: c.question.trim(), kind: c.kind },
        };
      return { column: c.column, action: 'ignore' as const };
    }),
    recode,
  };
}

/**
 * Applies a saved mapping to this term's upload: the student column and key when the file has that
 * column; each column of the file found in the saved mapping as it was saved, except that a "new"
 * characteristic which exists by now is mapped to the existing one (re-running next term's file);
 * columns the saved mapping does not know are ignored. Returns the state and how many columns matched.
 */
export function applySavedMapping(
  saved: SavedMapping,
  upload: Upload,
  characteristics: Pick<Characteristic, 'name'>[],
): { state: MappingState; matched: number } {
  const m = saved.mapping;
  const exists = new Set(characteristics.map((c) => c.name));
  const studentColumn = upload.header.includes(m.student.column)
    ? m.student.column
    : (upload.student?.column ?? null);
  const base = withStudentColumn(initialMapping(upload, m.source), upload, studentColumn);
  let matched = 0;
  const columns = base.columns.map((c): ColumnState => {
    const s = m.columns.find((x) => x.column === c.column);
    if (!s) return { ...c, action: 'ignore' };
    matched++;
    if (s.action === 'ignore') return { ...c, action: 'ignore' };
    if (s.action === 'existing')
      return { ...c, action: 'existing', existing: s.characteristic, integer: s.integer === true };
    if (exists.has(s.characteristic.name))
      return {
        ...c,
        action: 'existing',
        existing: s.characteristic.name,
        integer: s.characteristic.kind === 'integer',
      };
    return {
      ...c,
      action: 'new',
      name: s.characteristic.name,
      question: s.characteristic.question,
      kind: s.characteristic.kind,
    };
  });
  const recode: RecodeRow[] = [];
  for (const [column, pairs] of Object.entries(m.recode ?? {})) {
    if (!upload.header.includes(column)) continue;
    for (const [from, to] of Object.entries(pairs)) recode.push(recodeRow(column, from, to));
  }
  return {
    state: {
      source: m.source,
      studentColumn,
      studentBy: studentColumn === m.student.column ? m.student.by : base.studentBy,
      columns,
      recode,
    },
    matched,
  };
}

/** The first message of an API field error, or undefined. */
export function firstError(errors: Record<string, string[]>, key: string): string | undefined {
  return errors[key]?.[0];
}

/** Field errors of the mapping for column `index` (keys `mapping.columns.{index}…`), first message each. */
export function columnErrors(
  errors: Record<string, string[]>,
  index: number,
): { column?: string; characteristic?: string; name?: string; question?: string; kind?: string } {
  const key = `mapping.columns.${index}`;
  return {
    column: firstError(errors, `${key}.column`) ?? firstError(errors, key),
    characteristic: firstError(errors, `${key}.characteristic`),
    name: firstError(errors, `${key}.characteristic.name`),
    question: firstError(errors, `${key}.characteristic.question`),
    kind: firstError(errors, `${key}.characteristic.kind`),
  };
}

/**
 * Every field error as "where: sentence" for a summary (`mapping.columns.2.characteristic.name` reads
 * "Column “age”: …"), so no message the API returns goes unseen.
 */
export function describeErrors(errors: Record<string, string[]>, state: MappingState): string[] {
  const out: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const col = /^mapping\.columns\.(\d+)/.exec(key);
    const where = col
      ? `Column “${state.columns[Number(col[1])]?.column ?? Number(col[1]) + 1}”`
      : key.startsWith('mapping.student')
        ? 'Student column'
        : key.startsWith('mapping.source')
          ? 'Source'
          : key.startsWith('mapping.recode')
            ? 'Recoding'
            : null;
    for (const m of messages) out.push(where ? `${where}: ${m}` : m);
  }
  return out;
}
