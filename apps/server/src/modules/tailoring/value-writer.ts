import type { Database, Query } from '../../db/client.ts';
import { canCopy, copyField, copyIn } from '../../db/copy.ts';
import { STUDENT_SYNC_LIMIT } from './sync.ts';

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
/** Lines per string handed to a COPY stream. */
const COPY_LINES = 5_000;

/** The COPY text lines of `rows` (db/copy.ts), in strings of COPY_LINES lines. */
function* linesOf(rows: ValueRow[], coachOf: Map<number, number>): Generator<string> {
  for (let i = 0; i < rows.length; i += COPY_LINES) {
    let text = '';
    for (const r of rows.slice(i, i + COPY_LINES))
      text += `${r.userId}\t${r.characteristicId}\t${coachOf.get(r.characteristicId) ?? 0}\t${copyField(r.value)}\t${copyField(r.num)}\n`;
    yield text;
  }
}

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
  const scopes = await q<{ id: number; scope: string; is_multivalued: boolean }>(
    'select id, scope, is_multivalued from characteristics where id = any($1::int[])',
    [ids],
  );
  const coachOf = new Map(scopes.map((c) => [c.id, c.scope === 'enrolment' ? target.coachId : 0]));
  // Room for the hash joins of a large file (this transaction only).
  await q(`set local work_mem = '256MB'`);
  await q(
    `create temp table if not exists value_stage
       (user_id int not null, characteristic_id int not null, coach_id int not null, value text, num float8)
     on commit drop`,
  );
  await q('drop index if exists value_stage_key');
  await q('truncate value_stage');
  if (canCopy(q)) {
    // PostgreSQL: COPY, a stream of text lines, a few times faster than parameterised inserts.
    for (let i = 0; i < rows.length; i += STAGE_ROWS) {
      const chunk = rows.slice(i, i + STAGE_ROWS);
      await copyIn(
        q,
        'copy value_stage (user_id, characteristic_id, coach_id, value, num) from stdin',
        linesOf(chunk, coachOf),
      );
      if (onProgress) await onProgress(Math.min(rows.length, i + STAGE_ROWS));
    }
  } else {
    for (let i = 0; i < rows.length; i += STAGE_ROWS) {
      const chunk = rows.slice(i, i + STAGE_ROWS);
      await q(
        `insert into value_stage (user_id, characteristic_id, coach_id, value, num)
         select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::float8[])`,
        [
          chunk.map((r) => r.userId),
          chunk.map((r) => r.characteristicId),
          chunk.map((r) => coachOf.get(r.characteristicId) ?? 0),
          chunk.map((r) => r.value),
          chunk.map((r) => r.num),
        ],
      );
      if (onProgress) await onProgress(Math.min(rows.length, i + STAGE_ROWS));
    }
  }
  // Indexed after loading (cheaper than maintaining it row by row), and analysed: a temporary table has
  // no statistics until then, and without them a large file would be joined row by row; with the index,
  // whatever join order the planner picks stays one index probe per value at worst.
  await q('create index value_stage_key on value_stage (characteristic_id, user_id)');
  await q('analyze value_stage');
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

/** Per characteristic: the values a statement changed, and their students when few (else null). */
type Summary = { op: 'update' | 'delete' | 'insert'; id: number; n: number; users: number[] | null };

/**
 * Runs `write` (a statement that writes values, its changed rows in a `with d as (… returning user_id,
 * characteristic_id)`) and returns, per characteristic, how many it changed and their students when at
 * most STUDENT_SYNC_LIMIT.
 */
