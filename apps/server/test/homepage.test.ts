import { HOME_API, type Home, HomeSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestContext, STAFF_EMAIL, studentEmailOf, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * The home page's one request (docs/homepage.md) over the HTTP API, on a hand-built institution: a
 * student in two coaches (grade progress, next to-do, unread bulletins counted by hand), staff with the
 * institution's coaches and its unfinished set-up, and another institution's home page answering 404.
 */

let ctx: TestContext;
const users = { a: 0, b: 0, staff: 0 };
let inst = 0;
let coachX = 0;
let coachY = 0;
let setupCoach = 0;

beforeAll(async () => {
  ctx = await getTestContext();
  const q = ctx.database.query;
  const hash = await demoPasswordHash(ctx);
  ({ institutionId: inst, coachId: coachX } = await insertOwnInstitution(q, hash, {
    tag: 'homepg',
    course: 'HPX',
    term: '2030J',
    currentDay: 20,
    users,
  }));
  coachY = await insertOne(
    q,
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'HPY 2029B', 'HPY', '2029B', 200, 5)`,
    [inst],
  );
  await q(
    `insert into enrollments (institution_id, coach_id, user_id, role) values ($1, $2, $3, 'student')`,
    [inst, coachY, users.a],
  );
  const teacher = await insertMember(q, inst, hash, {
    email: 'homepg-teacher@homepg.edu',
    name: 'Homepg teacher',
    role: 'instructor',
    coachId: coachX,
  });
  expect(teacher).toBeGreaterThan(0);
  setupCoach = await insertOne(
    q,
    `insert into coaches (institution_id, name, course_code, term_code, length_days, setup_status)
     values ($1, 'HPZ 2031B', 'HPZ', '2031B', 200, 'in_progress')`,
    [inst],
  );
  await q(
    `insert into coach_setups (institution_id, coach_id, step, status, form_data) values ($1, $2, 'basic_info', 'in_progress', '{}')`,
    [inst, setupCoach],
  );

  // Grades in X (day 20): A1 weight 50 due day 10 (a: 80, submitted day 9), A2 weight 50 due day 30.
  // T = 100; A1 is past: a earns 40 and loses 10; A2 remains 50 → 40 %, 10 %, 50 %, current score 80.
  const book = await insertOne(
    q,
    `insert into gradebooks (institution_id, coach_id, title) values ($1, $2, 'Book')`,
    [inst, coachX],
  );
  const a1 = await insertOne(
    q,
    `insert into assignments (institution_id, coach_id, gradebook_id, title, assessment_type, due_day, weight)
     values ($1, $2, $3, 'A1', 'TMA', 10, 50)`,
    [inst, coachX, book],
  );
  await q(
    `insert into assignments (institution_id, coach_id, gradebook_id, title, assessment_type, due_day, weight)
     values ($1, $2, $3, 'A2', 'TMA', 30, 50)`,
    [inst, coachX, book],
  );
  await q(
    `insert into scores (institution_id, assignment_id, user_id, submitted_day, score) values ($1, $2, $3, 9, 80)`,
    [inst, a1, users.a],
  );

  // To-dos in X: a published list (an item past due, one a completed, "Essay plan" 2099-01-01), a queued
  // list with an earlier item (not seen by students), b's own item (not a's). a's next: Essay plan;
  // b's next: their own item.
  const list = await insertOne(
    q,
    `insert into todo_lists (institution_id, coach_id, title) values ($1, $2, 'Plan')`,
    [inst, coachX],
  );
  const queued = await insertOne(
    q,
    `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, 'Later', true)`,
    [inst, coachX],
  );
  const item = (listId: number | null, title: string, due: string, owner: number | null) =>
    insertOne(
      q,
      `insert into todo_items (institution_id, coach_id, todo_list_id, title, due_date, staff_created, owner_user_id)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [inst, coachX, listId, title, due, owner === null, owner],
    );
  await item(list, 'Past', '2000-01-01', null);
  const done = await item(list, 'Done', '2098-01-01', null);
  const essay = await item(list, 'Essay plan', '2099-01-01', null);
  await item(queued, 'Hidden', '2097-06-01', null);
  const own = await item(null, 'My own', '2097-01-01', users.b);
  await q(
    `insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at) values ($1, $2, $3, true, now())`,
    [inst, done, users.a],
  );
  todoIds = { essay, own };

  // Bulletins: X has three live ones (a viewed one) and a draft; Y one live. a: X unread 2, Y unread 1.
  const bulletin = (coach: number, title: string, published: boolean, hoursAgo: number) =>
    insertOne(
      q,
      `insert into bulletins (institution_id, coach_id, title, is_published, publish_timestamp)
       values ($1, $2, $3, $4, now() - make_interval(hours => $5))`,
      [inst, coach, title, published, hoursAgo],
    );
  const seen = await bulletin(coachX, 'X one', true, 5);
  await bulletin(coachX, 'X two', true, 4);
  await bulletin(coachX, 'X three', true, 3);
  await bulletin(coachX, 'X draft', false, 2);
  await bulletin(coachY, 'Y one', true, 1);
  await q(`insert into bulletin_views (institution_id, bulletin_id, user_id) values ($1, $2, $3)`, [
    inst,
    seen,
    users.a,
  ]);
});
let todoIds = { essay: 0, own: 0 };

