import {
  type CharacteristicDefinition,
  type CharacteristicDefinitionInput,
  type CharacteristicUse,
  DEFINITION_MESSAGES,
  type FieldErrors,
  NO_ANSWER_VALUE,
  validateDefinition,
  YES_NO_VALUES,
} from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { auditDiff, recordAudit } from '../audit/index.ts';
import {
  ensureTailoringSource,
  insertCharacteristic,
  linkCharacteristicsToSource,
} from '../tailoring/index.ts';
import {
  characteristicNameTaken,
  type DefinitionColumns,
  type DefinitionRow,
  markRetired,
  selectCharacteristicUses,
  selectDefinitionForUpdate,
  selectDefinitionRows,
  selectForRetire,
  selectGroupsWithRulesOn,
  updateDefinitionColumns,
} from './definition-queries.ts';

/*
 * Characteristic definitions (DESIGN.md "Characteristic definitions"): staff of an institution create,
 * edit and retire the characteristics of its tailoring dictionary. The rule engine reads the same rows
 * (modules/tailoring/dictionary.ts loadDictionary): a definition maps onto the storage kind it compares
 * by (`number` → `range`; the value kinds → `set`, multivalued for `multivalued`), and a missing answer
 * treated as No Answer is the default `__no_answer__` (contracts NO_ANSWER_VALUE).
 */

/** The definition kind of a stored characteristic (older rows without `value_type`: from the storage kind). */
function typeOf(
  r: Pick<DefinitionRow, 'value_type' | 'kind' | 'is_multivalued'>,
): CharacteristicDefinition['type'] {
  if (r.value_type) return r.value_type;
  if (r.kind === 'range') return 'number';
  if (r.kind === 'text') return 'text';
  return r.is_multivalued ? 'multivalued' : 'categorical';
}

function definitionOut(r: DefinitionRow, uses: CharacteristicUse[]): CharacteristicDefinition {
  const type = typeOf(r);
  const range = r.restriction_ranges[0];
  return {
    id: r.id,
    name: r.name,
    label: r.label || r.name,
    description: r.description,
    type,
    scope: r.scope,
    values: type === 'number' ? [] : r.restriction_values,
    range: type === 'number' && range ? { min: range.min, max: range.max, step: r.step } : null,
    default: r.default_value === NO_ANSWER_VALUE ? null : r.default_value,
    missing: r.default_value === NO_ANSWER_VALUE ? 'no_answer' : 'default',
    sources: r.sources,
    membership_group: r.cohort_id !== null,
    retired: r.retired_at !== null,
    values_count: r.values_count,
    uses,
  };
}

/**
 * Everything that uses a characteristic, by code name and id: rules of Insight Groups, content wiring,
 * email sections, survey questions, and the Insight Group that writes its membership to it.
 */
export async function characteristicUses(
  q: Query,
  institutionId: number,
  characteristic: { id: number; name: string },
): Promise<CharacteristicUse[]> {
  return selectCharacteristicUses(q, institutionId, characteristic);
}

/** Every characteristic of the institution (retired ones last), with its uses and how many have values. */
export async function listDefinitions(q: Query, institutionId: number): Promise<CharacteristicDefinition[]> {
  const rows = await selectDefinitionRows(q, institutionId);
  const out: CharacteristicDefinition[] = [];
  for (const r of rows) out.push(definitionOut(r, await characteristicUses(q, institutionId, r)));
  return out;
}

/** One characteristic of the institution; 404 when it has none by that id. */
export async function getDefinition(
  q: Query,
  institutionId: number,
  id: number,
): Promise<CharacteristicDefinition> {
  const [row] = await selectDefinitionRows(q, institutionId, id);
  if (!row) throw notFound();
  return definitionOut(row, await characteristicUses(q, institutionId, row));
}

/** The stored columns of a (validated) definition (the code name apart). */
function columnsOf(input: CharacteristicDefinitionInput): DefinitionColumns {
  const number = input.type === 'number';
  const values = input.type === 'yes_no' ? YES_NO_VALUES.map((v) => ({ ...v })) : input.values;
  return {
    label: input.label,
    description: input.description,
    question: input.description || input.label,
    kind: number ? 'range' : 'set',
    value_type: input.type,
    scope: input.scope,
    is_multivalued: input.type === 'multivalued',
    restriction_values: number ? [] : values,
    restriction_ranges: number && input.range ? [{ min: input.range.min, max: input.range.max }] : [],
    step: number ? (input.range?.step ?? null) : null,
    default_value: input.missing === 'no_answer' ? NO_ANSWER_VALUE : input.default,
  };
}

function refuse(errors: FieldErrors): never {
  throw badRequest({
    ...errors,
    non_field_errors: ['The characteristic was not saved. Correct the fields marked.'],
  });
}

