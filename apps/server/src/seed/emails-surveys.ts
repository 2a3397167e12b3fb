import type { Database } from '../db/client.ts';

/**
 * Demo emails and survey questions, in every coach of the demo institution, on
 * characteristics and values the demo dictionary really has:
 *
 * - emails: a Delivered welcome email (sent 20 days ago to every enrolled student, with their delivery
 *   rows; each coach's first two students' rows are `unconfirmed`, as after a worker died mid-batch, so
 *   the send log has something to show and resend), a Scheduled exam-week reminder in a week with a section per gender and a wiring (students who
 *   have not declared a disability), and a Draft for students who declared one;
 * - survey questions: the live 'Course feedback' survey asks for highest_education and studied_credits,
 *   'Mid-term check-in' for num_of_prev_attempts, so a demo student can answer and see their answers
 *   become survey-sourced characteristic values.
 *
 * Set-wise, in one transaction; idempotent (nothing is written when the institution has a welcome email).
 *
 * @returns whether anything was written.
 */
export async function seedDemoEmailsSurveys(database: Database, institutionId: number): Promise<boolean> {
  return database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620006)');
    const [done] = await q<{ present: boolean }>(
      `select exists (select 1 from emails where institution_id = $1 and title = 'Welcome email') as present`,
      [institutionId],
    );
    if (done?.present) return false;

    // Only the emails written here get sections, wiring and deliveries (staff may have made others).
    const inserted = await q<{ id: number }>(
      `insert into emails (institution_id, coach_id, title, subject, state, send_at, delivered_at)
       select $1, c.id, e.title, e.subject, e.state,
              now() + make_interval(days => e.days), case when e.state = 'delivered' then now() + make_interval(days => e.days) end
         from coaches c
        cross join (values ('Welcome email', 'Welcome to your course coach', 'delivered', -20),
                           ('Exam week reminder', 'Your exam is next week', 'scheduled', 7),
                           ('Support for students with a disability', 'Support available for your exam', 'draft', 10))
                   as e(title, subject, state, days)
        where c.institution_id = $1
       returning id`,
      [institutionId],
    );
    const ids = inserted.map((r) => r.id);
    await q(
      `insert into email_sections (institution_id, email_id, position, characteristic, value, body)
       select $1, e.id, s.pos, s.c, s.v, s.body
         from emails e
         join (values
           ('Welcome email', 0, null, null, '<p>Welcome! Your coach collects bulletins, to-dos and tips for this course.</p>'),
           ('Welcome email', 1, null, null, '<p>Start with the <strong>Welcome to your coach</strong> bulletin.</p>'),
           ('Exam week reminder', 0, null, null, '<p>Your exam is next week. Check the exam bulletin for the format and timing.</p>'),
           ('Exam week reminder', 1, 'gender', 'F', '<p>The women in STEM study group meets on Tuesday evening.</p>'),
           ('Exam week reminder', 2, 'gender', 'M', '<p>The peer study group meets on Wednesday evening.</p>'),
           ('Support for students with a disability', 0, null, null, '<p>You can ask for extra time and other adjustments for your exam.</p>')
         ) as s(title, pos, c, v, body) on s.title = e.title
        where e.institution_id = $1 and e.id = any($2::int[])`,
      [institutionId, ids],
    );
    await q(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value, position)
       select $1, e.coach_id, 'email', e.id, 'disability', case when e.state = 'draft' then 'Y' else 'N' end, 0
         from emails e
        where e.institution_id = $1 and e.id = any($2::int[]) and e.title <> 'Welcome email'
          and exists (select 1 from characteristics d where d.institution_id = $1 and d.name = 'disability')`,
      [institutionId, ids],
    );
    await q(
      `insert into email_deliveries (email_id, user_id, institution_id, state, run_id, claimed_at, delivered_at)
       select e.id, en.user_id, $1,
              case when row_number() over (partition by e.id order by en.user_id) <= 2 then 'unconfirmed' else 'delivered' end,
              'demo-seed', e.send_at,
              case when row_number() over (partition by e.id order by en.user_id) <= 2 then null else e.send_at end
         from emails e join enrollments en on en.coach_id = e.coach_id and en.role = 'student'
        where e.institution_id = $1 and e.id = any($2::int[]) and e.state = 'delivered'`,
      [institutionId, ids],
    );
    await q(
      `insert into survey_questions (institution_id, survey_id, position, prompt, characteristic_id)
       select $1, s.id, x.pos, x.prompt, c.id
         from surveys s
         join (values ('Course feedback', 0, 'What is the highest qualification you hold?', 'highest_education'),
                      ('Course feedback', 1, 'How many credits are you studying for this year?', 'studied_credits'),
                      ('Mid-term check-in', 0, '', 'num_of_prev_attempts')) as x(title, pos, prompt, name)
           on x.title = s.title
         join characteristics c on c.institution_id = $1 and c.name = x.name
        where s.institution_id = $1`,
      [institutionId],
    );
    return true;
  });
}
