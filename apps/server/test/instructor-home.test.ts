import { INSTRUCTOR_HOME_API, InstructorHomeSchema, ViewAsStudentSchema } from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEW_AS_HEADER } from '../src/auth/view-as.ts';
import { getTestContext, type TestContext } from './helpers.ts';
import { demoPasswordHash, insertMember, insertOne, insertOwnInstitution } from './own-institution.ts';

/**
 * The instructor home (docs/instructor-home.md) over the HTTP API, against a hand-built class of eight
 * students on day 100. Every figure below is worked out by hand from the rows this file inserts:
 *
 * | student | grade progress | days since activity | clicks 7 d | past-due to-dos done | reasons |
 * | a | 10 | 2    | 3 | i1, i2      | grade 10 < lower quartile 30 |
 * | b | 30 | 0    | 5 | i1, i2      | none (grade at the quartile, not below) |
 * | c | 30 | 6    | 0 | i1, i2      | 2 of 6 to-dos overdue (c also sees the wired list's item) |
 * | d | 50 | 21   | 0 | i1, i2      | no activity in 3 weeks (21 days: at the threshold) |
 * | e | 60 | 20   | 0 | i1, i2, i3  | none (20 days: one under) |
 * | f | 70 | none | 0 | i1, i2      | no activity this term |
 * | g | 80 | 30   | 0 | —           | no activity in 4 weeks; 3 of 5 to-dos overdue |
 * | h | 90 | 1    | 4 | i1          | 2 of 5 to-dos overdue (at the threshold; 1 overdue is not) |
 *
 * Grades: one past assignment (weight 100, due day 50) marked as above, one to come (due day 150); the
 * current score is the mark. Scores ascending 10,30,30,50,60,70,80,90: lower quartile (linear, R type 7)
 * at rank 1 + 0.75 between 30 and 30 = 30; median between 50 and 60 = 55.
 * To-dos: a published list with five staff items with due dates (10 and 5 days ago, yesterday, tomorrow,
 * in 10 days: three past due) and one without; a queued list's past-due item and g's own past-due item
 * do not count; a list wired to a characteristic only c matches has one more past-due item (c: 2 of 6).
 */

