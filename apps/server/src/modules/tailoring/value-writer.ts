import type { Database, Query } from '../../db/client.ts';
import { canCopy, copyField, copyIn } from '../../db/copy.ts';
import { STUDENT_SYNC_LIMIT } from './sync.ts';

/**
 * The fast path of every import that writes characteristic values (the CSV import, mts-import; the
 * guided import's commit): the values are staged in a temporary table of the import's transaction (on
 * PostgreSQL by COPY, db/copy.ts; on PGlite by multi-row `unnest` inserts; no index while loading, no
 * WAL), indexed and analysed once loaded, then written set-wise, as a diff: one statement updates in
 * place the single-valued characteristics' values the file changes, one deletes the source's values of
 * the listed (student, characteristic) pairs that are not in the file any more (an anti-join), one
 * inserts the staged values that are not stored yet (the anti-join the other way). A value the file
 * repeats is not touched, so a re-import of the same data writes nothing and owes no sync.
 * docs/characteristics.md "Importing values".
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
  // Per characteristic: how many values changed, and their students when few (else null).
  const summary = `select characteristic_id as id, count(*)::int as n,
                          case when count(*) <= ${STUDENT_SYNC_LIMIT} then array_agg(user_id) end as users
                     from d group by characteristic_id`;
  const updated = await updateInPlace(
    q,
    target,
    scopes.filter((c) => !c.is_multivalued).map((c) => c.id),
    summary,
  );
  const deleted = await q<Summary>(
    `with d as (
       delete from student_characteristic_values v
        where v.characteristic_id = any($3::int[]) and v.source_id = $1 and v.coach_id in (0, $2)
          and exists (select 1 from value_stage s
                       where s.characteristic_id = v.characteristic_id and s.user_id = v.user_id)
          and not exists (select 1 from value_stage s
                           where s.characteristic_id = v.characteristic_id and s.user_id = v.user_id
                             and s.coach_id = v.coach_id and s.value = v.value)
       returning v.user_id, v.characteristic_id)
     ${summary}`,
    [target.sourceId, target.coachId, ids],
  );
  const inserted = await q<Summary>(
    `with d as (
       insert into student_characteristic_values
              (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
       select $1, s.characteristic_id, s.user_id, s.coach_id, $2, s.value, s.num
         from value_stage s
        where s.value is not null
          and not exists (select 1 from student_characteristic_values v
                           where v.characteristic_id = s.characteristic_id and v.user_id = s.user_id
                             and v.coach_id = s.coach_id and v.source_id = $2 and v.value = s.value)
       on conflict do nothing
       returning user_id, characteristic_id)
     ${summary}`,
    [target.institutionId, target.sourceId],
  );
  // An update is a value deleted and one inserted (the counts and lists of the delete and insert of the
  // same diff: a characteristic's students are listed while at most STUDENT_SYNC_LIMIT values of it
  // were deleted and at most as many inserted).
  const per = new Map<number, { out: number; in: number; users: number[] | null }>();
  const add = (summaries: Summary[], out: boolean, inn: boolean) => {
    for (const r of summaries) {
      const c = per.get(r.id) ?? { out: 0, in: 0, users: [] };
      if (out) c.out += r.n;
      if (inn) c.in += r.n;
      c.users = c.users === null || r.users === null ? null : [...c.users, ...r.users];
      per.set(r.id, c);
    }
  };
  add(updated, true, true);
  add(deleted, true, false);
  add(inserted, false, true);
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
type Summary = { id: number; n: number; users: number[] | null };

/**
 * The first step of the diff, for the single-valued characteristics `singleIds`: a student whose one
 * stored value from the source differs from the file's gets it replaced in place, by an UPDATE (the
 * rest of the diff then finds it equal). A changed value is then one row version written, not a row
 * deleted and another inserted: no foreign-key check (PostgreSQL checks the key on UPDATE only when it
 * changes), no conflict check, and no second pass over the deleted rows. When a student has several
 * stored values of such a characteristic (which the writer never leaves, but data written otherwise
 * might hold) the update would give two rows the same key: it is rolled back to its savepoint, and the
 * delete and insert that follow write the whole diff as they would anyway.
 */
async function updateInPlace(
  q: Query,
  target: ValueTarget,
  singleIds: number[],
  summary: string,
): Promise<Summary[]> {
  if (singleIds.length === 0) return [];
  await q('savepoint value_update');
  try {
    const updated = await q<Summary>(
      `with d as (
         update student_characteristic_values v
            set value = s.value, num = s.num, recorded_at = now()
           from value_stage s
          where v.characteristic_id = any($3::int[]) and v.source_id = $1 and v.coach_id in (0, $2)
            and s.characteristic_id = v.characteristic_id and s.user_id = v.user_id
            and s.coach_id = v.coach_id and s.value is not null and s.value <> v.value
         returning v.user_id, v.characteristic_id)
       ${summary}`,
      [target.sourceId, target.coachId, singleIds],
    );
    await q('release savepoint value_update');
    return updated;
  } catch (error) {
    if ((error as { code?: string }).code !== '23505') throw error;
    await q('rollback to savepoint value_update');
    return [];
  }
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
