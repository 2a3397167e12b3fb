import type { Database } from '../db/client.ts';
import { seedPlaybookQuestions } from './playbook-questions.ts';

/**
 * Demo characteristic wiring, so that the Characteristics overview shows real wirings in
 * every coach of the demo institution, on characteristics and values the demo dictionary really has:
 *
 * - playbooks: every released playbook asks the demo's planning, emotions and reflection questions
 *   (seed/playbook-questions.ts);
 * - the gradebook (average_score_band 0–39) and its first assignment (assessments_submitted 0);
 * - the queued and the drafted to-do lists (students do not see these two lists yet, so the lists each
 *   student sees today stay as they were);
 * - course characteristics: a published page for students repeating the module, and an unwired draft.
 *
 * Set-wise, in one transaction; idempotent (nothing is written when the institution has course
 * characteristics already).
 *
 * @returns whether anything was written.
 */
export async function seedDemoWiring(database: Database, institutionId: number): Promise<boolean> {
  return database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620005)');
    const [done] = await q<{ present: boolean }>(
      'select exists (select 1 from course_characteristics where institution_id = $1) as present',
      [institutionId],
    );
    if (done?.present) return false;
    const wire = (kind: string, contentSql: string, pairs: Array<[string, string, number | null]>) =>
      q(
        `insert into content_characteristics
                (institution_id, coach_id, content_kind, content_id, characteristic, value, num, position)
         select $1, x.coach_id, $2, x.id, p.c, p.v, p.n, p.pos
           from (${contentSql}) x
          cross join unnest($3::text[], $4::text[], $5::float8[], $6::int[]) as p(c, v, n, pos)
          where exists (select 1 from characteristics d where d.institution_id = $1 and d.name = p.c)
         on conflict do nothing`,
        [
          institutionId,
          kind,
          pairs.map((p) => p[0]),
          pairs.map((p) => p[1]),
          pairs.map((p) => p[2]),
          pairs.map((_, i) => i),
        ],
      );
    // Playbooks: their wirings are the questions students answer (docs/playbooks.md).
    await seedPlaybookQuestions(q, institutionId);
    await wire('gradebook', 'select id, coach_id from gradebooks where institution_id = $1', [
      ['average_score_band', '0-39', null],
    ]);
    await wire(
      'assignment',
      `select distinct on (gradebook_id) id, coach_id from assignments where institution_id = $1
        order by gradebook_id, due_day, id`,
      [['assessments_submitted', '0', 0]],
    );
    await wire(
      'todolist',
      `select id, coach_id from todo_lists where institution_id = $1 and (is_queued or is_under_review)`,
      [
        ['age_band', '0-35', null],
        ['gender', 'F', null],
        ['gender', 'M', null],
      ],
    );
    await q(
      `insert into course_characteristics (institution_id, coach_id, title, subtitle, document_name, status)
       select $1, c.id, t.title, t.subtitle, t.doc, t.status
         from coaches c
        cross join (values ('Returning to this module', 'What changed since your last attempt', 'returning-students.pdf', 'Published'),
                           ('Study guide', 'Under review', null, 'Draft')) as t(title, subtitle, doc, status)
        where c.institution_id = $1`,
      [institutionId],
    );
    await wire(
      'course',
      `select id, coach_id from course_characteristics where institution_id = $1 and title = 'Returning to this module'`,
      [
        ['num_of_prev_attempts', '1', 1],
        ['num_of_prev_attempts', '2', 2],
      ],
    );
    return true;
  });
}