async function homeAs(email: string, institutionId = inst): Promise<Home> {
  const browser = await ctx.signIn(email);
  const res = await browser.get(HOME_API.home(institutionId));
  expect(res.status, res.text).toBe(200);
  return HomeSchema.parse(res.body);
}

describe('Home page', () => {
  it('gives a student their coaches with grade progress, next to-do and unread bulletins', async () => {
    const home = await homeAs('homepg-a@homepg.edu');
    expect(home.institution).toEqual({ id: inst, name: 'Homepg U' });
    expect(home.staff).toBeNull();
    // Newest term first: X (2030J), then Y (2029B).
    expect(home.coaches).toEqual([
      {
        id: coachX,
        label: 'HPX 2030J',
        course: 'HPX',
        term: '2030J',
        role: 'student',
        grade: { current_score: 80, grade_earned: 40, grade_lost: 10, grade_remaining: 50 },
        next_todo: { id: todoIds.essay, title: 'Essay plan', due_date: '2099-01-01' },
        unread_bulletins: 2,
      },
      {
        id: coachY,
        label: 'HPY 2029B',
        course: 'HPY',
        term: '2029B',
        role: 'student',
        grade: { current_score: null, grade_earned: 0, grade_lost: 0, grade_remaining: 0 },
        next_todo: null,
        unread_bulletins: 1,
      },
    ]);
    expect(home.bulletins.total).toBe(4);
    expect(home.bulletins.unread).toBe(3);
    expect(home.bulletins.latest.map((b) => [b.title, b.viewed])).toEqual([
      ['Y one', false],
      ['X three', false],
      ['X two', false],
      ['X one', true],
    ]);
  });

  it('gives another student only their own coach and their own to-do', async () => {
    const home = await homeAs('homepg-b@homepg.edu');
    expect(home.coaches.map((c) => [c.id, c.next_todo?.id, c.unread_bulletins])).toEqual([
      [coachX, todoIds.own, 3],
    ]);
    expect(home.bulletins.total).toBe(3);
  });

  it('gives an instructor their coach without grades', async () => {
    const home = await homeAs('homepg-teacher@homepg.edu');
    expect(home.coaches.map((c) => [c.id, c.role, c.grade])).toEqual([[coachX, 'instructor', null]]);
    expect(home.staff).toBeNull();
  });

  it('gives staff the institution’s coaches and its unfinished set-ups', async () => {
    const home = await homeAs('homepg-staff@homepg.edu');
    expect(home.coaches).toEqual([]);
    expect(home.staff).toEqual({
      coaches: [
        { id: coachX, label: 'HPX 2030J', course: 'HPX', term: '2030J' },
        { id: coachY, label: 'HPY 2029B', course: 'HPY', term: '2029B' },
      ],
      setups: [{ id: setupCoach, label: 'HPZ 2031B', course: 'HPZ', term: '2031B', status: 'in_progress' }],
    });
    // Staff see every bulletin of the institution, the draft too.
    expect(home.bulletins.total).toBe(5);
  });

  it('answers 404 for another institution’s home page (and for none), 401 signed out', async () => {
    const student = await ctx.signIn('homepg-a@homepg.edu');
    expect((await student.get(HOME_API.home(ctx.institutionId))).status).toBe(404);
    expect((await student.get(HOME_API.home(999999))).status).toBe(404);
    expect((await student.get(HOME_API.home('x'))).status).toBe(404);
    const demoStaff = await ctx.signIn(STAFF_EMAIL);
    expect((await demoStaff.get(HOME_API.home(inst))).status).toBe(404);
    const demoStudent = await ctx.signIn(studentEmailOf(11391));
    expect((await demoStudent.get(HOME_API.home(inst))).status).toBe(404);
    expect((await ctx.browser().get(HOME_API.home(inst))).status).toBe(401);
  });

  it('works for a demo student in the demo institution', async () => {
    const home = await homeAs(studentEmailOf(11391), ctx.institutionId);
    expect(home.coaches.length).toBeGreaterThan(0);
    expect(home.coaches.every((c) => c.role === 'student' && c.grade !== null)).toBe(true);
  });
});
