/**
 * The SQL of an Insight Group's population (spec §2 "Cohort manager", §3 "Tailoring distribution",
 * §7 "Cohorts"; docs/design.md "Tailoring semantics"): the coach's enrolled students, the group's members
 * a page at a time and all of them, and the tailoring distribution's counts per `source__value` and
 * pages of students. An enrolment-scoped value counts only for the coach's own enrolment (`coach_id` in
 * (0, coach)). Assembling the answer (defaults, the spec's shape) is ./distribution.ts's.
 */
import type { Query } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';
import type { CountsVersions } from './distribution-cache.ts';

/** True when the institution's dictionary has a characteristic named `name` (the distribution's `?characteristic=`). */
export async function characteristicExists(q: Query, institutionId: number, name: string): Promise<boolean> {
  const rows = await q('select 1 from characteristics where institution_id = $1 and name = $2', [
    institutionId,
    name,
  ]);
  return rows.length > 0;
}

/** Number of students enrolled in the coach (the population every group is drawn from). */
export async function enrollmentCount(q: Query, coachId: number): Promise<number> {
  const [row] = await q<{ n: number }>(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coachId],
  );
  return row?.n ?? 0;
}

/** Number of members of the group (its `cohort_memberships` rows). */
export async function memberCount(q: Query, cohortId: number): Promise<number> {
  const [row] = await q<{ n: number }>(
    'select count(*)::int as n from cohort_memberships where cohort_id = $1',
    [cohortId],
  );
  return row?.n ?? 0;
}

/** A member of a group as its lists show them. */
export type MemberRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email'>;

/** `limit` members of the group from `offset`, by name then id. */
export function selectMemberPage(
  q: Query,
  cohortId: number,
  limit: number,
  offset: number,
): Promise<MemberRow[]> {
  return q<MemberRow>(
    `select u.id, u.name, u.email from cohort_memberships m join users u on u.id = m.user_id
      where m.cohort_id = $1 order by u.name, u.id limit $2 offset $3`,
    [cohortId, limit, offset],
  );
}

/** Every member of the group with their student number, by name then id. */
export function selectMembersForExport(
  q: Query,
  cohortId: number,
): Promise<Array<Pick<typeof users.$inferSelect, 'id' | 'external_id' | 'name' | 'email'>>> {
  return q<Pick<typeof users.$inferSelect, 'id' | 'external_id' | 'name' | 'email'>>(
    `select u.id, u.external_id, u.name, u.email from cohort_memberships m join users u on u.id = m.user_id
      where m.cohort_id = $1 order by u.name, u.id`,
    [cohortId],
  );
}

/**
 * The versions the distribution's counts are cached at (modules/tailoring/distribution-cache.ts), when
 * the group is the coach's: its institution's `tailoring_version`, the coach's `enrollment_version` and
 * the group's `membership_version`, as text (bigint).
 */
export async function selectCountsVersions(
  q: Query,
  coachId: number,
  cohortId: number,
): Promise<CountsVersions | undefined> {
  const [row] = await q<CountsVersions>(
    `select i.tailoring_version::text as tailoring, c.enrollment_version::text as enrollment,
            h.membership_version::text as membership
       from cohorts h join coaches c on c.id = h.coach_id join institutions i on i.id = c.institution_id
      where h.id = $2 and h.coach_id = $1`,
    [coachId, cohortId],
  );
  return row;
}

/** Per characteristic and `source__value` key: the coach's students with it, and how many are members. */
export interface ValueCountRow {
  characteristic_id: number;
  key: string;
  group_total: number;
  current: number;
}

/**
 * For the characteristics `ids`: per characteristic and `source__value` key, how many of the coach's
 * enrolled students have the value (`group_total`) and how many of them are members of the group
 * (`current`); one aggregate, members found by a hash join.
 */
