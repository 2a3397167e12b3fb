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

/*
 * Characteristic definitions (DESIGN.md "Characteristic definitions"): staff of an institution create,
 * edit and retire the characteristics of its tailoring dictionary. The rule engine reads the same rows
 * (modules/tailoring/dictionary.ts loadDictionary): a definition maps onto the storage kind it compares
 * by (`number` → `range`; the value kinds → `set`, multivalued for `multivalued`), and a missing answer
 * treated as No Answer is the default `__no_answer__` (contracts NO_ANSWER_VALUE).
 */

interface DefinitionRow {
  id: number;
  name: string;
  label: string;
  description: string;
  kind: 'range' | 'set' | 'text';
  value_type: CharacteristicDefinition['type'] | null;
  scope: 'student' | 'enrolment';
  is_multivalued: boolean;
  default_value: string | null;
  restriction_values: Array<{ value: string; label: string }>;
  restriction_ranges: Array<{ min: number; max: number }>;
  step: number | null;
  cohort_id: number | null;
  retired_at: Date | null;
  sources: string[];
  values_count: number;
}

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

async function loadRows(q: Query, institutionId: number, id?: number): Promise<DefinitionRow[]> {
  return q<DefinitionRow>(
    `select c.id, c.name, c.label, c.description, c.kind, c.value_type, c.scope, c.is_multivalued,
            c.default_value, c.restriction_values, c.restriction_ranges, c.step, c.cohort_id, c.retired_at,
            coalesce((select array_agg(s.name order by s.name) from characteristic_sources cs
                        join tailoring_sources s on s.id = cs.source_id where cs.characteristic_id = c.id), '{}') as sources,
            (select count(*)::int from (select distinct v.user_id, v.coach_id from student_characteristic_values v
                                          where v.characteristic_id = c.id) x) as values_count
       from characteristics c
      where c.institution_id = $1 ${id === undefined ? '' : 'and c.id = $2'}
      order by c.retired_at is not null, lower(c.label), c.name`,
    id === undefined ? [institutionId] : [institutionId, id],
  );
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
  return q<CharacteristicUse>(
    `select 'rule' as kind, co.id as coach_id, co.name as coach,
            'Rule of the Insight Group “' || g.name || '”' as description
       from cohort_rules r join cohorts g on g.id = r.cohort_id join coaches co on co.id = g.coach_id
      where r.institution_id = $1 and r.characteristic = $2
     union all
     select 'group', co.id, co.name, 'Membership of the Insight Group “' || g.name || '”'
       from cohorts g join coaches co on co.id = g.coach_id
      where g.institution_id = $1 and g.characteristic = $2
     union all
     select 'wiring', co.id, co.name, 'Wiring of a ' || replace(w.content_kind, '_', ' ') || ' (#' || w.content_id || ')'
       from content_characteristics w join coaches co on co.id = w.coach_id
      where w.institution_id = $1 and w.characteristic = $2
     union all
     select 'email', co.id, co.name, 'A section of the email “' || e.title || '”'
       from email_sections es join emails e on e.id = es.email_id join coaches co on co.id = e.coach_id
      where es.institution_id = $1 and es.characteristic = $2
     union all
     select 'survey', co.id, co.name, 'A question of the survey “' || s.title || '”'
       from survey_questions sq join surveys s on s.id = sq.survey_id join coaches co on co.id = s.coach_id
      where sq.institution_id = $1 and sq.characteristic_id = $3
     order by 1, 2, 4`,
    [institutionId, characteristic.name, characteristic.id],
  );
}

/** Every characteristic of the institution (retired ones last), with its uses and how many have values. */
export async function listDefinitions(q: Query, institutionId: number): Promise<CharacteristicDefinition[]> {
  const rows = await loadRows(q, institutionId);
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
  const [row] = await loadRows(q, institutionId, id);
  if (!row) throw notFound();
  return definitionOut(row, await characteristicUses(q, institutionId, row));
}

