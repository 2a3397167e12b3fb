import { API, AUDIT_API, type AuditEntry } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMailbox, freshUser } from './accounts-helpers.ts';
import { type Browser, coachIdOf, getTestContext, type TestContext } from './helpers.ts';

/**
 * The audit log's coverage of updates and deletions (docs/audit-log.md): characteristic definitions,
 * rules, Insight Groups and their collections, and content; each entry with actor, kind, action,
 * target and the changed values before and after, and nothing for a refused write.
 */
let ctx: TestContext;
let box: Awaited<ReturnType<typeof appWithMailbox>>;
let staff: Browser;
let staffEmail: string;
let inst: number;
let coachA: number;

beforeAll(async () => {
  ctx = await getTestContext();
  box = await appWithMailbox(ctx);
  inst = ctx.institutionId;
  coachA = await coachIdOf(ctx, 'AAA-2013J');
  const member = await freshUser(ctx, inst, 'staff', 'auditcov');
  staffEmail = member.email;
  staff = box.browser();
  expect((await staff.signIn(member.email)).status).toBe(200);
});
afterAll(async () => {
  await box.app.close();
});

/** The caller's entries of `kind`, newest first. */
async function mine(kind: string): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ actor: staffEmail, kind });
  const res = await staff.get<{ results: AuditEntry[]; count: number }>(`${AUDIT_API.list(inst)}?${query}`);
  expect(res.status, res.text).toBe(200);
  for (const e of res.body.results) expect(e.actor_email).toBe(staffEmail);
  return res.body.results;
}
const count = async () =>
  (
    await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from audit_log where actor_email = $1',
      [staffEmail],
    )
  )[0]!.n;

describe('audit log coverage (docs/audit-log.md)', () => {
  it('records a characteristic update (changed fields only) and its retirement', async () => {
    const name = `auditcov_${Date.now()}`;
    const body = {
      name,
      label: 'Mood',
      description: 'How the student feels.',
      type: 'categorical',
      scope: 'enrolment',
      source: 'course_survey',
      values: [
        { value: 'good', label: 'Good' },
        { value: 'bad', label: 'Bad' },
      ],
    };
    const def = await staff.post<{ id: number }>(API.characteristicDefinitions(inst), body);
    expect(def.status, def.text).toBe(201);
    const id = def.body.id;
    const before = await count();
    const refused = await staff.request('PUT', API.characteristicDefinition(inst, id), {
      json: { ...body, name: 'renamed' },
    });
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);

    const put = await staff.request('PUT', API.characteristicDefinition(inst, id), {
      json: { ...body, label: 'Feeling' },
    });
    expect(put.status, put.text).toBe(200);
    const [u] = await mine('characteristics');
    expect(u).toMatchObject({
      action: 'characteristic.update',
      target: `characteristic ${id} (${name})`,
      before: { label: 'Mood' },
      after: { label: 'Feeling' },
    });

    const del = await staff.request('DELETE', API.characteristicDefinition(inst, id));
    expect(del.status, del.text).toBe(204);
    const [r] = await mine('characteristics');
    expect(r).toMatchObject({
      action: 'characteristic.retire',
      target: `characteristic ${id} (${name})`,
      before: { retired: false },
      after: { retired: true },
    });
  });

  it('records rule updates and deletions, Insight Groups and collections', async () => {
    const collection = await staff.post<{ id: number }>(API.cohortGroups(coachA), { name: 'Audit shelf' });
    expect(collection.status, collection.text).toBe(201);
    const [cc] = await mine('rules');
    expect(cc).toMatchObject({
      action: 'collection.create',
      target: `Insight Group Collection ${collection.body.id} (Audit shelf)`,
      before: null,
      after: { name: 'Audit shelf' },
    });

    const groupName = `Audit cohort ${Date.now()}`;
    const cohort = await staff.post<{ id: number }>(API.cohorts(coachA), { name: groupName });
    expect(cohort.status, cohort.text).toBe(201);
    const gid = cohort.body.id;
    const [gc] = await mine('rules');
    expect(gc).toMatchObject({
      action: 'group.create',
      target: `Insight Group ${gid} (${groupName})`,
      after: { name: groupName, cohort_group: null, characteristic: null, source: null },
    });

    const rule = await staff.post<{ id: number }>(API.cohortRules(coachA, gid), {
      characteristic: 'age_band',
      operation: 'equal to',
      value: '0-35',
    });
    expect(rule.status, rule.text).toBe(201);
    const before = await count();
    const bad = await staff.request('PUT', API.cohortRule(coachA, gid, rule.body.id), {
      json: { characteristic: 'no_such_thing', operation: 'equal to', value: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(await count()).toBe(before);

    const put = await staff.request('PUT', API.cohortRule(coachA, gid, rule.body.id), {
      json: { characteristic: 'age_band', operation: 'equal to', value: '35-55' },
    });
    expect(put.status, put.text).toBe(200);
    const [ru] = await mine('rules');
    expect(ru).toMatchObject({
      action: 'rule.update',
      target: `Insight Group ${gid}, rule ${rule.body.id}`,
      before: { value: '0-35' },
      after: { value: '35-55' },
    });
    const del = await staff.request('DELETE', API.cohortRule(coachA, gid, rule.body.id));
    expect(del.status, del.text).toBe(204);
    const [rd] = await mine('rules');
    expect(rd).toMatchObject({
      action: 'rule.delete',
      target: `Insight Group ${gid}, rule ${rule.body.id}`,
      before: { characteristic: 'age_band', operation: 'equal to', value: '35-55', values: [] },
      after: null,
    });

    const gdel = await staff.request('DELETE', API.cohort(coachA, gid));
    expect(gdel.status, gdel.text).toBe(204);
    const [gd] = await mine('rules');
    expect(gd).toMatchObject({
      action: 'group.delete',
      target: `Insight Group ${gid} (${groupName})`,
      before: { name: groupName, cohort_group: null },
      after: null,
    });

    const cdel = await staff.request('DELETE', API.cohortGroup(coachA, collection.body.id));
    expect(cdel.status, cdel.text).toBe(204);
    const [cd] = await mine('rules');
    expect(cd).toMatchObject({ action: 'collection.delete', before: { name: 'Audit shelf' } });
  });
});
