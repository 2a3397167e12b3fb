import {
  COHORT_USERS_PAGE_SIZE,
  type Cohort,
  type CohortBody,
  type CohortGroup,
  type CohortGroupListEntry,
  type CohortUsersPage,
  DISTRIBUTION_PAGE_SIZE,
  type DistributionStudent,
  type FieldErrors,
  NON_FIELD_ERRORS,
  type TailoringDistribution,
  usesValuesForInclude,
  validateRule,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { loadDictionary, ruleOut, type StoredRule } from './dictionary.ts';
import { MEMBERSHIP_SOURCE } from './membership.ts';
import { requestResync, type SyncRunner, triggerSync } from './sync.ts';

/** Where a tailoring call acts: a coach of an institution (from the guard). */
export interface CoachScope {
  coachId: number;
  institutionId: number;
}

/** Names of characteristics and sources a group writes its membership to. */
const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
const NAME_MESSAGE = 'Use letters, digits, “_” and “-” only.';

// ------------------------------------------------------------------------------------------------
// Cohort groups (Insight Group Collections)
// ------------------------------------------------------------------------------------------------

/**
 * The coach's collections, by name, each with `membership_count`: the students in at least one of its
 * groups, each counted once (spec §2 Cohort manager, Students: Current).
 */
export async function listCohortGroups(
  database: Database,
  scope: CoachScope,
): Promise<CohortGroupListEntry[]> {
  return database.query<CohortGroupListEntry>(
    `select g.id, g.name,
            (select count(distinct m.user_id)::int from cohort_memberships m
               join cohorts c on c.id = m.cohort_id
              where c.cohort_group_id = g.id) as membership_count
       from cohort_groups g where g.coach_id = $1 order by g.name, g.id`,
    [scope.coachId],
  );
}

/** Creates a collection (name already trimmed and required by the body schema). */
export async function createCohortGroup(
  database: Database,
  scope: CoachScope,
  name: string,
): Promise<CohortGroup> {
  const [row] = await database.query<CohortGroup>(
    'insert into cohort_groups (institution_id, coach_id, name) values ($1, $2, $3) returning id, name',
    [scope.institutionId, scope.coachId, name],
  );
  return row!;
}

/** Renames a collection; 404 when it is not the coach's. */
export async function updateCohortGroup(
  database: Database,
  scope: CoachScope,
  id: number,
  name: string,
): Promise<CohortGroup> {
  const [row] = await database.query<CohortGroup>(
    'update cohort_groups set name = $3 where id = $1 and coach_id = $2 returning id, name',
    [id, scope.coachId, name],
  );
  if (!row) throw notFound();
  return row;
}

/** Deletes a collection; its groups stay, outside any collection. 404 when it is not the coach's. */
export async function deleteCohortGroup(database: Database, scope: CoachScope, id: number): Promise<void> {
  const rows = await database.query(
    'delete from cohort_groups where id = $1 and coach_id = $2 returning id',
    [id, scope.coachId],
  );
  if (rows.length === 0) throw notFound();
}

// ------------------------------------------------------------------------------------------------
// Cohorts (Insight Groups)
// ------------------------------------------------------------------------------------------------

interface CohortRow {
  id: number;
  name: string;
  coach_id: number;
  cohort_group: number | null;
  source: string | null;
  characteristic: string | null;
  membership_count: number;
}

const COHORT_COLUMNS =
  'id, name, coach_id, cohort_group_id as cohort_group, source, characteristic, membership_count';

/** The coach's Insight Groups with their rules (each with is_valid against the current dictionary). */
export async function listCohorts(database: Database, scope: CoachScope, onlyId?: number): Promise<Cohort[]> {
  const cohorts = await database.query<CohortRow>(
    `select ${COHORT_COLUMNS} from cohorts where coach_id = $1 ${onlyId ? 'and id = $2' : ''} order by name, id`,
    onlyId ? [scope.coachId, onlyId] : [scope.coachId],
  );
  if (cohorts.length === 0) return [];
  const rules = await database.query<StoredRule>(
    `select id, cohort_id, characteristic, operation, value, values_for_include, qualifying_subjects_count
       from cohort_rules where cohort_id = any($1::int[]) order by id`,
    [cohorts.map((c) => c.id)],
  );
  const dictionary = await loadDictionary(database.query, scope.institutionId);
  return cohorts.map((c) => ({
    ...c,
    rules: rules.filter((r) => r.cohort_id === c.id).map((r) => ruleOut(r, dictionary)),
  }));
}

/** One Insight Group of the coach; 404 when it is not there. */
export async function getCohort(database: Database, scope: CoachScope, id: number): Promise<Cohort> {
  const [cohort] = await listCohorts(database, scope, id);
  if (!cohort) throw notFound();
  return cohort;
}

type CohortInput = {
  name: string;
  cohort_group: number | null;
  source: string | null;
  characteristic: string | null;
};

/**
 * Checks a group form against the database (spec §5 "Cohort"): the collection must be the coach's; a
 * membership characteristic must be a plain name not used by another characteristic of the dictionary;
 * its source (default `course_coach`) a plain name. Returns the field errors.
 */
async function checkCohort(q: Query, scope: CoachScope, input: CohortInput, cohortId: number | null) {
  const errors: FieldErrors = {};
  if (input.cohort_group !== null) {
    if (
      !Number.isInteger(input.cohort_group) ||
      input.cohort_group <= 0 ||
      input.cohort_group > 2_147_483_647
    ) {
      errors.cohort_group = ['Select a valid collection.'];
    } else {
      const rows = await q('select 1 from cohort_groups where id = $1 and coach_id = $2', [
        input.cohort_group,
        scope.coachId,
      ]);
      if (rows.length === 0) errors.cohort_group = ['Select a valid collection.'];
    }
  }
  if (input.source !== null && !NAME_PATTERN.test(input.source)) errors.source = [NAME_MESSAGE];
  if (input.characteristic !== null) {
    if (!NAME_PATTERN.test(input.characteristic)) errors.characteristic = [NAME_MESSAGE];
    else {
      const rows = await q<{ cohort_id: number | null }>(
        'select cohort_id from characteristics where institution_id = $1 and name = $2',
        [scope.institutionId, input.characteristic],
      );
      if (rows[0] && (cohortId === null || rows[0].cohort_id !== cohortId)) {
        errors.characteristic = [
          `“${input.characteristic}” is already a characteristic of the tailoring dictionary. Choose another name.`,
        ];
      }
    }
  }
  const dup = await q('select 1 from cohorts where coach_id = $1 and lower(name) = lower($2) and id <> $3', [
    scope.coachId,
    input.name,
    cohortId ?? 0,
  ]);
  if (dup.length > 0) errors[NON_FIELD_ERRORS] = [`An Insight Group named “${input.name}” already exists.`];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

function normalise(body: CohortBody & { cohort_group: number | null }): CohortInput {
  const characteristic = (body.characteristic as string | null) ?? null;
  return {
    name: body.name,
    cohort_group: body.cohort_group,
    characteristic,
    source: characteristic
      ? ((body.source as string | null) ?? MEMBERSHIP_SOURCE)
      : ((body.source as string | null) ?? null),
  };
}

/** Creates an Insight Group and starts its first sync. */
export async function createCohort(
  runner: SyncRunner,
  scope: CoachScope,
  body: CohortBody & { cohort_group: number | null },
): Promise<Cohort> {
  const input = normalise(body);
  const id = await runner.database.transaction(async (q) => {
    await checkCohort(q, scope, input, null);
    const [row] = await q<{ id: number }>(
      `insert into cohorts (institution_id, coach_id, cohort_group_id, name, source, characteristic)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [
        scope.institutionId,
        scope.coachId,
        input.cohort_group,
        input.name,
        input.source,
        input.characteristic,
      ],
    );
    return row!.id;
  });
  await triggerSync(runner, id);
  return getCohort(runner.database, scope, id);
}

/**
 * Updates an Insight Group. When its membership characteristic changes, the old one (and its values)
 * leaves the dictionary and the membership is written back under the new one.
 */
export async function updateCohort(
  runner: SyncRunner,
  scope: CoachScope,
  id: number,
  body: CohortBody & { cohort_group: number | null },
): Promise<Cohort> {
  const input = normalise(body);
  const changed = await runner.database.transaction(async (q) => {
    const [old] = await q<{ source: string | null; characteristic: string | null }>(
      'select source, characteristic from cohorts where id = $1 and coach_id = $2 for update',
      [id, scope.coachId],
    );
    if (!old) throw notFound();
    await checkCohort(q, scope, input, id);
    await q(
      `update cohorts set name = $2, cohort_group_id = $3, source = $4, characteristic = $5 where id = $1`,
      [id, input.name, input.cohort_group, input.source, input.characteristic],
    );
    const moved = old.characteristic !== input.characteristic || old.source !== input.source;
    if (moved) await q('delete from characteristics where cohort_id = $1', [id]);
    return moved;
  });
  if (changed && input.characteristic) await requestResync(runner, id);
  return getCohort(runner.database, scope, id);
}

/** Deletes an Insight Group, its rules, members, task and membership characteristic. */
export async function deleteCohort(database: Database, scope: CoachScope, id: number): Promise<void> {
  await database.transaction(async (q) => {
    const rows = await q('delete from cohorts where id = $1 and coach_id = $2 returning id', [
      id,
      scope.coachId,
    ]);
    if (rows.length === 0) throw notFound();
    await q('delete from cohort_memberships where cohort_id = $1', [id]);
    await q('delete from characteristics where cohort_id = $1', [id]);
  });
}

// ------------------------------------------------------------------------------------------------
// Rules
// ------------------------------------------------------------------------------------------------

async function cohortOfCoach(q: Query, scope: CoachScope, cohortId: number): Promise<void> {
  const rows = await q('select 1 from cohorts where id = $1 and coach_id = $2', [cohortId, scope.coachId]);
  if (rows.length === 0) throw notFound();
}

/** The rules of an Insight Group. */
export async function listRules(database: Database, scope: CoachScope, cohortId: number) {
  return (await getCohort(database, scope, cohortId)).rules;
}

/** A rule body after the contract schema's trimming and defaults. */
export interface RuleBodyParsed {
  characteristic: string;
  operation: string;
  value: string;
  values_for_include: string[] | null;
}

/**
 * Checks a rule (spec §5) against the dictionary; 400 with field errors (and a `non_field_errors`
 * summary, which the rule form shows) when it is not acceptable.
 */
async function checkRule(q: Query, scope: CoachScope, body: RuleBodyParsed) {
  const dictionary = await loadDictionary(q, scope.institutionId);
  const errors = validateRule(dictionary, body);
  if (Object.keys(errors).length > 0) {
    errors[NON_FIELD_ERRORS] = ['The rule was not saved. Correct the fields marked.'];
    throw badRequest(errors);
  }
}

const ruleValues = (body: RuleBodyParsed) =>
  usesValuesForInclude(body.operation)
    ? { value: null, values: [...new Set((body.values_for_include ?? []).map((v) => v.trim()))] }
    : { value: body.value.trim(), values: [] as string[] };

/** Adds a rule (400 when invalid), then recomputes the group's membership. */
export async function createRule(
  runner: SyncRunner,
  scope: CoachScope,
  cohortId: number,
  body: RuleBodyParsed,
) {
  const ruleId = await runner.database.transaction(async (q) => {
    await cohortOfCoach(q, scope, cohortId);
    await checkRule(q, scope, body);
    const { value, values } = ruleValues(body);
    const [row] = await q<{ id: number }>(
      `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [scope.institutionId, cohortId, body.characteristic.trim(), body.operation.trim(), value, values],
    );
    return row!.id;
  });
  await requestResync(runner, cohortId);
  return ruleById(runner.database, scope, cohortId, ruleId);
}

/** Replaces a rule (400 when invalid, 404 when not the group's), then recomputes the membership. */
export async function updateRule(
  runner: SyncRunner,
  scope: CoachScope,
  cohortId: number,
  ruleId: number,
  body: RuleBodyParsed,
) {
  await runner.database.transaction(async (q) => {
    await cohortOfCoach(q, scope, cohortId);
    const exists = await q('select 1 from cohort_rules where id = $1 and cohort_id = $2', [ruleId, cohortId]);
    if (exists.length === 0) throw notFound();
    await checkRule(q, scope, body);
    const { value, values } = ruleValues(body);
    await q(
      `update cohort_rules set characteristic = $3, operation = $4, value = $5, values_for_include = $6
        where id = $1 and cohort_id = $2`,
      [ruleId, cohortId, body.characteristic.trim(), body.operation.trim(), value, values],
    );
  });
  await requestResync(runner, cohortId);
  return ruleById(runner.database, scope, cohortId, ruleId);
}

/** Deletes a rule (404 when not the group's), then recomputes the membership. */
export async function deleteRule(runner: SyncRunner, scope: CoachScope, cohortId: number, ruleId: number) {
  await cohortOfCoach(runner.database.query, scope, cohortId);
  const rows = await runner.database.query(
    'delete from cohort_rules where id = $1 and cohort_id = $2 returning id',
    [ruleId, cohortId],
  );
  if (rows.length === 0) throw notFound();
  await requestResync(runner, cohortId);
}

async function ruleById(database: Database, scope: CoachScope, cohortId: number, ruleId: number) {
  const rule = (await getCohort(database, scope, cohortId)).rules.find((r) => r.id === ruleId);
  if (!rule) throw notFound();
  return rule;
}

// ------------------------------------------------------------------------------------------------
// Enrollment, members, distribution
// ------------------------------------------------------------------------------------------------

/** Number of students enrolled in the coach (the population every group is drawn from). */
export async function enrollmentCount(q: Query, coachId: number): Promise<number> {
  const [row] = await q<{ n: number }>(
    `select count(*)::int as n from enrollments where coach_id = $1 and role = 'student'`,
    [coachId],
  );
  return row?.n ?? 0;
}

/** One page of a group's members (by name), like the to-do list's paging; 404 for a page past the end. */
export async function cohortUsers(
  database: Database,
  scope: CoachScope,
  cohortId: number,
  page: number,
): Promise<CohortUsersPage> {
  await cohortOfCoach(database.query, scope, cohortId);
  const [{ n: count } = { n: 0 }] = await database.query<{ n: number }>(
    'select count(*)::int as n from cohort_memberships where cohort_id = $1',
    [cohortId],
  );
  const pages = Math.max(1, Math.ceil(count / COHORT_USERS_PAGE_SIZE));
  if (page > pages) throw notFound('Invalid page.');
  const results = await database.query<{ id: number; name: string; email: string }>(
    `select u.id, u.name, u.email from cohort_memberships m join users u on u.id = m.user_id
      where m.cohort_id = $1 order by u.name, u.id limit $2 offset $3`,
    [cohortId, COHORT_USERS_PAGE_SIZE, (page - 1) * COHORT_USERS_PAGE_SIZE],
  );
  return { count, page, next: page < pages ? page + 1 : null, previous: page > 1 ? page - 1 : null, results };
}

/** Every member of a group with their student number, for the CSV export. */
export async function cohortMembersForExport(database: Database, scope: CoachScope, cohortId: number) {
  await cohortOfCoach(database.query, scope, cohortId);
  return database.query<{ id: number; external_id: string | null; name: string; email: string }>(
    `select u.id, u.external_id, u.name, u.email from cohort_memberships m join users u on u.id = m.user_id
      where m.cohort_id = $1 order by u.name, u.id`,
    [cohortId],
  );
}

/**
 * Tailoring distribution (spec §3): per characteristic, per `source__value`, the group's members with
 * that value — the enrolment's own value for enrolment-scoped characteristics — (one page of each list, see {@link distributionStudents}), and how many of the group's
 * members (`current`) and of the coach's enrolled students (`group_total`) have it (`counts`). Enrolled
 * students with no value of a characteristic are counted under its default value alone (no `__`).
 * One aggregate over the enrolled students' values (members found by a hash join), plus, for
 * characteristics where a student may have several values, a semi-join count of students with any.
 * Cost grows with enrolment × characteristics asked for: the screen should ask for one at a time.
 */
export async function tailoringDistribution(
  database: Database,
  scope: CoachScope,
  cohortId: number,
  characteristic: string | undefined,
  paging: { page: number; page_size: number } = { page: 1, page_size: DISTRIBUTION_PAGE_SIZE },
): Promise<TailoringDistribution> {
  const [cohort] = await database.query<{ membership_count: number }>(
    'select membership_count from cohorts where id = $1 and coach_id = $2',
    [cohortId, scope.coachId],
  );
  if (!cohort) throw notFound();
  const enrollment = await enrollmentCount(database.query, scope.coachId);
  const [members] = await database.query<{ n: number }>(
    'select count(*)::int as n from cohort_memberships where cohort_id = $1',
    [cohortId],
  );
  const dictionary = (await loadDictionary(database.query, scope.institutionId)).filter(
    (c) => characteristic === undefined || c.name === characteristic,
  );
  // Students counted once per characteristic: a sum over values, except where a student may have
  // several values (multivalued, or several sources), which needs a distinct count.
  const multi = dictionary.filter((c) => c.is_multivalued || c.sources.length > 1).map((c) => c.id);
  const ids = dictionary.map((c) => c.id);
  const byValue = await database.query<{
    characteristic_id: number;
    key: string;
    group_total: number;
    current: number;
  }>(
    `select v.characteristic_id, s.name || '__' || v.value as key, count(*)::int as group_total,
            (count(m.user_id))::int as current
       from student_characteristic_values v
       join enrollments e on e.user_id = v.user_id and e.coach_id = $1 and e.role = 'student'
       left join cohort_memberships m on m.cohort_id = $2 and m.user_id = v.user_id
       join tailoring_sources s on s.id = v.source_id
      where v.characteristic_id = any($3::int[]) and v.coach_id in (0, $1)
      group by v.characteristic_id, s.name, v.value
      order by 1, 2`,
    [scope.coachId, cohortId, ids],
  );
  // Enrolled students (and members) with at least one value: a semi-join per such characteristic.
  const byUser: Array<{ characteristic_id: number; users: number; member_users: number }> = [];
  for (const cid of multi) {
    const [row] = await database.query<{ users: number; member_users: number }>(
      `select count(*)::int as users, count(m.user_id)::int as member_users
         from enrollments e
         left join cohort_memberships m on m.cohort_id = $2 and m.user_id = e.user_id
        where e.coach_id = $1 and e.role = 'student'
          and exists (select 1 from student_characteristic_values v
                       where v.characteristic_id = $3 and v.user_id = e.user_id and v.coach_id in (0, $1))`,
      [scope.coachId, cohortId, cid],
    );
    byUser.push({ characteristic_id: cid, users: row?.users ?? 0, member_users: row?.member_users ?? 0 });
  }
  const rows: Array<{
    name: string;
    key: string | null;
    group_total: number;
    current: number;
    users: number;
    member_users: number;
    default_value: string | null;
  }> = [];
  for (const c of dictionary) {
    const values = byValue.filter((v) => v.characteristic_id === c.id);
    const counted = byUser.find((u) => u.characteristic_id === c.id);
    const users = counted?.users ?? values.reduce((n, v) => n + v.group_total, 0);
    const memberUsers = counted?.member_users ?? values.reduce((n, v) => n + v.current, 0);
    const base = { name: c.name, users, member_users: memberUsers, default_value: c.default };
    if (values.length === 0) rows.push({ ...base, key: null, group_total: 0, current: 0 });
    for (const v of values)
      rows.push({ ...base, key: v.key, group_total: v.group_total, current: v.current });
  }
  const counts: TailoringDistribution['counts'] = {};
  for (const r of rows) {
    const map = counts[r.name] ?? {};
    counts[r.name] = map;
    if (r.key !== null) map[r.key] = { current: r.current, group_total: r.group_total };
  }
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.name)) continue;
    seen.add(r.name);
    const withoutValue = enrollment - r.users;
    if (withoutValue > 0) {
      const key = r.default_value ?? '';
      const map = counts[r.name]!;
      const prev = map[key] ?? { current: 0, group_total: 0 };
      map[key] = {
        current: prev.current + ((members?.n ?? 0) - r.member_users),
        group_total: prev.group_total + withoutValue,
      };
    }
  }
  // The spec's shape: every counted key with its page of students (empty past the end of a list).
  const students = await distributionStudents(database.query, scope.coachId, cohortId, dictionary, paging);
  const distribution: TailoringDistribution['distribution'] = {};
  for (const [name, keys] of Object.entries(counts)) {
    const lists: Record<string, DistributionStudent[]> = {};
    for (const key of Object.keys(keys)) lists[key] = students.get(`${name}\u0000${key}`) ?? [];
    distribution[name] = lists;
  }
  return {
    enrollment_count: enrollment,
    membership_count: members?.n ?? 0,
    page: paging.page,
    page_size: paging.page_size,
    distribution,
    counts,
  };
}

/**
 * One page of the group's enrolled members per characteristic and `source__value` key (members with
 * no value of a characteristic under its default alone), by name then id. Keyed `name\0key`. One
 * query: the members' values plus, per characteristic, the members without any, numbered per key by a
 * window and cut to rows (page-1)·size+1 … page·size. Cost grows with members × characteristics.
 */
async function distributionStudents(
  q: Query,
  coachId: number,
  cohortId: number,
  dictionary: ReadonlyArray<{ id: number; name: string; default: string | null }>,
  paging: { page: number; page_size: number },
): Promise<Map<string, DistributionStudent[]>> {
  const out = new Map<string, DistributionStudent[]>();
  if (dictionary.length === 0 || paging.page_size === 0) return out;
  const rows = await q<{ name: string; key: string; id: number; student: string; email: string }>(
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
      (paging.page - 1) * paging.page_size,
      paging.page_size,
    ],
  );
  for (const r of rows) {
    const k = `${r.name}\u0000${r.key}`;
    const list = out.get(k) ?? [];
    list.push({ id: r.id, name: r.student, email: r.email });
    out.set(k, list);
  }
  return out;
}
