import {
  type Characteristic,
  type FieldErrors,
  normaliseWiringValue,
  type StudentValue,
  validateWiring,
  type WiringContentKind,
  type WiringItem,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { type DictCharacteristic, loadDictionary } from '../tailoring/index.ts';

/**
 * Characteristic wiring of content (spec §3 "Characteristic wiring item"; semantics in
 * packages/contracts/src/wiring.ts). Every content module saves, loads, deletes and matches its wiring
 * through these functions, inside its own transaction (`q` is the transaction's query runner), so a
 * content item and its wiring are written together or not at all.
 */

/** Which content item a wiring belongs to. */
export interface WiringTarget {
  institutionId: number;
  coachId: number;
  kind: WiringContentKind;
  contentId: number;
}

/** Wirings as a content body carries them (`characteristics`). */
export type WiringBody = ReadonlyArray<{ label: string; value: string }>;

/**
 * Checks wirings against the institution's dictionary. Returns field errors keyed
 * `{field}.{index}.label|value` (empty: valid), so a caller can merge them with its own errors before
 * writing anything. Pass `dictionary` when already loaded.
 */
export async function checkWiring(
  q: Query,
  institutionId: number,
  items: WiringBody,
  field = 'characteristics',
  dictionary?: ReadonlyArray<Characteristic>,
): Promise<FieldErrors> {
  if (items.length === 0) return {};
  const dict = dictionary ?? (await loadDictionary(q, institutionId));
  return validateWiring(dict, items, field);
}

/**
 * Replaces the wiring of one content item with `items` (validated first: an unknown characteristic
 * or a value outside its restriction set throws 400 with field errors and writes nothing). Rows that
 * stay keep their ids. Run it in the caller's transaction. Returns the saved wiring in order.
 */
export async function saveWiring(
  q: Query,
  target: WiringTarget,
  items: WiringBody,
  field = 'characteristics',
): Promise<WiringItem[]> {
  const dictionary = await loadDictionary(q, target.institutionId);
  const errors = validateWiring(dictionary, items, field);
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const rows = items.map((item, position) => {
    const c = dictionary.find((d) => d.name === item.label.trim()) as DictCharacteristic;
    const value = normaliseWiringValue(c, item.value);
    return { label: c.name, value, num: c.kind === 'range' ? Number(value) : null, position };
  });
  // Drop the rows that are no longer wired, then upsert the rest (keeping the ids of those that stay).
  await q(
    `delete from content_characteristics
      where content_kind = $1 and content_id = $2 and coach_id = $3
        and not ((characteristic, value) in (select * from unnest($4::text[], $5::text[])))`,
    [target.kind, target.contentId, target.coachId, rows.map((r) => r.label), rows.map((r) => r.value)],
  );
  if (rows.length > 0) {
    await q(
      `insert into content_characteristics
              (institution_id, coach_id, content_kind, content_id, characteristic, value, num, position)
       select $1, $2, $3, $4, l, v, n, p
         from unnest($5::text[], $6::text[], $7::float8[], $8::int[]) as t(l, v, n, p)
       on conflict (content_kind, content_id, characteristic, value) do update set position = excluded.position`,
      [
        target.institutionId,
        target.coachId,
        target.kind,
        target.contentId,
        rows.map((r) => r.label),
        rows.map((r) => r.value),
        rows.map((r) => r.num),
        rows.map((r) => r.position),
      ],
    );
  }
  return (await loadWiring(q, target.coachId, target.kind, [target.contentId])).get(target.contentId) ?? [];
}

/** Deletes the wiring of content items (call it where the content is deleted, in the same transaction). */
export async function deleteWiring(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  contentIds: number[],
): Promise<void> {
  if (contentIds.length === 0) return;
  await q(
    'delete from content_characteristics where coach_id = $1 and content_kind = $2 and content_id = any($3::int[])',
    [coachId, kind, contentIds],
  );
}

/**
 * The wiring of content items of a coach, by content id (items without wiring are absent). Without
 * `contentIds`, every item of that kind in the coach.
 */
export async function loadWiring(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  contentIds?: number[],
): Promise<Map<number, WiringItem[]>> {
  const rows = await q<{ id: number; content_id: number; characteristic: string; value: string }>(
    `select id, content_id, characteristic, value
       from content_characteristics
      where coach_id = $1 and content_kind = $2 ${contentIds ? 'and content_id = any($3::int[])' : ''}
      order by content_id, position, id`,
    contentIds ? [coachId, kind, contentIds] : [coachId, kind],
  );
  const out = new Map<number, WiringItem[]>();
  for (const r of rows) {
    const list = out.get(r.content_id) ?? [];
    list.push({ id: r.id, label: r.characteristic, value: r.value });
    out.set(r.content_id, list);
  }
  return out;
}

/**
 * SQL of a CTE body listing one student's characteristic values in a coach (any source) and, for
 * characteristics the student has no value of, the default: columns `name`, `value`, `num` (numeric
 * only for range characteristics). `user`, `institution` and `coach` are SQL expressions (placeholders
 * such as '$1'). Values are the student's institution-wide ones (`coach_id` 0) and those of their
 * enrolment in `coach` (enrolment-scoped characteristics; DESIGN.md "Characteristic definitions").
 */
export function studentValuesSql(user: string, institution: string, coach: string): string {
  return `select c.name, v.value, v.num
            from student_characteristic_values v
            join characteristics c on c.id = v.characteristic_id
           where v.user_id = ${user} and v.institution_id = ${institution} and v.coach_id in (0, ${coach})
          union all
          select c.name, c.default_value as value,
                 case when c.kind = 'range' and c.default_value ~ '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$'
                      then c.default_value::float8 end as num
            from characteristics c
           where c.institution_id = ${institution} and c.default_value is not null
             and not exists (select 1 from student_characteristic_values d
                              where d.characteristic_id = c.id and d.user_id = ${user}
                                and d.coach_id in (0, ${coach}))`;
}

/** One student's characteristic values in a coach (any source, defaults included), for `matchesWiring`. */
export async function studentValues(
  q: Query,
  institutionId: number,
  userId: number,
  coachId: number,
): Promise<StudentValue[]> {
  return q<StudentValue>(studentValuesSql('$1', '$2', '$3::int'), [userId, institutionId, coachId]);
}

/**
 * For each *wired* content item of a kind in a coach, whether the student matches its wiring
 * (computed in SQL, one query). Items without wiring are absent from the map: they are meant for
 * everyone and never 'Recommended'. Limit to `contentIds` when given.
 */
export async function matchWiring(
  q: Query,
  opts: {
    institutionId: number;
    coachId: number;
    kind: WiringContentKind;
    userId: number;
    contentIds?: number[];
  },
): Promise<Map<number, boolean>> {
  const params: unknown[] = [opts.userId, opts.institutionId, opts.coachId, opts.kind];
  if (opts.contentIds) params.push(opts.contentIds);
  const rows = await q<{ content_id: number; matches: boolean }>(
    `with sv as (${studentValuesSql('$1', '$2', '$3')}),
          per_characteristic as (
            select w.content_id, bool_or(sv.name is not null) as ok
              from content_characteristics w
              left join sv on sv.name = w.characteristic
                          and (sv.value = w.value or (w.num is not null and sv.num = w.num))
             where w.coach_id = $3 and w.content_kind = $4
                   ${opts.contentIds ? 'and w.content_id = any($5::int[])' : ''}
             group by w.content_id, w.characteristic)
     select content_id, bool_and(ok) as matches from per_characteristic group by content_id`,
    params,
  );
  return new Map(rows.map((r) => [r.content_id, r.matches]));
}

/**
 * A SQL boolean expression: "the content item `idExpr` of kind `kindParam` is meant for the student
 * whose values are in the CTE `sv`" (no wiring, or the wiring matches). For list queries that filter
 * in SQL: `with sv as (${studentValuesSql('$1', '$2')}) select … where ${wiringVisibleSql('b.id', "'bulletin'")}`.
 * Qualify `idExpr` with its table alias (`b.id`, not `id`): the subqueries read `content_characteristics`,
 * whose own `id` column would otherwise be picked.
 */
export function wiringVisibleSql(idExpr: string, kindParam: string, sv = 'sv'): string {
  // The student's values are read once per test (a materialized CTE), not once per wiring row: with
  // stale statistics the planner put the values subquery on the inner side of a nested loop and read
  // them 35,000 times for three to-do lists (9 s on PostgreSQL right after the demo import).
  return `not exists (
            with svm as materialized (select * from ${sv} sv0)
            select 1 from content_characteristics w
             where w.content_kind = ${kindParam} and w.content_id = ${idExpr}
               and not exists (
                 select 1 from content_characteristics w2
                   join svm sv on sv.name = w2.characteristic
                          and (sv.value = w2.value or (w2.num is not null and sv.num = w2.num))
                  where w2.content_kind = w.content_kind and w2.content_id = w.content_id
                    and w2.characteristic = w.characteristic))`;
}

/** A SQL boolean expression: the content item has wiring and the student (CTE `sv`) matches it. */
export function wiringRecommendedSql(idExpr: string, kindParam: string): string {
  return `(exists (select 1 from content_characteristics w0
                    where w0.content_kind = ${kindParam} and w0.content_id = ${idExpr})
           and ${wiringVisibleSql(idExpr, kindParam)})`;
}

/**
 * `wiringVisibleSql` for one known student without a CTE: the student's values are inlined as a
 * subquery, with the ids as integer literals (checked), so the expression drops into any query
 * whatever its parameter numbering.
 */
export function wiringVisibleForSql(
  idExpr: string,
  kind: WiringContentKind,
  userId: number,
  institutionId: number,
  coachId: number,
): string {
  if (!Number.isSafeInteger(userId) || !Number.isSafeInteger(institutionId) || !Number.isSafeInteger(coachId))
    throw new Error('bad id');
  return wiringVisibleSql(
    idExpr,
    `'${kind}'`,
    `(${studentValuesSql(String(userId), String(institutionId), String(coachId))})`,
  );
}
