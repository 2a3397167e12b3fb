import { ACCOUNT_API, ACCOUNT_TEXTS, API } from '@course-coach/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appWithMailbox, clearResetCounts, freshUser, tokenOfLastMail } from './accounts-helpers.ts';
import { cleanLoginFailuresAfterEach, DEMO_PASSWORD, getTestContext, type TestContext } from './helpers.ts';

// Sign-in failures these tests record (wrong passwords) are removed: the per-IP limit is shared.
cleanLoginFailuresAfterEach();

let ctx: TestContext;
let box: Awaited<ReturnType<typeof appWithMailbox>>;
const NEW_PASSWORD = 'correct horse battery';

beforeAll(async () => {
  ctx = await getTestContext();
  box = await appWithMailbox(ctx);
});
afterAll(async () => {
  await box.app.close();
});
beforeEach(async () => {
  await clearResetCounts(ctx);
});

const hashOf = async (id: number) =>
  (await ctx.database.query<{ h: string }>('select password_hash as h from users where id = $1', [id]))[0]!.h;

describe('password reset by email (docs/accounts.md)', () => {
  it('answers the same for a known and an unknown address, and mails a single-use link only to the known one', async () => {
    const user = await freshUser(ctx, ctx.institutionId, null);
    const before = box.sent.length;
    const known = await box.browser().post(ACCOUNT_API.passwordReset, { email: user.email.toUpperCase() });
    const unknown = await box
      .browser()
      .post(ACCOUNT_API.passwordReset, { email: 'nobody-at-all@accounts.test' });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.text).toBe(unknown.text);
    expect(known.body).toEqual({ detail: ACCOUNT_TEXTS.resetRequested });
    await new Promise((r) => setTimeout(r, 50));
    expect(box.sent.length).toBe(before + 1);
    expect(box.sent.at(-1)!.to).toBe(user.email);
    const token = tokenOfLastMail(box.sent, user.email);
    // Only the SHA-256 is stored.
    const stored = await ctx.database.query('select 1 from account_tokens where token_hash = $1', [token]);
    expect(stored).toHaveLength(0);

    const browser = box.browser();
    expect((await browser.signIn(user.email, DEMO_PASSWORD)).status).toBe(200);
    const weak = await box.browser().post(ACCOUNT_API.setPassword, { token, password: 'aaaaaaaaaaaa' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ password: [ACCOUNT_TEXTS.passwordWeak] });
    const short = await box.browser().post(ACCOUNT_API.setPassword, { token, password: 'abc' });
    expect(short.body).toEqual({ password: [ACCOUNT_TEXTS.passwordTooShort] });
    const empty = await box
      .browser()
      .post<Record<string, string[]>>(ACCOUNT_API.setPassword, { token, password: '' });
    expect(empty.body.password?.[0]).toBe(ACCOUNT_TEXTS.required);

    const ok = await box.browser().post(ACCOUNT_API.setPassword, { token, password: NEW_PASSWORD });
    expect(ok.status).toBe(204);
    // Every session of the user ended; the new password signs in, the old one no longer does.
    expect((await browser.get(API.me)).status).toBe(401);
    expect((await box.browser().signIn(user.email, DEMO_PASSWORD)).status).toBe(400);
    expect((await box.browser().signIn(user.email, NEW_PASSWORD)).status).toBe(200);

    const hash = await hashOf(user.id);
    const reused = await box
      .browser()
      .post(ACCOUNT_API.setPassword, { token, password: 'another good phrase' });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ token: [ACCOUNT_TEXTS.tokenInvalid] });
    expect(await hashOf(user.id)).toBe(hash);
  });

  it('refuses an expired, a forged and a tampered token, writing nothing', async () => {
    const user = await freshUser(ctx, ctx.institutionId, null);
    await box.browser().post(ACCOUNT_API.passwordReset, { email: user.email });
    const token = tokenOfLastMail(box.sent, user.email);
    const hash = await hashOf(user.id);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'forged-token', 'x'.repeat(43)]) {
      const res = await box.browser().post(ACCOUNT_API.setPassword, { token: bad, password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ token: [ACCOUNT_TEXTS.tokenInvalid] });
    }
    // 31 minutes later: expired (30-minute lifetime).
    await ctx.database.query(
      `update account_tokens set created_at = created_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes'
        where user_id = $1`,
      [user.id],
    );
    const expired = await box.browser().post(ACCOUNT_API.setPassword, { token, password: NEW_PASSWORD });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ token: [ACCOUNT_TEXTS.tokenInvalid] });
    expect(await hashOf(user.id)).toBe(hash);
    const [used] = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from account_tokens where user_id = $1 and used_at is not null',
      [user.id],
    );
    expect(used!.n).toBe(0);
  });

  it('limits requests: the 4th for one address within 15 minutes answers 429, known or not', async () => {
    for (const email of [
      'limit-unknown@accounts.test',
      (await freshUser(ctx, ctx.institutionId, null)).email,
    ]) {
      for (let i = 0; i < 3; i++) {
        expect((await box.browser().post(ACCOUNT_API.passwordReset, { email })).status).toBe(202);
      }
      const limited = await box.browser().post(ACCOUNT_API.passwordReset, { email });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ detail: ACCOUNT_TEXTS.resetRateLimited });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe('change password', () => {
  it('refuses a wrong current password and a weak new one; on success ends the other sessions only', async () => {
    const user = await freshUser(ctx, ctx.institutionId, null);
    const here = box.browser();
    const there = box.browser();
    expect((await here.signIn(user.email)).status).toBe(200);
    expect((await there.signIn(user.email)).status).toBe(200);
    const hash = await hashOf(user.id);

    const wrong = await here.post(ACCOUNT_API.changePassword, {
      current_password: 'not it',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ current_password: [ACCOUNT_TEXTS.currentPasswordWrong] });
    const weak = await here.post(ACCOUNT_API.changePassword, {
      current_password: DEMO_PASSWORD,
      new_password: 'Password123',
    });
    expect(weak.body).toEqual({ new_password: [ACCOUNT_TEXTS.passwordWeak] });
    const asEmail = await here.post(ACCOUNT_API.changePassword, {
      current_password: DEMO_PASSWORD,
      new_password: user.email,
    });
    expect(asEmail.body).toEqual({ new_password: [ACCOUNT_TEXTS.passwordSameAsEmail] });
    expect(await hashOf(user.id)).toBe(hash);
    expect((await there.get(API.me)).status).toBe(200);

    const ok = await here.post(ACCOUNT_API.changePassword, {
      current_password: DEMO_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(ok.status).toBe(204);
    expect((await here.get(API.me)).status).toBe(200);
    expect((await there.get(API.me)).status).toBe(401);
    expect((await box.browser().signIn(user.email, NEW_PASSWORD)).status).toBe(200);
    expect(
      (
        await box
          .browser()
          .post(ACCOUNT_API.changePassword, { current_password: 'x', new_password: NEW_PASSWORD })
      ).status,
    ).toBe(401);
  });
});