export function selectValueCounts(
  q: Query,
  coachId: number,
  cohortId: number,
  ids: number[],
): Promise<ValueCountRow[]> {
  return q<ValueCountRow>(
    `select v.characteristic_id, s.name || '__' || v.value as key, count(*)::int as group_total,
            (count(m.user_id))::int as current
       from student_characteristic_values v
       join enrollments e on e.user_id = v.user_id and e.coach_id = $1 and e.role = 'student'
       left join cohort_memberships m on m.cohort_id = $2 and m.user_id = v.user_id
       join tailoring_sources s on s.id = v.source_id
      where v.characteristic_id = any($3::int[]) and v.coach_id in (0, $1)
      group by v.characteristic_id, s.name, v.value
      order by 1, 2`,
    [coachId, cohortId, ids],
  );
}

/**
 * How many of the coach's enrolled students have at least one value of the characteristic (`users`), and
 * how many of those are members of the group (`member_users`): a semi-join, for characteristics where a
 * student may have several values.
 */
export async function selectUsersWithAnyValue(
  q: Query,
  coachId: number,
  cohortId: number,
  characteristicId: number,
): Promise<{ users: number; member_users: number }> {
  const [row] = await q<{ users: number; member_users: number }>(
    `select count(*)::int as users, count(m.user_id)::int as member_users
         from enrollments e
         left join cohort_memberships m on m.cohort_id = $2 and m.user_id = e.user_id
        where e.coach_id = $1 and e.role = 'student'
          and exists (select 1 from student_characteristic_values v
                       where v.characteristic_id = $3 and v.user_id = e.user_id and v.coach_id in (0, $1))`,
    [coachId, cohortId, characteristicId],
  );
  return { users: row?.users ?? 0, member_users: row?.member_users ?? 0 };
}

/** A student of one page of one distribution list, keyed by characteristic `name` and `key`. */
export interface DistributionStudentRow {
  name: string;
  key: string;
  id: number;
  student: string;
  email: string;
}

/**
 * One page (rows `offset`+1 … `offset`+`limit`) of the group's enrolled members per characteristic and
 * `source__value` key (members with no value of a characteristic under its default alone), by name
 * then id: the members' values plus, per characteristic, the members without any, numbered per key by a
 * window. Cost grows with members × characteristics.
 */
export function selectDistributionStudents(
  q: Query,
  coachId: number,
  cohortId: number,
  dictionary: ReadonlyArray<{ id: number; name: string; default: string | null }>,
  offset: number,
  limit: number,
): Promise<DistributionStudentRow[]> {
  return q<DistributionStudentRow>(
    `with chars as (select * from unnest($3::int[], $4::text[], $5::text[]) as c(id, name, default_value)),
          members as (
            select m.user_id from cohort_memberships m
              join enrollments e on e.user_id = m.user_id and e.coach_id = $1 and e.role = 'student'
             where m.cohort_id = $2),
          vals as (
            select c.name, s.name || '__' || v.value as key, mb.user_id
              from members mb
              join student_characteristic_values v on v.user_id = mb.user_id and v.coach_id in (0, $1)
              join chars c on c.id = v.characteristic_id
              join tailoring_sources s on s.id = v.source_id
            union all
            select c.name, coalesce(c.default_value, ''), mb.user_id
              from members mb cross join chars c
             where not exists (select 1 from student_characteristic_values v
                                where v.characteristic_id = c.id and v.user_id = mb.user_id
                                  and v.coach_id in (0, $1))),
          ranked as (
            select vals.name, vals.key, u.id, u.name as student, u.email,
                   row_number() over (partition by vals.name, vals.key order by u.name, u.id) as rn
              from vals join users u on u.id = vals.user_id)
     select name, key, id, student, email from ranked
      where rn > $6 and rn <= $6 + $7
      order by name, key, rn`,
    [
      coachId,
      cohortId,
      dictionary.map((c) => c.id),
      dictionary.map((c) => c.name),
      dictionary.map((c) => c.default),
      offset,
      limit,
    ],
  );
}
