import {
  API,
  CharacteristicWiringListSchema,
  GradebookWiringListSchema,
  PlaybookSchema,
  PlaybookWiringListSchema,
  TodoListPageSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
} from './helpers.ts';
import { type CsvRow, subsetOf } from './oulad-reference.ts';

/*
 * Characteristics overview (spec §2, §7), the editors behind its Edit links (playbooks, gradebooks,
 * assignments, course characteristics), to-do list wiring (a student sees only the lists meant for
 * them) and the refusals of every route, over real HTTP against the real database.
 */

const P = 'GGG-2013J';
let ctx: TestContext;
let coachId: number;
let foreignCoachId: number;
let foreignInstitutionId: number;
let staff: Browser;
let instructor: Browser;
/** Students of P found once in the test subset: their registrar values are that row's. */
let single: CsvRow[];
const ids: Record<string, number> = {};

const label = (w: { label: string; value: string }) => `${w.label}: ${w.value}`;

beforeAll(async () => {
  ctx = await getTestContext();
  coachId = await coachIdOf(ctx, P);
  const info = subsetOf(TEST_PRESENTATIONS).studentInfo;
  const count = new Map<string, number>();
  for (const r of info) count.set(r.id_student!, (count.get(r.id_student!) ?? 0) + 1);
  single = info.filter(
    (r) =>
      `${r.code_module}-${r.code_presentation}` === P &&
      count.get(r.id_student!) === 1 &&
      r.final_result !== 'Withdrawn',
  );
  [staff, instructor] = await Promise.all([ctx.signIn(STAFF_EMAIL), ctx.signIn(instructorEmailOf(P))]);
  const [inst] = await ctx.database.query<{ id: number }>(
    `insert into institutions (name, slug) values ('Other University', 'other-characteristics-test') returning id`,
  );
  foreignInstitutionId = inst!.id;
  const [coach] = await ctx.database.query<{ id: number }>(
    `insert into coaches (institution_id, name, course_code, term_code, length_days, current_day)
     values ($1, 'YYY 2014J', 'YYY', '2014J', 260, 130) returning id`,
    [foreignInstitutionId],
  );
  foreignCoachId = coach!.id;
});

afterAll(async () => {
  await ctx.database.query(`delete from content_characteristics where coach_id = $1;`, [coachId]);
  for (const table of ['bulletins', 'surveys', 'todo_lists', 'course_characteristics', 'playbooks'])
    await ctx.database.query(`delete from ${table} where coach_id = $1 and title like 'T5 %'`, [coachId]);
  await ctx.database.query('delete from institutions where id = $1', [foreignInstitutionId]);
});

