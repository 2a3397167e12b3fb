/**
 * Tailoring's SQL of the value writer (./value-writer.ts; docs/characteristics.md "Importing values"):
 * the characteristics' scopes, the temporary stage of the import's transaction (made, loaded by COPY or
 * by `unnest` inserts, indexed and analysed), the diff's statements (the single-valued update in place,
 * the deletes and inserts) each summarised per characteristic, and the values' statistics. Which
 * statements run, in what order, and what the caller is told are ./value-writer.ts's.
 */
import type { Query } from '../../db/client.ts';
import { copyField, copyIn } from '../../db/copy.ts';
import type { characteristics } from '../../db/schema/index.ts';
import { STUDENT_SYNC_LIMIT } from './sync.ts';
import type { ValueRow, ValueTarget } from './value-writer.ts';

/** A characteristic a write names: whether its values are course facts (`scope`) and multivalued. */
export type WriteScopeRow = Pick<typeof characteristics.$inferSelect, 'id' | 'scope' | 'is_multivalued'>;

/** The scope and multivaluedness of the characteristics `ids` (those that exist). */
export function selectWriteScopes(q: Query, ids: number[]): Promise<WriteScopeRow[]> {
  return q<WriteScopeRow>('select id, scope, is_multivalued from characteristics where id = any($1::int[])', [
    ids,
  ]);
}

/**
 * Makes the stage `value_stage` of this transaction empty and without its index, room given for the
 * hash joins of a large file (`work_mem`, this transaction only). The table is temporary, dropped at
 * commit; a second write in the same transaction finds it and empties it.
 */
export async function prepareStage(q: Query): Promise<void> {
  // Room for the hash joins of a large file (this transaction only).
  await q(`set local work_mem = '256MB'`);
  await q(
    `create temp table if not exists value_stage
       (user_id int not null, characteristic_id int not null, coach_id int not null, value text, num float8)
     on commit drop`,
  );
  await q('drop index if exists value_stage_key');
  await q('truncate value_stage');
}

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
 * Stages `rows` by COPY (PostgreSQL: a stream of text lines, a few times faster than parameterised
 * inserts; `q` must be a PostgreSQL transaction's runner, db/copy.ts `canCopy`); `coachOf` gives each
 * characteristic's coach (0: not a course fact).
 */
export async function copyToStage(q: Query, rows: ValueRow[], coachOf: Map<number, number>): Promise<void> {
  await copyIn(
    q,
    'copy value_stage (user_id, characteristic_id, coach_id, value, num) from stdin',
    linesOf(rows, coachOf),
  );
}

/** Stages `rows` by one multi-row `unnest` insert (PGlite); `coachOf` as for copyToStage. */
export async function insertIntoStage(
  q: Query,
  rows: ValueRow[],
  coachOf: Map<number, number>,
): Promise<void> {
  await q(
    `insert into value_stage (user_id, characteristic_id, coach_id, value, num)
         select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::float8[])`,
    [
      rows.map((r) => r.userId),
      rows.map((r) => r.characteristicId),
      rows.map((r) => coachOf.get(r.characteristicId) ?? 0),
      rows.map((r) => r.value),
      rows.map((r) => r.num),
    ],
  );
}

/**
 * Indexes the loaded stage and analyses it. Indexed after loading (cheaper than maintaining it row by
 * row), and analysed: a temporary table has no statistics until then, and without them a large file
 * would be joined row by row; with the index, whatever join order the planner picks stays one index
 * probe per value at worst.
 */
export async function indexStage(q: Query): Promise<void> {
  await q('create index value_stage_key on value_stage (characteristic_id, user_id)');
  await q('analyze value_stage');
}

/** Per characteristic: the values a statement changed, and their students when few (else null). */
export type Summary = { op: 'update' | 'delete' | 'insert'; id: number; n: number; users: number[] | null };

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
export async function updateInPlace(
  q: Query,
  target: ValueTarget,
  singleIds: number[],
): Promise<Summary[] | null> {
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
export function removeUnanswered(q: Query, target: ValueTarget, singleIds: number[]): Promise<Summary[]> {
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
export function insertNewPairs(q: Query, target: ValueTarget, singleIds: number[]): Promise<Summary[]> {
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
export function deleteMissing(q: Query, target: ValueTarget, ids: number[]): Promise<Summary[]> {
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
export function insertMissing(q: Query, target: ValueTarget, ids: number[]): Promise<Summary[]> {
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

/** Analyses `student_characteristic_values` (outside the import's transaction: ./value-writer.ts `analyzeAfterWrite`). */
export async function analyzeValues(q: Query): Promise<void> {
  await q('analyze student_characteristic_values');
}
