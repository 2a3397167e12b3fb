/**
 * The SQL of Insight Group Collections and Insight Groups (spec §2 "Cohort manager", §3 "Entities and
 * their fields"; docs/design.md "Tailoring semantics"): the coach's collections and groups with their
 * rules as stored, and their writes; and the institution's dictionary and sources. The checks, the audit
 * and the syncs are ./service.ts's; the membership statement is ./membership.ts's, the sync's
 * bookkeeping ./sync-queries.ts's, the values' writes ./value-writer-queries.ts's, the CSV import's
 * ./import-queries.ts's. Every statement of a collection or group is scoped to the coach (`coachId`) or
 * to a group already checked to be the coach's.
 */
import type { CohortGroup, CohortGroupListEntry } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { characteristics, cohorts } from '../../db/schema/index.ts';
import type { StoredRule } from './dictionary.ts';

type Cohorts = typeof cohorts.$inferSelect;

/** The coach's collections by name, each with the students in at least one of its groups (counted once). */
export function selectCohortGroups(q: Query, coachId: number): Promise<CohortGroupListEntry[]> {
  return q<CohortGroupListEntry>(
    `select g.id, g.name,
            (select count(distinct m.user_id)::int from cohort_memberships m
               join cohorts c on c.id = m.cohort_id
              where c.cohort_group_id = g.id) as membership_count
       from cohort_groups g where g.coach_id = $1 order by g.name, g.id`,
    [coachId],
  );
}

/** Creates a collection of the coach. */
export async function insertCohortGroup(
  q: Query,
  scope: { institutionId: number; coachId: number },
  name: string,
): Promise<CohortGroup> {
  const [row] = await q<CohortGroup>(
    'insert into cohort_groups (institution_id, coach_id, name) values ($1, $2, $3) returning id, name',
    [scope.institutionId, scope.coachId, name],
  );
  return row!;
}

/** The coach's collection `id`'s name, locked for the transaction; undefined when it is not the coach's. */
export async function lockCohortGroup(
  q: Query,
  coachId: number,
  id: number,
): Promise<{ name: string } | undefined> {
  const [row] = await q<{ name: string }>(
    'select name from cohort_groups where id = $1 and coach_id = $2 for update',
    [id, coachId],
  );
  return row;
}

/** Renames the collection `id` (already checked to be the coach's). */
export async function renameCohortGroup(q: Query, id: number, name: string): Promise<CohortGroup> {
  const [row] = await q<CohortGroup>('update cohort_groups set name = $2 where id = $1 returning id, name', [
    id,
    name,
  ]);
  return row!;
}

/** Deletes the coach's collection `id`; its name, or undefined when it is not the coach's. */
export async function deleteCohortGroupRow(
  q: Query,
  coachId: number,
  id: number,
): Promise<{ name: string } | undefined> {
  const [row] = await q<{ name: string }>(
    'delete from cohort_groups where id = $1 and coach_id = $2 returning name',
    [id, coachId],
  );
  return row;
}

/** Whether the coach has the collection `id`. */
export async function coachHasCohortGroup(q: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await q('select 1 from cohort_groups where id = $1 and coach_id = $2', [id, coachId]);
  return rows.length > 0;
}

/** An Insight Group as listed (its collection as `cohort_group`). */
export type CohortRow = Pick<
  Cohorts,
  'id' | 'name' | 'coach_id' | 'source' | 'characteristic' | 'membership_count'
> & {
  cohort_group: number | null;
};

const COHORT_COLUMNS =
  'id, name, coach_id, cohort_group_id as cohort_group, source, characteristic, membership_count';

/** The coach's Insight Groups (or only `onlyId`) by name, then id. */
export function selectCohorts(q: Query, coachId: number, onlyId?: number): Promise<CohortRow[]> {
  return q<CohortRow>(
    `select ${COHORT_COLUMNS} from cohorts where coach_id = $1 ${onlyId ? 'and id = $2' : ''} order by name, id`,
    onlyId ? [coachId, onlyId] : [coachId],
  );
}

/** The rules of the groups `cohortIds` as stored, by id. */
export function selectRulesOf(q: Query, cohortIds: number[]): Promise<StoredRule[]> {
  return q<StoredRule>(
    `select id, cohort_id, characteristic, operation, value, values_for_include, qualifying_subjects_count
       from cohort_rules where cohort_id = any($1::int[]) order by id`,
    [cohortIds],
  );
}

/** The Insight Group that writes its membership to the institution's characteristic `name` (null: none), if it exists. */
export async function selectCharacteristicOwner(
  q: Query,
  institutionId: number,
  name: string,
): Promise<{ cohort_id: number | null } | undefined> {
  const [row] = await q<{ cohort_id: number | null }>(
    'select cohort_id from characteristics where institution_id = $1 and name = $2',
    [institutionId, name],
  );
  return row;
}

/** Whether the coach has another Insight Group than `exceptId` named `name` (in any case). */
export async function cohortNameTaken(
  q: Query,
  coachId: number,
  name: string,
  exceptId: number,
): Promise<boolean> {
  const rows = await q('select 1 from cohorts where coach_id = $1 and lower(name) = lower($2) and id <> $3', [
    coachId,
    name,
    exceptId,
  ]);
  return rows.length > 0;
}

/** An Insight Group's own fields: name, collection, and where it writes its membership. */
export type CohortFields = {
  name: string;
  cohort_group: number | null;
  source: string | null;
  characteristic: string | null;
};

/** Creates an Insight Group of the coach; returns its id. */
export async function insertCohort(
  q: Query,
  scope: { institutionId: number; coachId: number },
  f: CohortFields,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into cohorts (institution_id, coach_id, cohort_group_id, name, source, characteristic)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [scope.institutionId, scope.coachId, f.cohort_group, f.name, f.source, f.characteristic],
  );
  return row!.id;
}

