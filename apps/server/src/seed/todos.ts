import type { Database } from '../db/client.ts';
import { type Rgb, topicPicture } from '../modules/images/png.ts';

/** Tips of the Week of every demo coach, in order (one longer than the 200-character preview). */
const DEMO_TIPS = [
  '<p>Plan your study week on <strong>Sunday</strong>: block out two or three sessions and treat them like appointments.</p>',
  '<p>Start each TMA early. Read the question twice, underline what it asks you to do, and write a short plan before you write anything else. A plan of five lines saves hours later, because you always know what the next paragraph is for and when you are done.</p>',
  '<h3>Sleep is study time</h3><p>Memories settle while you sleep. A rested hour of revision is worth two tired ones.</p>',
  '<p>Stuck? Ask on the <em>course forum</em> or book a call with your tutor: questions are part of learning, not a sign of falling behind.</p>',
  '<p>After every study session write down <u>three things you learned</u> and one question you still have.</p>',
];

/** The demo image library of every coach: topic pictures, generated (no files to ship). */
const DEMO_IMAGES: Array<[string, Rgb]> = [
  ['Study.png', [37, 99, 235]],
  ['Exams.png', [190, 24, 93]],
  ['Wellbeing.png', [22, 163, 74]],
  ['Reading.png', [202, 138, 4]],
  ['Teamwork.png', [124, 58, 237]],
  ['Goals.png', [8, 145, 178]],
];

/**
 * Demo tips, to-dos and images in every coach of the demo institution: five tips;
 * four tags; five to-do lists (three published, one queued = Scheduled, one under review = Drafted)
 * with staff items that have HTML descriptions, due dates around today and tags; for the real OULAD
 * students enrolled in it who had not withdrawn, completions of the published items and, for one in
 * five, a self-created item; and a library of six topic pictures for the image picker.
 *
 * Who did what is chosen from a hash of the student and the item, so every start gives the same
 * picture. Set-wise SQL: the tips, tags, lists, staff items and pictures in one transaction (skipped when
 * the institution has to-do lists already), then the students' activity in one short transaction per
 * coach (seedCoachTodoActivity, skipped per coach when done): idempotent, and a start stopped midway is
 * completed by the next.
 *
 * @returns whether anything was written.
 */
export async function seedDemoTodos(database: Database, institutionId: number): Promise<boolean> {
  const pictures = DEMO_IMAGES.map(([name, colour]) => ({ name, data: topicPicture(colour) }));
  const structure = await database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620004)');
    const [done] = await q<{ present: boolean }>(
      'select exists (select 1 from todo_lists where institution_id = $1) as present',
      [institutionId],
    );
    if (done?.present) return false;

    await q(
      `insert into tips (institution_id, coach_id, html, position)
       select $1, c.id, t.html, t.ord - 1 from coaches c
        cross join unnest($2::text[]) with ordinality as t(html, ord)
        where c.institution_id = $1`,
      [institutionId, DEMO_TIPS],
    );
    for (const picture of pictures) {
      await q(
        `insert into images (institution_id, coach_id, file_name, content_type, byte_size, data)
         select $1, c.id, $2, 'image/png', $3, $4 from coaches c where c.institution_id = $1`,
        [institutionId, picture.name, picture.data.length, picture.data],
      );
    }
    await q(
      `insert into todo_tags (institution_id, coach_id, label)
       select $1, c.id, t.label from coaches c
        cross join (values ('Reading'), ('Assignments'), ('Exam Prep'), ('Wellbeing')) as t(label)
        where c.institution_id = $1`,
      [institutionId],
    );
    await q(
      `insert into todo_lists (institution_id, coach_id, title, is_queued, is_under_review, position)
       select $1, c.id, l.title, l.queued, l.review, l.pos from coaches c
        cross join (values
          ('This week', false, false, 0),
          ('Getting ready for your TMA', false, false, 1),
          ('', false, false, 2),
          ('Next week', true, false, 3),
          ('Exam revision plan (draft)', false, true, 4)
        ) as l(title, queued, review, pos)
        where c.institution_id = $1`,
      [institutionId],
    );
    // list position, item position, title, description, due in days from today (null: none), tags.
    await q(
      `with spec(list_pos, pos, title, description, due, tags) as (values
         (0, 0, 'Read the unit introduction', '<p>Read <strong>Unit 1</strong> sections 1–3 and note two questions for your tutor.</p>', -3, array['Reading']),
         (0, 1, 'Watch the welcome video', '<p>Ten minutes: how this course works.</p>', -1, array[]::text[]),
         (0, 2, 'Post on the course forum', '<p>Say hello and share <em>one</em> goal for this term.</p>', 2, array['Wellbeing']),
         (0, 3, 'Try the practice quiz', '<ul><li>No marks</li><li>As many attempts as you like</li></ul>', 5, array['Exam Prep', 'Assignments']),
         (1, 0, 'Read the TMA question', '<p>Underline what the question asks you to <u>do</u>: explain, compare, evaluate.</p>', -2, array['Assignments']),
         (1, 1, 'Write a plan', '<ol><li>Introduction</li><li>Three main points</li><li>Conclusion</li></ol>', 4, array['Assignments']),
         (1, 2, 'Check the marking guide', '<p>See the <a href="https://www.open.ac.uk/">course website</a> for the marking guide.</p>', 6, array['Assignments', 'Reading']),
         (1, 3, 'Submit your TMA', '<p>Submit by <strong>noon</strong> on the due date.</p>', 10, array['Assignments']),
         (2, 0, 'Organise your notes', '<p>One folder per unit.</p>', null, array[]::text[]),
         (2, 1, 'Take a proper break', '<p>A walk counts. <s>Scrolling</s> does not.</p>', null, array['Wellbeing']),
         (3, 0, 'Read Unit 2', '<p>Sections 1–4.</p>', 9, array['Reading']),
         (3, 1, 'Book a tutorial', '<p>Pick a slot that suits you.</p>', 12, array[]::text[]),
         (4, 0, 'Draft a revision timetable', '<p>Cover every unit twice.</p>', 30, array['Exam Prep'])
       ), ins as (
         insert into todo_items (institution_id, coach_id, todo_list_id, title, description, due_date, staff_created, position)
         select $1, l.coach_id, l.id, s.title, s.description,
                case when s.due is not null then current_date + s.due end, true, s.pos
           from todo_lists l join spec s on s.list_pos = l.position
          where l.institution_id = $1
         returning id, coach_id, todo_list_id, title
       )
       insert into todo_item_tags (institution_id, item_id, tag_id)
       select $1, ins.id, t.id
         from ins join todo_lists l on l.id = ins.todo_list_id
         join spec s on s.list_pos = l.position and s.title = ins.title
         cross join unnest(s.tags) as tag(label)
         join todo_tags t on t.coach_id = ins.coach_id and t.label = tag.label`,
      [institutionId],
    );
    return true;
  });
  // Student activity, coach by coach.
  let wrote = structure;
  const coaches = await database.query<{ id: number }>(
    'select id from coaches where institution_id = $1 order by id',
    [institutionId],
  );
  for (const coach of coaches) {
    if (await seedCoachTodoActivity(database, institutionId, coach.id)) wrote = true;
  }
  return wrote;
}

