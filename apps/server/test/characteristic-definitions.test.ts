import {
  API,
  type CharacteristicDefinition,
  CharacteristicDefinitionSchema,
  CohortSchema,
  DictionaryDataSchema,
  ImportReportSchema,
  MembershipTaskSchema,
  NO_ANSWER_VALUE,
} from '@course-coach/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCharacteristicValue } from '../src/modules/characteristics/values.ts';
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
import { TailoringReference } from './tailoring-reference.ts';

/**
 * Characteristic definitions (DESIGN.md "Characteristic definitions"): staff CRUD of every kind and its
 * refusals, rules over a new staff-defined characteristic end to end (imported by the coach's instructor,
 * then grouped), No Answer, and who may write what through the instructor's import.
 */

const ref = new TailoringReference(TEST_PRESENTATIONS);
const P = 'AAA-2013J';
const Q = 'DDD-2013B';

let ctx: TestContext;
let staff: Browser;
let instructorA: Browser;
let coachA: number;
let coachD: number;
let defs: string;

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  instructorA = await ctx.signIn(instructorEmailOf(P));
  coachA = await coachIdOf(ctx, P);
  coachD = await coachIdOf(ctx, Q);
  defs = API.characteristicDefinitions(ctx.institutionId);
});

/** A fingerprint of every stored characteristic value and definition (a refused write changes neither). */
async function checksum(): Promise<string> {
  const [row] = await ctx.database.query<{ v: string; c: string }>(
    `select coalesce(md5(string_agg(characteristic_id || ':' || user_id || ':' || coach_id || ':' || source_id || ':' || value,
                                    ',' order by characteristic_id, user_id, coach_id, source_id, value)), '') as v,
            (select coalesce(md5(string_agg(c::text, ',' order by id)), '') from characteristics c) as c
       from student_characteristic_values`,
  );
  return `${row!.v}/${row!.c}`;
}

async function userIdOf(idStudent: string): Promise<number> {
  const [row] = await ctx.database.query<{ id: number }>(
    'select id from users where institution_id = $1 and external_id = $2',
    [ctx.institutionId, idStudent],
  );
  return row!.id;
}

type Body = Record<string, unknown>;
const put = (browser: Browser, url: string, json: unknown) => browser.request<Body>('PUT', url, { json });
const del = (browser: Browser, url: string) => browser.request<Body>('DELETE', url);

async function create(body: Record<string, unknown>): Promise<CharacteristicDefinition> {
  const res = await staff.post(defs, body);
  expect(res.status, res.text).toBe(201);
  return CharacteristicDefinitionSchema.parse(res.body);
}

