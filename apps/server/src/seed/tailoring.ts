import { NO_ANSWER_VALUE } from '@course-coach/contracts';
import type { Query } from '../db/client.ts';
import { ensureTailoringSource } from '../modules/tailoring/index.ts';
import { recomputeMembership } from '../modules/tailoring/membership.ts';

/**
 * The demo tailoring data, imported in the OULAD import's transaction:
 *
 * - sources `registrar` (the OULAD student table) and `gradebook` (derived from the imported scores);
 * - the dictionary: from studentInfo `gender`, `region`, `highest_education`, `imd_band`, `age_band`,
 *   `disability`, `final_result` (value sets of the values found), `num_of_prev_attempts`,
 *   `studied_credits` (ranges), `modules` (multivalued: the module codes a student registered for);
 *   from the gradebook `average_score_band` (ordinal set of the score bands only; a student without a
 *   score has the explicit No Answer `__no_answer__`, which comparisons never match — DESIGN.md
 *   "Characteristic definitions", docs/characteristics.md "Missing answers") and
 *   `assessments_submitted` (range, default `0`);
 * - each student's values. Per-registration facts are enrolment-scoped (DESIGN.md "Characteristic
 *   definitions"): `num_of_prev_attempts`, `studied_credits`, `final_result` come from the student's own
 *   studentInfo row of each presentation, stored with that presentation's coach; the gradebook values
 *   from the scores of that coach's assessments. Institution-wide facts (`gender`, `region`,
 *   `highest_education`, `imd_band`, `age_band`, `disability`) are per student and come from the latest
 *   row (highest code_presentation, then code_module). `?` in the data means no value (the student has
 *   the default: `unknown` for imd_band).
 * - a few demo Insight Groups in two Collections on one or two coaches, synced.
 *
 * Everything is set-wise: studentInfo is staged once with unnest, then each table is filled by one
 * INSERT … SELECT.
 */
