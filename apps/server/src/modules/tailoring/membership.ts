import type { Query } from '../../db/client.ts';
import {
  type DictCharacteristic,
  defaultSatisfies,
  loadDictionary,
  ruleIsValid,
  rulePredicate,
  type StoredRule,
} from './dictionary.ts';
import {
  ensureTailoringSource,
  insertCharacteristic,
  linkCharacteristicsToSource,
} from './dictionary-queries.ts';

/** The source a group's membership characteristic is written under when the group names none. */
export const MEMBERSHIP_SOURCE = 'course_coach';

export interface MembershipResult {
  membershipCount: number;
  /** rule id → qualifying_subjects_count. */
  qualifying: Map<number, number>;
}

/**
 * Builds the one SQL statement that computes an Insight Group's membership set-wise (docs/design.md,
 * Tailoring semantics) and writes it into `cohort_memberships` (the whole group: its new members inserted
 * and its former ones deleted, the rest left as they are), returning the member count and each rule's
 * qualifying count.
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
 * With `users`, only those students are considered (an incremental sync: the caller has deleted their
 * membership rows first) and every per-rule set is cut to them, so the cost follows their number, not
 * the enrolment's. The statement then returns `members` (the count inserted), `ids` (who they are) and
 * `q<i>` over them only. With `mode` 'count' nothing is inserted: only the `q<i>` counts are returned.
 *
 * Exported for the benchmark, which times it beside a hand-written INSERT … SELECT.
 */
