import type { Database, Query } from '../../db/client.ts';
import { canCopy } from '../../db/copy.ts';
import { STUDENT_SYNC_LIMIT } from './sync.ts';
import {
  analyzeValues,
  copyToStage,
  deleteMissing,
  indexStage,
  insertIntoStage,
  insertMissing,
  insertNewPairs,
  prepareStage,
  removeUnanswered,
  selectWriteScopes,
  updateInPlace,
} from './value-writer-queries.ts';

/**
 * The fast path of every import that writes characteristic values (the CSV import, mts-import; the
 * guided import's commit): the values are staged in a temporary table of the import's transaction (on
 * PostgreSQL by COPY, db/copy.ts; on PGlite by multi-row `unnest` inserts; no index while loading, no
 * WAL), indexed and analysed once loaded, then written set-wise, as a diff. The single-valued
 * characteristics in one pass over their stored values: an update in place of the values the file
 * changes, then a delete of the pairs it lists with no value and an insert for the pairs with no stored
 * value, each touching only its own rows. The multivalued ones by the general diff: a delete of the
 * source's values of the listed (student, characteristic) pairs that are not in the file any more (an
 * anti-join) and an insert of the staged values that are not stored yet (the anti-join the other way),
 * which also writes every characteristic when the one pass cannot (a single-valued pair listed twice,
 * or stored twice). A value the file repeats is not touched, so a re-import of the same data writes
 * nothing and owes no sync. docs/characteristics.md "Importing values".
 */

/** One value to write: a student, a characteristic and the value (null: none, the student has the default). */
export interface ValueRow {
  userId: number;
  characteristicId: number;
  value: string | null;
  num: number | null;
}

/** Where the values go: the institution, the coach (course facts are stored with its id) and the source. */
export interface ValueTarget {
  institutionId: number;
  coachId: number;
  sourceId: number;
}

/** What changed: the characteristics with a value deleted or inserted, and their students. */
export interface WrittenValues {
  /** Ids of the characteristics whose values changed (for at least one student). */
  characteristicIds: number[];
  /** The students whose values changed; null when more than STUDENT_SYNC_LIMIT (a whole sync is due). */
  users: number[] | null;
  /** Values deleted plus values inserted. */
  changed: number;
}

/** Values staged per statement (and between two progress updates). */
const STAGE_ROWS = 50_000;
/**
 * Replaces, for every (student, characteristic) pair listed in `rows`, the source's values by the given
 * ones (a null value lists the pair with no value: the source's values are removed). Course facts
 * (enrolment-scoped characteristics) are stored with `target.coachId`, the others with coach 0. Call it
 * inside the import's transaction (it creates temporary tables dropped at commit). `onProgress` is called
 * after each staged chunk with the count of rows staged so far. Returns what changed, for
 * noteChangedValues (sync.ts).
 */
