/**
 * Generated students for the sync and growth benchmarks (bench/sync.bench.ts, bench/growth.bench.ts): a
 * coach "BIG" in an institution, five characteristics over a source "registrar" (two categorical, one with
 * a default; two numbers 0–100; one multivalued set), ten Insight Groups of two rules each over them, and
 * students numbered g = 1…N added in ranges, each enrolled in BIG with a value of every characteristic
 * computed from g (so any range can be added later and every run writes the same data).
 */
import type { Query } from '../../apps/server/src/db/client.ts';

/** What `createGeneratedCoach` made. `externalBase` is added to g for the students' external ids. */
export interface GeneratedCoach {
  institutionId: number;
  coachId: number;
  sourceId: number;
  characteristicIds: Map<string, number>;
  externalBase: number;
}

/** The five characteristics' names, in the order of the full-import CSV's columns. */
export const GENERATED_CHARACTERISTICS = ['s1', 's2', 'r1', 'r2', 'm1'] as const;

/**
 * Creates the coach BIG, the source, the five characteristics and the ten groups in `institutionId`.
 * `externalBase`: students get external id `externalBase + g` (0 in an institution of their own; above
 * every existing id when added to the demo's).
 */
export async function createGeneratedCoach(
  q: Query,
  institutionId: number,
  externalBase = 0,
): Promise<GeneratedCoach> {
  const [coach] = await q<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days) values ($1, 'BIG', 'BIG', '2026', 200) returning id`,
    [institutionId],
  );
  const [src] = await q<{ id: number }>(
    `insert into tailoring_sources (institution_id, name, label) values ($1, 'registrar', 'Registrar')
     on conflict (institution_id, name) do update set label = excluded.label returning id`,
    [institutionId],
  );
  const set = (n: number) =>
    JSON.stringify(Array.from({ length: n }, (_, i) => ({ value: `v${i}`, label: `V${i}` })));
  const made = await q<{ id: number; name: string }>(
    `insert into characteristics (institution_id, name, kind, value_type, is_multivalued, default_value, restriction_values, restriction_ranges, question)
     values ($1, 's1', 'set', 'categorical', false, null, $2::jsonb, '[]', 's1'),
            ($1, 's2', 'set', 'categorical', false, 'v0', $2::jsonb, '[]', 's2'),
            ($1, 'r1', 'range', 'number', false, null, '[]', '[{"min":0,"max":100}]', 'r1'),
            ($1, 'r2', 'range', 'number', false, null, '[]', '[{"min":0,"max":100}]', 'r2'),
            ($1, 'm1', 'set', 'multivalued', true, null, $3::jsonb, '[]', 'm1')
     returning id, name`,
    [institutionId, set(10), set(8)],
  );
  await q('insert into characteristic_sources (characteristic_id, source_id) select unnest($1::int[]), $2', [
    made.map((c) => c.id),
    src!.id,
  ]);
  // Ten groups of two rules over the five characteristics.
  const rules: Array<[string, string, string | null, string[]]> = [
    ['s1', 'includes', null, ['v1', 'v2', 'v3']],
    ['r1', 'greater than or equal to', '40', []],
    ['s2', 'equal to', 'v0', []],
    ['r2', 'less than', '70', []],
    ['m1', 'contains', null, ['v1', 'v2']],
  ];
  for (let g = 0; g < 10; g++) {
    const [c] = await q<{ id: number }>(
      `insert into cohorts (institution_id, coach_id, name) values ($1, $2, $3) returning id`,
      [institutionId, coach!.id, `G${g}`],
    );
    for (const [ch, op, v, vs] of [rules[g % 5]!, rules[(g + 2) % 5]!])
      await q(
        `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
         values ($1, $2, $3, $4, $5, $6)`,
        [institutionId, c!.id, ch, op, v, vs],
      );
  }
  return {
    institutionId,
    coachId: coach!.id,
    sourceId: src!.id,
    characteristicIds: new Map(made.map((c) => [c.name, c.id])),
    externalBase,
  };
}

/**
 * Adds students g = from+1 … to: a user (`b<g>@bench.edu`, external id `externalBase + g`), a student
 * enrolment in BIG, and a value of each characteristic (one or more for the multivalued one). Groups are
 * not synced here (the caller asks for it, or the benchmark measures it).
 */
export async function addGeneratedStudents(q: Query, gc: GeneratedCoach, from: number, to: number) {
  const { institutionId, externalBase: base } = gc;
  await q(
    `insert into users (institution_id, email, name, password_hash, external_id)
     select $1, 'b' || g || '@bench.edu', 'Student ' || g, 'x', ($4::bigint + g)::text
       from generate_series($2::int + 1, $3::int) g`,
    [institutionId, from, to, base],
  );
  const u = `(select id, external_id::bigint - ${base} as g from users
               where institution_id = ${institutionId} and email like 'b%@bench.edu'
                 and external_id::bigint - ${base} between ${from + 1} and ${to}) u`;
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role) select $1, $2, u.id, 'student' from ${u}`,
    [institutionId, gc.coachId],
  );
  const ids = gc.characteristicIds;
  const load = (sql: string, name: string) => q(sql, [institutionId, ids.get(name)!, gc.sourceId]);
  for (const n of ['s1', 's2'])
    await load(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
       select $1, $2, u.id, $3, 'v' || ((u.g * ${n === 's1' ? 7 : 3}) % 10) from ${u}`,
      n,
    );
  for (const n of ['r1', 'r2'])
    await load(
      `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value, num)
       select $1, $2, u.id, $3, x::text, x from ${u}, lateral (select ((u.g * ${n === 'r1' ? 31 : 37}) % 101)::float8 as x) y`,
      n,
    );
  await load(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
     select distinct $1::int, $2::int, u.id, $3::int, 'v' || ((u.g * k * 3) % 8) from ${u}, generate_series(1, 1 + (u.g % 3)::int) k`,
    'm1',
  );
}
