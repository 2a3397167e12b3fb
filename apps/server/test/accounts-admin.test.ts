import { ACCOUNT_API, ACCOUNT_TEXTS, API, UI_TEXTS } from '@course-coach/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithMailbox,
  clearResetCounts,
  freshUser,
  otherInstitution,
  tokenOfLastMail,
} from './accounts-helpers.ts';
import {
  type Browser,
  cleanLoginFailuresAfterEach,
  coachIdOf,
  DEMO_PASSWORD,
  getTestContext,
  type TestContext,
} from './helpers.ts';

// Sign-in failures these tests record (wrong passwords) are removed: the per-IP limit is shared.
cleanLoginFailuresAfterEach();

let ctx: TestContext;
let box: Awaited<ReturnType<typeof appWithMailbox>>;
let staff: Browser;
let inst: number;

beforeAll(async () => {
  ctx = await getTestContext();
  box = await appWithMailbox(ctx);
  inst = ctx.institutionId;
  // A staff member who is not an admin (the demo's staff@demo.edu is an admin).
  const member = await freshUser(ctx, inst, 'staff');
  staff = box.browser();
  expect((await staff.signIn(member.email)).status).toBe(200);
  await clearResetCounts(ctx);
});
afterAll(async () => {
  await box.app.close();
});

// biome-ignore lint/suspicious/noExplicitAny: bodies are checked by the tests
type Json = any;
const put = (b: Browser, url: string, json: unknown) => b.request<Json>('PUT', url, { json });
const roleOf = async (id: number) =>
  (
    await ctx.database.query<{ role: string }>(
      'select role from institution_memberships where user_id = $1',
      [id],
    )
  )[0]?.role ?? null;

