import { ACCOUNT_API, API, AUDIT_API, type AuditEntry, IMPORT_API } from '@course-coach/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMailbox, freshUser, otherInstitution } from './accounts-helpers.ts';
import {
  type Browser,
  cleanLoginFailuresAfterEach,
  coachIdOf,
  getTestContext,
  type TestContext,
} from './helpers.ts';

// Sign-in failures these tests record (wrong passwords) are removed: the per-IP limit is shared.
cleanLoginFailuresAfterEach();

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
  const member = await freshUser(ctx, inst, 'staff', 'auditor');
  staffEmail = member.email;
  staff = box.browser();
  expect((await staff.signIn(member.email)).status).toBe(200);
});
afterAll(async () => {
  await box.app.close();
});

/** The caller's entries, newest first. */
async function mine(kind?: string): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ actor: staffEmail, ...(kind ? { kind } : {}) });
  const res = await staff.get<{ results: AuditEntry[]; count: number }>(`${AUDIT_API.list(inst)}?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results;
}
const count = async () =>
  (
    await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from audit_log where actor_email = $1',
      [staffEmail],
    )
  )[0]!.n;

describe('audit log (docs/audit-log.md)', () => {
  it('records people and role changes with who, when, what, before and after', async () => {
    const user = await freshUser(ctx, inst, null);
    const started = Date.now();
    await staff.request('PUT', ACCOUNT_API.userRole(inst, user.id), { json: { role: 'staff' } });
    await staff.request('PUT', ACCOUNT_API.userActive(inst, user.id), { json: { active: false } });
    const [deactivate, role] = await mine();
    expect(role).toMatchObject({
      kind: 'roles',
      action: 'user.institution_role',
      target: `user ${user.id} (${user.email})`,
      actor_email: staffEmail,
      before: { role: null },
      after: { role: 'staff' },
    });
    expect(Math.abs(Date.parse(role!.at) - started)).toBeLessThan(60_000);
    expect(deactivate).toMatchObject({
      kind: 'people',
      action: 'user.deactivate',
      before: { active: true },
      after: { active: false },
    });
  });

  it('records characteristics, rules, imports and content written through the existing services', async () => {
    const name = `audit_mood_${Date.now()}`;
    const def = await staff.post<{ id: number }>(API.characteristicDefinitions(inst), {
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
    });
    expect(def.status, def.text).toBe(201);
    const [c] = await mine('characteristics');
    expect(c).toMatchObject({
      action: 'characteristic.create',
      target: `characteristic ${def.body.id} (${name})`,
      before: null,
    });
    expect((c!.after as { name: string }).name).toBe(name);

    const cohort = await staff.post<{ id: number }>(API.cohorts(coachA), {
      name: `Audit group ${Date.now()}`,
    });
    expect(cohort.status, cohort.text).toBe(201);
    const rule = await staff.post<{ id: number }>(API.cohortRules(coachA, cohort.body.id), {
      characteristic: 'age_band',
      operation: 'equal to',
      value: '0-35',
    });
    expect(rule.status, rule.text).toBe(201);
    const [r] = await mine('rules');
    expect(r).toMatchObject({
      action: 'rule.create',
      target: `Insight Group ${cohort.body.id}, rule ${rule.body.id}`,
      after: { characteristic: 'age_band', operation: 'equal to', value: '0-35', values: [] },
    });

    const tip = await staff.post<{ id: number }>(API.tips(coachA), { html: '<p>Audited tip</p>' });
    expect(tip.status, tip.text).toBe(201);
    const [t] = await mine('content');
    expect(t).toMatchObject({ action: 'tip.create', target: `coach ${coachA}, tip ${tip.body.id}` });
    expect((t!.after as { html: string }).html).toBe('<p>Audited tip</p>');

    const [student] = await ctx.database.query<{ email: string }>(
      `select u.email from enrollments e join users u on u.id = e.user_id where e.coach_id = $1 and e.role = 'student' limit 1`,
      [coachA],
    );
    const csvName = `audit_import_${Date.now()}`;
    const up = await staff.request<{ id: number; format: { delimiter: string }; student: unknown }>(
      'POST',
      `${IMPORT_API.uploads(coachA)}?file_name=audit.csv`,
      { body: `email,${csvName}\n${student!.email},42\n`, contentType: 'text/csv' },
    );
    expect(up.status, up.text).toBe(201);
    const commit = await staff.post<{ id: number }>(IMPORT_API.commit(coachA, up.body.id), {
      mapping: {
        source: 'audit_test',
        delimiter: up.body.format.delimiter,
        student: up.body.student,
        columns: [
          {
            column: csvName,
            action: 'new',
            characteristic: { name: csvName, question: 'Audit', kind: 'integer' },
          },
        ],
        recode: {},
      },
    });
    expect(commit.status, commit.text).toBe(202);
    const [i] = await mine('imports');
    expect(i).toMatchObject({
      action: 'import.start',
      target: `coach ${coachA}, import ${commit.body.id}`,
      after: { source: 'audit_test', rows_total: 1 },
    });
  });

  it('records nothing when the write fails or is refused', async () => {
    const before = await count();
    // A duplicate code name: 400, the definition's transaction rolls back with its entry.
    const dup = await staff.post(API.characteristicDefinitions(inst), {
      name: 'age_band',
      label: 'Again',
      description: 'x',
      type: 'categorical',
      scope: 'enrolment',
      source: 'course_survey',
      values: [{ value: 'a', label: 'A' }],
    });
    expect(dup.status).toBe(400);
    const cohort = await staff.post<{ id: number }>(API.cohorts(coachA), {
      name: `Audit refused ${Date.now()}`,
    });
    // The group's creation is an entry of its own (`group.create`); the refused rule adds none.
    expect(await count()).toBe(before + 1);
    const bad = await staff.post(API.cohortRules(coachA, cohort.body.id), {
      characteristic: 'no_such_characteristic',
      operation: 'equal to',
      value: 'x',
    });
    expect(bad.status).toBe(400);
    const user = await freshUser(ctx, inst, null);
    expect(
      (await staff.request('PUT', ACCOUNT_API.userRole(inst, user.id), { json: { role: 'admin' } })).status,
    ).toBe(403);
    expect(await count()).toBe(before + 1);
  });

  it('filters by kind, actor and dates; other institutions’ staff cannot read it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const roles = await staff.get<{ results: AuditEntry[] }>(
      `${AUDIT_API.list(inst)}?kind=roles&from=${today}&to=${today}`,
    );
    expect(roles.body.results.length).toBeGreaterThan(0);
    expect(roles.body.results.every((e) => e.kind === 'roles')).toBe(true);
    const none = await staff.get<{ results: AuditEntry[]; count: number }>(
      `${AUDIT_API.list(inst)}?to=2000-01-01`,
    );
    expect(none.body).toEqual({ results: [], count: 0 });
    const badDate = await staff.get(`${AUDIT_API.list(inst)}?from=yesterday`);
    expect(badDate.status).toBe(400);
    const b = await otherInstitution(ctx);
    const staffB = await freshUser(ctx, b, 'staff');
    const browserB = box.browser();
    await browserB.signIn(staffB.email);
    expect((await browserB.get(AUDIT_API.list(inst))).status).toBe(404);
    expect((await browserB.get(AUDIT_API.csv(inst))).status).toBe(404);
    expect((await browserB.get(AUDIT_API.list(b))).body).toEqual({ results: [], count: 0 });
  });

  it('exports CSV with formulas made harmless', async () => {
    const [actor] = await ctx.database.query<{ id: number }>('select id from users where email = $1', [
      staffEmail,
    ]);
    await ctx.database.query(
      `insert into audit_log (institution_id, actor_id, actor_email, kind, action, target, before, after)
       values ($1, $2, $3, 'content', 'tip.update', '=HYPERLINK("http://evil.test","x")', null, '{"html":"+1"}'::jsonb)`,
      [inst, actor!.id, staffEmail],
    );
    const res = await staff.get(
      `${AUDIT_API.csv(inst)}?actor=${encodeURIComponent(staffEmail)}&kind=content`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="audit-log.csv"');
    const rows = parse(res.text) as string[][];
    expect(rows[0]).toEqual(['at', 'actor', 'kind', 'action', 'target', 'before', 'after']);
    expect(rows[1]!.slice(1)).toEqual([
      staffEmail,
      'content',
      'tip.update',
      `'=HYPERLINK("http://evil.test","x")`,
      '',
      '{"html":"+1"}',
    ]);
    expect(rows[2]!.slice(1, 5)).toEqual([
      staffEmail,
      'content',
      'tip.create',
      expect.stringMatching(/^coach \d+, tip \d+$/),
    ]);
  });
});
