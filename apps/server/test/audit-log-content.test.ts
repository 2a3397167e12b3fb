import { API, AUDIT_API, type AuditEntry, EMAIL_API, SSO_API, SURVEY_API } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithMailbox, freshUser, otherInstitution } from './accounts-helpers.ts';
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

  it('records tip and bulletin updates and deletions, long text cut to 500 characters', async () => {
    const tip = await staff.post<{ id: number }>(API.tips(coachA), { html: '<p>Old tip</p>' });
    expect(tip.status, tip.text).toBe(201);
    const before = await count();
    const empty = await staff.request('PUT', API.tip(coachA, tip.body.id), { json: { html: '<p> </p>' } });
    expect(empty.status).toBe(400);
    expect(await count()).toBe(before);
    const long = `<p>${'x'.repeat(600)}</p>`;
    const put = await staff.request('PUT', API.tip(coachA, tip.body.id), { json: { html: long } });
    expect(put.status, put.text).toBe(200);
    const [tu] = await mine('content');
    expect(tu).toMatchObject({
      action: 'tip.update',
      target: `coach ${coachA}, tip ${tip.body.id}`,
      before: { html: '<p>Old tip</p>' },
      after: { html: `${long.slice(0, 500)}… (607 chars)` },
    });
    expect(Object.keys(tu!.after as object)).toEqual(['html']);
    const del = await staff.request('DELETE', API.tip(coachA, tip.body.id));
    expect(del.status, del.text).toBe(204);
    const [td] = await mine('content');
    expect(td).toMatchObject({ action: 'tip.delete', after: null });
    expect((td!.before as { html: string }).html).toBe(`${long.slice(0, 500)}… (607 chars)`);

    const b = await staff.post<{ id: number }>(API.bulletins(coachA), {
      title: 'Audit bulletin',
      status: 'Published',
      publish_timestamp: '2026-01-01T00:00:00Z',
      pages: [{ title: 'One', body: '<p>Hello</p>' }],
    });
    expect(b.status, b.text).toBe(201);
    const [bc] = await mine('content');
    expect(bc).toMatchObject({
      action: 'bulletin.create',
      target: `coach ${coachA}, bulletin ${b.body.id} (Audit bulletin)`,
    });
    const n = await count();
    const bad = await staff.request('PUT', API.bulletin(coachA, b.body.id), {
      json: { title: ' ', status: 'Live', publish_timestamp: '' },
    });
    expect(bad.status).toBe(400);
    expect(await count()).toBe(n);
    const bput = await staff.request('PUT', API.bulletin(coachA, b.body.id), {
      json: {
        title: 'Audit bulletin, revised',
        status: 'Published',
        publish_timestamp: '2026-01-01T00:00:00Z',
        pages: [{ title: 'One', body: '<p>Hello</p>' }],
      },
    });
    expect(bput.status, bput.text).toBe(200);
    const [bu] = await mine('content');
    expect(bu).toMatchObject({
      action: 'bulletin.update',
      target: `coach ${coachA}, bulletin ${b.body.id} (Audit bulletin)`,
      before: { title: 'Audit bulletin' },
      after: { title: 'Audit bulletin, revised' },
    });
    expect(Object.keys(bu!.after as object)).toEqual(['title']);
    const bdel = await staff.request('DELETE', API.bulletin(coachA, b.body.id));
    expect(bdel.status, bdel.text).toBe(204);
    const [bd] = await mine('content');
    expect(bd).toMatchObject({
      action: 'bulletin.delete',
      before: { title: 'Audit bulletin, revised', status: 'Published' },
      after: null,
    });
  });

  it('records a single sign-on change with client_secret_set, never the secret', async () => {
    // An institution of its own, so that the demo institution's sign-in stays as it is.
    const other = await otherInstitution(ctx);
    const admin = await freshUser(ctx, other, 'admin', 'auditsso');
    const browser = box.browser();
    expect((await browser.signIn(admin.email)).status).toBe(200);
    const config = {
      enabled: false,
      label: 'Audit U',
      issuer: 'https://idp.audit.test',
      client_id: 'audit-client',
      client_secret: 'very-secret-value',
      scopes: 'openid email',
      identifier_claim: 'sub',
      email_claim: 'email',
      name_claim: 'name',
      role_claim: 'role',
      role_mapping: {},
      password_login: true,
    };
    const entries = async () =>
      ctx.database.query<{ action: string; kind: string; target: string; before: unknown; after: unknown }>(
        'select action, kind, target, before, after, actor_email from audit_log where institution_id = $1 order by id',
        [other],
      );
    const bad = await browser.request('PUT', SSO_API.config(other), { json: { ...config, scopes: 'email' } });
    expect(bad.status).toBe(400);
    expect(await entries()).toEqual([]);
    const first = await browser.request('PUT', SSO_API.config(other), { json: config });
    expect(first.status, first.text).toBe(200);
    const second = await browser.request('PUT', SSO_API.config(other), {
      json: { ...config, client_secret: undefined, label: 'Audit University' },
    });
    expect(second.status, second.text).toBe(200);
    const rows = await entries();
    expect(rows).toEqual([
      {
        kind: 'settings',
        action: 'sso.update',
        target: `institution ${other}, single sign-on`,
        actor_email: admin.email,
        before: null,
        after: {
          enabled: false,
          label: 'Audit U',
          issuer: 'https://idp.audit.test',
          client_id: 'audit-client',
          client_secret_set: true,
          scopes: 'openid email',
          identifier_claim: 'sub',
          email_claim: 'email',
          name_claim: 'name',
          role_claim: 'role',
          role_mapping: {},
          password_login: true,
        },
      },
      {
        kind: 'settings',
        action: 'sso.update',
        target: `institution ${other}, single sign-on`,
        actor_email: admin.email,
        before: { label: 'Audit U' },
        after: { label: 'Audit University' },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('very-secret-value');
  });

  it('records the CSV characteristic import', async () => {
    const name = `auditcsv_${Date.now()}`;
    const def = await staff.post<{ id: number }>(API.characteristicDefinitions(inst), {
      name,
      label: 'Audit CSV',
      description: 'Imported.',
      type: 'categorical',
      scope: 'enrolment',
      source: 'course_survey',
      values: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
    });
    expect(def.status, def.text).toBe(201);
    const [student] = await ctx.database.query<{ email: string }>(
      `select u.email from enrollments e join users u on u.id = e.user_id
        where e.coach_id = $1 and e.role = 'student' order by u.id limit 1`,
      [coachA],
    );
    const post = (csv: string) =>
      staff.request('POST', `${API.mtsImport(coachA)}?source=course_survey`, {
        body: csv,
        contentType: 'text/csv',
      });
    const before = await count();
    const refused = await post(`student,${name}\n${student!.email},maybe\n`);
    expect(refused.status).toBe(400);
    expect(await count()).toBe(before);
    const ok = await post(`student,${name}\n${student!.email},yes\n`);
    expect(ok.status, ok.text).toBe(202);
    const id = (ok.body as { id: number }).id;
    const [i] = await mine('imports');
    expect(i).toMatchObject({
      action: 'import.csv',
      target: `coach ${coachA}, CSV import ${id}`,
      before: null,
      after: { source: 'course_survey', rows_total: 1, characteristics: [name] },
    });
    // Let the background apply finish before the suite ends.
    for (let k = 0; k < 200; k++) {
      const status = await staff.get<{ state: string }>(API.mtsImportStatus(coachA, id));
      if (status.body.state !== 'started') break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('records FAQ entries and checklist items', async () => {
    const faq = await staff.post<{ id: number }>(API.coachFaq(coachA), {
      question: 'Audit question?',
      answer: '<p>Old answer</p>',
    });
    expect(faq.status, faq.text).toBe(201);
    const put = await staff.request('PUT', API.coachFaqEntry(coachA, faq.body.id), {
      json: { question: 'Audit question?', answer: '<p>New answer</p>' },
    });
    expect(put.status, put.text).toBe(200);
    const del = await staff.request('DELETE', API.coachFaqEntry(coachA, faq.body.id));
    expect(del.status, del.text).toBe(204);
    const [fd, fu, fc] = await mine('content');
    expect(fc).toMatchObject({ action: 'faq.create', target: `coach ${coachA}, FAQ entry ${faq.body.id}` });
    expect(fu).toMatchObject({
      action: 'faq.update',
      before: { answer: '<p>Old answer</p>' },
      after: { answer: '<p>New answer</p>' },
    });
    expect(fd).toMatchObject({ action: 'faq.delete', before: { question: 'Audit question?' }, after: null });

    const item = await staff.post<{ id: number }>(API.checklist(coachA), { title: 'Audit item' });
    expect(item.status, item.text).toBe(201);
    const iput = await staff.request('PUT', API.checklistItem(coachA, item.body.id), {
      json: { title: 'Audit item, renamed' },
    });
    expect(iput.status, iput.text).toBe(200);
    const idel = await staff.request('DELETE', API.checklistItem(coachA, item.body.id));
    expect(idel.status, idel.text).toBe(204);
    const [cd, cu, cc] = await mine('content');
    expect(cc).toMatchObject({
      action: 'checklist_item.create',
      target: `coach ${coachA}, checklist item ${item.body.id}`,
    });
    expect(cu).toMatchObject({
      action: 'checklist_item.update',
      before: { title: 'Audit item' },
      after: { title: 'Audit item, renamed' },
    });
    expect(cd).toMatchObject({ action: 'checklist_item.delete', before: { title: 'Audit item, renamed' } });
  });

  it('records e-mail drafts created, edited and deleted', async () => {
    const draft = {
      title: 'Audit mail',
      subject: 'Hello',
      state: 'draft',
      sections: [{ body: '<p>Hi</p>' }],
    };
    const made = await staff.post<{ id: number }>(EMAIL_API.emails(coachA), draft);
    expect(made.status, made.text).toBe(201);
    const put = await staff.request('PUT', EMAIL_API.email(coachA, made.body.id), {
      json: { ...draft, subject: 'Hello again' },
    });
    expect(put.status, put.text).toBe(200);
    const del = await staff.request('DELETE', EMAIL_API.email(coachA, made.body.id));
    expect(del.status, del.text).toBe(204);
    const [d, u, c] = await mine('content');
    expect(c).toMatchObject({ action: 'email.create', target: `coach ${coachA}, e-mail ${made.body.id}` });
    expect(u).toMatchObject({
      action: 'email.update',
      before: { subject: 'Hello' },
      after: { subject: 'Hello again' },
    });
    expect(d).toMatchObject({ action: 'email.delete', before: { subject: 'Hello again' }, after: null });
  });

  it('records surveys created, edited and deleted', async () => {
    const name = `auditsurvey_${Date.now()}`;
    const def = await staff.post<{ id: number }>(API.characteristicDefinitions(inst), {
      name,
      label: 'Audit survey mood',
      description: 'Mood?',
      type: 'categorical',
      scope: 'enrolment',
      source: 'course_survey',
      values: [
        { value: 'good', label: 'Good' },
        { value: 'bad', label: 'Bad' },
      ],
    });
    expect(def.status, def.text).toBe(201);
    const body = {
      title: 'Audit survey',
      status: 'Published',
      questions: [{ prompt: 'Mood?', characteristic: name }],
    };
    const made = await staff.post<{ id: number }>(SURVEY_API.surveys(coachA), body);
    expect(made.status, made.text).toBe(201);
    const put = await staff.request('PUT', SURVEY_API.survey(coachA, made.body.id), {
      json: { ...body, title: 'Audit survey, edited' },
    });
    expect(put.status, put.text).toBe(200);
    const del = await staff.request('DELETE', SURVEY_API.survey(coachA, made.body.id));
    expect(del.status, del.text).toBe(204);
    const [d, u, c] = await mine('content');
    expect(c).toMatchObject({ action: 'survey.create', target: `coach ${coachA}, survey ${made.body.id}` });
    expect(u).toMatchObject({
      action: 'survey.update',
      before: { title: 'Audit survey' },
      after: { title: 'Audit survey, edited' },
    });
    expect(d).toMatchObject({
      action: 'survey.delete',
      before: { title: 'Audit survey, edited' },
      after: null,
    });
  });

  it('records playbooks created, edited and deleted', async () => {
    const body = {
      title: 'Audit playbook',
      assignment_type: 'quiz',
      exam_date: null,
      custom_date_message: null,
      is_released: false,
      planning_characteristics: [],
      planning_emotions_characteristics: [],
      reflection_characteristics: [],
    };
    const made = await staff.post<{ id: number }>(API.playbooks(coachA), body);
    expect(made.status, made.text).toBe(201);
    const put = await staff.request('PUT', API.playbook(coachA, made.body.id), {
      json: { ...body, title: 'Audit playbook, edited' },
    });
    expect(put.status, put.text).toBe(200);
    const del = await staff.request('DELETE', API.playbook(coachA, made.body.id));
    expect(del.status, del.text).toBe(204);
    const [d, u, c] = await mine('content');
    expect(c).toMatchObject({
      action: 'playbook.create',
      target: `coach ${coachA}, playbook ${made.body.id}`,
    });
    expect(u).toMatchObject({
      action: 'playbook.update',
      before: { title: 'Audit playbook' },
      after: { title: 'Audit playbook, edited' },
    });
    expect(d).toMatchObject({
      action: 'playbook.delete',
      before: { title: 'Audit playbook, edited' },
      after: null,
    });
  });
});
