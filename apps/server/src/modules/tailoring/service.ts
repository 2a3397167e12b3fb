/**
 * Insight Group Collections and Insight Groups (the tailoring service's commands): list, create,
 * rename/update and delete, with the group form's checks (spec §2 "Cohort manager", §3 "Entities and
 * their fields", §5 "Validation rules" "Cohort"; docs/design.md "Tailoring semantics"). Creating or
 * re-pointing a group starts its membership sync (sync.ts). Rules are in rules.ts; members, enrolment
 * and the tailoring distribution in distribution.ts; the CSV import in import.ts.
 */
import {
  type Cohort,
  type CohortBody,
  type CohortGroup,
  type CohortGroupListEntry,
  type FieldErrors,
  NON_FIELD_ERRORS,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { auditDiff, recordAudit } from '../audit/index.ts';
import { moveToTrash } from '../trash/index.ts';
import { loadDictionary, ruleOut } from './dictionary.ts';
import { MEMBERSHIP_SOURCE } from './membership.ts';
import {
  type CohortFields,
  coachHasCohort,
  coachHasCohortGroup,
  cohortNameTaken,
  deleteCohortGroupRow,
  deleteCohortRow,
  deleteMembershipCharacteristic,
  deleteMemberships,
  insertCohort,
  insertCohortGroup,
  lockCohort,
  lockCohortGroup,
  renameCohortGroup,
  selectCharacteristicOwner,
  selectCohortGroups,
  selectCohorts,
  selectRulesOf,
  updateCohortRow,
} from './queries.ts';
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
  return selectCohortGroups(database.query, scope.coachId);
}

/** Creates a collection (name already trimmed and required by the body schema). */
export async function createCohortGroup(
  database: Database,
  scope: CoachScope,
  name: string,
): Promise<CohortGroup> {
  return database.transaction(async (q) => {
    const row = await insertCohortGroup(q, scope, name);
    await recordAudit(q, {
      kind: 'rules',
      action: 'collection.create',
      target: `Insight Group Collection ${row.id} (${name})`,
      after: { name },
    });
    return row;
  });
}

/** Renames a collection; 404 when it is not the coach's. */
export async function updateCohortGroup(
  database: Database,
  scope: CoachScope,
  id: number,
  name: string,
): Promise<CohortGroup> {
  return database.transaction(async (q) => {
    const old = await lockCohortGroup(q, scope.coachId, id);
    if (!old) throw notFound();
    const row = await renameCohortGroup(q, id, name);
    await recordAudit(q, {
      kind: 'rules',
      action: 'collection.update',
      target: `Insight Group Collection ${id} (${old.name})`,
      ...auditDiff(old, { name }),
    });
    return row;
  });
}

/** Deletes a collection; its groups stay, outside any collection. 404 when it is not the coach's. */
export async function deleteCohortGroup(database: Database, scope: CoachScope, id: number): Promise<void> {
  await database.transaction(async (q) => {
    const old = await deleteCohortGroupRow(q, scope.coachId, id);
    if (!old) throw notFound();
    await recordAudit(q, {
      kind: 'rules',
      action: 'collection.delete',
      target: `Insight Group Collection ${id} (${old.name})`,
      before: old,
    });
  });
}

// ------------------------------------------------------------------------------------------------
// Cohorts (Insight Groups)
// ------------------------------------------------------------------------------------------------

/** The coach's Insight Groups with their rules (each with is_valid against the current dictionary). */
export async function listCohorts(database: Database, scope: CoachScope, onlyId?: number): Promise<Cohort[]> {
  const cohorts = await selectCohorts(database.query, scope.coachId, onlyId);
  if (cohorts.length === 0) return [];
  const rules = await selectRulesOf(
    database.query,
    cohorts.map((c) => c.id),
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

type CohortInput = CohortFields;

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
      if (!(await coachHasCohortGroup(q, scope.coachId, input.cohort_group)))
        errors.cohort_group = ['Select a valid collection.'];
    }
  }
  if (input.source !== null && !NAME_PATTERN.test(input.source)) errors.source = [NAME_MESSAGE];
  if (input.characteristic !== null) {
    if (!NAME_PATTERN.test(input.characteristic)) errors.characteristic = [NAME_MESSAGE];
    else {
      const owner = await selectCharacteristicOwner(q, scope.institutionId, input.characteristic);
      if (owner && (cohortId === null || owner.cohort_id !== cohortId)) {
        errors.characteristic = [
          `“${input.characteristic}” is already a characteristic of the tailoring dictionary. Choose another name.`,
        ];
      }
    }
  }
  if (await cohortNameTaken(q, scope.coachId, input.name, cohortId ?? 0))
    errors[NON_FIELD_ERRORS] = [`An Insight Group named “${input.name}” already exists.`];
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
    const newId = await insertCohort(q, scope, input);
    await recordAudit(q, {
      kind: 'rules',
      action: 'group.create',
      target: `Insight Group ${newId} (${input.name})`,
      after: input,
    });
    return newId;
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
    const old = await lockCohort(q, scope.coachId, id);
    if (!old) throw notFound();
    await checkCohort(q, scope, input, id);
    await updateCohortRow(q, id, input);
    await recordAudit(q, {
      kind: 'rules',
      action: 'group.update',
      target: `Insight Group ${id} (${old.name})`,
      ...auditDiff(old, { ...input }),
    });
    const moved = old.characteristic !== input.characteristic || old.source !== input.source;
    if (moved) await deleteMembershipCharacteristic(q, id);
    return moved;
  });
  if (changed && input.characteristic) await requestResync(runner, id);
  return getCohort(runner.database, scope, id);
}

/** Deletes an Insight Group, its rules, members, task and membership characteristic. */
export async function deleteCohort(database: Database, scope: CoachScope, id: number): Promise<void> {
  await database.transaction(async (q) => {
    await moveToTrash(q, {
      coachId: scope.coachId,
      kind: 'cohort',
      itemId: id,
      title: (row) => String(row.name),
      rows: [
        { table: 'cohorts', where: 't.coach_id = $1 and t.id = $2', params: [scope.coachId, id] },
        { table: 'cohort_memberships', where: 't.cohort_id = $1', params: [id] },
        { table: 'characteristics', where: 't.cohort_id = $1', params: [id] },
      ],
    });
    const old = await deleteCohortRow(q, scope.coachId, id);
    if (!old) throw notFound();
    await recordAudit(q, {
      kind: 'rules',
      action: 'group.delete',
      target: `Insight Group ${id} (${old.name})`,
      before: old,
    });
    await deleteMemberships(q, id);
    await deleteMembershipCharacteristic(q, id);
  });
}

/** Checks that an Insight Group is the coach's; 404 when it is not (for rules, members and exports). */
export async function cohortOfCoach(q: Query, scope: CoachScope, cohortId: number): Promise<void> {
  if (!(await coachHasCohort(q, scope.coachId, cohortId))) throw notFound();
}
