import type { Query } from '../db/client.ts';

/** Study resources (spec §9 "Study resources"), with the labels the playbook shows. */
const RESOURCES: Array<[string, string]> = [
  ['PracticeExam', 'Practice exams'],
  ['PracticeProbs', 'Practice problems'],
  ['AskingQs', 'Asking questions'],
  ['OH', 'Office hours'],
  ['Quizzes', 'Quizzes'],
  ['HW', 'Homework'],
  ['Readings', 'Readings'],
  ['Notes', 'Notes'],
  ['Tutoring', 'Tutoring'],
  ['Videos', 'Videos'],
];

const values = (pairs: Array<[string, string]>) =>
  JSON.stringify(pairs.map(([value, label]) => ({ value, label })));

/**
 * The demo's playbook questions (docs/playbooks.md): enrolment-scoped characteristics a student answers
 * in a playbook — planning: study resources and hours a week; emotions: how they feel; reflection: how
 * it went, the resources they used and what they will change — and the wiring of every released demo
 * playbook to them (one row per question). Runs in the demo wiring seed's transaction; two statements.
 */
export async function seedPlaybookQuestions(q: Query, institutionId: number): Promise<void> {
  const defs: Array<[string, string, string, boolean, string, string | null]> = [
    [
      'planned_resources',
      'Planned study resources',
      'Which study resources will you use to prepare?',
      true,
      values(RESOURCES),
      null,
    ],
    [
      'planned_hours',
      'Planned study hours a week',
      'How many hours a week will you study for it?',
      false,
      '[]',
      '[{"min":0,"max":40}]',
    ],
    [
      'exam_feeling',
      'Feeling before the exam',
      'How do you feel about this exam right now?',
      false,
      values([
        ['Confident', 'Confident'],
        ['Calm', 'Calm'],
        ['Unsure', 'Unsure'],
        ['Anxious', 'Anxious'],
        ['Overwhelmed', 'Overwhelmed'],
      ]),
      null,
    ],
    [
      'exam_outcome',
      'How the exam went',
      'How did the exam go?',
      false,
      values([
        ['VeryWell', 'Very well'],
        ['Well', 'Well'],
        ['AsExpected', 'As I expected'],
        ['NotWell', 'Not well'],
      ]),
      null,
    ],
    [
      'used_resources',
      'Study resources used',
      'Which study resources did you actually use?',
      true,
      values(RESOURCES),
      null,
    ],
    [
      'next_change',
      'Change for the next exam',
      'What will you change before the next exam?',
      true,
      values([
        ['StartEarlier', 'Start earlier'],
        ['MorePractice', 'Do more practice exams'],
        ['AskMore', 'Ask more questions'],
        ['OfficeHours', 'Go to office hours'],
        ['StudyGroup', 'Study with others'],
        ['KeepPlan', 'Keep my plan'],
      ]),
      null,
    ],
  ];
  await q(
    `insert into characteristics (institution_id, name, label, question, kind, value_type, scope, is_multivalued,
                                  restriction_values, restriction_ranges, step)
     select $1, d.name, d.label, d.question, case when d.ranges is null then 'set' else 'range' end,
            case when d.ranges is not null then 'number' when d.multi then 'multivalued' else 'categorical' end,
            'enrolment', d.multi, d.vals::jsonb, coalesce(d.ranges, '[]')::jsonb,
            case when d.ranges is not null then 1 end
       from unnest($2::text[], $3::text[], $4::text[], $5::bool[], $6::text[], $7::text[])
            as d(name, label, question, multi, vals, ranges)
     on conflict (institution_id, name) do nothing`,
    [
      institutionId,
      defs.map((d) => d[0]),
      defs.map((d) => d[1]),
      defs.map((d) => d[2]),
      defs.map((d) => d[3]),
      defs.map((d) => d[4]),
      defs.map((d) => d[5]),
    ],
  );
  // One wiring row per question (its first value, or '0' for the range): the row names the question.
  await q(
    `insert into content_characteristics
            (institution_id, coach_id, content_kind, content_id, characteristic, value, num, position)
     select $1, p.coach_id, w.kind, p.id, c.name,
            case when c.kind = 'range' then '0' else c.restriction_values -> 0 ->> 'value' end,
            case when c.kind = 'range' then 0 end, w.pos
       from playbooks p
      cross join (values ('playbook_planning', 'planned_resources', 0), ('playbook_planning', 'planned_hours', 1),
                         ('playbook_emotions', 'exam_feeling', 2), ('playbook_reflection', 'exam_outcome', 3),
                         ('playbook_reflection', 'used_resources', 4), ('playbook_reflection', 'next_change', 5))
            as w(kind, name, pos)
       join characteristics c on c.institution_id = $1 and c.name = w.name
      where p.institution_id = $1 and p.is_released
     on conflict do nothing`,
    [institutionId],
  );
}
