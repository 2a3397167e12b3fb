/**
 * Characteristic wiring and exclusions of content: the SQL (spec §3 "Characteristic wiring item";
 * docs/bulletins.md "Who sees this"). The statements run in the caller's transaction (`q`); the SQL
 * fragments below (a student's values, "meant for this student", "excluded") are what every content
 * module's reads test, so who sees what is written once. The rules (a wiring checked against the
 * dictionary, values normalised, empty lists) are the service's (./service.ts, ./exclusions.ts).
 */
import type { WiringContentKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type {
  characteristics,
  contentCharacteristics,
  contentExclusions,
  studentCharacteristicValues,
} from '../../db/schema/index.ts';
import type { ExclusionKind } from './exclusions.ts';
import type { WiringTarget } from './service.ts';

type ContentCharacteristics = typeof contentCharacteristics.$inferSelect;

/** A wiring row as the content's wiring lists it: the `content_characteristics` columns read. */
export type WiringRow = Pick<ContentCharacteristics, 'id' | 'content_id' | 'characteristic' | 'value'>;

/** A wiring row to write (`label` the characteristic's name, `num` the value of a range characteristic). */
export type WiringWrite = Pick<ContentCharacteristics, 'value' | 'num' | 'position'> & {
  label: ContentCharacteristics['characteristic'];
};

/**
 * One of a student's characteristic values (`studentValuesSql`'s columns): a value they have, or the
 * characteristic's default (`num` then computed for range characteristics).
 */
export type StudentValueRow = Pick<typeof characteristics.$inferSelect, 'name'> &
  Pick<typeof studentCharacteristicValues.$inferSelect, 'value' | 'num'>;

/** Whether the student matches the wiring of one wired content item. */
export type WiringMatchRow = Pick<ContentCharacteristics, 'content_id'> & { matches: boolean };

/** Deletes the wiring rows of the target that are not among the pairs (`labels[i]`, `values[i]`). */
export async function deleteUnwiredRows(
  q: Query,
  target: WiringTarget,
  labels: string[],
  values: string[],
): Promise<void> {
  await q(
    `delete from content_characteristics
      where content_kind = $1 and content_id = $2 and coach_id = $3
        and not ((characteristic, value) in (select * from unnest($4::text[], $5::text[])))`,
    [target.kind, target.contentId, target.coachId, labels, values],
  );
}

/** Writes the target's wiring rows; a row already there (same characteristic and value) keeps its id. */
export async function upsertWiringRows(q: Query, target: WiringTarget, rows: WiringWrite[]): Promise<void> {
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

/** Deletes the wiring of the coach's content items `contentIds` of `kind`. */
export async function deleteWiringRows(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  contentIds: number[],
): Promise<void> {
  await q(
    'delete from content_characteristics where coach_id = $1 and content_kind = $2 and content_id = any($3::int[])',
    [coachId, kind, contentIds],
  );
}

/**
 * The wiring rows of the coach's content items of `kind` (all of them without `contentIds`), by content
 * id, then `position`, then id.
 */
export function selectWiring(
  q: Query,
  coachId: number,
  kind: WiringContentKind,
  contentIds?: number[],
): Promise<WiringRow[]> {
  return q<WiringRow>(
    `select id, content_id, characteristic, value
       from content_characteristics
      where coach_id = $1 and content_kind = $2 ${contentIds ? 'and content_id = any($3::int[])' : ''}
      order by content_id, position, id`,
    contentIds ? [coachId, kind, contentIds] : [coachId, kind],
  );
}

/** One student's characteristic values in a coach (any source, defaults included). */
export function selectStudentValues(
  q: Query,
  institutionId: number,
  userId: number,
  coachId: number,
): Promise<StudentValueRow[]> {
  return q<StudentValueRow>(studentValuesSql('$1', '$2', '$3::int'), [userId, institutionId, coachId]);
}

/** Which wired items of `kind` in the coach to test for the student `userId` (all, or `contentIds`). */
export interface WiringMatchOptions {
  institutionId: number;
  coachId: number;
  kind: WiringContentKind;
  userId: number;
  contentIds?: number[];
}

/**
 * For each wired content item of `kind` in the coach (limited to `contentIds` when given), whether the
 * student matches its wiring: for every characteristic it is wired to, one of its values.
 */
export function selectWiringMatches(q: Query, opts: WiringMatchOptions): Promise<WiringMatchRow[]> {
  const params: unknown[] = [opts.userId, opts.institutionId, opts.coachId, opts.kind];
  if (opts.contentIds) params.push(opts.contentIds);
  return q<WiringMatchRow>(
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
}

/** The user ids of the students excluded from content item `contentId` of `kind`, in order. */
export async function selectExcludedUserIds(
  q: Query,
  kind: ExclusionKind,
  contentId: number,
): Promise<number[]> {
  const rows = await q<Pick<typeof contentExclusions.$inferSelect, 'user_id'>>(
    'select user_id from content_exclusions where content_kind = $1 and content_id = $2 order by user_id',
    [kind, contentId],
  );
  return rows.map((r) => r.user_id);
}

/** Deletes the exclusions of the coach's content items `contentIds` of `kind`. */
export async function deleteExclusionRows(
  q: Query,
  coachId: number,
  kind: ExclusionKind,
  contentIds: number[],
): Promise<void> {
  await q(
    'delete from content_exclusions where coach_id = $1 and content_kind = $2 and content_id = any($3::int[])',
    [coachId, kind, contentIds],
  );
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

/**
 * A SQL boolean: the student whose user id is the expression `user` is excluded from the item `idExpr`
 * of `kind` (a literal, not user input).
 */
export function excludedSql(kind: ExclusionKind, idExpr: string, user: string): string {
  return `exists (select 1 from content_exclusions x
                   where x.content_kind = '${kind}' and x.content_id = ${idExpr} and x.user_id = ${user})`;
}

/**
 * `not excludedSql(...)` for a list over many items of one student (`user` a parameter or literal, not a
 * column): the same test as an uncorrelated `not in` (`content_id` is never null, so `not in` and `not
 * exists` agree), which PostgreSQL evaluates with one hash of the student's exclusions instead of one
 * probe of `content_exclusions` per item (docs/bulletins.md "Lists").
 */
export function notExcludedListSql(kind: ExclusionKind, idExpr: string, user: string): string {
  return `${idExpr} not in (select x.content_id from content_exclusions x
                             where x.content_kind = '${kind}' and x.user_id = ${user})`;
}
