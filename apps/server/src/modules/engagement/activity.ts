import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import type { Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { deleteActivity, insertActivity, selectEnrolledKeys } from './queries.ts';

/**
 * The LMS activity log of a coach (docs/engagement.md): read from the OULAD
 * click log (`vle.csv` + `studentVle.csv`, plain or gzipped) or from the generic CSV (student, date,
 * activity_type, count), aggregated per (student, day, activity type) and stored in
 * `engagement_activity`. Rows repeating a key are separate log entries: their clicks are summed.
 */

/** Aggregated clicks: key `${student}\t${day}\t${type}` → clicks. */
export type ActivityTotals = Map<string, number>;

/** Opens `<dir>/<name>` or, when absent, `<dir>/<name>.gz` (gunzipped) as a text stream. */
export function openDataFile(dir: string, name: string): Readable {
  const plain = path.join(dir, name);
  if (fs.existsSync(plain)) return fs.createReadStream(plain);
  const gz = `${plain}.gz`;
  if (fs.existsSync(gz)) return fs.createReadStream(gz).pipe(createGunzip());
  throw new Error(`${name} (or ${name}.gz) is not in ${dir}`);
}

/** Streams a CSV with a header through csv-parse, calling `row` per record. */
async function eachRow(input: Readable, row: (r: Record<string, string>) => void): Promise<void> {
  const parser = input.pipe(parse({ columns: true, trim: true, skip_empty_lines: true, bom: true }));
  for await (const r of parser) row(r as Record<string, string>);
}

/**
 * Reads OULAD presentations' click logs from `dir` in one pass: vle.csv for each site's activity type,
 * then studentVle.csv streamed (~21 MB, csv-parse records as arrays, header checked): clicks summed per
 * (id_student, date, activity_type), per `MODULE-PRESENTATION` key. Returns the totals and the number
 * of log rows read per presentation.
 */
export async function readOuladClicksMany(
  dir: string,
  presentations: Array<{ module: string; presentation: string }>,
): Promise<Map<string, { totals: ActivityTotals; rows: number }>> {
  const out = new Map<string, { totals: ActivityTotals; rows: number }>();
  for (const p of presentations) out.set(`${p.module}-${p.presentation}`, { totals: new Map(), rows: 0 });
  const siteType = new Map<string, string>();
  await eachRow(openDataFile(dir, 'vle.csv'), (r) => {
    if (out.has(`${r.code_module}-${r.code_presentation}`)) siteType.set(r.id_site!, r.activity_type!);
  });
  const parser = openDataFile(dir, 'studentVle.csv').pipe(
    parse({ trim: true, skip_empty_lines: true, bom: true }),
  );
  let header = true;
  let read = 0;
  for await (const rec of parser) {
    // The records of a buffered stream come as microtasks: let timers and requests in now and then
    // (the demo reads this file in the background while the server answers, seed/preparation.ts).
    if (++read % 5_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const [m, p, student, site, date, clicks] = rec as string[];
    if (header) {
      header = false;
      if (
        [m, p, student, site, date, clicks].join(',') !==
        'code_module,code_presentation,id_student,id_site,date,sum_click'
      )
        throw new Error('studentVle.csv does not have the OULAD header');
      continue;
    }
    const target = out.get(`${m}-${p}`);
    if (!target) continue;
    target.rows++;
    const key = `${student}\t${date}\t${siteType.get(site!) ?? 'unknown'}`;
    target.totals.set(key, (target.totals.get(key) ?? 0) + Number(clicks));
  }
  return out;
}

/** One presentation's click log (see readOuladClicksMany). */
export async function readOuladClicks(
  dir: string,
  codeModule: string,
  codePresentation: string,
): Promise<{ totals: ActivityTotals; rows: number }> {
  const all = await readOuladClicksMany(dir, [{ module: codeModule, presentation: codePresentation }]);
  return all.get(`${codeModule}-${codePresentation}`)!;
}

/**
 * Reads the generic activity CSV: a header with `student` (student id or e-mail), `date` (day of the
 * presentation, a whole number, negative before the start), `activity_type` and `count` (whole number
 * ≥ 0), comma-separated. Refuses (400, naming the line) anything else; nothing is written then.
 */
export async function readGenericActivity(text: string): Promise<{ totals: ActivityTotals; rows: number }> {
  const totals: ActivityTotals = new Map();
  let rows = 0;
  let line = 1;
  const wanted = ['student', 'date', 'activity_type', 'count'];
  try {
    const parser = Readable.from([text]).pipe(
      parse({
        columns: (h: string[]) => {
          const names = h.map((x) => x.trim().toLowerCase());
          const missing = wanted.filter((w) => !names.includes(w));
          if (missing.length > 0)
            throw new HeaderError(`The header lacks the column(s) ${missing.join(', ')}.`);
          return names;
        },
        trim: true,
        skip_empty_lines: true,
        bom: true,
      }),
    );
    for await (const raw of parser) {
      line++;
      const r = raw as Record<string, string>;
      if (!/^-?\d+$/.test(r.date ?? ''))
        throw new HeaderError(`Line ${line}: the date “${r.date}” is not a day number.`);
      if (!/^\d+$/.test(r.count ?? ''))
        throw new HeaderError(`Line ${line}: the count “${r.count}” is not a whole number.`);
      if (!r.student || !r.activity_type)
        throw new HeaderError(`Line ${line}: the student and activity type are required.`);
      rows++;
      const key = `${r.student}\t${Number(r.date)}\t${r.activity_type}`;
      totals.set(key, (totals.get(key) ?? 0) + Number(r.count));
    }
  } catch (error) {
    if (error instanceof HeaderError) throw badRequest({ file: [error.message] });
    throw badRequest({ file: [`Line ${line + 1} cannot be read as CSV.`] });
  }
  if (rows === 0)
    throw badRequest({ file: ['The file has a header but no rows: there is nothing to import.'] });
  return { totals, rows };
}

class HeaderError extends Error {}

const BATCH = 50_000;

/** Runs one part of {@link storeActivity}'s writing with a query runner. */
export type ActivityWriter = <T>(fn: (q: Query) => Promise<T>) => Promise<T>;

/**
 * Replaces a coach's activity log by the given totals: students are matched to the coach's enrolled
 * students by student id (`users.external_id`) or e-mail; rows of anybody else are left out and counted.
 * Bulk insert from unnest arrays in batches of `batch` rows. By default everything runs with `q`, inside
 * the caller's transaction; with `write` (the demo's background import, seed/engagement.ts) the delete
 * and each batch run in their own `write` call, e.g. their own short transaction, so that an embedded
 * database answers requests in between (the log is then complete only once the last batch is written).
 */
export async function storeActivity(
  q: Query,
  coachId: number,
  totals: ActivityTotals,
  opts: { write?: ActivityWriter; batch?: number } = {},
): Promise<{ stored: number; clicks: number; students: number; unknown: number }> {
  const write: ActivityWriter = opts.write ?? ((fn) => fn(q));
  const batch = opts.batch ?? BATCH;
  const enrolled = await selectEnrolledKeys(q, coachId);
  const byKey = new Map<string, number>();
  for (const s of enrolled) {
    byKey.set(s.email, s.id);
    if (s.external_id) byKey.set(s.external_id, s.id);
  }
  await write((w) => deleteActivity(w, coachId));
  const users: number[] = [];
  const days: number[] = [];
  const types: string[] = [];
  const clicks: number[] = [];
  const students = new Set<number>();
  let unknown = 0;
  let total = 0;
  const flush = async () => {
    if (users.length === 0) return;
    await write((w) => insertActivity(w, coachId, { users, days, types, clicks }));
    users.length = 0;
    days.length = 0;
    types.length = 0;
    clicks.length = 0;
  };
  for (const [key, n] of totals) {
    const [student, day, type] = key.split('\t') as [string, string, string];
    const userId = byKey.get(student) ?? byKey.get(student.toLowerCase());
    if (userId === undefined) {
      unknown++;
      continue;
    }
    users.push(userId);
    days.push(Number(day));
    types.push(type);
    clicks.push(n);
    students.add(userId);
    total += n;
    if (users.length >= batch) await flush();
  }
  await flush();
  return { stored: totals.size - unknown, clicks: total, students: students.size, unknown };
}