/** The coach's Insight Group `id`'s fields, locked for the transaction; undefined when it is not the coach's. */
export async function lockCohort(q: Query, coachId: number, id: number): Promise<CohortFields | undefined> {
  const [row] = await q<CohortFields>(
    `select name, cohort_group_id as cohort_group, source, characteristic
       from cohorts where id = $1 and coach_id = $2 for update`,
    [id, coachId],
  );
  return row;
}

/** Replaces the Insight Group `id`'s fields (already checked to be the coach's). */
export async function updateCohortRow(q: Query, id: number, f: CohortFields): Promise<void> {
  await q(
    `update cohorts set name = $2, cohort_group_id = $3, source = $4, characteristic = $5 where id = $1`,
    [id, f.name, f.cohort_group, f.source, f.characteristic],
  );
}

/** Deletes the coach's Insight Group `id` (its rules cascade); its fields, or undefined when it is not the coach's. */
export async function deleteCohortRow(
  q: Query,
  coachId: number,
  id: number,
): Promise<CohortFields | undefined> {
  const [row] = await q<CohortFields>(
    `delete from cohorts where id = $1 and coach_id = $2
     returning name, cohort_group_id as cohort_group, source, characteristic`,
    [id, coachId],
  );
  return row;
}

/** Deletes the group's members. */
export async function deleteMemberships(q: Query, cohortId: number): Promise<void> {
  await q('delete from cohort_memberships where cohort_id = $1', [cohortId]);
}

/** Deletes the membership characteristic the group writes (with its values). */
export async function deleteMembershipCharacteristic(q: Query, cohortId: number): Promise<void> {
  await q('delete from characteristics where cohort_id = $1', [cohortId]);
}

/** Whether the coach has the Insight Group `id`. */
export async function coachHasCohort(q: Query, coachId: number, id: number): Promise<boolean> {
  const rows = await q('select 1 from cohorts where id = $1 and coach_id = $2', [id, coachId]);
  return rows.length > 0;
}

/** A rule as its audit entries name it: characteristic, operation, value, and the values of an include (`values`). */
export type RuleFields = {
  characteristic: string;
  operation: string;
  value: string | null;
  values: string[] | null;
};

/** Adds a rule to the group (already checked to be the coach's); returns its id. */
export async function insertRule(
  q: Query,
  institutionId: number,
  cohortId: number,
  r: RuleFields,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [institutionId, cohortId, r.characteristic, r.operation, r.value, r.values],
  );
  return row!.id;
}

/** The group's rule `ruleId`, locked for the transaction; undefined when the group has none by that id. */
export async function lockRule(q: Query, cohortId: number, ruleId: number): Promise<RuleFields | undefined> {
  const [row] = await q<RuleFields>(
    `select characteristic, operation, value, values_for_include as values
       from cohort_rules where id = $1 and cohort_id = $2 for update`,
    [ruleId, cohortId],
  );
  return row;
}

/** Replaces the group's rule `ruleId`. */
export async function updateRuleRow(
  q: Query,
  cohortId: number,
  ruleId: number,
  r: RuleFields,
): Promise<void> {
  await q(
    `update cohort_rules set characteristic = $3, operation = $4, value = $5, values_for_include = $6
      where id = $1 and cohort_id = $2`,
    [ruleId, cohortId, r.characteristic, r.operation, r.value, r.values],
  );
}

/** Deletes the group's rule `ruleId`; what it was, or undefined when the group has none by that id. */
export async function deleteRuleRow(
  q: Query,
  cohortId: number,
  ruleId: number,
): Promise<RuleFields | undefined> {
  const [row] = await q<RuleFields>(
    `delete from cohort_rules where id = $1 and cohort_id = $2
     returning characteristic, operation, value, values_for_include as values`,
    [ruleId, cohortId],
  );
  return row;
}

/** The group's name (undefined when there is no such group). */
export async function selectCohortName(q: Query, cohortId: number): Promise<{ name: string } | undefined> {
  const [row] = await q<{ name: string }>('select name from cohorts where id = $1', [cohortId]);
  return row;
}

/** The institution's tailoring sources by name. */
export function selectSources(
  q: Query,
  institutionId: number,
): Promise<Array<{ name: string; label: string }>> {
  return q<{ name: string; label: string }>(
    'select name, label from tailoring_sources where institution_id = $1 order by name',
    [institutionId],
  );
}

/** A characteristic of the dictionary as stored, with the names of its sources (by name). */
export type DictionaryRow = Pick<
  typeof characteristics.$inferSelect,
  | 'id'
  | 'name'
  | 'label'
  | 'scope'
  | 'step'
  | 'question'
  | 'kind'
  | 'value_type'
  | 'is_multivalued'
  | 'default_value'
  | 'restriction_values'
  | 'restriction_ranges'
  | 'cohort_id'
> & { sources: string[] };

/** The institution's characteristics that are not retired, by name, each with its sources (./dictionary.ts). */
export function selectDictionaryRows(q: Query, institutionId: number): Promise<DictionaryRow[]> {
  return q<DictionaryRow>(
    `select c.id, c.name, c.label, c.scope, c.step, c.question, c.kind, c.value_type, c.is_multivalued, c.default_value, c.restriction_values,
            c.restriction_ranges, c.cohort_id,
            coalesce(array_agg(s.name order by s.name) filter (where s.name is not null), '{}') as sources
       from characteristics c
       left join characteristic_sources cs on cs.characteristic_id = c.id
       left join tailoring_sources s on s.id = cs.source_id
      where c.institution_id = $1 and c.retired_at is null
      group by c.id
      order by c.name`,
    [institutionId],
  );
}
