import {
  API,
  CharacteristicDefinitionSchema,
  CohortSchema,
  DictionaryDataSchema,
  ImportReportSchema,
  MembershipTaskSchema,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStudentIds, waitForState } from './cohort-helpers.ts';
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
 * Ordinal characteristics in rules (docs/characteristics.md, spec §5 operations): the comparisons
 * compare by the allowed values' defined order, never alphabetically; a missing answer (No Answer)
 * is never matched by a comparison; comparisons on a plain categorical characteristic are refused with
 * a field error. Members are checked against a plain filter over the values the test imported.
 */

const ref = new TailoringReference(TEST_PRESENTATIONS);
const P = 'DDD-2013B';
/** The defined order; alphabetically it would be `2-5h`, `5-10h`, `<2h`, `>10h`. */
const ORDER = ['<2h', '2-5h', '5-10h', '>10h'];

let ctx: TestContext;
let staff: Browser;
let instructor: Browser;
let coachId: number;
let definitionIds: number[] = [];
const cohortIds: number[] = [];
/** id_student → imported study_time (students absent here have No Answer). */
const imported = new Map<string, string>();

async function groupWith(rule: Record<string, unknown>): Promise<number> {
  const group = await instructor.post(API.cohorts(coachId), {
    name: `Study time ${rule.operation} ${rule.value}`,
  });
  expect(group.status, group.text).toBe(201);
  const id = CohortSchema.parse(group.body).id;
  cohortIds.push(id);
  const r = await instructor.post(API.cohortRules(coachId, id), rule);
  expect(r.status, r.text).toBe(201);
  const task = await waitForState(
    async () =>
      MembershipTaskSchema.parse((await instructor.get(API.cohortMembershipUpdate(coachId, id))).body),
    'started',
  );
  expect(task.state).toBe('success');
  return id;
}

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  instructor = await ctx.signIn(instructorEmailOf(P));
  coachId = await coachIdOf(ctx, P);
  const defs = API.characteristicDefinitions(ctx.institutionId);
  const ordinal = await staff.post(defs, {
    name: 'study_time',
    label: 'Weekly study time',
    type: 'ordinal',
    scope: 'enrolment',
    source: 'course_survey',
    missing: 'no_answer',
    values: [
      { value: '<2h', label: 'Under 2 hours' },
      { value: '2-5h', label: '2 to 5 hours' },
      { value: '5-10h', label: '5 to 10 hours' },
      { value: '>10h', label: 'Over 10 hours' },
    ],
  });
  expect(ordinal.status, ordinal.text).toBe(201);
  const categorical = await staff.post(defs, {
    name: 'study_place',
    label: 'Where the student studies',
    type: 'categorical',
    scope: 'enrolment',
    source: 'course_survey',
    values: [
      { value: 'home', label: 'At home' },
      { value: 'library', label: 'In a library' },
    ],
  });
  expect(categorical.status, categorical.text).toBe(201);
  definitionIds = [ordinal, categorical].map((r) => CharacteristicDefinitionSchema.parse(r.body).id);

  // Values for 120 of the coach's students, cycling through the order; the rest have No Answer.
  const students = ref.populations.get(P)!;
  expect(students.length).toBeGreaterThan(200);
  students.slice(0, 120).forEach((id, i) => {
    imported.set(id, ORDER[(i * 7) % ORDER.length]!);
  });
  const csv = ['student,study_time', ...[...imported].map(([id, v]) => `${studentEmailOf(id)},${v}`)].join(
    '\n',
  );
  const res = await instructor.request('POST', `${API.mtsImport(coachId)}?source=course_survey`, {
    body: csv,
    contentType: 'text/csv',
  });
  expect(res.status, res.text).toBe(202);
  const importId = ImportReportSchema.parse(res.body).id!;
  const done = await waitForState(
    async () => ImportReportSchema.parse((await instructor.get(API.mtsImportStatus(coachId, importId))).body),
    'started',
  );
  expect(done.state).toBe('success');
});

afterAll(async () => {
  // Leave the coach and the dictionary as the demo made them (other suites check every group).
  for (const id of cohortIds) await instructor.request('DELETE', API.cohort(coachId, id));
  for (const id of definitionIds)
    await staff.request('DELETE', `${API.characteristicDefinition(ctx.institutionId, id)}?force=true`);
});

/** The independent computation: by position in ORDER; students without a value never compare. */
function expected(operation: string, value: string): string[] {
  const at = ORDER.indexOf(value);
  const test: Record<string, (i: number) => boolean> = {
    'greater than': (i) => i > at,
    'greater than or equal to': (i) => i >= at,
    'less than': (i) => i < at,
    'less than or equal to': (i) => i <= at,
  };
  return ref.populations
    .get(P)!
    .filter((id) => imported.has(id) && test[operation]!(ORDER.indexOf(imported.get(id)!)))
    .sort();
}

describe('ordinal comparisons', () => {
  it('the dictionary says which characteristics are ordinal, with their values in order', async () => {
    const dict = DictionaryDataSchema.parse((await instructor.get(API.mtsDictionaryData(coachId))).body);
    const time = dict.characteristics.find((c) => c.name === 'study_time')!;
    expect(time.ordered).toBe(true);
    expect(time.label).toBe('Weekly study time');
    expect(time.restrictionset.values.map((v) => v.value)).toEqual(ORDER);
    expect(dict.characteristics.find((c) => c.name === 'study_place')!.ordered).toBe(false);
  });

  for (const [operation, value] of [
    ['greater than or equal to', '5-10h'],
    ['greater than', '<2h'],
    ['less than', '5-10h'],
    ['less than or equal to', '2-5h'],
  ] as const) {
    it(`study_time ${operation} ${value}: members by the defined order, never No Answer`, async () => {
      const want = expected(operation, value);
      // Alphabetical order would give another set: the test would catch a string comparison.
      expect(want.length).toBeGreaterThan(0);
      const id = await groupWith({ characteristic: 'study_time', operation, value });
      const cohort = CohortSchema.parse((await instructor.get(API.cohort(coachId, id))).body);
      expect(cohort.rules[0]!.is_valid).toBe(true);
      expect(cohort.membership_count).toBe(want.length);
      expect(cohort.rules[0]!.qualifying_subjects_count).toBe(want.length);
      expect(await memberStudentIds(instructor, coachId, id)).toEqual(want);
    });
  }

  it('refuses a comparison on a categorical characteristic and against No Answer (400, nothing saved)', async () => {
    const group = await instructor.post(API.cohorts(coachId), { name: 'Refusals' });
    const id = CohortSchema.parse(group.body).id;
    cohortIds.push(id);
    const onCategorical = await instructor.post(API.cohortRules(coachId, id), {
      characteristic: 'study_place',
      operation: 'greater than',
      value: 'home',
    });
    expect(onCategorical.status).toBe(400);
    expect(onCategorical.body).toMatchObject({
      operation: [
        '“greater than” compares values by their order, and the values of Where the student studies have none (it is not ordinal). Choose “equal to” or “includes”.',
      ],
    });
    const onNoAnswer = await instructor.post(API.cohortRules(coachId, id), {
      characteristic: 'study_time',
      operation: 'less than',
      value: '__no_answer__',
    });
    expect(onNoAnswer.status).toBe(400);
    expect((onNoAnswer.body as Record<string, unknown>).value).toHaveLength(1);
    const cohort = CohortSchema.parse((await instructor.get(API.cohort(coachId, id))).body);
    expect(cohort.rules).toEqual([]);
  });
});
