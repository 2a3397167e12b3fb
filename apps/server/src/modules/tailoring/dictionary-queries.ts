/**
 * The dictionary's shared writes (docs/design.md "Tailoring semantics"; DESIGN.md "Characteristic
 * definitions"): a tailoring source added when missing, a characteristic added to the dictionary, and the
 * link between a characteristic and a source that provides it.
 * Every path that makes one calls these (the staff's definitions and a value write, the guided import
 * and the LMS activity, the CSV import, survey answers, the wizard's set-up, an Insight Group's
 * membership write-back, the demo seed's sources), so a source or a definition is the same row
 * whichever path made it. They live in tailoring, not characteristics, because the membership
 * write-back (./membership.ts, reached from this module's index through ./sync.ts) cannot import the
 * characteristics module's entry without an import cycle (its ./values.ts imports this module's
 * entry); every other caller already imports, or may import, this module's entry.
 */
import type { Query } from '../../db/client.ts';
import type { characteristics } from '../../db/schema/index.ts';

/**
 * The id of the institution's tailoring source `name`, added with `label` (the name when none is given)
 * when missing. A source that exists keeps its label: the statement's update rewrites only the name, to
 * itself, so that it returns the existing row's id in the same statement. It also holds that row's lock
 * until the caller's transaction ends, on purpose: writers of one source (imports, survey answers, the
 * membership write-back) then run one after another instead of interleaving writes of the same
 * students' values (an `on conflict do nothing` version without the lock deadlocked against a
 * concurrent import in tailoring-incremental.test.ts). Runs in the caller's `q`.
 */
export async function ensureTailoringSource(
  q: Query,
  institutionId: number,
  name: string,
  label: string = name,
): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, $2, $3)
     on conflict (institution_id, name) do update set name = excluded.name returning id`,
    [institutionId, name, label],
  );
  return row!.id;
}

/**
 * Records that source `sourceId` provides each of `characteristicIds` (links that exist are kept). Every
 * path that writes a characteristic's values from a source links them through this. Runs in the
 * caller's `q`.
 */
export async function linkCharacteristicsToSource(
  q: Query,
  sourceId: number,
  characteristicIds: number[],
): Promise<void> {
  await q(
    `insert into characteristic_sources (characteristic_id, source_id)
     select c, $2 from unnest($1::int[]) as x(c) on conflict do nothing`,
    [characteristicIds, sourceId],
  );
}

type CharacteristicInsert = typeof characteristics.$inferInsert;

/**
 * A characteristic as it is added to the dictionary: its code name, question and storage kind, and what
 * the path knows of the rest; a column left out takes the table's default (no label or description,
 * no definition kind, `student` scope, single-valued, no default value, no allowed values or ranges, no
 * step, no Insight Group).
 */
export interface NewCharacteristic {
  name: string;
  label?: string;
  question: string;
  description?: string;
  kind: CharacteristicInsert['kind'];
  /** The definition kind (`categorical`, `ordinal`, `number`, `multivalued`, `yes_no`; the table checks it). */
  value_type?: string | null;
  /** `student` or `enrolment` (the table checks it). */
  scope?: string;
  is_multivalued?: boolean;
  default_value?: string | null;
  /** The allowed values of a `set` characteristic, in order. */
  restriction_values?: ReadonlyArray<{ value: string; label: string }>;
  /** The allowed ranges of a `range` characteristic. */
  restriction_ranges?: ReadonlyArray<{ min: number; max: number }>;
  step?: number | null;
  /** The Insight Group whose membership the characteristic holds. */
  cohort_id?: number | null;
}

/**
 * What happens when the institution already has a characteristic of that code name (the paths differ):
 * `fail`: the insert fails on the unique key (the staff's definitions and the wizard check the name
 * first); `skip`: nothing is written and nothing returned (the guided import reuses the existing one);
 * `reword`: the existing row takes the new question and label and is returned (an Insight Group's
 * membership characteristic, whose wording follows the group's name).
 */
export type OnNameTaken = 'fail' | 'skip' | 'reword';

const ON_NAME_TAKEN: Record<OnNameTaken, string> = {
  fail: '',
  skip: 'on conflict (institution_id, name) do nothing',
  reword:
    'on conflict (institution_id, name) do update set question = excluded.question, label = excluded.label',
};

/** The added (or, with `reword`, the existing) characteristic's id and Insight Group. */
export type InsertedCharacteristic = { id: number; cohort_id: number | null };

/**
 * Adds characteristic `c` to the institution's dictionary, its allowed values and ranges with it, and
 * returns its id and Insight Group; `onNameTaken` (default `fail`, see OnNameTaken) says what a code name
 * the institution already has does: with `skip` the result is undefined then. The caller links the
 * characteristic's sources. Runs in the caller's `q`.
 */
export function insertCharacteristic(
  q: Query,
  institutionId: number,
  c: NewCharacteristic,
  onNameTaken: 'skip',
): Promise<InsertedCharacteristic | undefined>;
export function insertCharacteristic(
  q: Query,
  institutionId: number,
  c: NewCharacteristic,
  onNameTaken?: 'fail' | 'reword',
): Promise<InsertedCharacteristic>;
export async function insertCharacteristic(
  q: Query,
  institutionId: number,
  c: NewCharacteristic,
  onNameTaken: OnNameTaken = 'fail',
): Promise<InsertedCharacteristic | undefined> {
  const [row] = await q<InsertedCharacteristic>(
    `insert into characteristics (institution_id, name, label, question, description, kind, value_type, scope,
                                  is_multivalued, default_value, restriction_values, restriction_ranges, step,
                                  cohort_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13, $14)
     ${ON_NAME_TAKEN[onNameTaken]}
     returning id, cohort_id`,
    [
      institutionId,
      c.name,
      c.label ?? '',
      c.question,
      c.description ?? '',
      c.kind,
      c.value_type ?? null,
      c.scope ?? 'student',
      c.is_multivalued ?? false,
      c.default_value ?? null,
      JSON.stringify(c.restriction_values ?? []),
      JSON.stringify(c.restriction_ranges ?? []),
      c.step ?? null,
      c.cohort_id ?? null,
    ],
  );
  return row;
}
