/**
 * The SQL of characteristic definitions and of writing one student's value (docs/characteristics.md;
 * DESIGN.md "Characteristic definitions"): the institution's dictionary rows with their sources and how
 * many (student, enrolment) pairs have values, what uses a characteristic, the definition's writes (its
 * insert and the source's are tailoring's insertCharacteristic and ensureTailoringSource, the ones every
 * path shares), its source links, and one student's values from one source. The checks, the storage
 * mapping and the audit are ./definitions.ts's and ./values.ts's. Every statement is scoped to the
 * institution (`institutionId`).
 */
import type { CharacteristicDefinition, CharacteristicUse } from '@course-coach/contracts';
import type { Query } from '../../db/client.ts';
import type { characteristics } from '../../db/schema/index.ts';

/** A dictionary row with its definition kind, its sources' names and how many students have values. */
export type DefinitionRow = Pick<
  typeof characteristics.$inferSelect,
  | 'id'
  | 'name'
  | 'label'
  | 'description'
  | 'kind'
  | 'scope'
  | 'is_multivalued'
  | 'default_value'
  | 'restriction_values'
  | 'restriction_ranges'
  | 'step'
  | 'cohort_id'
  | 'retired_at'
> & {
  value_type: CharacteristicDefinition['type'] | null;
  sources: string[];
  values_count: number;
};

/**
 * The institution's characteristics (or the one with `id`), retired ones last, then by label and code
 * name; `values_count` counts the distinct (student, enrolment) pairs with a value.
 */
export function selectDefinitionRows(q: Query, institutionId: number, id?: number): Promise<DefinitionRow[]> {
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
 * Everything that uses a characteristic, by code name and id: rules of Insight Groups, the Insight Group
 * that writes its membership to it, content wiring, e-mail sections and survey questions; by kind, coach
 * and description.
 */
export function selectCharacteristicUses(
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

/** Whether the institution has a characteristic of that code name, in any case (retired ones included). */
export async function characteristicNameTaken(
  q: Query,
  institutionId: number,
  name: string,
): Promise<boolean> {
  const rows = await q(
    'select 1 from characteristics where institution_id = $1 and lower(name) = lower($2)',
    [institutionId, name],
  );
  return rows.length > 0;
}

/**
 * A definition's stored columns (the code name only on insert, through tailoring's insertCharacteristic,
 * so that a definition is the same row whichever path adds it).
 */
export interface DefinitionColumns {
  label: string;
  description: string;
  /** The question the rule editor shows (the description, else the label). */
  question: string;
  kind: 'range' | 'set';
  value_type: string;
  scope: string;
  is_multivalued: boolean;
  default_value: string | null;
  restriction_values: ReadonlyArray<{ value: string; label: string }>;
  restriction_ranges: ReadonlyArray<{ min: number; max: number }>;
  step: number | null;
}

const columnValues = (c: DefinitionColumns) => [
  c.label,
  c.description,
  c.question,
  c.kind,
  c.value_type,
  c.scope,
  c.is_multivalued,
  c.default_value,
  JSON.stringify(c.restriction_values),
  JSON.stringify(c.restriction_ranges),
  c.step,
];

/** The institution's characteristic `id` with `values_count` (all its value rows), locked; or undefined. */
export async function selectDefinitionForUpdate(
  q: Query,
  institutionId: number,
  id: number,
): Promise<DefinitionRow | undefined> {
  const [row] = await q<DefinitionRow>(
    `select c.*, (select count(*)::int from student_characteristic_values v where v.characteristic_id = c.id) as values_count
       from characteristics c where c.institution_id = $1 and c.id = $2 for update`,
    [institutionId, id],
  );
  return row;
}

/** Replaces the characteristic's stored columns (not its code name). */
export async function updateDefinitionColumns(
  q: Query,
  institutionId: number,
  id: number,
  c: DefinitionColumns,
): Promise<void> {
  await q(
    `update characteristics set label = $3, description = $4, question = $5, kind = $6, value_type = $7, scope = $8,
            is_multivalued = $9, default_value = $10, restriction_values = $11::jsonb,
            restriction_ranges = $12::jsonb, step = $13
      where institution_id = $1 and id = $2`,
    [institutionId, id, ...columnValues(c)],
  );
}

/** The Insight Groups of the institution with a rule on the characteristic `name`. */
export async function selectGroupsWithRulesOn(
  q: Query,
  institutionId: number,
  name: string,
): Promise<number[]> {
  const rows = await q<{ id: number }>(
    `select distinct cohort_id as id from cohort_rules where institution_id = $1 and characteristic = $2`,
    [institutionId, name],
  );
  return rows.map((r) => r.id);
}

/** The institution's characteristic `id` as retiring needs it, locked; or undefined. */
export async function selectForRetire(
  q: Query,
  institutionId: number,
  id: number,
): Promise<Pick<DefinitionRow, 'id' | 'name' | 'cohort_id' | 'retired_at'> | undefined> {
  const [row] = await q<Pick<DefinitionRow, 'id' | 'name' | 'cohort_id' | 'retired_at'>>(
    'select id, name, cohort_id, retired_at from characteristics where institution_id = $1 and id = $2 for update',
    [institutionId, id],
  );
  return row;
}

/** Marks the characteristic retired now. */
export async function markRetired(q: Query, id: number): Promise<void> {
  await q('update characteristics set retired_at = now() where id = $1', [id]);
}

/**
 * Whether `userId` is a student the value may be written for: for an enrolment-scoped characteristic, a
 * student of coach `coachId` in the institution; for a student-scoped one (`coachId` 0), a user of the
 * institution enrolled somewhere as a student.
 */
export async function studentMayHaveValue(
  q: Query,
  scope: 'student' | 'enrolment',
  w: { institutionId: number; userId: number; coachId: number },
): Promise<boolean> {
  const { institutionId, userId, coachId } = w;
  const rows = await q<{ ok: boolean }>(
    scope === 'enrolment'
      ? `select true as ok from enrollments e join users u on u.id = e.user_id
          where e.coach_id = $2 and e.user_id = $1 and e.role = 'student' and u.institution_id = $3`
      : `select true as ok from users u where u.id = $1 and u.institution_id = $3
           and exists (select 1 from enrollments e where e.user_id = u.id and e.role = 'student' and $2::int = 0)`,
    [userId, coachId, institutionId],
  );
  return rows.length > 0;
}

/**
 * Replaces the student's values of the characteristic from the source for the enrolment (`coachId`, 0:
 * institution-wide) by `values` (`num` filled when `numeric`).
 */
export async function replaceStudentValues(
  q: Query,
  w: {
    institutionId: number;
    characteristicId: number;
    userId: number;
    coachId: number;
    sourceId: number;
    values: string[];
    numeric: boolean;
  },
): Promise<void> {
  await q(
    `delete from student_characteristic_values
      where characteristic_id = $1 and user_id = $2 and coach_id = $3 and source_id = $4`,
    [w.characteristicId, w.userId, w.coachId, w.sourceId],
  );
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
     select $1, $2, $3, $4, $5, v, case when $7 then v::float8 end from unnest($6::text[]) as x(v)`,
    [w.institutionId, w.characteristicId, w.userId, w.coachId, w.sourceId, w.values, w.numeric],
  );
}