describe('characteristics overview', () => {
  it('lists bulletins, surveys, to-do lists and course characteristics with their wiring, sorted Draft, Scheduled, Published', async () => {
    // Bulletins and surveys written straight into their tables (their authoring is another module's).
    const insertBulletin = async (title: string, flags: [boolean, boolean, boolean]) => {
      const [row] = await ctx.database.query<{ id: number }>(
        `insert into bulletins (institution_id, coach_id, title, subtitle, is_published, is_queued, under_review)
         values ($1, $2, $3, 'sub ' || $3, $4, $5, $6) returning id`,
        [ctx.institutionId, coachId, title, ...flags],
      );
      return row!.id;
    };
    const published = await insertBulletin('T5 published', [true, false, false]);
    const scheduled = await insertBulletin('T5 scheduled', [true, true, false]);
    const draft = await insertBulletin('T5 draft', [false, false, true]);
    await ctx.database.query(
      `insert into content_characteristics (institution_id, coach_id, content_kind, content_id, characteristic, value)
       values ($1, $2, 'bulletin', $3, 'gender', 'F'), ($1, $2, 'bulletin', $3, 'age_band', '0-35')`,
      [ctx.institutionId, coachId, scheduled],
    );
    const res = await staff.get(API.characteristics(coachId, 'bulletins'));
    expect(res.status).toBe(200);
    const rows = CharacteristicWiringListSchema.parse(res.body).filter((r) => r.title.startsWith('T5 '));
    expect(rows.map((r) => [r.id, r.status, r.subtitle, r.document_name])).toEqual([
      [draft, 'Draft', 'sub T5 draft', null],
      [scheduled, 'Scheduled', 'sub T5 scheduled', null],
      [published, 'Published', 'sub T5 published', null],
    ]);
    expect(rows[1]!.characteristics.map(label)).toEqual(['gender: F', 'age_band: 0-35']);
    expect(rows[0]!.characteristics).toEqual([]);
    // The whole list is sorted by status, not only our rows.
    const ranks = CharacteristicWiringListSchema.parse(res.body).map((r) =>
      ['Draft', 'Scheduled', 'Published'].indexOf(r.status!),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const [survey] = await ctx.database.query<{ id: number }>(
      `insert into surveys (institution_id, coach_id, title, is_published, is_queued) values ($1, $2, 'T5 survey', true, true)
       returning id`,
      [ctx.institutionId, coachId],
    );
    const surveys = CharacteristicWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'surveys'))).body,
    );
    expect(surveys.find((s) => s.id === survey!.id)).toMatchObject({
      status: 'Scheduled',
      characteristics: [],
    });

    // To-do lists through their own API, wired in the same save.
    const a = await staff.post<{ id: number }>(API.todoLists(coachId), {
      title: 'T5 list A',
      characteristics: [{ label: 'disability', value: 'Y' }],
    });
    expect(a.status).toBe(201);
    const b = await staff.post<{ id: number }>(API.todoLists(coachId), {
      title: 'T5 list B',
      is_under_review: true,
    });
    const lists = CharacteristicWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'todolists'))).body,
    );
    const mine = lists.filter((l) => l.title.startsWith('T5 '));
    expect(mine.map((l) => [l.id, l.status, l.characteristics.map(label)])).toEqual([
      [b.body.id, 'Draft', []],
      [a.body.id, 'Published', ['disability: Y']],
    ]);

    // Course characteristics through their editor's API.
    const course = await instructor.post<{ id: number }>(API.courseCharacteristics(coachId), {
      title: 'T5 course page',
      document_name: 'syllabus.pdf',
      status: 'Published',
      characteristics: [{ label: 'studied_credits', value: '60' }],
    });
    expect(course.status).toBe(201);
    const draftCourse = await staff.post<{ id: number }>(API.courseCharacteristics(coachId), {
      title: 'T5 course draft',
      status: 'Draft',
      characteristics: [],
    });
    const courseRows = CharacteristicWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'course'))).body,
    ).filter((r) => r.title.startsWith('T5 '));
    expect(courseRows.map((r) => [r.id, r.status, r.document_name, r.characteristics.map(label)])).toEqual([
      [draftCourse.body.id, 'Draft', null, []],
      [course.body.id, 'Published', 'syllabus.pdf', ['studied_credits: 60']],
    ]);
    const put = await staff.request('PUT', API.courseCharacteristic(coachId, course.body.id), {
      json: { title: 'T5 course page', status: 'Scheduled', characteristics: [] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ status: 'Scheduled', characteristics: [], document_name: null });
  });

  it('emails answer an array of the same shape', async () => {
    const res = await staff.get(API.characteristics(coachId, 'emails'));
    expect(res.status).toBe(200);
    expect(CharacteristicWiringListSchema.parse(res.body)).toBeInstanceOf(Array);
  });

  it('refuses wiring to unknown characteristics or values with field errors, writing nothing', async () => {
    const before = await ctx.database.query(
      'select (select count(*)::int from course_characteristics) as c, (select count(*)::int from content_characteristics) as w',
    );
    const res = await staff.post(API.courseCharacteristics(coachId), {
      title: 'T5 bad',
      status: 'Draft',
      characteristics: [
        { label: 'gender', value: 'F' },
        { label: 'favourite_colour', value: 'blue' },
        { label: 'gender', value: 'Q' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'characteristics.1.label': ['“favourite_colour” is not a characteristic in the tailoring dictionary.'],
      'characteristics.2.value': ['“Q” is not an allowed value of Gender.'],
    });
    const list = await staff.post(API.todoLists(coachId), {
      title: 'T5 bad list',
      characteristics: [{ label: 'studied_credits', value: '100000' }],
    });
    expect(list.status).toBe(400);
    expect(list.body).toEqual({ 'characteristics.0.value': ['Enter a number from 0 to 700.'] });
    expect(
      await ctx.database.query(
        'select (select count(*)::int from course_characteristics) as c, (select count(*)::int from content_characteristics) as w',
      ),
    ).toEqual(before);
    expect(await ctx.database.query(`select id from todo_lists where title = 'T5 bad list'`)).toEqual([]);
  });
});