/** The storage columns of a (validated) definition. */
function storageOf(input: CharacteristicDefinitionInput) {
  const number = input.type === 'number';
  const values = input.type === 'yes_no' ? YES_NO_VALUES.map((v) => ({ ...v })) : input.values;
  return {
    kind: number ? 'range' : 'set',
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

async function sourceId(q: Query, institutionId: number, name: string): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, $2, $2)
     on conflict (institution_id, name) do update set name = excluded.name returning id`,
    [institutionId, name],
  );
  return row!.id;
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
    const taken = await q(
      'select 1 from characteristics where institution_id = $1 and lower(name) = lower($2)',
      [institutionId, input.name],
    );
    if (taken.length > 0) errors.name = [DEFINITION_MESSAGES.duplicateName(input.name)];
  }
  if (Object.keys(errors).length > 0) refuse(errors);
  const s = storageOf(input);
  const [row] = await q<{ id: number }>(
    `insert into characteristics (institution_id, name, label, question, description, kind, value_type, scope,
                                  is_multivalued, default_value, restriction_values, restriction_ranges, step)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13) returning id`,
    [
      institutionId,
      input.name,
      input.label,
      input.description || input.label,
      input.description,
      s.kind,
      input.type,
      input.scope,
      s.is_multivalued,
      s.default_value,
      JSON.stringify(s.restriction_values),
      JSON.stringify(s.restriction_ranges),
      s.step,
    ],
  );
  await q('insert into characteristic_sources (characteristic_id, source_id) values ($1, $2)', [
    row!.id,
    await sourceId(q, institutionId, input.source),
  ]);
  const created = await getDefinition(q, institutionId, row!.id);
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
  const [old] = await q<DefinitionRow>(
    `select c.*, (select count(*)::int from student_characteristic_values v where v.characteristic_id = c.id) as values_count
       from characteristics c where c.institution_id = $1 and c.id = $2 for update`,
    [institutionId, id],
  );
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
  const s = storageOf(input);
  await q(
    `update characteristics set label = $3, description = $4, question = $5, kind = $6, value_type = $7, scope = $8,
            is_multivalued = $9, default_value = $10, restriction_values = $11::jsonb,
            restriction_ranges = $12::jsonb, step = $13
      where institution_id = $1 and id = $2`,
    [
      institutionId,
      id,
      input.label,
      input.description,
      input.description || input.label,
      s.kind,
      input.type,
      input.scope,
      s.is_multivalued,
      s.default_value,
      JSON.stringify(s.restriction_values),
      JSON.stringify(s.restriction_ranges),
      s.step,
    ],
  );
  await q(
    'insert into characteristic_sources (characteristic_id, source_id) values ($1, $2) on conflict do nothing',
    [id, await sourceId(q, institutionId, input.source)],
  );
  const groups = await q<{ id: number }>(
    `select distinct cohort_id as id from cohort_rules where institution_id = $1 and characteristic = $2`,
    [institutionId, old.name],
  );
  const definition = await getDefinition(q, institutionId, id);
  await recordAudit(q, {
    kind: 'characteristics',
    action: 'characteristic.update',
    target: `characteristic ${id} (${old.name})`,
    ...auditDiff(before, definition, ['uses', 'values_count']),
  });
  return { definition, resync: groups.map((g) => g.id) };
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
  const [row] = await q<{ id: number; name: string; cohort_id: number | null; retired_at: Date | null }>(
    'select id, name, cohort_id, retired_at from characteristics where institution_id = $1 and id = $2 for update',
    [institutionId, id],
  );
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
  await q('update characteristics set retired_at = now() where id = $1', [id]);
  await recordAudit(q, {
    kind: 'characteristics',
    action: 'characteristic.retire',
    target: `characteristic ${id} (${row.name})`,
    before: { retired: false },
    after: { retired: true },
  });
  const groups = await q<{ id: number }>(
    'select distinct cohort_id as id from cohort_rules where institution_id = $1 and characteristic = $2',
    [institutionId, row.name],
  );
  return groups.map((g) => g.id);
}
