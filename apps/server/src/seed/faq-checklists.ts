import type { Database } from '../db/client.ts';

/** The demo institution's FAQ (question, answer HTML). */
const INSTITUTION_FAQ: Array<[string, string]> = [
  [
    'How do I reset my password?',
    '<p>Use <strong>Forgot password</strong> on the sign-in page; the link in the e-mail works for one hour.</p>',
  ],
  [
    'Who sees my activity?',
    '<p>Your instructors and the institution’s staff see your progress in the coaches you are enrolled in.</p>',
  ],
  ['Where do I find my grades?', '<p>Open a coach and choose <em>Grades</em> in its navigation.</p>'],
];

/** Every demo coach's course FAQ. */
const COURSE_FAQ: Array<[string, string]> = [
  [
    'When are assignments due?',
    '<p>Each assignment’s due date is on your <strong>To-Dos</strong> and in the bulletins.</p>',
  ],
  [
    'How is my final grade computed?',
    '<p>Your weighted assignment scores add up to your grade; the Grade Calculator shows what you still need.</p>',
  ],
  [
    'Can I submit an assignment late?',
    '<p>Ask your instructor before the due date; late work may lose marks.</p>',
  ],
  [
    'Where do I ask questions about the course?',
    '<p>Write to the support address below, or ask in your tutor group.</p>',
  ],
];

/** Every demo coach's getting-started checklist (title, description HTML). */
const CHECKLIST: Array<[string, string]> = [
  ['Read the course FAQ', '<p>Most first-week questions are answered there.</p>'],
  ['Add your first to-do', '<p>Plan your first week on the To-Dos page.</p>'],
  ['Read this week’s bulletin', ''],
  ['Try the Grade Calculator', '<p>See what you need on the next assignment.</p>'],
];

/**
 * Demo FAQ lists, support e-mails and checklists (docs/faq-checklists.md): the institution FAQ, and for
 * every coach of the demo institution its course FAQ, a support address `support-<coach id>@coach.example`
 * and four checklist items (no ticks: students tick them themselves). Set-wise SQL in one transaction,
 * skipped when the institution has FAQ entries already: idempotent and deterministic.
 *
 * @returns whether anything was written.
 */
export async function seedDemoFaqChecklists(database: Database, institutionId: number): Promise<boolean> {
  return database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620015)');
    const [done] = await q<{ present: boolean }>(
      'select exists (select 1 from faq_entries where institution_id = $1) as present',
      [institutionId],
    );
    if (done?.present) return false;
    await q(
      `insert into faq_entries (institution_id, coach_id, question, answer, position)
       select $1, null, f.question, f.answer, f.ord - 1
         from unnest($2::text[], $3::text[]) with ordinality as f(question, answer, ord)`,
      [institutionId, INSTITUTION_FAQ.map((f) => f[0]), INSTITUTION_FAQ.map((f) => f[1])],
    );
    await q(
      `insert into faq_entries (institution_id, coach_id, question, answer, position)
       select $1, c.id, f.question, f.answer, f.ord - 1 from coaches c
        cross join unnest($2::text[], $3::text[]) with ordinality as f(question, answer, ord)
        where c.institution_id = $1`,
      [institutionId, COURSE_FAQ.map((f) => f[0]), COURSE_FAQ.map((f) => f[1])],
    );
    await q(
      `insert into coach_support_emails (coach_id, institution_id, email)
       select c.id, $1, 'support-' || c.id || '@coach.example' from coaches c where c.institution_id = $1
       on conflict (coach_id) do nothing`,
      [institutionId],
    );
    await q(
      `insert into checklist_items (institution_id, coach_id, title, description, position)
       select $1, c.id, f.title, f.description, f.ord - 1 from coaches c
        cross join unnest($2::text[], $3::text[]) with ordinality as f(title, description, ord)
        where c.institution_id = $1`,
      [institutionId, CHECKLIST.map((f) => f[0]), CHECKLIST.map((f) => f[1])],
    );
    return true;
  });
}