describe('staff user administration (docs/accounts.md)', () => {
  it('searches the institution’s users and shows one with coaches, roles and sign-in', async () => {
    const user = await freshUser(ctx, inst, null, 'findme');
    const coachId = await coachIdOf(ctx, 'AAA-2013J');
    const enrol = await put(staff, ACCOUNT_API.userEnrollment(inst, user.id, coachId), { role: 'student' });
    expect(enrol.status, enrol.text).toBe(200);
    const list = await staff.get<Json>(
      `${ACCOUNT_API.users(inst)}?q=${encodeURIComponent(user.email.slice(0, 20).toUpperCase())}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.results.map((u: { id: number }) => u.id)).toContain(user.id);
    const detail = await staff.get(ACCOUNT_API.user(inst, user.id));
    expect(detail.body).toMatchObject({
      id: user.id,
      email: user.email,
      institution_role: null,
      active: true,
      coach_count: 1,
      coaches: [{ id: coachId, role: 'student' }],
      sign_in: { password_set: true, sso_linked: false },
    });
    const instructor = await put(staff, ACCOUNT_API.userEnrollment(inst, user.id, coachId), {
      role: 'instructor',
    });
    expect(instructor.body.coaches).toEqual([expect.objectContaining({ id: coachId, role: 'instructor' })]);
    const removed = await put(staff, ACCOUNT_API.userEnrollment(inst, user.id, coachId), { role: null });
    expect(removed.body.coaches).toEqual([]);
  });

  it('lets staff grant staff but not admin; only an admin grants or removes admin; nobody changes their own role', async () => {
    const user = await freshUser(ctx, inst, null);
    const staffGrant = await put(staff, ACCOUNT_API.userRole(inst, user.id), { role: 'staff' });
    expect(staffGrant.status).toBe(200);
    expect(await roleOf(user.id)).toBe('staff');
    const adminGrant = await put(staff, ACCOUNT_API.userRole(inst, user.id), { role: 'admin' });
    expect(adminGrant.status).toBe(403);
    expect(adminGrant.body).toEqual({ detail: ACCOUNT_TEXTS.cannotGrantAdmin });
    expect(await roleOf(user.id)).toBe('staff');
    const bad = await put(staff, ACCOUNT_API.userRole(inst, user.id), { role: 'superuser' });
    expect(bad.status).toBe(400);
    expect(bad.body.role).toBeDefined();

    const admin = await freshUser(ctx, inst, 'admin');
    const adminBrowser = box.browser();
    expect((await adminBrowser.signIn(admin.email)).status).toBe(200);
    expect((await put(adminBrowser, ACCOUNT_API.userRole(inst, user.id), { role: 'admin' })).status).toBe(
      200,
    );
    expect(await roleOf(user.id)).toBe('admin');
    // Staff may not demote or deactivate an admin.
    expect((await put(staff, ACCOUNT_API.userRole(inst, user.id), { role: null })).status).toBe(403);
    expect((await put(staff, ACCOUNT_API.userActive(inst, user.id), { active: false })).status).toBe(403);
    expect(await roleOf(user.id)).toBe('admin');
    const own = await put(adminBrowser, ACCOUNT_API.userRole(inst, admin.id), { role: null });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ detail: ACCOUNT_TEXTS.cannotChangeOwnRole });
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it('deactivating ends the user’s sessions and sign-in; reactivating lets them in again', async () => {
    const user = await freshUser(ctx, inst, null);
    const theirs = box.browser();
    expect((await theirs.signIn(user.email)).status).toBe(200);
    const off = await put(staff, ACCOUNT_API.userActive(inst, user.id), { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await theirs.get(API.me)).status).toBe(401);
    const refused = await box.browser().signIn(user.email, DEMO_PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ non_field_errors: [ACCOUNT_TEXTS.userDeactivated] });
    // No reset link for a deactivated account (same answer as for an unknown address).
    const before = box.sent.length;
    expect((await box.browser().post(ACCOUNT_API.passwordReset, { email: user.email })).status).toBe(202);
    await new Promise((r) => setTimeout(r, 50));
    expect(box.sent.length).toBe(before);
    const invite = await staff.post(ACCOUNT_API.userInvite(inst, user.id));
    expect(invite.status).toBe(400);

    const on = await put(staff, ACCOUNT_API.userActive(inst, user.id), { active: true });
    expect(on.body.active).toBe(true);
    expect((await box.browser().signIn(user.email)).status).toBe(200);
    const self = await put(
      staff,
      ACCOUNT_API.userActive(inst, (await staff.get<Json>(API.me)).body.user.id),
      {
        active: false,
      },
    );
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ detail: ACCOUNT_TEXTS.cannotDeactivateSelf });
  });

  it('invitation → set password → sign in (a roster-imported user without a usable password)', async () => {
    const user = await freshUser(ctx, inst, null, 'invitee');
    await ctx.database.query(`update users set password_hash = '!sso' where id = $1`, [user.id]);
    expect((await staff.get<Json>(ACCOUNT_API.user(inst, user.id))).body.sign_in.password_set).toBe(false);
    const invite = await staff.post(ACCOUNT_API.userInvite(inst, user.id));
    expect(invite.status).toBe(202);
    const mail = box.sent.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(String(mail.subject)).toContain('invited');
    const token = tokenOfLastMail(box.sent, user.email);
    expect(
      (await box.browser().post(ACCOUNT_API.setPassword, { token, password: 'my own fine phrase' })).status,
    ).toBe(204);
    const signedIn = await box.browser().signIn(user.email, 'my own fine phrase');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(user.id);
  });

  it('keeps institutions apart: staff of B get 404 for A’s users and write nothing', async () => {
    const b = await otherInstitution(ctx);
    const staffB = await freshUser(ctx, b, 'staff');
    const browserB = box.browser();
    expect((await browserB.signIn(staffB.email)).status).toBe(200);
    const target = await freshUser(ctx, inst, null);
    // Through A's path: B's staff have no place in A.
    expect((await browserB.get(ACCOUNT_API.users(inst))).status).toBe(404);
    expect((await browserB.get(ACCOUNT_API.user(inst, target.id))).status).toBe(404);
    // Through B's own path: A's user is not B's.
    const viaB = await browserB.get(ACCOUNT_API.user(b, target.id));
    expect(viaB.status).toBe(404);
    expect(viaB.body).toEqual({ detail: ACCOUNT_TEXTS.userNotFound });
    expect((await put(browserB, ACCOUNT_API.userRole(b, target.id), { role: 'staff' })).status).toBe(404);
    expect((await put(browserB, ACCOUNT_API.userActive(b, target.id), { active: false })).status).toBe(404);
    expect((await browserB.post(ACCOUNT_API.userInvite(b, target.id))).status).toBe(404);
    const coachA = await coachIdOf(ctx, 'AAA-2013J');
    expect(
      (await put(browserB, ACCOUNT_API.userEnrollment(b, staffB.id, coachA), { role: 'student' })).status,
    ).toBe(404);
    expect(await roleOf(target.id)).toBe(null);
    const [row] = await ctx.database.query<{ off: boolean }>(
      'select deactivated_at is not null as off from users where id = $1',
      [target.id],
    );
    expect(row!.off).toBe(false);
    const [audit] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from audit_log where institution_id = $1',
      [b],
    );
    expect(audit!.n).toBe(0);
    // Students are refused (403: they belong to the institution).
    const student = await freshUser(ctx, inst, null);
    const sb = box.browser();
    await sb.signIn(student.email);
    const res = await sb.get(ACCOUNT_API.users(inst));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: UI_TEXTS.forbidden });
  });
});