/**
 * Creates a characteristic definition (the one entry point for new characteristics: the staff screen and
 * imports that define columns). 400 with field errors for a bad kind, scope, code name, range, value
 * list or default, or a code name the institution already has (retired ones included). Runs in the
 * caller's transaction. Returns the new definition.
 */
export async function createDefinition(
  q: Query,
  institutionId: number,
  input: CharacteristicDefinitionInput,
): Promise<CharacteristicDefinition> {
  const errors = validateDefinition(input);
  if (input.name && !errors.name) {
    if (await characteristicNameTaken(q, institutionId, input.name))
      errors.name = [DEFINITION_MESSAGES.duplicateName(input.name)];
  }
  if (Object.keys(errors).length > 0) refuse(errors);
  const { id } = await insertCharacteristic(q, institutionId, { name: input.name, ...columnsOf(input) });
  await linkCharacteristicsToSource(q, await ensureTailoringSource(q, institutionId, input.source), [id]);
  const created = await getDefinition(q, institutionId, id);
  await recordAudit(q, {
    kind: 'characteristics',
    action: 'characteristic.create',
    target: `characteristic ${created.id} (${created.name})`,
    after: created,
  });
  return created;
}

/**
 * Edits a definition: label, description, allowed values (and their labels), range and step, default
 * and missing treatment, source. The code name never changes; kind and scope only while nobody has a
 * value. A membership characteristic (written by an Insight Group) and a retired one are not editable
 * (400). Rules keep their text: whether each is still valid (`is_valid`) follows from the new values,
 * and the returned `resync` lists the Insight Groups whose membership must be recomputed.
 */
export async function updateDefinition(
  q: Query,
  institutionId: number,
  id: number,
  input: CharacteristicDefinitionInput,
): Promise<{ definition: CharacteristicDefinition; resync: number[] }> {
  const old = await selectDefinitionForUpdate(q, institutionId, id);
  if (!old) throw notFound();
  const before = await getDefinition(q, institutionId, id);
  const errors = validateDefinition(input);
  if (input.name !== old.name) errors.name = [DEFINITION_MESSAGES.nameFixed];
  if (old.cohort_id !== null)
    errors.non_field_errors = ['This characteristic is written by an Insight Group; edit the group instead.'];
  if (old.retired_at !== null) errors.non_field_errors = ['A retired characteristic cannot be edited.'];
  if (old.values_count > 0) {
    if (input.type !== typeOf(old)) errors.type = [DEFINITION_MESSAGES.immutable('kind')];
    if (input.scope !== old.scope) errors.scope = [DEFINITION_MESSAGES.immutable('scope')];
  }
  if (Object.keys(errors).length > 0) refuse(errors);
  await updateDefinitionColumns(q, institutionId, id, columnsOf(input));
  await linkCharacteristicsToSource(q, await ensureTailoringSource(q, institutionId, input.source), [id]);
  const groups = await selectGroupsWithRulesOn(q, institutionId, old.name);
  const definition = await getDefinition(q, institutionId, id);
  await recordAudit(q, {
    kind: 'characteristics',
    action: 'characteristic.update',
    target: `characteristic ${id} (${old.name})`,
    ...auditDiff(before, definition, ['uses', 'values_count']),
  });
  return { definition, resync: groups };
}

/**
 * Retires a characteristic: it leaves the dictionary (rules on it turn invalid, imports refuse it) and
 * keeps its values. When something uses it, 409 `{ detail, uses }` unless `force` (the screen's
 * confirmation naming the uses). A membership characteristic is retired by deleting its group (400).
 * Returns the Insight Groups to recompute.
 */
export async function retireDefinition(
  q: Query,
  institutionId: number,
  id: number,
  force: boolean,
): Promise<number[]> {
  const row = await selectForRetire(q, institutionId, id);
  if (!row) throw notFound();
  if (row.cohort_id !== null)
    throw badRequest({
      non_field_errors: [
        'This characteristic is written by an Insight Group; delete or change the group instead.',
      ],
    });
  if (row.retired_at !== null) return [];
  const uses = await characteristicUses(q, institutionId, row);
  if (uses.length > 0 && !force) {
    throw new HttpError(409, {
      detail: `“${row.name}” is in use (${uses.length}). Retire it anyway to make those rules and wiring invalid.`,
      uses,
    } as unknown as { detail: string });
  }
  await markRetired(q, id);
  await recordAudit(q, {
    kind: 'characteristics',
    action: 'characteristic.retire',
    target: `characteristic ${id} (${row.name})`,
    before: { retired: false },
    after: { retired: true },
  });
  return selectGroupsWithRulesOn(q, institutionId, row.name);
}
