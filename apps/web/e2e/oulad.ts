import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The OULAD files the e2e server imports, read by the specs for their own expectations (never through
 * the app): OULAD_DIR when set, else the repository's demo-data/oulad. A table is read from
 * `<name>.csv.gz` when present, else `<name>.csv`; these files have no quoted fields.
 */
export const OULAD_DIR =
  process.env.OULAD_DIR ?? path.resolve(import.meta.dirname, '../../../demo-data/oulad');

const cache = new Map<string, Array<Record<string, string>>>();

/** Rows of an OULAD CSV file (e.g. `studentInfo.csv`) as objects keyed by the header; `?` stays `?`. */
export function readOuladCsv(file: string): Array<Record<string, string>> {
  let rows = cache.get(file);
  if (!rows) {
    const gz = path.join(OULAD_DIR, `${file}.gz`);
    const text = fs.existsSync(gz)
      ? zlib.gunzipSync(fs.readFileSync(gz)).toString('utf8')
      : fs.readFileSync(path.join(OULAD_DIR, file), 'utf8');
    const [header, ...lines] = text.trim().split(/\r?\n/);
    const names = (header ?? '').split(',');
    rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
    cache.set(file, rows);
  }
  return rows;
}
