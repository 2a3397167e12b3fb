import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import { parse } from 'csv-parse';

/**
 * Reading the OULAD files (demo-data/oulad/README.md): a folder holds each table as gzip-compressed
 * `<table>.csv.gz` (as shipped in demo-data/oulad) or plain `<table>.csv` (the official download, whose
 * fields are quoted). Files are read streaming: gunzip piped into csv-parse, one record at a time.
 */

/** The seven OULAD tables and the columns each file's header must name. */
export const OULAD_COLUMNS = {
  courses: ['code_module', 'code_presentation', 'module_presentation_length'],
  assessments: ['code_module', 'code_presentation', 'id_assessment', 'assessment_type', 'date', 'weight'],
  studentInfo: ['code_module', 'code_presentation', 'id_student', 'final_result'],
  studentRegistration: [
    'code_module',
    'code_presentation',
    'id_student',
    'date_registration',
    'date_unregistration',
  ],
  studentAssessment: ['id_assessment', 'id_student', 'date_submitted', 'is_banked', 'score'],
  vle: ['id_site', 'code_module', 'code_presentation', 'activity_type', 'week_from', 'week_to'],
  studentVle: ['code_module', 'code_presentation', 'id_student', 'id_site', 'date', 'sum_click'],
} as const;

export type OuladTable = keyof typeof OULAD_COLUMNS;

/** One OULAD record: the file's values as strings, with `?` (missing) turned into null. */
export type OuladRecord = Record<string, string | null>;

/** The demo data folder or one of its files is missing or unreadable. `message` is one sentence for the user. */
export class OuladDataError extends Error {
  override name = 'OuladDataError';
}

/** The path of `table` in `dir`: `<table>.csv.gz` when present, else `<table>.csv`, else null. */
export function ouladFile(dir: string, table: OuladTable): string | null {
  for (const name of [`${table}.csv.gz`, `${table}.csv`]) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) return file;
  }
  return null;
}

const expected = (tables: readonly OuladTable[]) =>
  `the OULAD files ${tables.join(', ')} (each as .csv.gz or .csv, see demo-data/oulad/README.md)`;

/**
 * Checks that `dir` is a folder holding every table of `tables`, before anything is read or written.
 * Throws OuladDataError naming the folder and what it must hold.
 */
export function checkOuladDir(dir: string, tables: readonly OuladTable[]): void {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new OuladDataError(
      `The demo data folder ${dir} (OULAD_DIR) does not exist: it must hold ${expected(tables)}, or set SEED_DEMO=false.`,
    );
  }
  const missing = tables.filter((t) => ouladFile(dir, t) === null);
  if (missing.length > 0) {
    throw new OuladDataError(
      `The demo data folder ${dir} (OULAD_DIR) has no ${missing.map((t) => `${t}.csv.gz or ${t}.csv`).join(', no ')}: it must hold ${expected(tables)}, or set SEED_DEMO=false.`,
    );
  }
}

/**
 * Streams the records of one table of `dir`, gunzipping `.csv.gz` on the way; `?` becomes null. Both the
 * unquoted copies in demo-data/oulad and the official quoted download are read. Throws OuladDataError
 * when the file is missing, is not gzip/CSV, or its header lacks a column the table must have.
 */
export async function* streamOuladCsv(dir: string, table: OuladTable): AsyncGenerator<OuladRecord> {
  const file = ouladFile(dir, table);
  if (!file) checkOuladDir(dir, [table]);
  const columns: readonly string[] = OULAD_COLUMNS[table];
  const parser = parse({
    columns: (header: string[]) => {
      const absent = columns.filter((c) => !header.includes(c));
      if (absent.length > 0) throw new Error(`its header has no column ${absent.join(', ')}`);
      return header;
    },
    skip_empty_lines: true,
    trim: true,
  });
  const input = fs.createReadStream(file!);
  // pipeline destroys every stream on the first error, so the loop below throws it.
  if (file!.endsWith('.gz')) pipeline(input, zlib.createGunzip(), parser, () => undefined);
  else pipeline(input, parser, () => undefined);
  try {
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      const out: OuladRecord = {};
      for (const key in row) {
        const v = row[key]!;
        out[key] = v === '?' ? null : v;
      }
      yield out;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
    throw new OuladDataError(
      `Cannot read the demo data file ${file} (${reason}): expected the OULAD table ${table} as gzip-compressed (.csv.gz) or plain (.csv) CSV with a header row naming ${columns.join(', ')}.`,
    );
  }
}

/** The records of one table of `dir` that pass `keep` (all when omitted); errors as streamOuladCsv. */
export async function readOuladCsv(
  dir: string,
  table: OuladTable,
  keep: (r: OuladRecord) => boolean = () => true,
): Promise<OuladRecord[]> {
  const rows: OuladRecord[] = [];
  for await (const r of streamOuladCsv(dir, table)) if (keep(r)) rows.push(r);
  return rows;
}