async function waitForSync(browser: Browser, coachId: number, cohortId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const task = MembershipTaskSchema.parse(
      (await browser.get(API.cohortMembershipUpdate(coachId, cohortId))).body,
    );
    if (task.state !== 'started' || Date.now() > deadline) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function importAs(browser: Browser, coachId: number, source: string, csv: string, dryRun = false) {
  return browser.request(
    'POST',
    `${API.mtsImport(coachId)}?source=${source}${dryRun ? '&dry_run=true' : ''}`,
    {
      body: csv,
      contentType: 'text/csv',
    },
  );
}

async function waitForImport(browser: Browser, coachId: number, id: number) {
  for (let i = 0; i < 400; i++) {
    const status = ImportReportSchema.parse((await browser.get(API.mtsImportStatus(coachId, id))).body);
    if (status.state !== 'started') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not end');
}

describe('definitions: create, read, edit', () => {
  it('creates one characteristic of every kind and lists them by label', async () => {
    const categorical = await create({
      name: 'study_mode',
      label: 'Study mode',
      description: 'How the student studies this course.',
      type: 'categorical',
      scope: 'enrolment',
      source: 'course_survey',
      values: [
        { value: 'full_time', label: 'Full time' },
        { value: 'part_time', label: 'Part time' },
      ],
    });
    expect(categorical).toMatchObject({
      name: 'study_mode',
      label: 'Study mode',
      type: 'categorical',
      scope: 'enrolment',
      sources: ['course_survey'],
      default: null,
      missing: 'default',
      retired: false,
      values_count: 0,
      uses: [],
    });
    const ordinal = await create({
      name: 'confidence',
      label: 'Confidence',
      type: 'ordinal',
      values: [
        { value: 'low', label: 'Low' },
        { value: 'medium', label: 'Medium' },
        { value: 'high', label: 'High' },
      ],
      default: 'medium',
    });
    expect(ordinal.values.map((v) => v.value)).toEqual(['low', 'medium', 'high']);
    expect(ordinal.default).toBe('medium');
    const number = await create({
      name: 'weekly_hours',
      label: 'Weekly study hours',
      type: 'number',
      scope: 'enrolment',
      range: { min: 0, max: 40, step: 0.5 },
      missing: 'no_answer',
    });
    expect(number).toMatchObject({
      range: { min: 0, max: 40, step: 0.5 },
      missing: 'no_answer',
      default: null,
    });
    const multi = await create({
      name: 'devices',
      label: 'Devices used',
      type: 'multivalued',
      values: [
        { value: 'phone', label: 'Phone' },
        { value: 'laptop', label: 'Laptop' },
      ],
    });
    expect(multi.type).toBe('multivalued');
    const yesNo = await create({
      name: 'works_nights',
      label: 'Works nights',
      type: 'yes_no',
      default: 'no',
    });
    expect(yesNo.values).toEqual([
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ]);

    const list = await staff.get(defs);
    expect(list.status).toBe(200);
    const all = CharacteristicDefinitionSchema.array().parse(list.body);
    const byName = new Map(all.map((d) => [d.name, d]));
    for (const n of ['study_mode', 'confidence', 'weekly_hours', 'devices', 'works_nights'])
      expect(byName.has(n)).toBe(true);
    // The demo dictionary carries labels and scopes too.
    expect(byName.get('num_of_prev_attempts')).toMatchObject({
      label: 'Previous attempts',
      scope: 'enrolment',
    });
    expect(byName.get('disability')).toMatchObject({ label: 'Declared disability', scope: 'student' });
    // Instructors read them (labels and scopes) through their coach's dictionary, not this staff route.
    expect((await instructorA.get(defs)).status).toBe(403);
    const dict = DictionaryDataSchema.parse((await instructorA.get(API.mtsDictionaryData(coachA))).body);
    expect(dict.characteristics.find((c) => c.name === 'weekly_hours')).toMatchObject({
      label: 'Weekly study hours',
      scope: 'enrolment',
      default: NO_ANSWER_VALUE,
    });
  });

  it('edits label, values and default; the code name stays', async () => {
    const d = await create({
      name: 'commute',
      label: 'Commute',
      type: 'categorical',
      values: [{ value: 'car', label: 'Car' }],
    });
    const res = await put(staff, API.characteristicDefinition(ctx.institutionId, d.id), {
      name: 'commute',
      label: 'How the student travels',
      type: 'categorical',
      values: [
        { value: 'car', label: 'By car' },
        { value: 'bus', label: 'By bus' },
      ],
      default: 'bus',
    });
    expect(res.status, res.text).toBe(200);
    expect(CharacteristicDefinitionSchema.parse(res.body)).toMatchObject({
      label: 'How the student travels',
      default: 'bus',
      values: [
        { value: 'car', label: 'By car' },
        { value: 'bus', label: 'By bus' },
      ],
    });
    const rename = await put(staff, API.characteristicDefinition(ctx.institutionId, d.id), {
      name: 'commute_mode',
      label: 'x',
      type: 'categorical',
      values: [{ value: 'car', label: 'Car' }],
    });
    expect(rename.status).toBe(400);
    expect(rename.body.name).toHaveLength(1);
  });
});

describe('definitions: refusals write nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a bad kind', { name: 'shoe', label: 'Shoe', type: 'blob' }, 'type'],
    ['a duplicate code name', { name: 'gender', label: 'Gender again', type: 'yes_no' }, 'name'],
    [
      'a range with min > max',
      { name: 'bad_range', label: 'Bad range', type: 'number', range: { min: 10, max: 1, step: 1 } },
      'range',
    ],
    [
      'a default not in the allowed values',
      {
        name: 'bad_default',
        label: 'Bad default',
        type: 'categorical',
        values: [{ value: 'a', label: 'A' }],
        default: 'z',
      },
      'default',
    ],
    ['a bad scope', { name: 'bad_scope', label: 'Bad scope', type: 'yes_no', scope: 'galaxy' }, 'scope'],
    ['a code name with spaces', { name: 'two words', label: 'Two words', type: 'yes_no' }, 'name'],
    [
      'a value list without values',
      { name: 'empty_set', label: 'Empty', type: 'categorical', values: [] },
      'values',
    ],
    [
      'the reserved No Answer value',
      {
        name: 'reserved',
        label: 'Reserved',
        type: 'categorical',
        values: [{ value: NO_ANSWER_VALUE, label: 'x' }],
      },
      'values',
    ],
  ];
  for (const [what, body, field] of cases) {
    it(`refuses ${what} (400 on ${field})`, async () => {
      const before = await checksum();
      const res = await staff.post<Record<string, unknown>>(defs, body);
      expect(res.status, res.text).toBe(400);
      expect(res.body[field], res.text).toEqual([expect.any(String)]);
      expect(res.body.non_field_errors).toHaveLength(1);
      expect(await checksum()).toBe(before);
    });
  }

  it('refuses a write of a value outside the allowed values, a step, or the scope (the value writer)', async () => {
    const [a] = ref.populations.get(P)!;
    const userId = await userIdOf(a!);
    const before = await checksum();
    const write = (over: Record<string, unknown>) =>
      ctx.database.transaction((q) =>
        writeCharacteristicValue(q, {
          institutionId: ctx.institutionId,
          characteristic: 'weekly_hours',
          userId,
          coachId: coachA,
          source: 'course_survey',
          value: '10',
          ...over,
        }),
      );
    await expect(write({ value: '10.25' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(write({ value: '41' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(write({ coachId: null })).rejects.toMatchObject({ statusCode: 400 });
    await expect(write({ coachId: coachD })).rejects.toMatchObject({ statusCode: 400 }); // not enrolled in D
    await expect(write({ characteristic: 'gender', value: 'F' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(write({ characteristic: 'confidence', coachId: null, value: 'huge' })).rejects.toMatchObject(
      {
        statusCode: 400,
      },
    );
    expect(await checksum()).toBe(before);
    // An acceptable write lands on the enrolment.
    await write({ value: '12.5' });
    const rows = await ctx.database.query<{ coach_id: number; num: number }>(
      `select v.coach_id, v.num from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
        where c.name = 'weekly_hours' and v.user_id = $1`,
      [userId],
    );
    expect(rows).toEqual([{ coach_id: coachA, num: 12.5 }]);
    await write({ value: null });
    expect(
      await ctx.database.query(
        `select 1 from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
          where c.name = 'weekly_hours' and v.user_id = $1`,
        [userId],
      ),
    ).toEqual([]);
  });
});

describe('rules over a staff-defined characteristic, end to end', () => {
  it('the instructor imports course facts, a group uses them; editing values re-validates; retiring asks first', async () => {
    const students = ref.populations.get(P)!;
    const partTime = students.slice(0, 40);
    const fullTime = students.slice(40, 70);
    const hours = students.slice(0, 10);
    const csv = [
      'student,study_mode,weekly_hours',
      ...partTime.map((id, i) => `${id},part_time,${i < hours.length ? 5 + i : ''}`),
      ...fullTime.map((id) => `${studentEmailOf(id)},full_time,`),
    ].join('\n');
    const res = await importAs(instructorA, coachA, 'course_survey', csv);
    expect(res.status, res.text).toBe(202);
    const done = await waitForImport(instructorA, coachA, ImportReportSchema.parse(res.body).id!);
    expect(done.state).toBe('success');

    const group = await instructorA.post(API.cohorts(coachA), { name: 'Part-time, few hours' });
    expect(group.status, group.text).toBe(201);
    const cohortId = CohortSchema.parse(group.body).id;
    for (const rule of [
      { characteristic: 'study_mode', operation: 'equal to', value: 'part_time' },
      { characteristic: 'weekly_hours', operation: 'less than', value: '10' },
    ]) {
      const r = await instructorA.post(API.cohortRules(coachA, cohortId), rule);
      expect(r.status, r.text).toBe(201);
    }
    expect((await waitForSync(instructorA, coachA, cohortId)).state).toBe('success');
    let cohort = CohortSchema.parse((await instructorA.get(API.cohort(coachA, cohortId))).body);
    // Hours 5..9 (the first five): below 10; a missing answer is No Answer and never compared.
    expect(cohort.membership_count).toBe(5);
    expect(cohort.rules.map((r) => r.qualifying_subjects_count)).toEqual([40, 5]);

    // No Answer is a value rules can name: students without hours.
    const noAnswer = await instructorA.post(API.cohorts(coachA), { name: 'No hours given' });
    const noAnswerId = CohortSchema.parse(noAnswer.body).id;
    await instructorA.post(API.cohortRules(coachA, noAnswerId), {
      characteristic: 'weekly_hours',
      operation: 'equal to',
      value: NO_ANSWER_VALUE,
    });
    const compared = await instructorA.post(API.cohortRules(coachA, noAnswerId), {
      characteristic: 'weekly_hours',
      operation: 'greater than',
      value: NO_ANSWER_VALUE,
    });
    expect(compared.status).toBe(400);
    expect((await waitForSync(instructorA, coachA, noAnswerId)).state).toBe('success');
    cohort = CohortSchema.parse((await instructorA.get(API.cohort(coachA, noAnswerId))).body);
    expect(cohort.membership_count).toBe(students.length - hours.length);

    // The values are the enrolment's: the same students in coach D have none.
    const inD = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
        where c.name = 'study_mode' and v.coach_id <> $1`,
      [coachA],
    );
    expect(inD[0]!.n).toBe(0);

    // Staff drop `part_time` from the allowed values: the rule turns invalid and the group empties.
    const [def] = CharacteristicDefinitionSchema.array()
      .parse((await staff.get(defs)).body)
      .filter((d) => d.name === 'study_mode');
    expect(def!.values_count).toBe(70);
    const edit = await put(staff, API.characteristicDefinition(ctx.institutionId, def!.id), {
      name: 'study_mode',
      label: 'Study mode',
      type: 'categorical',
      scope: 'enrolment',
      source: 'course_survey',
      values: [
        { value: 'full_time', label: 'Full time' },
        { value: 'distance', label: 'Distance' },
      ],
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await waitForSync(instructorA, coachA, cohortId)).state).toBe('success');
    cohort = CohortSchema.parse((await instructorA.get(API.cohort(coachA, cohortId))).body);
    expect(cohort.rules.find((r) => r.characteristic === 'study_mode')!.is_valid).toBe(false);
    expect(cohort.membership_count).toBe(5); // the weekly_hours rule alone

    // Retiring a used characteristic says where it is used (409), nothing changes; forced, it retires.
    const before = await checksum();
    const retire = await del(staff, API.characteristicDefinition(ctx.institutionId, def!.id));
    expect(retire.status).toBe(409);
    expect(retire.body.uses).toEqual([
      expect.objectContaining({
        kind: 'rule',
        coach_id: coachA,
        description: 'Rule of the Insight Group “Part-time, few hours”',
      }),
    ]);
    expect(await checksum()).toBe(before);
    const forced = await del(staff, `${API.characteristicDefinition(ctx.institutionId, def!.id)}?force=true`);
    expect(forced.status).toBe(204);
    const dict = DictionaryDataSchema.parse((await instructorA.get(API.mtsDictionaryData(coachA))).body);
    expect(dict.characteristics.some((c) => c.name === 'study_mode')).toBe(false);
    const after = CharacteristicDefinitionSchema.parse(
      (await staff.get(API.characteristicDefinition(ctx.institutionId, def!.id))).body,
    );
    expect(after.retired).toBe(true);
    // Leave coach A's groups as the demo made them (the tailoring suite checks every group of it).
    for (const id of [cohortId, noAnswerId])
      expect((await del(instructorA, API.cohort(coachA, id))).status).toBe(204);
  });
});

describe('who may write what: the instructor’s import', () => {
  it('refuses per-student characteristics and students outside the coach, with the same answer for unknown ones; nothing written', async () => {
    const inA = new Set(ref.populations.get(P)!);
    const onlyD = ref.populations.get(Q)!.find((id) => !inA.has(id))!;
    const [mine] = ref.populations.get(P)!;
    const before = await checksum();
    // An institution-wide characteristic: staff only.
    const disability = await importAs(
      instructorA,
      coachA,
      'registrar',
      `student,disability\n${mine},Y\n`,
      true,
    );
    expect(disability.status).toBe(200);
    expect(ImportReportSchema.parse(disability.body).errors).toEqual([
      { row: 1, column: 'disability', message: expect.stringContaining('only institution staff') },
    ]);
    const real = await importAs(instructorA, coachA, 'registrar', `student,disability\n${onlyD},Y\n`);
    expect(real.status).toBe(400);
    // A course fact for a student of another coach, and for nobody at all: the same answer.
    const csv = `student,weekly_hours\n${onlyD},5\n99999999,5\n${studentEmailOf(onlyD)},5\nnobody@example.edu,5\n`;
    const dry = await importAs(instructorA, coachA, 'course_survey', csv, true);
    expect(dry.status).toBe(200);
    const messages = ImportReportSchema.parse(dry.body).errors.map((e) => e.message);
    expect(messages).toEqual([
      `“${onlyD}” is not a student of this coach.`,
      '“99999999” is not a student of this coach.',
      `“${studentEmailOf(onlyD)}” is not a student of this coach.`,
      '“nobody@example.edu” is not a student of this coach.',
    ]);
    const refused = await importAs(instructorA, coachA, 'course_survey', csv);
    expect(refused.status).toBe(400);
    expect(await checksum()).toBe(before);
    // Staff may import the institution-wide value (for any student of the institution).
    const byStaff = await importAs(staff, coachA, 'registrar', `student,disability\n${onlyD},Y\n`, true);
    expect(ImportReportSchema.parse(byStaff.body).errors).toEqual([]);
  });
});
