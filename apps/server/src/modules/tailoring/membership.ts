import type { Query } from '../../db/client.ts';
import {
  type DictCharacteristic,
  defaultSatisfies,
  loadDictionary,
  ruleIsValid,
  rulePredicate,
  type StoredRule,
} from './dictionary.ts';

/** The source a group's membership characteristic is written under when the group names none. */
export const MEMBERSHIP_SOURCE = 'course_coach';

export interface MembershipResult {
  membershipCount: number;
  /** rule id → qualifying_subjects_count. */
  qualifying: Map<number, number>;
}

/**
 * Builds the one SQL statement that computes an Insight Group's membership set-wise (docs/design.md,
 * Tailoring semantics) and inserts it into `cohort_memberships`, returning the member count and each
 * rule's qualifying count.
 *
 * The population is the coach's enrolled students. Each student's values are those of their enrolment
 * in this coach for enrolment-scoped characteristics (`coach_id` = the coach) and their institution-wide
 * values for student-scoped ones (`coach_id` = 0); see the schema's `student_characteristic_values`.
 * For each valid rule, a student satisfies it when one of their values (from any source) satisfies it, or when they have no value and the characteristic's
 * default satisfies it. Each rule becomes one hash-joined set over `student_characteristic_values`:
 * - default does not satisfy: the students with a satisfying value (`m` = joined);
 * - default satisfies: the students with values of which none satisfies (`m` = not joined).
 * Members satisfy every valid rule; with no valid rule there are no members. Invalid rules count 0.
 *
 * Exported for the benchmark, which times it beside a hand-written INSERT … SELECT.
 */
export function membershipStatement(
  cohortId: number,
  coachId: number,
  rules: StoredRule[],
  dictionary: ReadonlyArray<DictCharacteristic>,
): { text: string; params: unknown[]; valid: StoredRule[] } {
  const params: unknown[] = [cohortId, coachId];
  const byName = new Map(dictionary.map((c) => [c.name, c]));
  const valid = rules.filter((r) => ruleIsValid(r, byName.get(r.characteristic)));
  const joins: string[] = [];
  const flags: string[] = [];
  valid.forEach((rule, i) => {
    const c = byName.get(rule.characteristic)!;
    params.push(c.id);
    const cid = `$${params.length}::int`;
    // Scoped values only: the enrolment's own for course facts, the student's for the others.
    const scoped = c.scope === 'enrolment' ? '$2::int' : '0';
    const pred = rulePredicate(rule, c, params);
    const single = !c.is_multivalued && c.sources.length <= 1;
    const own = pred.replaceAll('v.', `r${i}.`);
    if (defaultSatisfies(rule, c) && single) {
      // One value at most: members are those whose value does not fail the rule (or who have none).
      joins.push(
        `left join student_characteristic_values r${i} on r${i}.characteristic_id = ${cid} and r${i}.user_id = e.user_id and r${i}.coach_id = ${scoped} and not coalesce(${own}, false)`,
      );
      flags.push(`(r${i}.user_id is null) as m${i}`);
    } else if (defaultSatisfies(rule, c)) {
      joins.push(
        `left join (select v.user_id from student_characteristic_values v where v.characteristic_id = ${cid} and v.coach_id = ${scoped}
                     group by v.user_id having not bool_or(coalesce(${pred}, false))) r${i} on r${i}.user_id = e.user_id`,
      );
      flags.push(`(r${i}.user_id is null) as m${i}`);
    } else if (!single) {
      joins.push(
        `left join (select distinct v.user_id from student_characteristic_values v
                     where v.characteristic_id = ${cid} and v.coach_id = ${scoped} and ${pred}) r${i} on r${i}.user_id = e.user_id`,
      );
      flags.push(`(r${i}.user_id is not null) as m${i}`);
    } else {
      // One value per student (single-valued, one source): no need to de-duplicate.
      joins.push(
        `left join student_characteristic_values r${i} on r${i}.characteristic_id = ${cid} and r${i}.user_id = e.user_id and r${i}.coach_id = ${scoped} and ${own}`,
      );
      flags.push(`(r${i}.user_id is not null) as m${i}`);
    }
  });
  const member = valid.length > 0 ? valid.map((_, i) => `m${i}`).join(' and ') : 'false';
  const counts = valid.map((_, i) => `count(*) filter (where m${i})::int as q${i}`);
  const text = `with flags as materialized (
      select e.user_id${flags.map((f) => `, ${f}`).join('')}
        from enrollments e
        ${joins.join('\n        ')}
       where e.coach_id = $2 and e.role = 'student'
    ), ins as (
      insert into cohort_memberships (cohort_id, user_id)
      select $1, user_id from flags where ${member}
      returning 1
    )
    select (select count(*)::int from ins) as members${counts.map((c) => `, ${c}`).join('')} from flags`;
  return { text, params, valid };
}