describe('playbooks', () => {
  it('saves the three wirings with the playbook and shows them in the overview, Draft before Published', async () => {
    const body = {
      title: 'T5 Midterm playbook',
      assignment_type: 'exam',
      exam_date: '2013-12-10',
      custom_date_message: null,
      is_released: true,
      planning_characteristics: [{ label: 'highest_education', value: 'A Level or Equivalent' }],
      planning_emotions_characteristics: [{ label: 'disability', value: 'Y' }],
      reflection_characteristics: [{ label: 'gender', value: 'M' }],
    };
    const created = await staff.post(API.playbooks(coachId), body);
    expect(created.status).toBe(201);
    const pb = PlaybookSchema.parse(created.body);
    ids.playbook = pb.id;
    expect(pb.exam_date).toBe('2013-12-10');
    expect(pb.planning_emotions_characteristics.map(label)).toEqual(['disability: Y']);
    const draft = await staff.post<{ id: number }>(API.playbooks(coachId), {
      ...body,
      title: 'T5 Final playbook',
      exam_date: null,
      custom_date_message: 'Date to be announced',
      is_released: false,
      reflection_characteristics: [],
    });
    expect(draft.status).toBe(201);
    const overview = PlaybookWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'playbooks'))).body,
    ).filter((p) => p.title.startsWith('T5 '));
    expect(
      overview.map((p) => [
        p.id,
        p.planning_status,
        p.planning_characteristics.map(label),
        p.planning_emotions_characteristics.map(label),
        p.reflection_characteristics.map(label),
      ]),
    ).toEqual([
      [draft.body.id, 'Draft', ['highest_education: A Level or Equivalent'], ['disability: Y'], []],
      [pb.id, 'Published', ['highest_education: A Level or Equivalent'], ['disability: Y'], ['gender: M']],
    ]);
  });

  it('a bad value in any wiring answers 400 for that field and changes nothing', async () => {
    const before = (await staff.get(API.playbook(coachId, ids.playbook!))).body;
    const res = await staff.request('PUT', API.playbook(coachId, ids.playbook!), {
      json: {
        title: 'T5 renamed',
        assignment_type: 'exam',
        exam_date: '2013-12-11',
        custom_date_message: null,
        is_released: false,
        planning_characteristics: [],
        planning_emotions_characteristics: [],
        reflection_characteristics: [{ label: 'gender', value: 'Z' }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'reflection_characteristics.0.value': ['“Z” is not an allowed value of Gender.'],
    });
    expect((await staff.get(API.playbook(coachId, ids.playbook!))).body).toEqual(before);
    const badDate = await staff.request('PUT', API.playbook(coachId, ids.playbook!), {
      json: { ...(before as object), id: undefined, exam_date: '2013-13-45' },
    });
    expect(badDate.status).toBe(400);
  });
});

