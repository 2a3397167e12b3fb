import {
  API,
  CohortSchema,
  DictionaryDataSchema,
  MembershipTaskSchema,
  NO_ANSWER_VALUE,
} from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStudentIds, waitForState } from './cohort-helpers.ts';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  instructorEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
} from './helpers.ts';
import { TailoringReference } from './tailoring-reference.ts';

/**
 * The demo's ordinal "Average score band" (apps/server/src/seed/tailoring.ts): a student without a
 * score has the explicit No Answer (`__no_answer__`), not a last value of the ordered set, so a
 * comparison such as "at least 60–69" never matches them while a rule naming No Answer does
 * (docs/characteristics.md "Missing answers", DESIGN.md "Characteristic definitions"). Members are
 * read through the API and compared with bands computed from the OULAD files alone.
 */

const ref = new TailoringReference(TEST_PRESENTATIONS);
const P = 'DDD-2013B';
/** The bands at or above 60–69, written out here rather than taken from server code. */
const AT_LEAST_60 = new Set(['60-69', '70-79', '80-100']);

let ctx: TestContext;
let instructor: Browser;
let coachId: number;
const cohortIds: number[] = [];

/** Creates a group with one rule, waits for its membership sync, returns its id. */
async function groupWith(rule: Record<string, unknown>): Promise<number> {
  const group = await instructor.post(API.cohorts(coachId), { name: `Score band ${rule.operation}` });
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

/** Students of P whose own band (from the OULAD scores) passes `keep`; no band → `null`. */
function studentsWhere(keep: (band: string | null) => boolean): string[] {
  return ref.populations
    .get(P)!
    .filter((id) => keep(ref.ownValues(id, 'average_score_band', P)[0] ?? null))
    .sort();
}

beforeAll(async () => {
  ctx = await getTestContext();
  instructor = await ctx.signIn(instructorEmailOf(P));
  coachId = await coachIdOf(ctx, P);
});

afterAll(async () => {
  for (const id of cohortIds) await instructor.request('DELETE', API.cohort(coachId, id));
});

describe('Average score band: no score is No Answer', () => {
  it('the dictionary orders only the score bands and treats a missing score as No Answer', async () => {
    const res = await instructor.get(API.mtsDictionaryData(coachId));
    expect(res.status, res.text).toBe(200);
    const dict = DictionaryDataSchema.parse(res.body);
    const band = dict.characteristics.find((c) => c.name === 'average_score_band')!;
    expect(band.ordered).toBe(true);
    expect(band.restrictionset.values.map((v) => v.value)).toEqual([
      '0-39',
      '40-59',
      '60-69',
      '70-79',
      '80-100',
    ]);
    expect(band.default).toBe(NO_ANSWER_VALUE);
  });

  it('“at least 60–69” leaves out students with no score', async () => {
    const noScore = studentsWhere((b) => b === null);
    expect(noScore.length).toBeGreaterThan(0);
    const id = await groupWith({
      characteristic: 'average_score_band',
      operation: 'greater than or equal to',
      value: '60-69',
    });
    const members = await memberStudentIds(instructor, coachId, id);
    expect(members).toEqual(studentsWhere((b) => b !== null && AT_LEAST_60.has(b)));
    expect(members.filter((m) => noScore.includes(m))).toEqual([]);
  });

  it('a rule naming No Answer holds exactly the students with no score', async () => {
    const id = await groupWith({
      characteristic: 'average_score_band',
      operation: 'equal to',
      value: NO_ANSWER_VALUE,
    });
    expect(await memberStudentIds(instructor, coachId, id)).toEqual(studentsWhere((b) => b === null));
  });
});
