import { z } from 'zod';
import type { Characteristic } from './tailoring.ts';

/**
 * Guided import of a registrar's file (README "Importing a registrar's file"): upload → detected format
 * → preview → mapping (existing characteristic, new one, or ignored; the student column) → recoding →
 * dry run → commit as a job. Paths are ours (the spec has none for this).
 */

type Id = number | string;

/** Guided import paths (ours). */
export const IMPORT_API = {
  uploads: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/imports/uploads` as const,
  upload: <C extends Id, U extends Id>(coachId: C, uploadId: U) =>
    `/api/v1/coach/${coachId}/imports/uploads/${uploadId}` as const,
  dryRun: <C extends Id, U extends Id>(coachId: C, uploadId: U) =>
    `/api/v1/coach/${coachId}/imports/uploads/${uploadId}/dry-run` as const,
  commit: <C extends Id, U extends Id>(coachId: C, uploadId: U) =>
    `/api/v1/coach/${coachId}/imports/uploads/${uploadId}/commit` as const,
  mappings: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/imports/mappings` as const,
  mapping: <C extends Id, M extends Id>(coachId: C, mappingId: M) =>
    `/api/v1/coach/${coachId}/imports/mappings/${mappingId}` as const,
  /** Engagement from the LMS activity log (generic CSV upload) and the derived figures. */
  activity: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/engagement/activity` as const,
  engagement: <C extends Id>(coachId: C) => `/api/v1/coach/${coachId}/engagement` as const,
} as const;

/** Largest file the guided import reads (bytes); named in the refusal. */
export const IMPORT_FILE_LIMIT = 8 * 1024 * 1024;
/** The limit as people read it. */
export const IMPORT_FILE_LIMIT_TEXT = '8 MB';
/**
 * The refusal of a file over IMPORT_FILE_LIMIT: the server answers it as the `file` field error, and the
 * guided import's screen says it before sending such a file (or on a 413), so both say the same.
 */
export const IMPORT_FILE_TOO_LARGE = `The file is larger than the ${IMPORT_FILE_LIMIT_TEXT} limit; split it into smaller files.`;
/**
 * The characteristics a coach's guided import may write (docs/design.md "Characteristic definitions"):
 * course facts (not `student` scope; the server always sends the scope), never an Insight Group's
 * membership characteristic (its sync writes it). The server refuses the others with a field error; the mapping step offers only these.
 */
export function importTargets<C extends Pick<Characteristic, 'scope' | 'insight_group'>>(
  characteristics: readonly C[],
): C[] {
  return characteristics.filter((c) => c.scope !== 'student' && c.insight_group !== true);
}

/** At most this many problems are listed by a dry run (the total count is always given). */
export const IMPORT_MAX_PROBLEMS = 50;
/** Rows shown in the preview. */
export const IMPORT_PREVIEW_ROWS = 10;

/** Delimiters the import reads. */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export const DelimiterSchema = z.enum(DELIMITERS, {
  error: 'Use a comma, semicolon, tab or vertical bar (“|”) as the delimiter.',
});
export type Delimiter = z.infer<typeof DelimiterSchema>;
export const DELIMITER_LABELS: Record<Delimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Vertical bar (|)',
};

/**
 * Quote characters the import reads (README "Importing a registrar's file": the quoting is detected, shown
 * and changeable): double quotes, single quotes, or none (every quote is part of its value).
 */
export const QUOTES = ['"', "'", 'none'] as const;
export const QuoteSchema = z.enum(QUOTES, {
  error: 'Use double quotes (“"”), single quotes (“\'”) or no quoting.',
});
export type Quote = z.infer<typeof QuoteSchema>;
export const QUOTE_LABELS: Record<Quote, string> = {
  '"': 'Double quotes (")',
  "'": "Single quotes (')",
  none: 'No quoting (quotes are part of the values)',
};

/**
 * Line endings the import reads (README "Importing a registrar's file": detected, shown and changeable):
 * LF (Unix), CRLF (Windows), CR (old Mac).
 */
export const LINE_ENDINGS = ['LF', 'CRLF', 'CR'] as const;
export const LineEndingSchema = z.enum(LINE_ENDINGS, {
  error: 'Use LF, CRLF or CR as the line ending.',
});
export type LineEnding = z.infer<typeof LineEndingSchema>;
export const LINE_ENDING_LABELS: Record<LineEnding, string> = {
  LF: 'LF (Unix, macOS)',
  CRLF: 'CRLF (Windows)',
  CR: 'CR (old Mac)',
};

/**
 * Whether the file starts with a UTF-8 byte order mark (detected, shown and changeable): `present`, the
 * mark is removed before reading; `absent`, the first character is read as part of the first column name.
 */
export const BOMS = ['present', 'absent'] as const;
export const BomSchema = z.enum(BOMS, {
  error: 'Choose whether the file starts with a byte order mark: “present” or “absent”.',
});
export type Bom = z.infer<typeof BomSchema>;
export const BOM_LABELS: Record<Bom, string> = {
  present: 'Present (removed before reading)',
  absent: 'Absent (the first character is data)',
};

/** What the import found out about a file. */
export const FileFormatSchema = z.object({
  delimiter: DelimiterSchema,
  /** The quote character the file was read with (detected, or the one asked for). */
  quote: QuoteSchema,
  /** Whether fields are quoted with `"`. */
  quoted: z.boolean(),
  /** Whether the file was read as starting with a byte order mark (detected, or as asked). */
  bom: z.boolean(),
  /** The line ending the file was read with (detected, or the one asked for). */
  line_ending: LineEndingSchema,
});
export type FileFormat = z.infer<typeof FileFormatSchema>;