describe('playbook activity card', () => {
  it('lists a released playbook to every student: its planning wiring names questions, not an audience', async () => {
    const female = single.find((r) => r.gender === 'F')!;
    const male = single.find((r) => r.gender === 'M')!;
    const created = await staff.post<{ id: number }>(API.playbooks(coachId), {
      title: 'T5 Playbook for women',
      assignment_type: 'quiz',
      exam_date: null,
      custom_date_message: 'Soon',
      is_released: true,
      planning_characteristics: [{ label: 'gender', value: 'F' }],
      planning_emotions_characteristics: [],
      reflection_characteristics: [],
    });
    expect(created.status).toBe(201);
    const namesSeenBy = async (email: string) => {
      const browser = await ctx.signIn(email);
      const res = await browser.get<{ user_playbook_list: Array<{ exam_name: string }> }>(
        API.examPlaybookAnalytics(coachId),
      );
      expect(res.status).toBe(200);
      return res.body.user_playbook_list.map((p) => p.exam_name);
    };
    expect(await namesSeenBy(studentEmailOf(female.id_student!))).toContain('T5 Playbook for women');
    // docs/playbooks.md "Questions": the wirings are what the playbook asks, so the male student sees it too.
    expect(await namesSeenBy(studentEmailOf(male.id_student!))).toContain('T5 Playbook for women');
    // Unreleased: nobody sees it.
    await staff.request('PUT', API.playbook(coachId, created.body.id), {
      json: {
        title: 'T5 Playbook for women',
        assignment_type: 'quiz',
        exam_date: null,
        custom_date_message: 'Soon',
        is_released: false,
        planning_characteristics: [{ label: 'gender', value: 'F' }],
        planning_emotions_characteristics: [],
        reflection_characteristics: [],
      },
    });
    expect(await namesSeenBy(studentEmailOf(female.id_student!))).not.toContain('T5 Playbook for women');
  });
});

describe('gradebooks and assignments', () => {
  it('wires a gradebook and an assignment of the coach and shows them in the overview', async () => {
    const [book] = await ctx.database.query<{ id: number }>(
      'select id from gradebooks where coach_id = $1 order by id limit 1',
      [coachId],
    );
    const [assignment] = await ctx.database.query<{ id: number; title: string }>(
      'select id, title from assignments where gradebook_id = $1 order by due_day, id limit 1',
      [book!.id],
    );
    const got = await staff.get<{ title: string; assignments: unknown[] }>(API.gradebook(coachId, book!.id));
    expect(got.status).toBe(200);
    const put = await staff.request('PUT', API.gradebook(coachId, book!.id), {
      json: { title: got.body.title, characteristics: [{ label: 'average_score_band', value: '0-39' }] },
    });
    expect(put.status).toBe(200);
    const putA = await instructor.request('PUT', API.assignment(coachId, book!.id, assignment!.id), {
      json: { title: assignment!.title, characteristics: [{ label: 'assessments_submitted', value: '0' }] },
    });
    expect(putA.status).toBe(200);
    const overview = GradebookWiringListSchema.parse(
      (await staff.get(API.characteristics(coachId, 'gradebooks'))).body,
    );
    const row = overview.find((g) => g.id === book!.id)!;
    expect(row.characteristics.map(label)).toEqual(['average_score_band: 0-39']);
    const [countRow] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from assignments where gradebook_id = $1',
      [book!.id],
    );
    expect(row.assignment_characteristics).toHaveLength(countRow!.n);
    expect(
      row.assignment_characteristics.find((a) => a.id === assignment!.id)!.characteristics.map(label),
    ).toEqual(['assessments_submitted: 0']);
    // An assignment under another gradebook id is not found.
    expect((await staff.get(API.assignment(coachId, book!.id + 100_000, assignment!.id))).status).toBe(404);
    await staff.request('PUT', API.gradebook(coachId, book!.id), {
      json: { title: got.body.title, characteristics: [] },
    });
  });
});

