/**
 * Rules of an Insight Group (spec §3 "Entities and their fields", §5 "Validation rules"; docs/design.md
 * "Tailoring semantics"): list, add, replace and delete, each checked against the tailoring dictionary
 * (400 with field errors and a `non_field_errors` summary when invalid). Every change requests a whole
 * recomputation of the group's membership (docs/design.md "Membership sync").
 */
import {
  characteristicLabel,
  NON_FIELD_ERRORS,
  usesValuesForInclude,
  validateRule,
  valueLabel,
} from '@course-coach/contracts';
import type { Database, Query } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { auditDiff, recordAudit } from '../audit/index.ts';
import { moveToTrash } from '../trash/index.ts';
import { loadDictionary } from './dictionary.ts';
import { deleteRuleRow, insertRule, lockRule, selectCohortName, updateRuleRow } from './queries.ts';
import { type CoachScope, cohortOfCoach, getCohort } from './service.ts';
import { requestResync, type SyncRunner } from './sync.ts';

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

/** A stored rule's fields as the audit log records them. */
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
    const id = await insertRule(q, scope.institutionId, cohortId, {
      characteristic: body.characteristic.trim(),
      operation: body.operation.trim(),
      value,
      values,
    });
    await recordAudit(q, {
      kind: 'rules',
      action: 'rule.create',
      target: `Insight Group ${cohortId}, rule ${id}`,
      after: { characteristic: body.characteristic.trim(), operation: body.operation.trim(), value, values },
    });
    return id;
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
    const old = await lockRule(q, cohortId, ruleId);
    if (!old) throw notFound();
    await checkRule(q, scope, body);
    const { value, values } = ruleValues(body);
    await updateRuleRow(q, cohortId, ruleId, {
      characteristic: body.characteristic.trim(),
      operation: body.operation.trim(),
      value,
      values,
    });
    await recordAudit(q, {
      kind: 'rules',
      action: 'rule.update',
      target: `Insight Group ${cohortId}, rule ${ruleId}`,
      ...auditDiff(
        { ...old, values: old.values ?? [] },
        { characteristic: body.characteristic.trim(), operation: body.operation.trim(), value, values },
      ),
    });
  });
  await requestResync(runner, cohortId);
  return ruleById(runner.database, scope, cohortId, ruleId);
}

/** Deletes a rule (404 when not the group's), then recomputes the membership. */
export async function deleteRule(runner: SyncRunner, scope: CoachScope, cohortId: number, ruleId: number) {
  await runner.database.transaction(async (q) => {
    await cohortOfCoach(q, scope, cohortId);
    const group = await selectCohortName(q, cohortId);
    // The trash names the rule by labels, as screens do (docs/glossary.md), never by code names.
    const dictionary = await loadDictionary(q, scope.institutionId);
    await moveToTrash(q, {
      coachId: scope.coachId,
      kind: 'rule',
      itemId: ruleId,
      parentId: cohortId,
      title: (row) => {
        const c = dictionary.find((d) => d.name === row.characteristic);
        const label = (v: string) => (c ? valueLabel(c, v) : v);
        const values =
          row.value != null
            ? label(String(row.value))
            : (row.values_for_include as string[]).map(label).join(', ');
        return `${c ? characteristicLabel(c) : row.characteristic} ${row.operation} ${values} (in “${group?.name ?? ''}”)`;
      },
      rows: [{ table: 'cohort_rules', where: 't.id = $1 and t.cohort_id = $2', params: [ruleId, cohortId] }],
    });
    const old = await deleteRuleRow(q, cohortId, ruleId);
    if (!old) throw notFound();
    await recordAudit(q, {
      kind: 'rules',
      action: 'rule.delete',
      target: `Insight Group ${cohortId}, rule ${ruleId}`,
      before: { ...old, values: old.values ?? [] },
    });
  });
  await requestResync(runner, cohortId);
}

async function ruleById(database: Database, scope: CoachScope, cohortId: number, ruleId: number) {
  const rule = (await getCohort(database, scope, cohortId)).rules.find((r) => r.id === ruleId);
  if (!rule) throw notFound();
  return rule;
}
