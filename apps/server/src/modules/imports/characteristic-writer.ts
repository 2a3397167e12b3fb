import type { ImportKind } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import { insertCharacteristic, type ValueRow, type WrittenValues, writeValues } from '../tailoring/index.ts';
import { appendAllowedValues, deleteSourceValues, selectNonGroupCharacteristicId } from './queries.ts';

export type { ValueRow };

/**
 * The ONE place where the guided import and the engagement job write characteristic definitions and
 * values (schema/tailoring.ts). What they create are course facts: per-enrolment characteristics
 * (`scope = 'enrolment'`), whose values are stored with the coach's id (`coach_id`), so that a student's
 * figures in one course never answer a rule of another. Callers pass the import's own kinds
 * (`ImportKind`) and never touch those tables.
 */

/** A characteristic the import creates. */
export interface NewDefinition {
  name: string;
  question: string;
  kind: ImportKind;
  /** categorical: allowed values; yes-no: ignored (Yes/No). */
  values: Array<{ value: string; label: string }>;
  /** integer/number: the smallest and largest value in the data (the allowed range is wider). */
  min?: number;
  max?: number;
}

/** Today's model of an import kind: yes/no and categories are value sets, numbers a range. */
function restrictionOf(def: NewDefinition): {
  kind: 'range' | 'set' | 'text';
  values: Array<{ value: string; label: string }>;
  ranges: Array<{ min: number; max: number }>;
} {
  switch (def.kind) {
    case 'integer':
    case 'number':
      // Wide enough for rules on next term's data; rules outside it would be invalid.
      return {
        kind: 'range',
        values: [],
        ranges: [
          { min: Math.min(0, Math.floor(def.min ?? 0)), max: Math.max(1_000_000, Math.ceil(def.max ?? 0)) },
        ],
      };
    case 'yes-no':
      return {
        kind: 'set',
        values: [
          { value: 'Yes', label: 'Yes' },
          { value: 'No', label: 'No' },
        ],
        ranges: [],
      };
    case 'categorical':
      return { kind: 'set', values: def.values, ranges: [] };
    default:
      return { kind: 'text', values: [], ranges: [] };
  }
}

/** The definition's kind (characteristics.value_type) of each import kind; free text has none. */
const VALUE_TYPE: Record<ImportKind, string | null> = {
  integer: 'number',
  number: 'number',
  'yes-no': 'yes_no',
  categorical: 'categorical',
  text: null,
};

/**
 * Creates a per-enrolment characteristic (single-valued, no default), or, for a name that exists,
 * returns its id and leaves it unchanged. Throws when that name is an Insight Group's. Returns the id.
 */
export async function createDefinition(q: Query, institutionId: number, def: NewDefinition): Promise<number> {
  const r = restrictionOf(def);
  const added = await insertCharacteristic(
    q,
    institutionId,
    {
      name: def.name,
      label: def.question || def.name,
      question: def.question,
      kind: r.kind,
      value_type: VALUE_TYPE[def.kind],
      scope: 'enrolment',
      restriction_values: r.values,
      restriction_ranges: r.ranges,
    },
    'skip',
  );
  const id = added?.id ?? (await selectNonGroupCharacteristicId(q, institutionId, def.name));
  if (id === undefined) throw new Error(`characteristic ${def.name} belongs to an Insight Group`);
  return id;
}

/** Adds values a categorical characteristic does not list yet (used when a definition is re-used). */
export async function addAllowedValues(
  q: Query,
  characteristicId: number,
  values: Array<{ value: string; label: string }>,
): Promise<void> {
  if (values.length === 0) return;
  await appendAllowedValues(q, characteristicId, values);
}

/**
 * Replaces, for every (student, characteristic) pair listed in `rows`, the source's values by the given
 * ones (a null value removes the source's value), through the fast path of the tailoring module
 * (staged, then written as a diff; value-writer.ts). Call it inside the import's transaction. Returns
 * what changed, for noteChangedValues.
 */
export async function replaceValues(
  q: Query,
  institutionId: number,
  coachId: number,
  sourceId: number,
  rows: ValueRow[],
): Promise<WrittenValues> {
  return writeValues(q, { institutionId, coachId, sourceId }, rows);
}

/**
 * Replaces every value of a source for the given characteristics (the engagement job rewrites its
 * figures whole): the coach's values of those characteristics from that source.
 */
export async function replaceAllValues(
  q: Query,
  institutionId: number,
  coachId: number,
  sourceId: number,
  characteristicIds: number[],
  rows: ValueRow[],
): Promise<void> {
  await deleteSourceValues(q, sourceId, characteristicIds, coachId);
  await replaceValues(q, institutionId, coachId, sourceId, rows);
}