/**
 * One coach's student to-do activity (seedDemoTodos): for one in five of its students who had not
 * withdrawn, an item of their own in the first list, and completions of the published items. One short
 * transaction per coach (the demo's to-dos are written in the background after the server listens, and
 * an embedded database is one connection: a long transaction would hold every request until it ends).
 * Idempotent per coach: a coach with own items or completions already is skipped, so a stopped start
 * goes on with the next coach. Returns whether anything was written.
 */
async function seedCoachTodoActivity(
  database: Database,
  institutionId: number,
  coachId: number,
): Promise<boolean> {
  return database.transaction(async (q) => {
    await q('select pg_advisory_xact_lock(72620004)');
    const [done] = await q<{ present: boolean }>(
      `select exists (select 1 from todo_items where coach_id = $1 and not staff_created)
              or exists (select 1 from account_todo_items a join todo_items i on i.id = a.item_id
                          where i.coach_id = $1) as present`,
      [coachId],
    );
    if (done?.present) return false;
    const students = `select e.coach_id, e.user_id from enrollments e
                       where e.institution_id = $1 and e.coach_id = $2 and e.role = 'student'
                         and e.unregistered_day is null`;
    const roll = (item: string) => `(abs(hashtext(st.user_id::text || ':' || ${item}::text)) % 100)`;
    // One in five students added an item of their own to the first list.
    const [own] = await q<{ n: number }>(
      `with ins as (
         insert into todo_items (institution_id, coach_id, todo_list_id, title, description, due_date,
                                 staff_created, owner_user_id, position)
         select $1, st.coach_id, l.id, 'Email my tutor about the TMA', '<p>Ask about the word limit.</p>',
                current_date + 3, false, st.user_id, 100
           from (${students}) st
           join todo_lists l on l.coach_id = st.coach_id and l.position = 0
          where ${roll("'own'")} < 20
         returning 1
       ) select count(*)::int as n from ins`,
      [institutionId, coachId],
    );
    // Completions: items due in the past are done by most students, later ones by fewer.
    const [completed] = await q<{ n: number }>(
      `with ins as (
         insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at)
         select $1, i.id, st.user_id, true,
                now() - make_interval(hours => 1 + ${roll('i.id')} * 3)
           from (${students}) st
           join todo_items i on i.coach_id = st.coach_id
           join todo_lists l on l.id = i.todo_list_id and not l.is_queued and not l.is_under_review
          where (i.staff_created or i.owner_user_id = st.user_id)
            and ${roll('i.id')} < case when i.due_date < current_date then 75
                                       when i.due_date is null then 40 else 25 end
         returning 1
       ) select count(*)::int as n from ins`,
      [institutionId, coachId],
    );
    return (own?.n ?? 0) + (completed?.n ?? 0) > 0;
  });
}
