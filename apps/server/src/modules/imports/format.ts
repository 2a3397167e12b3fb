import {
  type Bom,
  DELIMITERS,
  type Delimiter,
  type FileFormat,
  IMPORT_FILE_LIMIT,
  IMPORT_FILE_TOO_LARGE,
  type LineEnding,
  type Quote,
} from '@course-coach/contracts';
import { parse } from 'csv-parse/sync';
import { parseCsvText } from '../../http/csv.ts';
import { badRequest } from '../../http/errors.ts';

/** Lines read to detect the delimiter. */
const SAMPLE_LINES = 50;

/** The refusal of a file whose columns are separated by none of the delimiters the import reads. */
export const UNKNOWN_DELIMITER =
  'The columns are not separated by a comma, semicolon, tab or vertical bar (“|”): save the file as CSV and upload it again.';

/** Refuses (400, `file`: IMPORT_FILE_TOO_LARGE, the screen's own sentence) a file over the size limit. */
export function checkSize(bytes: number): void {
  if (bytes > IMPORT_FILE_LIMIT) throw badRequest({ file: [IMPORT_FILE_TOO_LARGE] });
}

/** How many fields each sample line has with this delimiter and quote (csv-parse, quotes honoured). */
function fieldCounts(text: string, delimiter: Delimiter, quote: '"' | "'" = '"'): number[] | null {
  try {
    const rows = parse(text, {
      delimiter,
      quote,
      to_line: SAMPLE_LINES,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
    return rows.map((r) => r.length);
  } catch {
    return null;
  }
}

/**
 * Detects a file's format: a UTF-8 byte order mark, the line ending (the most frequent of CRLF, LF, CR
 * outside double-quoted cells),
 * whether fields are quoted (with `"`; the quote character is `'` when every header field is wrapped in
 * single quotes, else `"`), and the delimiter: among comma, semicolon, tab and vertical bar, the one that
 * splits the header into most columns with every sample line having the header's count (csv-parse reads
 * the sample, so quoted delimiters do not count). None splitting the header: null delimiter.
 */
export function detectFormat(raw: string): {
  format: Omit<FileFormat, 'delimiter' | 'quote'>;
  delimiter: Delimiter | null;
  quote: Quote;
} {
  const bom = raw.startsWith('\uFEFF');
  const text = bom ? raw.slice(1) : raw;
  const sample = text.slice(0, 64 * 1024);
  // Line ends inside double-quoted cells are data, not record ends: they do not count.
  const bare = sample.replace(/"[^"]*"/g, '""');
  const crlf = (bare.match(/\r\n/g) ?? []).length;
  const lf = (bare.match(/(?<!\r)\n/g) ?? []).length;
  const cr = (bare.match(/\r(?!\n)/g) ?? []).length;
  const line_ending = crlf >= lf && crlf >= cr && crlf > 0 ? 'CRLF' : cr > lf ? 'CR' : 'LF';
  // Whole lines only (a cut last line would miscount).
  const end = sample.lastIndexOf(line_ending === 'CR' ? '\r' : '\n');
  const body = sample.slice(0, end > 0 ? end : undefined);
  let best: { d: Delimiter; score: number } | null = null;
  for (const d of DELIMITERS) {
    const counts = fieldCounts(body, d);
    if (!counts || counts.length === 0 || counts[0]! < 2) continue;
    const header = counts[0]!;
    const consistent = counts.filter((c) => c === header).length / counts.length;
    const score = header * consistent;
    if (!best || score > best.score) best = { d, score };
  }
  const firstLine = sample.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const quoted = /^\s*"/.test(firstLine) || /[,;\t|]\s*"/.test(firstLine);
  // Single quotes when no `"` quoting was found and every header field is wrapped in them, or they read
  // the sample more consistently (a quoted value holding the delimiter); else `"`, which reads unquoted
  // files too.
  const fields = best ? firstLine.split(best.d) : [];
  const consistency = (quote: '"' | "'") => {
    const counts = best ? fieldCounts(body, best.d, quote) : null;
    if (!counts || counts.length === 0) return -1;
    return counts.filter((c) => c === counts[0]).length / counts.length;
  };
  const single =
    !quoted &&
    fields.length > 1 &&
    (fields.every((f) => /^\s*'.*'\s*$/.test(f)) || consistency("'") > consistency('"'));
  return {
    format: { bom, line_ending, quoted },
    delimiter: best?.d ?? null,
    quote: single ? "'" : '"',
  };
}

/** How to read a file; each absent choice is detected (detectFormat). */
export interface ReadOptions {
  delimiter?: Delimiter | undefined;
  quote?: Quote | undefined;
  /** `present`: a leading byte order mark is removed; `absent`: it is read as data. */
  bom?: Bom | undefined;
  /** The record delimiter; absent: the one detected. */
  line_ending?: LineEnding | undefined;
}

const RECORD_DELIMITERS: Record<LineEnding, string> = { LF: '\n', CRLF: '\r\n', CR: '\r' };

/**
 * Parses a whole file with csv-parse, in slices (http/csv.ts `parseCsvText`): the delimiter, quote
 * character (`none`: quotes are ordinary characters), byte order mark and line ending given in `read`,
 * each else detected (so the file is read as its format is shown); trimmed cells, empty lines skipped.
 * Rejects (400, one sentence): an unknown delimiter, malformed quoting or a row with another number of
 * fields than the header (naming the line), a header-only file, an empty file, blank or repeated column
 * names.
 */
export async function parseFile(
  raw: string,
  read: ReadOptions = {},
): Promise<{ format: FileFormat; header: string[]; rows: string[][] }> {
  if (raw.replace(/^\uFEFF/, '').trim() === '') throw badRequest({ file: ['The file is empty.'] });
  const detected = detectFormat(raw);
  const d = read.delimiter ?? detected.delimiter;
  if (!d) throw badRequest({ file: [UNKNOWN_DELIMITER] });
  const q = read.quote ?? detected.quote;
  const bom = read.bom ? read.bom === 'present' : detected.format.bom;
  const lineEnding = read.line_ending ?? detected.format.line_ending;
  const text = bom ? raw.replace(/^\uFEFF/, '') : raw;
  let records: string[][];
  try {
    // Read in slices, the event loop given a turn between them (http/csv.ts): a large upload does not
    // hold up the server's other requests.
    records = await parseCsvText(text, {
      delimiter: d,
      quote: q === 'none' ? false : q,
      bom: false,
      record_delimiter: RECORD_DELIMITERS[lineEnding],
      trim: true,
      skip_empty_lines: true,
      relax_column_count: false,
    });
  } catch (error) {
    const e = error as { lines?: number; code?: string };
    const why =
      e.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH'
        ? 'it has another number of columns than the header'
        : 'its quoting is broken';
    // (With the wrong quote character, a line reads as broken quoting or a different number of columns.)
    throw badRequest({
      file: [
        `Line ${e.lines ?? '?'} cannot be read: ${why}. Check the delimiter, the quoting and the line ending, or fix the line and upload the file again.`,
      ],
    });
  }
  const [header, ...rows] = records;
  if (!header || header.length < 2) throw badRequest({ file: [UNKNOWN_DELIMITER] });
  // A mark read as data stays in the first column name (csv-parse's trim takes it for white space).
  if (text.startsWith('\uFEFF') && !header[0]!.startsWith('\uFEFF')) header[0] = `\uFEFF${header[0]}`;
  if (rows.length === 0) {
    throw badRequest({ file: ['The file has a header but no rows: there is nothing to import.'] });
  }
  const seen = new Set<string>();
  for (const [i, name] of header.entries()) {
    if (name === '') throw badRequest({ file: [`Column ${i + 1} has no name in the header.`] });
    if (seen.has(name)) throw badRequest({ file: [`The column “${name}” appears twice in the header.`] });
    seen.add(name);
  }
  return {
    format: { ...detected.format, bom, line_ending: lineEnding, delimiter: d, quote: q },
    header,
    rows,
  };
}
