import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { testConfig } from './helpers.ts';

/**
 * The OULAD CSV files read straight from disk for the tests' own expectations: no server code is used
 * here (only the configured folder, demo-data/oulad by default). Values stay the raw strings of the
 * files, `?` included.
 */
export type CsvRow = Record<string, string>;

export const OULAD_DIR = testConfig().OULAD_DIR;

const cache = new Map<string, CsvRow[]>();

/** The text of `file` (e.g. `studentInfo.csv`) in `dir`: `file.gz` gunzipped when present, else `file`. */
export function readCsvText(file: string, dir = OULAD_DIR): string {
  const gz = path.join(dir, `${file}.gz`);
  if (fs.existsSync(gz)) return zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8');
  return fs.readFileSync(path.join(dir, file), 'utf8');
}

/** The rows of `file` (e.g. `studentInfo.csv`, read from `studentInfo.csv.gz` when that is there). */
export function readCsv(file: string, dir = OULAD_DIR): CsvRow[] {
  const key = path.join(dir, file);
  let rows = cache.get(key);
  if (!rows) {
    rows = parse(readCsvText(file, dir), { columns: true, skip_empty_lines: true }) as CsvRow[];
    cache.set(key, rows);
  }
  return rows;
}

/** `AAA-2013J` of a row with code_module and code_presentation. */
export const presentationOf = (r: CsvRow) => `${r.code_module}-${r.code_presentation}`;

export interface OuladSubset {
  courses: CsvRow[];
  assessments: CsvRow[];
  studentInfo: CsvRow[];
  registrations: CsvRow[];
  /** studentAssessment rows of the subset's assessments. */
  studentAssessments: CsvRow[];
}

/** The rows of the given presentations. */
export function subsetOf(presentations: readonly string[], dir = OULAD_DIR): OuladSubset {
  const wanted = new Set(presentations);
  const inSubset = (r: CsvRow) => wanted.has(presentationOf(r));
  const assessments = readCsv('assessments.csv', dir).filter(inSubset);
  const ids = new Set(assessments.map((a) => a.id_assessment));
  return {
    courses: readCsv('courses.csv', dir).filter(inSubset),
    assessments,
    studentInfo: readCsv('studentInfo.csv', dir).filter(inSubset),
    registrations: readCsv('studentRegistration.csv', dir).filter(inSubset),
    studentAssessments: readCsv('studentAssessment.csv', dir).filter((r) => ids.has(r.id_assessment!)),
  };
}