export async function seedTailoring(
  q: Query,
  institutionId: number,
  info: Array<Record<string, string | null>>,
  log: (message: string) => void,
): Promise<void> {
  const cols = [
    'code_module',
    'code_presentation',
    'id_student',
    'gender',
    'region',
    'highest_education',
    'imd_band',
    'age_band',
    'num_of_prev_attempts',
    'studied_credits',
    'disability',
    'final_result',
  ] as const;
  await q(
    `create temp table tmp_student_info on commit drop as
     select * from unnest(${cols.map((_, i) => `$${i + 1}::text[]`).join(', ')}) as x(${cols.join(', ')})`,
    cols.map((c) => info.map((r) => r[c] ?? null)),
  );

  const sources = new Map<string, number>();
  for (const [name, label] of [
    ['registrar', 'Registrar (student records)'],
    ['gradebook', 'Gradebook'],
    ['course_coach', 'Course Coach (Insight Groups)'],
  ] as const)
    sources.set(name, await ensureTailoringSource(q, institutionId, name, label));
  const sourceId = (n: string) => sources.get(n)!;

  // The registrar's set characteristics: the values found in the data, in the codebook's order (the
  // order of an ordinal, which its comparisons follow), then any other value found, by name.
  const labels: Record<string, Record<string, string>> = {
    gender: { F: 'Female', M: 'Male' },
    disability: { Y: 'Yes', N: 'No' },
    imd_band: { unknown: 'Unknown' },
  };
  // OULAD's value sets (its codebook; the imported presentations may not use every value), plus any
  // other value found in the imported rows.
  const setChars: Array<{ name: string; question: string; default: string | null; values: string[] }> = [
    { name: 'gender', question: 'What is your gender?', default: null, values: ['F', 'M'] },
    {
      name: 'region',
      question: 'Which region do you live in?',
      default: null,
      values: [
        'East Anglian Region',
        'East Midlands Region',
        'Ireland',
        'London Region',
        'North Region',
        'North Western Region',
        'Scotland',
        'South East Region',
        'South Region',
        'South West Region',
        'Wales',
        'West Midlands Region',
        'Yorkshire Region',
      ],
    },
    {
      name: 'highest_education',
      question: 'What is your highest education so far?',
      default: null,
      values: [
        'No Formal quals',
        'Lower Than A Level',
        'A Level or Equivalent',
        'HE Qualification',
        'Post Graduate Qualification',
      ],
    },
    {
      name: 'imd_band',
      question: 'What is the deprivation (IMD) band of where you live?',
      default: 'unknown',
      // OULAD spells the second band without "%".
      values: [
        '0-10%',
        '10-20',
        '20-30%',
        '30-40%',
        '40-50%',
        '50-60%',
        '60-70%',
        '70-80%',
        '80-90%',
        '90-100%',
      ],
    },
    {
      name: 'age_band',
      question: 'What is your age band?',
      default: null,
      values: ['0-35', '35-55', '55<='],
    },
    { name: 'disability', question: 'Have you declared a disability?', default: null, values: ['N', 'Y'] },
    {
      name: 'final_result',
      question: 'What was your final result in the module?',
      default: null,
      values: ['Distinction', 'Pass', 'Fail', 'Withdrawn'],
    },
  ];
  for (const c of setChars) {
    await q(
      `insert into characteristics (institution_id, name, question, kind, default_value, restriction_values)
       select $1, $2::text, $3, 'set', $4::text,
              coalesce(jsonb_agg(jsonb_build_object('value', v, 'label', coalesce($5::jsonb ->> v, v))
                                 order by array_position($6::text[], v) nulls last, v), '[]')
         from (select distinct ${c.name} as v from tmp_student_info where ${c.name} is not null
               union select unnest($6::text[])
               union select $4::text where $4::text is not null) d`,
      [institutionId, c.name, c.question, c.default, JSON.stringify(labels[c.name] ?? {}), c.values],
    );
  }
  await q(
    `insert into characteristics (institution_id, name, question, kind, is_multivalued, default_value,
                                  restriction_values, restriction_ranges)
     values ($1, 'num_of_prev_attempts', 'How many times have you attempted this module before?', 'range', false, null, '[]', '[{"min":0,"max":10}]'),
            ($1, 'studied_credits', 'How many credits are you studying for?', 'range', false, null, '[]', '[{"min":0,"max":700}]'),
            ($1, 'assessments_submitted', 'How many assessments have you submitted?', 'range', false, '0', '[]', '[{"min":0,"max":100}]'),
            ($1, 'average_score_band', 'What is your average assessment score?', 'set', false, $2,
             '[{"value":"0-39","label":"0–39"},{"value":"40-59","label":"40–59"},{"value":"60-69","label":"60–69"},{"value":"70-79","label":"70–79"},{"value":"80-100","label":"80–100"}]', '[]')`,
    [institutionId, NO_ANSWER_VALUE],
  );
  await q(
    `insert into characteristics (institution_id, name, question, kind, is_multivalued, restriction_values)
     select $1, 'modules', 'Which modules have you registered for?', 'set', true,
            jsonb_agg(jsonb_build_object('value', m, 'label', 'Module ' || m) order by m)
       from (select distinct code_module as m from tmp_student_info) d`,
    [institutionId],
  );
  // Labels (what screens show), ordinal value types and the enrolment scope of per-registration facts.
  await q(
    `update characteristics c set label = x.label, scope = x.scope, value_type = x.value_type
       from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as x(name, label, scope, value_type)
      where c.institution_id = $1 and c.name = x.name`,
    [
      institutionId,
      ...transpose(
        CHARACTERISTIC_LABELS.map((l) => [
          l.name,
          l.label,
          ENROLMENT_SCOPED.includes(l.name) ? 'enrolment' : 'student',
          l.type,
        ]),
      ),
    ],
  );
  const chars = await q<{ id: number; name: string }>(
    'select id, name from characteristics where institution_id = $1',
    [institutionId],
  );
  const cid = (n: string) => chars.find((c) => c.name === n)!.id;
  const gradebookChars = ['assessments_submitted', 'average_score_band'];
  await q(
    `insert into characteristic_sources (characteristic_id, source_id)
     select id, case when name = any($2::text[]) then $3::int else $4::int end
       from characteristics where institution_id = $1`,
    [institutionId, gradebookChars, sourceId('gradebook'), sourceId('registrar')],
  );

  log('tailoring: student characteristic values');
  // The value rows are many (≈300,000 for all presentations) and every id in them is read from rows of
  // this transaction, so their triggers (db/value-triggers.ts, the activity versions) only cost time:
  // skip them where the database allows it (a superuser, as on PGlite; as seed/content.ts); else they run.
  await q('savepoint seed_tailoring_fk');
  try {
    await q('set local session_replication_role = replica');
    await q('release savepoint seed_tailoring_fk');
  } catch {
    await q('rollback to savepoint seed_tailoring_fk');
  }
  const perStudent = setChars.map((c) => c.name).filter((n) => !ENROLMENT_SCOPED.includes(n));
  await q(
    `with latest as (
       select distinct on (id_student) * from tmp_student_info
        order by id_student, code_presentation desc, code_module desc
     )
     insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value, num)
     select $1, x.cid, u.id, $2, x.value, null
       from latest l
       join users u on u.institution_id = $1 and u.external_id = l.id_student
       cross join lateral (values ${perStudent
         .map((n, i) => `($${i + 3}::int, l.${n})`)
         .join(', ')}) as x(cid, value)
      where x.value is not null
      order by x.cid, u.id`,
    [institutionId, sourceId('registrar'), ...perStudent.map(cid)],
  );
  // Per registration: each studentInfo row's facts belong to the enrolment in that presentation's coach.
  const perEnrolment = ['num_of_prev_attempts', 'studied_credits', 'final_result'];
  const numeric = new Set(['num_of_prev_attempts', 'studied_credits']);
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
     select $1, x.cid, u.id, co.id, $2, x.value, case when x.numeric then x.value::float8 end
       from tmp_student_info s
       join users u on u.institution_id = $1 and u.external_id = s.id_student
       join coaches co on co.institution_id = $1 and co.course_code = s.code_module
                      and co.term_code = s.code_presentation
       cross join lateral (values ${perEnrolment
         .map((n, i) => `($${i + 3}::int, s.${n}, ${numeric.has(n) ? 'true' : 'false'})`)
         .join(', ')}) as x(cid, value, numeric)
      where x.value is not null
      order by x.cid, u.id, co.id`,
    [institutionId, sourceId('registrar'), ...perEnrolment.map(cid)],
  );
  log('tailoring: modules and gradebook values');
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, source_id, value)
     select distinct $1::int, $2::int, u.id, $3::int, s.code_module
       from tmp_student_info s join users u on u.institution_id = $1 and u.external_id = s.id_student`,
    [institutionId, cid('modules'), sourceId('registrar')],
  );
  // Gradebook values per enrolment: the scores of the coach's own assessments.
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value, num)
     select $1, $2, s.user_id, a.coach_id, $3, count(*)::text, count(*)
       from scores s join assignments a on a.id = s.assignment_id
      where s.institution_id = $1 group by s.user_id, a.coach_id`,
    [institutionId, cid('assessments_submitted'), sourceId('gradebook')],
  );
  await q(
    `insert into student_characteristic_values (institution_id, characteristic_id, user_id, coach_id, source_id, value)
     select $1, $2, s.user_id, a.coach_id, $3,
            case when avg(s.score) < 40 then '0-39' when avg(s.score) < 60 then '40-59'
                 when avg(s.score) < 70 then '60-69' when avg(s.score) < 80 then '70-79' else '80-100' end
       from scores s join assignments a on a.id = s.assignment_id
      where s.institution_id = $1 and s.score is not null group by s.user_id, a.coach_id`,
    [institutionId, cid('average_score_band'), sourceId('gradebook')],
  );

  log('tailoring: statistics');
  // Fresh statistics, so that the membership statements below are planned for the real sizes.
  await q('analyze student_characteristic_values');
  await q('analyze enrollments');
  log('tailoring: demo Insight Groups');
  await seedDemoGroups(q, institutionId);
}

/** Facts of one registration (enrolment-scoped): a student's value differs from course to course. */
export const ENROLMENT_SCOPED = [
  'num_of_prev_attempts',
  'studied_credits',
  'final_result',
  'assessments_submitted',
  'average_score_band',
];

/** The demo characteristics' labels and value types (what the screens show instead of code names). */
const CHARACTERISTIC_LABELS: Array<{ name: string; label: string; type: string }> = [
  { name: 'gender', label: 'Gender', type: 'categorical' },
  { name: 'region', label: 'Region', type: 'categorical' },
  { name: 'highest_education', label: 'Highest education', type: 'ordinal' },
  { name: 'imd_band', label: 'Deprivation (IMD) band', type: 'ordinal' },
  { name: 'age_band', label: 'Age band', type: 'ordinal' },
  { name: 'disability', label: 'Declared disability', type: 'categorical' },
  { name: 'final_result', label: 'Final result', type: 'categorical' },
  { name: 'num_of_prev_attempts', label: 'Previous attempts', type: 'number' },
  { name: 'studied_credits', label: 'Studied credits', type: 'number' },
  { name: 'assessments_submitted', label: 'Assessments submitted', type: 'number' },
  { name: 'average_score_band', label: 'Average score band', type: 'ordinal' },
  { name: 'modules', label: 'Registered modules', type: 'multivalued' },
];

function transpose(rows: string[][]): string[][] {
  return rows[0]!.map((_, i) => rows.map((r) => r[i]!));
}

/** Demo Insight Groups of AAA 2013J and DDD 2013B (whichever were imported); harmless ones visible to students. */
async function seedDemoGroups(q: Query, institutionId: number): Promise<void> {
  const coachRows = await q<{ id: number; key: string }>(
    `select id, course_code || '-' || term_code as key from coaches
      where institution_id = $1 and course_code || '-' || term_code = any($2::text[]) order by id`,
    [institutionId, ['AAA-2013J', 'DDD-2013B']],
  );
  type Rule = { characteristic: string; operation: string; value?: string; values?: string[] };
  const groups: Array<{
    collection: string | null;
    name: string;
    characteristic?: string;
    rules: Rule[];
    visible?: boolean; // shown to its members on My data (docs/my-data.md): never a sensitive one
  }> = [
    {
      collection: 'Support priorities',
      name: 'Returning students who are struggling',
      rules: [
        { characteristic: 'num_of_prev_attempts', operation: 'greater than or equal to', value: '1' },
        {
          characteristic: 'average_score_band',
          operation: 'includes',
          values: ['0-39', '40-59', NO_ANSWER_VALUE],
        },
      ],
    },
    {
      collection: 'Support priorities',
      name: 'Heavy study load',
      characteristic: 'heavy_study_load_group',
      visible: true,
      rules: [{ characteristic: 'studied_credits', operation: 'greater than or equal to', value: '120' }],
    },
    {
      collection: 'Background',
      name: 'First in family to study at this level',
      visible: true,
      rules: [
        {
          characteristic: 'highest_education',
          operation: 'includes',
          values: ['Lower Than A Level', 'No Formal quals'],
        },
        { characteristic: 'age_band', operation: 'equal to', value: '0-35' },
      ],
    },
    {
      collection: null,
      name: 'Students with a declared disability',
      rules: [{ characteristic: 'disability', operation: 'equal to', value: 'Y' }],
    },
  ];
  for (const coach of coachRows) {
    const collections = new Map<string, number>();
    for (const name of ['Support priorities', 'Background']) {
      const [row] = await q<{ id: number }>(
        'insert into cohort_groups (institution_id, coach_id, name) values ($1, $2, $3) returning id',
        [institutionId, coach.id, name],
      );
      collections.set(name, row!.id);
    }
    for (const g of groups) {
      // A membership characteristic is written back for the first coach only (names are per institution).
      const characteristic =
        g.characteristic && coach === coachRows[0] ? `${g.characteristic}_${coach.key.toLowerCase()}` : null;
      const [cohort] = await q<{ id: number }>(
        `insert into cohorts (institution_id, coach_id, cohort_group_id, name, source, characteristic,
                              visible_to_students) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          institutionId,
          coach.id,
          g.collection ? collections.get(g.collection) : null,
          g.name,
          characteristic ? 'course_coach' : null,
          characteristic,
          g.visible === true,
        ],
      );
      for (const r of g.rules) {
        await q(
          `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
           values ($1, $2, $3, $4, $5, $6)`,
          [institutionId, cohort!.id, r.characteristic, r.operation, r.value ?? null, r.values ?? []],
        );
      }
      await recomputeMembership(q, cohort!.id);
      await q(
        // Just recomputed whole: the next change owes only the students it touches.
        `insert into cohort_sync_tasks (cohort_id, institution_id, state, started_at, success_at, full_requested)
         values ($1, $2, 'success', now(), now(), false)`,
        [cohort!.id, institutionId],
      );
    }
  }
}