async function summarised(q: Query, op: Summary['op'], write: string, params: unknown[]): Promise<Summary[]> {
  const rows = await q<Omit<Summary, 'op'>>(
    `${write}
     select characteristic_id as id, count(*)::int as n,
            case when count(*) <= ${STUDENT_SYNC_LIMIT} then array_agg(user_id) end as users
       from d group by characteristic_id`,
    params,
  );
  return rows.map((r) => ({ op, ...r }));
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

/**
 * The one pass over the single-valued characteristics `singleIds` (the file lists each pair once): a
 * student's stored value from the source that the file changes is replaced in place by an UPDATE, its
 * coach too when it was stored under the other one (a value is a course fact or not by its
 * characteristic's scope). A changed value is then one row version written, not a row deleted and
 * another inserted: no foreign-key check (PostgreSQL checks the key on UPDATE only when it changes) and
 * no conflict check. When a student has several stored values of such a characteristic (which the
 * writer never leaves, but data written otherwise might hold) the update gives two rows the same key:
 * it is rolled back to its savepoint and null is returned (the caller then writes the whole diff by the
 * anti-joins).
 */
async function updateInPlace(q: Query, target: ValueTarget, singleIds: number[]): Promise<Summary[] | null> {
  if (singleIds.length === 0) return [];
  await q('savepoint value_update');
  try {
    const updated = await summarised(
      q,
      'update',
      `with d as (
         update student_characteristic_values v
            set coach_id = s.coach_id, value = s.value, num = s.num, recorded_at = now()
           from value_stage s
          where v.characteristic_id = any($3::int[]) and v.source_id = $1 and v.coach_id in (0, $2)
            and s.characteristic_id = any($3::int[])
            and s.characteristic_id = v.characteristic_id and s.user_id = v.user_id
            and s.value is not null and (s.value <> v.value or s.coach_id <> v.coach_id)
         returning v.user_id, v.characteristic_id)`,
      [target.sourceId, target.coachId, singleIds],
    );
    await q('release savepoint value_update');
    return updated;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await q('rollback to savepoint value_update');
    return null;
  }
}

/**
 * After updateInPlace: deletes the source's values of the single-valued pairs the file lists with no
 * value ("no answer"). Only the staged rows without a value are joined, so a file that answers every
 * pair costs a scan of the stage and no probe.
 */
function removeUnanswered(q: Query, target: ValueTarget, singleIds: number[]): Promise<Summary[]> {
  if (singleIds.length === 0) return Promise.resolve([]);
  return summarised(
    q,
    'delete',
    `with d as (
       delete from student_characteristic_values v
        using value_stage s
        where s.value is null and s.characteristic_id = any($3::int[])
          and v.characteristic_id = s.characteristic_id and v.user_id = s.user_id
          and v.source_id = $1 and v.coach_id in (0, $2)
       returning v.user_id, v.characteristic_id)`,
    [target.sourceId, target.coachId, singleIds],
  );
}

/**
 * After updateInPlace: inserts the staged values of the single-valued pairs that have no value from the
 * source (new students, or a value where there was none); one anti-join probe per staged value.
 */
function insertNewPairs(q: Query, target: ValueTarget, singleIds: number[]): Promise<Summary[]> {
  if (singleIds.length === 0) return Promise.resolve([]);
  return summarised(
    q,
    'insert',
    `with d as (
       insert into student_characteristic_values
              (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
       select $1, s.characteristic_id, s.user_id, s.coach_id, $2, s.value, s.num
         from value_stage s
        where s.value is not null and s.characteristic_id = any($4::int[])
          and not exists (select 1 from student_characteristic_values v
                           where v.characteristic_id = any($4::int[])
                             and v.characteristic_id = s.characteristic_id and v.user_id = s.user_id
                             and v.source_id = $2 and v.coach_id in (0, $3))
       on conflict do nothing
       returning user_id, characteristic_id)`,
    [target.institutionId, target.sourceId, target.coachId, singleIds],
  );
}

/**
 * The delete of the general diff, over the characteristics `ids`: the source's values of the listed
 * (student, characteristic) pairs that the file does not repeat (same coach, same value), by a
 * semi-join to the staged pairs and an anti-join to the staged values.
 */
function deleteMissing(q: Query, target: ValueTarget, ids: number[]): Promise<Summary[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return summarised(
    q,
    'delete',
    `with d as (
       delete from student_characteristic_values v
        where v.characteristic_id = any($3::int[]) and v.source_id = $1 and v.coach_id in (0, $2)
          and exists (select 1 from value_stage s
                       where s.characteristic_id = any($3::int[])
                         and s.characteristic_id = v.characteristic_id and s.user_id = v.user_id)
          and not exists (select 1 from value_stage s
                           where s.characteristic_id = any($3::int[])
                             and s.characteristic_id = v.characteristic_id and s.user_id = v.user_id
                             and s.coach_id = v.coach_id and s.value = v.value)
       returning v.user_id, v.characteristic_id)`,
    [target.sourceId, target.coachId, ids],
  );
}

/**
 * The insert of the general diff, over the characteristics `ids`: the staged values not stored yet (an
 * anti-join; `on conflict do nothing` only for a concurrent writer and a value staged twice).
 */
function insertMissing(q: Query, target: ValueTarget, ids: number[]): Promise<Summary[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return summarised(
    q,
    'insert',
    `with d as (
       insert into student_characteristic_values
              (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
       select $1, s.characteristic_id, s.user_id, s.coach_id, $2, s.value, s.num
         from value_stage s
        where s.value is not null and s.characteristic_id = any($3::int[])
          and not exists (select 1 from student_characteristic_values v
                           where v.characteristic_id = any($3::int[])
                             and v.characteristic_id = s.characteristic_id and v.user_id = s.user_id
                             and v.coach_id = s.coach_id and v.source_id = $2 and v.value = s.value)
       on conflict do nothing
       returning user_id, characteristic_id)`,
    [target.institutionId, target.sourceId, ids],
  );
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
  await database.query('analyze student_characteristic_values').catch(() => undefined);
}
