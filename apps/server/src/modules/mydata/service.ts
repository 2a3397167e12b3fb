import {
  type MyCharacteristic,
  type MyData,
  type MyGroup,
  NO_ANSWER,
  NO_ANSWER_VALUE,
  ruleSentence,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';
import { selectGroupRules, selectValues, selectVisibleGroups, selectWho, type ValueRow } from './queries.ts';

const labelOf = (name: string, label: string) => (label.trim() !== '' ? label : name);
const valueLabelOf = (restriction: ValueRow['restriction_values'], value: string) =>
  value === NO_ANSWER_VALUE ? NO_ANSWER : (restriction.find((v) => v.value === value)?.label ?? value);

/**
 * Every characteristic value the institution holds about `userId` as seen in `coachId` (docs/my-data.md):
 * their student-scoped values and their enrolment-scoped values of this coach (`coach_id in (0, coach)`,
 * docs/characteristics.md), retired characteristics included (the values are still held), with labels,
 * source and the time each was recorded; sorted by label, then value.
 */
export async function myCharacteristics(
  database: Database,
  institutionId: number,
  coachId: number,
  userId: number,
): Promise<MyCharacteristic[]> {
  const rows = await selectValues(database.query, institutionId, coachId, userId);
  return rows.map((r) => ({
    name: r.name,
    label: labelOf(r.name, r.label),
    value: r.value,
    value_label: valueLabelOf(r.restriction_values, r.value),
    source: r.source ?? '',
    source_label: r.source_label ?? r.source ?? '',
    scope: r.scope,
    recorded_at: new Date(r.recorded_at).toISOString(),
  }));
}

/**
 * The Insight Groups of `coachId` that `userId` is a member of (as of the last sync) and that staff
 * marked visible to students, each with its valid rules in plain words (`ruleSentence`, labels from the
 * dictionary). A rule whose characteristic left the dictionary is not shown (it is ignored by the
 * membership too, docs/design.md "Tailoring semantics").
 */
export async function myGroups(
  database: Database,
  institutionId: number,
  coachId: number,
  userId: number,
): Promise<MyGroup[]> {
  const groups = await selectVisibleGroups(database.query, coachId, userId);
  if (groups.length === 0) return [];
  const rules = await selectGroupRules(
    database.query,
    institutionId,
    groups.map((g) => g.id),
  );
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    rules: rules
      .filter((r) => r.cohort_id === g.id)
      .map((r) => {
        const values =
          r.values_for_include.length > 0 ? r.values_for_include : r.value === null ? [] : [r.value];
        return ruleSentence(
          labelOf(r.name, r.label),
          r.operation,
          values.map((v) => valueLabelOf(r.restriction_values, v)),
        );
      }),
  }));
}

/**
 * Everything My data shows a student of a coach (MyDataSchema): who they are, their characteristic
 * values, their visible groups and their peer-comparison choice. `userId` has been checked to be a
 * student of the coach (analytics resolveStudent).
 */
export async function myData(
  database: Database,
  scope: { institutionId: number; coachId: number },
  userId: number,
): Promise<MyData> {
  const { institutionId, coachId } = scope;
  const who = await selectWho(database.query, coachId, userId);
  return {
    coach: { id: coachId, label: who!.coach },
    student: { id: userId, name: who!.name, email: who!.email },
    characteristics: await myCharacteristics(database, institutionId, coachId, userId),
    groups: await myGroups(database, institutionId, coachId, userId),
    peer_comparison_opt_out: who!.opted_out,
  };
}

/** The CSV columns of the download (docs/my-data.md). */
export const MY_DATA_CSV_COLUMNS = [
  'characteristic',
  'label',
  'value',
  'value_label',
  'source',
  'source_label',
  'scope',
  'recorded_at',
] as const;

/** The rows of the CSV download: one per characteristic value, in MY_DATA_CSV_COLUMNS order. */
export function myDataCsvRows(data: MyData): string[][] {
  return data.characteristics.map((c) => [
    c.name,
    c.label,
    c.value,
    c.value_label,
    c.source,
    c.source_label,
    c.scope,
    c.recorded_at,
  ]);
}