let ctx: TestContext;
const users = { a: 0, b: 0, c: 0, d: 0, e: 0, f: 0, g: 0, h: 0, staff: 0 };
let coachId = 0;
let otherCoachId = 0;
let otherStudent = 0;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await getTestContext();
  const q = ctx.database.query;
  const hash = await demoPasswordHash(ctx);
  const own = await insertOwnInstitution(q, hash, {
    tag: 'ih',
    course: 'IH',
    term: '2030J',
    currentDay: 100,
    users,
  });
  coachId = own.coachId;
  const inst = own.institutionId;
  await insertMember(q, inst, hash, {
    email: 'ih-teacher@ih.edu',
    name: 'Ih teacher',
    role: 'instructor',
    coachId,
  });
  // A second coach of the same institution: its instructor, and four students (one scoring 0: no
  // grade reason, fewer than five graded students). Its scores 0, 80, 90, 100: lower quartile at rank
  // 0.75, 0 + 0.75 × 80 = 60; median 85.
  otherCoachId = await insertOne(
    q,
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'IH2 2030J', 'IH2', '2030J', 200, 100)`,
    [inst],
  );
  await insertMember(q, inst, hash, {
    email: 'ih-other@ih.edu',
    name: 'Ih other',
    role: 'instructor',
    coachId: otherCoachId,
  });
  const others: number[] = [];
  for (const k of [1, 2, 3, 4]) {
    others.push(
      await insertMember(q, inst, hash, {
        email: `ih-o${k}@ih.edu`,
        name: `Ih o${k}`,
        role: 'student',
        coachId: otherCoachId,
      }),
    );
  }
  otherStudent = others[0]!;

  const gradebook = (c: number) =>
    insertOne(q, `insert into gradebooks (institution_id, coach_id, title) values ($1, $2, 'G')`, [inst, c]);
  const assignment = (c: number, g: number, due: number) =>
    insertOne(
      q,
      `insert into assignments (institution_id, coach_id, gradebook_id, title, assessment_type, due_day, weight)
       values ($1, $2, $3, 'A', 'TMA', $4, 100)`,
      [inst, c, g, due],
    );
  const gb = await gradebook(coachId);
  const past = await assignment(coachId, gb, 50);
  await assignment(coachId, gb, 150);
  const marks = { a: 10, b: 30, c: 30, d: 50, e: 60, f: 70, g: 80, h: 90 };
  for (const [k, mark] of Object.entries(marks)) {
    await q(
      `insert into scores (institution_id, assignment_id, user_id, submitted_day, score) values ($1, $2, $3, 40, $4)`,
      [inst, past, users[k as keyof typeof users], mark],
    );
  }
  const gb2 = await gradebook(otherCoachId);
  const past2 = await assignment(otherCoachId, gb2, 50);
  for (const [i, mark] of [0, 80, 90, 100].entries()) {
    await q(
      `insert into scores (institution_id, assignment_id, user_id, submitted_day, score) values ($1, $2, $3, 40, $4)`,
      [inst, past2, others[i], mark],
    );
  }

  const figures: Record<string, [number | null, number]> = {
    a: [2, 3],
    b: [0, 5],
    c: [6, 0],
    d: [21, 0],
    e: [20, 0],
    f: [null, 0],
    g: [30, 0],
    h: [1, 4],
  };
  for (const [k, [days, clicks]] of Object.entries(figures)) {
    await q(
      `insert into engagement_figures (coach_id, user_id, clicks_7d, clicks_14d, days_since_last, active_days, as_of_day)
       values ($1, $2, $3, $3, $4, 1, 100)`,
      [coachId, users[k as keyof typeof users], clicks, days],
    );
  }

  const list = (queued: boolean) =>
    insertOne(
      q,
      `insert into todo_lists (institution_id, coach_id, title, is_queued) values ($1, $2, 'L', $3)`,
      [inst, coachId, queued],
    );
  const published = await list(false);
  const queued = await list(true);
  const item = (listId: number, due: string | null, owner: number | null = null) =>
    insertOne(
      q,
      `insert into todo_items (institution_id, coach_id, todo_list_id, title, due_date, staff_created, owner_user_id)
       values ($1, $2, $3, 'T', $4::date, $5, $6)`,
      [inst, coachId, listId, due, owner === null, owner],
    );
  const i1 = await item(published, day(-10));
  const i2 = await item(published, day(-5));
  const i3 = await item(published, day(-1));
  await item(published, day(1));
  await item(published, day(10));
  await item(published, null);
  await item(queued, day(-3));
  await item(published, day(-3), users.g);
  // A list wired to ih_track = x (default y): only c, whose value is x, sees its past-due item.
  const wired = await list(false);
  await item(wired, day(-2));
  const track = await insertOne(
    q,
    `insert into characteristics (institution_id, name, label, question, kind, default_value)
     values ($1, 'ih_track', 'Track', 'Track?', 'set', 'y')`,
    [inst],
  );
  await q(
    `insert into student_characteristic_values (institution_id, user_id, characteristic_id, coach_id, source_id, value)
     values ($1, $2, $3, 0, 1, 'x')`,
    [inst, users.c, track],
  );
  await q(
    `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
     values ($1, $2, 'todolist', $3, 'ih_track', 'x')`,
    [inst, coachId, wired],
  );
  const done: Record<string, number[]> = {
    a: [i1, i2],
    b: [i1, i2],
    c: [i1, i2],
    d: [i1, i2],
    e: [i1, i2, i3],
    f: [i1, i2],
    g: [],
    h: [i1],
  };
  for (const [k, items] of Object.entries(done)) {
    for (const id of items) {
      await q(
        `insert into account_todo_items (institution_id, item_id, user_id, completed, completed_at) values ($1, $2, $3, true, now())`,
        [inst, id, users[k as keyof typeof users]],
      );
    }
  }

  // Surveys: a published one answered by a and b; an unpublished one answered by c (not counted).
  const survey = (pub: boolean) =>
    insertOne(
      q,
      `insert into surveys (institution_id, coach_id, title, is_published) values ($1, $2, 'S', $3)`,
      [inst, coachId, pub],
    );
  const s1 = await survey(true);
  const s2 = await survey(false);
  for (const [s, u] of [
    [s1, users.a],
    [s1, users.b],
    [s2, users.c],
  ] as const) {
    await q(`insert into survey_responses (institution_id, survey_id, user_id) values ($1, $2, $3)`, [
      inst,
      s,
      u,
    ]);
  }
  // Playbooks: a released one, started by a and completed by b.
  const pb = await insertOne(
    q,
    `insert into playbooks (institution_id, coach_id, title, is_released) values ($1, $2, 'P', true)`,
    [inst, coachId],
  );
  await q(`insert into playbook_plans (institution_id, playbook_id, user_id) values ($1, $2, $3)`, [
    inst,
    pb,
    users.a,
  ]);
  await q(
    `insert into playbook_plans (institution_id, playbook_id, user_id, completed_at) values ($1, $2, $3, now())`,
    [inst, pb, users.b],
  );
});

describe('instructor home', () => {
  it('lists the students needing attention with their reasons, most reasons first', async () => {
    const teacher = await ctx.signIn('ih-teacher@ih.edu');
    const res = await teacher.get(INSTRUCTOR_HOME_API.home(coachId));
    expect(res.status, res.text).toBe(200);
    const home = InstructorHomeSchema.parse(res.body);
    expect(home.summary).toEqual({
      students: 8,
      needs_attention: 6,
      grades: { graded_students: 8, lower_quartile: 30, median: 55 },
      engagement: { has_log: true, active_last_7_days: 3, inactive_3_weeks: 3 },
      todos: { items_with_due_date: 6, students_with_overdue: 7 },
      surveys: { published: 1, students_responded: 2 },
      playbooks: { released: 1, students_started: 2, students_completed: 1 },
    });
    expect(home.count).toBe(6);
    expect(home.needs_attention.map((s) => [s.name, s.reasons.map((r) => r.text)])).toEqual([
      ['Ih g', ['No activity in 4 weeks', '3 of 5 to-dos overdue']],
      ['Ih a', ['Grade progress 10 % — below the class’s lower quartile']],
      ['Ih c', ['2 of 6 to-dos overdue']],
      ['Ih d', ['No activity in 3 weeks']],
      ['Ih f', ['No activity this term']],
      ['Ih h', ['2 of 5 to-dos overdue']],
    ]);
    const g = home.needs_attention[0]!;
    expect(g).toMatchObject({
      student_id: users.g,
      grade_progress: 80,
      days_since_last_activity: 30,
      overdue_todos: 3,
    });
    expect(g.reasons.map((r) => r.code)).toEqual(['no_recent_activity', 'todos_overdue']);
    expect(home.needs_attention[1]!.reasons[0]!.code).toBe('grade_below_lower_quartile');
  });

  it('sorts by name or by grade progress', async () => {
    const staff = await ctx.signIn('ih-staff@ih.edu');
    const byName = InstructorHomeSchema.parse(
      (await staff.get(`${INSTRUCTOR_HOME_API.home(coachId)}?sort=name`)).body,
    );
    expect(byName.needs_attention.map((s) => s.name)).toEqual([
      'Ih a',
      'Ih c',
      'Ih d',
      'Ih f',
      'Ih g',
      'Ih h',
    ]);
    const byGrade = InstructorHomeSchema.parse(
      (await staff.get(`${INSTRUCTOR_HOME_API.home(coachId)}?sort=grade`)).body,
    );
    expect(byGrade.needs_attention.map((s) => s.name)).toEqual([
      'Ih a',
      'Ih c',
      'Ih d',
      'Ih f',
      'Ih g',
      'Ih h',
    ]);
    expect(byGrade.needs_attention.map((s) => s.grade_progress)).toEqual([10, 30, 50, 70, 80, 90]);
    const bad = await staff.get(`${INSTRUCTOR_HOME_API.home(coachId)}?sort=shoe`);
    expect(bad.status).toBe(400);
  });

  it('gives no grade reason in a class of fewer than five graded students', async () => {
    const other = await ctx.signIn('ih-other@ih.edu');
    const home = InstructorHomeSchema.parse((await other.get(INSTRUCTOR_HOME_API.home(otherCoachId))).body);
    expect(home.summary.grades).toEqual({ graded_students: 4, lower_quartile: 60, median: 85 });
    expect(home.summary.engagement.has_log).toBe(false);
    expect(home.needs_attention).toEqual([]);
  });

  it('refuses a student (403) and another coach’s instructor (404)', async () => {
    const student = await ctx.signIn('ih-a@ih.edu');
    expect((await student.get(INSTRUCTOR_HOME_API.home(coachId))).status).toBe(403);
    expect((await student.get(INSTRUCTOR_HOME_API.viewAsStudent(coachId, users.b))).status).toBe(403);
    const other = await ctx.signIn('ih-other@ih.edu');
    expect((await other.get(INSTRUCTOR_HOME_API.home(coachId))).status).toBe(404);
    expect((await other.get(INSTRUCTOR_HOME_API.viewAsStudent(coachId, users.a))).status).toBe(404);
  });
});

describe('view as student', () => {
  const viewsOf = async (studentId: number) =>
    (
      await ctx.database.query<{ n: number }>(
        `select count(*)::int as n from audit_log where action = 'student.dashboard_viewed' and target like $1`,
        [`%user ${studentId} %`],
      )
    )[0]!.n;

  it('shows the student’s dashboard as they see it, and logs the view', async () => {
    const teacher = await ctx.signIn('ih-teacher@ih.edu');
    const before = await viewsOf(users.a);
    const res = await teacher.get(INSTRUCTOR_HOME_API.viewAsStudent(coachId, users.a));
    expect(res.status, res.text).toBe(200);
    const view = ViewAsStudentSchema.parse(res.body);
    expect(view.student).toEqual({ id: users.a, name: 'Ih a' });
    const grade = view.parts.find((p) => p.path.endsWith('/grade-data'))!;
    expect(grade.status).toBe(200);
    // a: 10 on the past assignment (half the weight), the other half to come.
    expect(grade.body).toMatchObject({
      current_score: 10,
      grade_earned: 5,
      grade_lost: 45,
      grade_remaining: 50,
    });
    expect(await viewsOf(users.a)).toBe(before + 1);
    const [entry] = await ctx.database.query<{ actor_email: string; kind: string }>(
      `select actor_email, kind from audit_log where action = 'student.dashboard_viewed' and target like $1 order by id desc limit 1`,
      [`%user ${users.a} %`],
    );
    expect(entry).toEqual({ actor_email: 'ih-teacher@ih.edu', kind: 'views' });
  });

  it('answers 404 for a student of another coach, and logs nothing', async () => {
    const teacher = await ctx.signIn('ih-teacher@ih.edu');
    const before = await viewsOf(otherStudent);
    expect((await teacher.get(INSTRUCTOR_HOME_API.viewAsStudent(coachId, otherStudent))).status).toBe(404);
    const staff = await ctx.signIn('ih-staff@ih.edu');
    expect((await staff.get(INSTRUCTOR_HOME_API.viewAsStudent(coachId, otherStudent))).status).toBe(404);
    // The coach's instructor is not a student of it either.
    expect((await staff.get(INSTRUCTOR_HOME_API.viewAsStudent(coachId, 999_999_999))).status).toBe(404);
    expect(await viewsOf(otherStudent)).toBe(before);
  });

  it('refuses writes and forged view-as headers', async () => {
    const teacher = await ctx.signIn('ih-teacher@ih.edu');
    const forged = { [VIEW_AS_HEADER]: `not-the-key.${users.a}` };
    const get = await teacher.request('GET', `/api/v1/coach/${coachId}/grade-data`, { headers: forged });
    expect(get.status).toBe(403);
    // Even the server's own key makes a request read-only: a write as the student is refused, nothing written.
    const asA = { [VIEW_AS_HEADER]: `${ctx.app.viewAsKey}.${users.a}` };
    const count = async () =>
      (
        await ctx.database.query<{ n: number }>(
          'select count(*)::int as n from todo_items where coach_id = $1',
          [coachId],
        )
      )[0]!.n;
    const before = await count();
    const write = await teacher.post(
      `/api/v1/coach/${coachId}/todo-items`,
      { title: 'Sneaky' },
      { headers: asA },
    );
    expect(write.status, write.text).toBe(403);
    expect(await count()).toBe(before);
    // The same key on a GET acts as the student (how the view-as route replays the dashboard).
    const asStudent = await teacher.request('GET', `/api/v1/coach/${coachId}/grade-data`, { headers: asA });
    expect(asStudent.body).toMatchObject({ current_score: 10 });
  });
});
