import {
  type MyCharacteristic,
  type MyData,
  type MyGroup,
  NO_ANSWER,
  NO_ANSWER_VALUE,
  ruleSentence,
} from '@course-coach/contracts';
import type { Database } from '../../db/client.ts';

interface ValueRow {
  name: string;
  label: string;
  scope: 'student' | 'enrolment';
  restriction_values: Array<{ value: string; label: string }>;
  value: string;
  source: string | null;
  source_label: string | null;
  recorded_at: Date | string;
}

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
  const rows = await database.query<ValueRow>(
    `select c.name, c.label, c.scope, c.restriction_values, v.value,
            s.name as source, s.label as source_label, v.recorded_at
       from student_characteristic_values v
       join characteristics c on c.id = v.characteristic_id
       left join tailoring_sources s on s.id = v.source_id
      where v.user_id = $1 and v.institution_id = $2 and v.coach_id in (0, $3)
      order by coalesce(nullif(c.label, ''), c.name), c.name, v.value, s.name`,
    [userId, institutionId, coachId],
  );
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
  const groups = await database.query<{ id: number; name: string }>(
    `select co.id, co.name from cohorts co
       join cohort_memberships m on m.cohort_id = co.id and m.user_id = $1
      where co.coach_id = $2 and co.visible_to_students
      order by co.name, co.id`,
    [userId, coachId],
  );
  if (groups.length === 0) return [];
  const rules = await database.query<{
    cohort_id: number;
    operation: string;
    value: string | null;
    values_for_include: string[];
    name: string;
    label: string;
    restriction_values: ValueRow['restriction_values'];
  }>(
    `select r.cohort_id, r.operation, r.value, r.values_for_include, c.name, c.label, c.restriction_values
       from cohort_rules r
       join characteristics c on c.name = r.characteristic and c.institution_id = $2 and c.retired_at is null
      where r.cohort_id = any($1::int[])
      order by r.id`,
    [groups.map((g) => g.id), institutionId],
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
  const [who] = await database.query<{ name: string; email: string; coach: string; opted_out: boolean }>(
    `select u.name, u.email, c.name as coach,
            exists (select 1 from peer_comparison_opt_outs o where o.coach_id = c.id and o.user_id = u.id) as opted_out
       from users u, coaches c where u.id = $1 and c.id = $2`,
    [userId, coachId],
  );
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