export function membershipStatement(
  cohortId: number,
  coachId: number,
  rules: StoredRule[],
  dictionary: ReadonlyArray<DictCharacteristic>,
  users?: number[],
  mode: 'insert' | 'count' = 'insert',
): { text: string; params: unknown[]; valid: StoredRule[] } {
  const params: unknown[] = [cohortId, coachId];
  if (users) params.push(users);
  // The cut to the listed students ($3), inside every per-rule set so that none is computed whole.
  const only = (col: string) => (users ? ` and ${col} = any($3::int[])` : '');
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
        `left join (select v.user_id from student_characteristic_values v where v.characteristic_id = ${cid} and v.coach_id = ${scoped}${only('v.user_id')}
                     group by v.user_id having not bool_or(coalesce(${pred}, false))) r${i} on r${i}.user_id = e.user_id`,
      );
      flags.push(`(r${i}.user_id is null) as m${i}`);
    } else if (!single) {
      joins.push(
        `left join (select distinct v.user_id from student_characteristic_values v
                     where v.characteristic_id = ${cid} and v.coach_id = ${scoped}${only('v.user_id')} and ${pred}) r${i} on r${i}.user_id = e.user_id`,
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
  const flagsCte = `with flags as materialized (
      select e.user_id${flags.map((f) => `, ${f}`).join('')}
        from enrollments e
        ${joins.join('\n        ')}
       where e.coach_id = $2 and e.role = 'student'${only('e.user_id')}
    )`;
  const tail = counts.map((c) => `, ${c}`).join('');
  // Counting only (the qualifying counts after an incremental sync): no insert.
  const insert = `insert into cohort_memberships (cohort_id, user_id)
      select $1, user_id from flags where ${member}`;
  let text: string;
  if (mode === 'count') {
    text = `${flagsCte} select 0 * $1::int as members${tail} from flags`; // $1 unused: typed for the driver
  } else if (users) {
    text = `${flagsCte}, ins as (
      ${insert}
      returning user_id
    )
    select (select count(*)::int from ins) as members, (select coalesce(array_agg(user_id), array[]::int[]) from ins) as ids${tail} from flags`;
  } else {
    // The whole group: only the rows that change are written (new members inserted, former ones
    // deleted), so that an unchanged re-sync (a rule edit with the same result, the sync button)
    // writes no row: no dead row versions, no WAL. The members left in place keep their rows.
    // `changed`: how many rows were inserted or deleted (0: the member set is as before).
    text = `${flagsCte}, ins as (
      ${insert}
      on conflict do nothing
      returning 1
    ), gone as (
      delete from cohort_memberships x where x.cohort_id = $1
         and not exists (select 1 from flags where flags.user_id = x.user_id and ${member})
      returning 1
    )
    select (count(*) filter (where ${member}))::int as members,
           (select count(*)::int from ins) + (select count(*)::int from gone) as changed${tail} from flags`;
  }
  return { text, params, valid };
}

interface CohortHead {
  id: number;
  institution_id: number;
  coach_id: number;
  name: string;
  source: string | null;
  characteristic: string | null;
}

/** What a recomputation changed: the students who joined or left, or `all` (a full one that changed). */
export type MembershipChange = number[] | 'all';

async function loadGroup(q: Query, cohortId: number) {
  const [cohort] = await q<CohortHead>(
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
  return { cohort, rules, dictionary };
}

/**
 * Recomputes one Insight Group's membership inside the caller's transaction: brings its members up to date,
 * stores the member count and every rule's qualifying count, and writes the membership back to the
 * dictionary when the group names a membership characteristic. Returns the counts and the change
 * (`all` when the member set differs from before, else none).
 */
export async function recomputeMembership(
  q: Query,
  cohortId: number,
): Promise<MembershipResult & { change: MembershipChange }> {
  const { cohort, rules, dictionary } = await loadGroup(q, cohortId);
  const { text, params, valid } = membershipStatement(cohortId, cohort.coach_id, rules, dictionary);
  const [row] = await q<Record<string, number>>(text, params);
  const membershipCount = row?.members ?? 0;
  const qualifying = await storeQualifying(q, rules, valid, row);
  await q('update cohorts set membership_count = $2 where id = $1', [cohortId, membershipCount]);
  await writeBackMembership(q, cohort);
  // Only a group with a membership characteristic passes its change on (to the groups reading it).
  const change: MembershipChange = cohort.characteristic && row?.changed ? 'all' : [];
  return { membershipCount, qualifying, change };
}

async function storeQualifying(
  q: Query,
  rules: StoredRule[],
  valid: StoredRule[],
  row: Record<string, number> | undefined,
): Promise<Map<number, number>> {
  const qualifying = new Map<number, number>();
  for (const r of rules) qualifying.set(r.id, 0);
  valid.forEach((r, i) => {
    qualifying.set(r.id, row?.[`q${i}`] ?? 0);
  });
  if (rules.length > 0) {
    await q(
      `update cohort_rules r set qualifying_subjects_count = x.n
         from unnest($1::int[], $2::int[]) as x(id, n) where r.id = x.id`,
      [[...qualifying.keys()], [...qualifying.values()]],
    );
  }
  return qualifying;
}

/**
 * Incremental sync (docs/design.md "Membership sync"): recomputes the membership of the listed students
 * only, inside the caller's transaction — deletes their membership rows, inserts those who now satisfy
 * every valid rule, moves `membership_count` by the difference, and writes the membership characteristic
 * of the students who joined or left. Qualifying counts are left to {@link recountQualifying}.
 * Returns the new member count and the students who joined or left.
 */
export async function recomputeStudents(
  q: Query,
  cohortId: number,
  users: number[],
): Promise<{ membershipCount: number; change: number[] }> {
  const { cohort, rules, dictionary } = await loadGroup(q, cohortId);
  const old = await q<{ user_id: number }>(
    'delete from cohort_memberships where cohort_id = $1 and user_id = any($2::int[]) returning user_id',
    [cohortId, users],
  );
  const { text, params } = membershipStatement(cohortId, cohort.coach_id, rules, dictionary, users);
  const [row] = await q<{ members: number; ids: number[] }>(text, params);
  const now = new Set(row?.ids ?? []);
  const was = new Set(old.map((r) => r.user_id));
  const change = [...[...now].filter((u) => !was.has(u)), ...[...was].filter((u) => !now.has(u))];
  const [counted] = await q<{ membership_count: number }>(
    'update cohorts set membership_count = membership_count + $2 where id = $1 returning membership_count',
    [cohortId, now.size - was.size],
  );
  if (change.length > 0) await writeBackMembership(q, cohort, change);
  return { membershipCount: counted?.membership_count ?? 0, change };
}

/** Recounts every rule's qualifying count of a group (no membership written), in the caller's transaction. */
export async function recountQualifying(q: Query, cohortId: number): Promise<void> {
  const { cohort, rules, dictionary } = await loadGroup(q, cohortId);
  const { text, params, valid } = membershipStatement(
    cohortId,
    cohort.coach_id,
    rules,
    dictionary,
    undefined,
    'count',
  );
  const [row] = valid.length > 0 ? await q<Record<string, number>>(text, params) : [];
  await storeQualifying(q, rules, valid, row);
}

/**
 * Writes a group's membership into the dictionary as its membership characteristic (docs/design.md): the
 * characteristic (a value set `true`/`false`, default `false`) and its source are created when missing;
 * every member gets the value `true` from that source, everybody else has the default. With `users`,
 * only those students' values are rewritten (an incremental sync).
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
  users?: number[],
): Promise<void> {
  if (!cohort.characteristic) return;
  const sourceName = cohort.source ?? MEMBERSHIP_SOURCE;
  const sourceId = await ensureTailoringSource(q, cohort.institution_id, sourceName);
  const c = await insertCharacteristic(
    q,
    cohort.institution_id,
    {
      name: cohort.characteristic,
      label: `Member of “${cohort.name}”`,
      question: `Is the student a member of the Insight Group “${cohort.name}”?`,
      kind: 'set',
      value_type: 'yes_no',
      default_value: 'false',
      restriction_values: [
        { value: 'true', label: 'Member' },
        { value: 'false', label: 'Not a member' },
      ],
      cohort_id: cohort.id,
    },
    'reword',
  );
  // A name taken by another characteristic is refused when the group is saved; never overwrite one.
  if (c.cohort_id !== cohort.id)
    throw new Error(`characteristic ${cohort.characteristic} is not this group's`);
  await linkCharacteristicsToSource(q, sourceId, [c.id]);
  const cut = users ? ' and user_id = any($2::int[])' : '';
  await q(`delete from student_characteristic_values where characteristic_id = $1${cut}`, [
    c.id,
    ...(users ? [users] : []),
  ]);
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
     select $1, $2, m.user_id, $3, 'true' from cohort_memberships m where m.cohort_id = $4${users ? ' and m.user_id = any($5::int[])' : ''}`,
    [cohort.institution_id, c.id, sourceId, cohort.id, ...(users ? [users] : [])],
  );
}

/** Removes members of groups that no longer exist (deleted by a coach's or institution's cascade). */
export async function sweepOrphanMemberships(q: Query): Promise<number> {
  const rows = await q(
    'delete from cohort_memberships m where not exists (select 1 from cohorts c where c.id = m.cohort_id) returning 1',
  );
  await q(
    'delete from cohort_sync_pending p where not exists (select 1 from cohorts c where c.id = p.cohort_id)',
  );
  return rows.length;
}