export async function writeValues(
  q: Query,
  target: ValueTarget,
  rows: ValueRow[],
  onProgress?: (staged: number) => Promise<void>,
): Promise<WrittenValues> {
  const none: WrittenValues = { characteristicIds: [], users: [], changed: 0 };
  if (rows.length === 0) return none;
  const ids = [...new Set(rows.map((r) => r.characteristicId))];
  const scopes = await selectWriteScopes(q, ids);
  const coachOf = new Map(scopes.map((c) => [c.id, c.scope === 'enrolment' ? target.coachId : 0]));
  await prepareStage(q);
  if (canCopy(q)) {
    // PostgreSQL: COPY, a stream of text lines, a few times faster than parameterised inserts.
    for (let i = 0; i < rows.length; i += STAGE_ROWS) {
      const chunk = rows.slice(i, i + STAGE_ROWS);
      await copyToStage(q, chunk, coachOf);
      if (onProgress) await onProgress(Math.min(rows.length, i + STAGE_ROWS));
    }
  } else {
    for (let i = 0; i < rows.length; i += STAGE_ROWS) {
      const chunk = rows.slice(i, i + STAGE_ROWS);
      await insertIntoStage(q, chunk, coachOf);
      if (onProgress) await onProgress(Math.min(rows.length, i + STAGE_ROWS));
    }
  }
  await indexStage(q);
  const single = scopes.filter((c) => !c.is_multivalued).map((c) => c.id);
  const multi = scopes.filter((c) => c.is_multivalued).map((c) => c.id);
  // The single-valued values in one pass (an update, then what it leaves: "no answer" and new
  // students), the multivalued ones by the anti-joins; the anti-joins over every listed value when the
  // file names a single-valued pair twice or the update meets two stored values of one pair.
  let diff = repeatsPair(rows, single) ? null : await updateInPlace(q, target, single);
  if (diff) {
    diff.push(...(await removeUnanswered(q, target, single)), ...(await insertNewPairs(q, target, single)));
    diff.push(...(await deleteMissing(q, target, multi)), ...(await insertMissing(q, target, multi)));
  } else {
    diff = [...(await deleteMissing(q, target, ids)), ...(await insertMissing(q, target, ids))];
  }
  // An update is a value deleted and one inserted (the counts and lists of the delete and insert of the
  // same diff: a characteristic's students are listed while at most STUDENT_SYNC_LIMIT values of it
  // were deleted and at most as many inserted).
  const per = new Map<number, { out: number; in: number; users: number[] | null }>();
  for (const r of diff) {
    const c = per.get(r.id) ?? { out: 0, in: 0, users: [] };
    if (r.op !== 'insert') c.out += r.n;
    if (r.op !== 'delete') c.in += r.n;
    c.users = c.users === null || r.users === null ? null : [...c.users, ...r.users];
    per.set(r.id, c);
  }
  if (per.size === 0) return none;
  const users = new Set<number>();
  let many = false;
  let changed = 0;
  for (const c of per.values()) {
    changed += c.out + c.in;
    if (c.users === null || c.out > STUDENT_SYNC_LIMIT || c.in > STUDENT_SYNC_LIMIT) many = true;
    else for (const u of c.users) users.add(u);
  }
  return {
    characteristicIds: [...per.keys()],
    users: many || users.size > STUDENT_SYNC_LIMIT ? null : [...users],
    changed,
  };
}

/** Bits of the bitmap repeatsPair checks the pairs with (32 MB); a larger one is not built. */
const PAIR_BITS = 2 ** 28;

/**
 * True when `rows` may list a (student, characteristic) pair of a characteristic in `single` twice:
 * checked with one bit per (characteristic, student id), in one pass. When that bitmap would be
 * larger than PAIR_BITS (student ids in the hundreds of millions) it is not built and the answer is
 * true: the caller then writes by the general diff, which is right for any file.
 */
function repeatsPair(rows: ValueRow[], single: number[]): boolean {
  if (single.length === 0) return false;
  let max = 0;
  for (const r of rows) max = Math.max(max, r.userId);
  const width = max + 1;
  if (width * single.length > PAIR_BITS || rows.some((r) => r.userId < 0)) return true;
  const base = new Map(single.map((id, i) => [id, i * width]));
  const seen = new Uint8Array(Math.ceil((width * single.length) / 8));
  for (const r of rows) {
    const at = base.get(r.characteristicId);
    if (at === undefined) continue;
    const bit = at + r.userId;
    const i = Math.floor(bit / 8);
    const byte = seen[i] ?? 0;
    if (byte & (1 << (bit % 8))) return true;
    seen[i] = byte | (1 << (bit % 8));
  }
  return false;
}

/** Above this many values deleted plus inserted, the values' statistics are refreshed after the commit. */
export const ANALYZE_AFTER_CHANGES = 100_000;

/**
 * Call after the commit of a write that changed `written.changed` values: when more than
 * ANALYZE_AFTER_CHANGES, analyses `student_characteristic_values`, so that the whole syncs that follow
 * (docs/design.md "Membership sync") are planned from the table as it now is rather than from statistics
 * of before the import (autovacuum would analyse it only later). Outside the import's transaction:
 * ANALYZE holds its lock to the end of the transaction, which would make concurrent large imports wait
 * for each other. A failure is ignored (autovacuum analyses the table later anyway).
 * docs/characteristics.md "Importing values".
 */
export async function analyzeAfterWrite(database: Database, written: WrittenValues): Promise<void> {
  if (written.changed <= ANALYZE_AFTER_CHANGES) return;
  await analyzeValues(database.query).catch(() => undefined);
}