describe('to-do list wiring', () => {
  it('a student sees only the lists meant for them', async () => {
    const female = single.find((r) => r.gender === 'F')!;
    const male = single.find((r) => r.gender === 'M')!;
    const list = await staff.post<{ id: number }>(API.todoLists(coachId), {
      title: 'T5 for women',
      characteristics: [{ label: 'gender', value: 'F' }],
    });
    expect(list.status).toBe(201);
    const item = await staff.post<{ id: number }>(API.todoItems(coachId), {
      title: 'T5 wired item',
      todo_list: list.body.id,
      staff_created: true,
    });
    expect(item.status).toBe(201);
    const titlesSeenBy = async (browser: Browser) => {
      const res = await browser.get(`${API.todoLists(coachId)}?page=1&page_size=100`);
      expect(res.status).toBe(200);
      return TodoListPageSchema.parse(res.body).results.map((l) => l.title);
    };
    const she = await ctx.signIn(studentEmailOf(female.id_student!));
    const he = await ctx.signIn(studentEmailOf(male.id_student!));
    expect(await titlesSeenBy(she)).toContain('T5 for women');
    expect(await titlesSeenBy(he)).not.toContain('T5 for women');
    expect((await she.get(API.todoList(coachId, list.body.id))).status).toBe(200);
    expect((await he.get(API.todoList(coachId, list.body.id))).status).toBe(404);
    expect((await he.get(API.todoItem(coachId, item.body.id))).status).toBe(404);
    // Students never see the wiring itself.
    expect((await she.get(API.todoList(coachId, list.body.id))).body).not.toHaveProperty('characteristics');
    // Unwiring the list shows it to everyone.
    const unwire = await staff.request('PUT', API.todoList(coachId, list.body.id), {
      json: { title: 'T5 for women', characteristics: [] },
    });
    expect(unwire.status).toBe(200);
    expect(await titlesSeenBy(he)).toContain('T5 for women');
  });
});

describe('access', () => {
  const routes = (c: number): Array<{ method: string; url: string; json?: unknown }> => [
    ...['bulletins', 'emails', 'surveys', 'todolists', 'playbooks', 'gradebooks', 'course'].map((k) => ({
      method: 'GET',
      url: API.characteristics(c, k),
    })),
    { method: 'GET', url: API.playbooks(c) },
    { method: 'POST', url: API.playbooks(c), json: {} },
    { method: 'GET', url: API.playbook(c, ids.playbook ?? 1) },
    { method: 'PUT', url: API.playbook(c, ids.playbook ?? 1), json: {} },
    { method: 'DELETE', url: API.playbook(c, ids.playbook ?? 1) },
    { method: 'GET', url: API.gradebook(c, 1) },
    { method: 'PUT', url: API.gradebook(c, 1), json: { title: 'x', characteristics: [] } },
    { method: 'GET', url: API.assignment(c, 1, 1) },
    { method: 'PUT', url: API.assignment(c, 1, 1), json: { title: 'x', characteristics: [] } },
    {
      method: 'POST',
      url: API.courseCharacteristics(c),
      json: { title: 'x', status: 'Draft', characteristics: [] },
    },
    { method: 'GET', url: API.courseCharacteristic(c, 1) },
    { method: 'PUT', url: API.courseCharacteristic(c, 1), json: {} },
    { method: 'DELETE', url: API.courseCharacteristic(c, 1) },
  ];
  const counts = async () =>
    ctx.database.query(
      `select (select count(*)::int from playbooks) as p, (select count(*)::int from course_characteristics) as c,
              (select count(*)::int from content_characteristics) as w,
              (select string_agg(title, ',' order by id) from gradebooks) as g`,
    );

  it('anonymous → 401, a student of the coach → 403, a student elsewhere → 404, another tenant → 404, no CSRF → 403; nothing written', async () => {
    const before = await counts();
    const student = await ctx.signIn(studentEmailOf(single[0]!.id_student!));
    const [o] = await ctx.database.query<{ email: string }>(
      `select u.email from enrollments e join users u on u.id = e.user_id
        where e.role = 'student' and not exists (select 1 from enrollments x where x.user_id = u.id and x.coach_id = $1)
        order by u.id limit 1`,
      [coachId],
    );
    const outsider = await ctx.signIn(o!.email);
    for (const r of routes(coachId)) {
      const what = `${r.method} ${r.url}`;
      expect((await ctx.browser().request(r.method, r.url, { json: r.json })).status, what).toBe(401);
      expect((await student.request(r.method, r.url, { json: r.json })).status, what).toBe(403);
      expect((await outsider.request(r.method, r.url, { json: r.json })).status, what).toBe(404);
      if (r.method !== 'GET')
        expect((await staff.request(r.method, r.url, { json: r.json, csrf: false })).status, what).toBe(403);
    }
    for (const r of routes(foreignCoachId))
      expect((await staff.request(r.method, r.url, { json: r.json })).status, `${r.method} ${r.url}`).toBe(
        404,
      );
    expect(await counts()).toEqual(before);
  });
});