/**
 * Recomputes one Insight Group's membership inside the caller's transaction: replaces its members,
 * stores the member count and every rule's qualifying count, and writes the membership back to the
 * dictionary when the group names a membership characteristic.
 */
export async function recomputeMembership(q: Query, cohortId: number): Promise<MembershipResult> {
  const [cohort] = await q<{
    id: number;
    institution_id: number;
    coach_id: number;
    name: string;
    source: string | null;
    characteristic: string | null;
  }>(
    'select id, institution_id, coach_id, name, source, characteristic from cohorts where id = $1 for update',
    [cohortId],
  );
  if (!cohort) throw new Error(`cohort ${cohortId} does not exist`);
  const rules = await q<StoredRule>(
    `select id, cohort_id, characteristic, operation, value, values_for_include, qualifying_subjects_count
       from cohort_rules where cohort_id = $1 order by id`,
    [cohortId],
  );
  const dictionary = await loadDictionary(q, cohort.institution_id);
  await q('delete from cohort_memberships where cohort_id = $1', [cohortId]);
  const { text, params, valid } = membershipStatement(cohortId, cohort.coach_id, rules, dictionary);
  const [row] = await q<Record<string, number>>(text, params);
  const qualifying = new Map<number, number>();
  for (const r of rules) qualifying.set(r.id, 0);
  valid.forEach((r, i) => {
    qualifying.set(r.id, row?.[`q${i}`] ?? 0);
  });
  const membershipCount = row?.members ?? 0;
  if (rules.length > 0) {
    await q(
      `update cohort_rules r set qualifying_subjects_count = x.n
         from unnest($1::int[], $2::int[]) as x(id, n) where r.id = x.id`,
      [[...qualifying.keys()], [...qualifying.values()]],
    );
  }
  await q('update cohorts set membership_count = $2 where id = $1', [cohortId, membershipCount]);
  await writeBackMembership(q, cohort);
  return { membershipCount, qualifying };
}

/**
 * Writes a group's membership into the dictionary as its membership characteristic (docs/design.md): the
 * characteristic (a value set `true`/`false`, default `false`) and its source are created when missing;
 * every member gets the value `true` from that source, everybody else has the default.
 */
export async function writeBackMembership(
  q: Query,
  cohort: {
    id: number;
    institution_id: number;
    name: string;
    source: string | null;
    characteristic: string | null;
  },
): Promise<void> {
  if (!cohort.characteristic) return;
  const sourceName = cohort.source ?? MEMBERSHIP_SOURCE;
  const [source] = await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, $2, $2)
     on conflict (institution_id, name) do update set name = excluded.name returning id`,
    [cohort.institution_id, sourceName],
  );
  const [c] = await q<{ id: number; cohort_id: number | null }>(
    `insert into characteristics (institution_id, name, label, question, kind, value_type, is_multivalued,
                                  default_value, restriction_values, cohort_id)
     values ($1, $2, $6, $3, 'set', 'yes_no', false, 'false', $4::jsonb, $5)
     on conflict (institution_id, name) do update set question = excluded.question, label = excluded.label
     returning id, cohort_id`,
    [
      cohort.institution_id,
      cohort.characteristic,
      `Is the student a member of the Insight Group “${cohort.name}”?`,
      JSON.stringify([
        { value: 'true', label: 'Member' },
        { value: 'false', label: 'Not a member' },
      ]),
      cohort.id,
      `Member of “${cohort.name}”`,
    ],
  );
  // A name taken by another characteristic is refused when the group is saved; never overwrite one.
  if (!c || c.cohort_id !== cohort.id)
    throw new Error(`characteristic ${cohort.characteristic} is not this group's`);
  await q(
    `insert into characteristic_sources (characteristic_id, source_id) values ($1, $2) on conflict do nothing`,
    [c.id, source!.id],
  );
  await q('delete from student_characteristic_values where characteristic_id = $1', [c.id]);
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
     select $1, $2, m.user_id, $3, 'true' from cohort_memberships m where m.cohort_id = $4`,
    [cohort.institution_id, c.id, source!.id, cohort.id],
  );
}

/** Removes members of groups that no longer exist (deleted by a coach's or institution's cascade). */
export async function sweepOrphanMemberships(q: Query): Promise<number> {
  const rows = await q(
    'delete from cohort_memberships m where not exists (select 1 from cohorts c where c.id = m.cohort_id) returning 1',
  );
  return rows.length;
}