/** The kind of a characteristic as the import infers and creates it. */
export const ImportKindSchema = z.enum(['integer', 'number', 'yes-no', 'categorical', 'text']);
export type ImportKind = z.infer<typeof ImportKindSchema>;
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  integer: 'Whole number',
  number: 'Number',
  'yes-no': 'Yes/No',
  categorical: 'Categories',
  text: 'Text',
};

export const StudentKeySchema = z.enum(['student_id', 'email', 'lms_id']);
export type StudentKey = z.infer<typeof StudentKeySchema>;

/** A characteristic the mapping creates. */
export const NewCharacteristicSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'Use letters, digits and “_”, starting with a letter.'),
  question: z.string().trim().min(1, 'This field is required.').max(500),
  kind: ImportKindSchema,
  /** For categorical: the allowed values (after recoding). Filled from the data when omitted. */
  values: z
    .array(z.object({ value: z.string().min(1).max(200), label: z.string().min(1).max(200) }))
    .optional(),
});
export type NewCharacteristic = z.infer<typeof NewCharacteristicSchema>;

export const ColumnMappingSchema = z.discriminatedUnion('action', [
  z.object({ column: z.string(), action: z.literal('ignore') }),
  z.object({
    column: z.string(),
    action: z.literal('existing'),
    characteristic: z.string().min(1),
    /** Refuse values that are not whole numbers (for a numeric characteristic). */
    integer: z.boolean().optional(),
  }),
  z.object({ column: z.string(), action: z.literal('new'), characteristic: NewCharacteristicSchema }),
]);
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

/** How a file's columns land in the dictionary. Saved mappings keep exactly this. */
export const ImportMappingSchema = z.object({
  source: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, “_” and “-” only.'),
  delimiter: DelimiterSchema.optional(),
  /** The quote character to read the file with; absent: the one detected. */
  quote: QuoteSchema.optional(),
  /** Whether the file starts with a byte order mark; absent: as detected. */
  bom: BomSchema.optional(),
  /** The line ending to read the file with; absent: the one detected. */
  line_ending: LineEndingSchema.optional(),
  student: z.object({
    column: z.string().min(1, 'Choose the column that names the student.'),
    by: StudentKeySchema,
  }),
  columns: z.array(ColumnMappingSchema).max(500),
  /** Per column: raw cell value → value written (e.g. `yes` → `Yes`). Trimmed, case-sensitive. */
  recode: z.record(z.string(), z.record(z.string(), z.string())).default({}),
});
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** A suggestion for one column, inferred from the data. */
export const ColumnSuggestionSchema = z.object({
  column: z.string(),
  kind: ImportKindSchema,
  /** Distinct values seen (up to 30), for recoding. */
  distinct: z.array(z.string()),
  distinct_count: z.number().int(),
  /** The existing characteristic of the same name, if any. */
  existing: z.string().nullable(),
  /** For yes/no columns: the recoding to Yes/No the import proposes. */
  recode: z.record(z.string(), z.string()),
});
export type ColumnSuggestion = z.infer<typeof ColumnSuggestionSchema>;

export const UploadSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  bytes: z.number().int(),
  format: FileFormatSchema,
  header: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  rows_total: z.number().int(),
  suggestions: z.array(ColumnSuggestionSchema),
  /** The column that most likely names the student, and how. */
  student: z.object({ column: z.string(), by: StudentKeySchema }).nullable(),
});
export type Upload = z.infer<typeof UploadSchema>;

export const ImportProblemSchema = z.object({
  /** 1-based line of the file (1 is the header). */
  row: z.number().int(),
  column: z.string(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const DryRunSchema = z.object({
  rows_total: z.number().int(),
  problem_count: z.number().int(),
  problems: z.array(ImportProblemSchema),
  /** Characteristics written (existing and new). */
  characteristics: z.array(z.string()),
  new_characteristics: z.array(z.string()),
  values: z.number().int(),
});
export type DryRun = z.infer<typeof DryRunSchema>;

export const CommitBodySchema = z.object({
  mapping: ImportMappingSchema,
  /** Save the mapping under this name (re-run it on next term's file). */
  save_as: z.string().trim().min(1).max(100).optional(),
});
export type CommitBody = z.infer<typeof CommitBodySchema>;

export const SavedMappingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mapping: ImportMappingSchema,
  created_at: z.string(),
});
export type SavedMapping = z.infer<typeof SavedMappingSchema>;
export const SavedMappingBodySchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(100),
  mapping: ImportMappingSchema,
});

/** Engagement figures of one student in one coach (derived from the activity log). */
export const EngagementRowSchema = z.object({
  user_id: z.number().int(),
  clicks_7d: z.number().int(),
  clicks_14d: z.number().int(),
  days_since_last: z.number().int().nullable(),
  active_days: z.number().int(),
  share: z.record(z.string(), z.number()),
});
export const EngagementSchema = z.object({
  current_day: z.number().int(),
  students: z.number().int(),
  with_activity: z.number().int(),
  activity_rows: z.number().int(),
  figures: z.array(EngagementRowSchema),
});
export type Engagement = z.infer<typeof EngagementSchema>;
export const ActivityImportSchema = z.object({
  rows: z.number().int(),
  clicks: z.number().int(),
  students: z.number().int(),
});
