import { API, CSRF_COOKIE, NOTIFICATION_ERRORS, NOTIFICATION_TEXTS } from '@course-coach/contracts';
import { type APIRequestContext, expect, request as newRequest, type Page, test } from '@playwright/test';
import { MAIL_CAPTURE_OFFSET } from '../playwright.config.ts';
import { DEMO_PASSWORD, expectNoAxeViolations, STAFF, signIn } from './helpers.ts';
import { readOuladCsv } from './oulad.ts';

/**
 * Notifications (docs/notifications.md) in Chromium at 1280×800 and 375×667: a new bulletin shows in the
 * header's unread count and its popover (opened from the keyboard, focus inside, Escape gives focus back;
 * axe open, light and dark), and clears when opened from there, the count dropping; the daily digest, turned on in the page,
 * is sent through the lane's local SMTP capture (e2e/mail-capture.ts) and its unsubscribe link works
 * signed out (then says “already”); a forged link changes nothing. Axe on every screen.
 */

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
] as const;
const SEEDED = ['AAA-2013J', 'DDD-2013B', 'GGG-2013J'];

/** Students of AAA 2013J only, from the OULAD files, last by id first (no other spec uses these). */
function studentsOfAaaOnly(): string[] {
  const regs = readOuladCsv('studentRegistration.csv').filter((r) =>
    SEEDED.includes(`${r.code_module}-${r.code_presentation}`),
  );
  const count = new Map<string, number>();
  for (const r of regs) count.set(r.id_student!, (count.get(r.id_student!) ?? 0) + 1);
  return regs
    .filter(
      (r) => r.code_module === 'AAA' && r.code_presentation === '2013J' && count.get(r.id_student!) === 1,
    )
    .map((r) => Number(r.id_student))
    .sort((a, b) => b - a)
    .map((id) => `s${id}@demo.edu`);
}

const baseURL = () => test.info().project.use.baseURL!;
const captureUrl = () =>
  `http://127.0.0.1:${Number(new URL(baseURL()).port) + MAIL_CAPTURE_OFFSET + 1000}/messages`;

async function apiSession(email: string): Promise<APIRequestContext> {
  const ctx = await newRequest.newContext({ baseURL: baseURL() });
  await ctx.get(API.csrf);
  const token = (await ctx.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await ctx.post(API.login, {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-CSRFToken': token },
  });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return ctx;
}

async function postBulletin(staff: APIRequestContext, coachId: number, title: string): Promise<number> {
  const token = (await staff.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  const res = await staff.post(API.bulletins(coachId), {
    data: { title, publish_timestamp: new Date(Date.now() - 60_000).toISOString(), status: 'Published' },
    headers: { 'X-CSRFToken': token ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The header's notifications button shown at this size (the desktop bar's or the phone header's). */
const bell = (page: Page) => page.locator('[data-testid="notifications-bell"]:visible');
const qp = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

for (const [i, size] of SIZES.entries()) {
  test(`a new bulletin notifies and clears when read; the digest e-mail and its unsubscribe link (${size.width}×${size.height})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    // A retry takes another student: the first attempt may have used up today’s digest period.
    const student = studentsOfAaaOnly()[i * 2 + test.info().retry]!;
    const studentApi = await apiSession(student);
    const me = (await (await studentApi.get(API.me)).json()) as { coaches: Array<{ id: number }> };
    const coachId = me.coaches[0]!.id;
    await studentApi.get(API.csrf);
    const staff = await apiSession(STAFF);
    await staff.get(API.csrf);
    const title = `Notify e2e ${size.width} ${Date.now()}`;
    const bulletinId = await postBulletin(staff, coachId, title);

    await signIn(page, student);
    await expect(bell(page)).toHaveAttribute('aria-label', /Notifications, \d+ unread/);
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');
    const before = Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label'))!)![1]);
    // The keyboard opens it (Enter on the wide header's button, Space on the phone's) and focus moves in.
    await bell(page).focus();
    await page.keyboard.press(size.width > 375 ? 'Enter' : 'Space');
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
    const popover = page.getByRole('dialog', { name: `Notifications, ${before} unread` });
    await expect(popover).toBeVisible();
    // Focus is in it, on the dialog or its heading (not on an action).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const at = document.activeElement;
          return (
            !!at?.closest('[role="dialog"]') && (at.getAttribute('role') === 'dialog' || at.tagName === 'H2')
          );
        }),
      )
      .toBe(true);
    const row = popover.getByTestId('notification').filter({ hasText: `New bulletin: ${title}` });
    await expect(row).toHaveAttribute('data-read', 'false');
    await expect(row).toContainText('Unread');
    await expect(popover.getByRole('link', { name: 'See all notifications' })).toBeVisible();
    // Inside the screen's width at both sizes (on the phone: the width less a margin).
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await expectNoAxeViolations(page);
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await expect(bell(page)).toHaveAttribute('aria-expanded', 'false');
    // The same, open, in dark mode (the app follows the system setting).
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await bell(page).click();
    await expect(row).toBeVisible();
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    // Opening it (Enter on its button) marks it read and goes to its page; the count drops.
    await row.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/MessageCenter/${coachId}/${bulletinId}/`));
    await expect(popover).toBeHidden();
    await expect(bell(page)).toHaveAttribute(
      'aria-label',
      before - 1 > 0 ? `Notifications, ${before - 1} unread` : 'Notifications',
    );
    await bell(page).click();
    await expect(
      page.getByRole('dialog').getByTestId('notification').filter({ hasText: title }),
    ).toHaveAttribute('data-read', 'true');
    await page.getByRole('dialog').getByRole('link', { name: 'See all notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const pageRow = page.getByTestId('notification').filter({ hasText: `New bulletin: ${title}` });
    await expect(pageRow).toHaveAttribute('data-read', 'true');
    await expectNoAxeViolations(page);

    // The digest: a second new bulletin, then Daily turned on; the e-mail job sends it to the capture.
    const second = `Digest e2e ${size.width} ${Date.now()}`;
    await postBulletin(staff, coachId, second);
    await page.reload();
    const select = page
      .getByRole('textbox', { name: NOTIFICATION_TEXTS.digestLabel })
      .or(page.getByRole('combobox', { name: NOTIFICATION_TEXTS.digestLabel }))
      .first();
    // The select is disabled until the saved setting has loaded; open it once it is enabled.
    await expect(select).toBeEnabled({ timeout: 20_000 });
    const daily = page.getByRole('option', { name: 'Daily', exact: true });
    await expect(async () => {
      if (!(await daily.isVisible())) await select.click();
      await expect(daily).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await daily.click();
    await page.getByRole('button', { name: 'Save digest setting' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved: Daily.' })).toBeVisible();
    await expectNoAxeViolations(page);
    let raw = '';
    await expect
      .poll(
        async () => {
          const all = (await (await fetch(captureUrl())).json()) as Array<{ to: string[]; raw: string }>;
          raw = all.find((m) => m.to.includes(student) && m.raw.includes('X-Course-Coach-Digest'))?.raw ?? '';
          return raw !== '';
        },
        { timeout: 90_000, intervals: [1000] },
      )
      .toBe(true);
    const body = qp(raw.slice(raw.indexOf('\r\n\r\n')));
    expect(body).toContain(`New bulletin: ${second}`);
    expect(body).not.toContain(`New bulletin: ${title}`);
    expect(raw.replace(/\r\n[ \t]+/g, ' ')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const link = /https?:\/\/\S+\/Unsubscribe\/\?token=\S+/.exec(body)![0];

    // Signed out: a fresh browser context with no cookies.
    const anon = await browser.newContext({ viewport: size });
    const out = await anon.newPage();
    await out.goto(link);
    await expect(out.getByTestId('unsubscribe-result')).toContainText(NOTIFICATION_TEXTS.unsubscribed);
    await expectNoAxeViolations(out);
    await out.reload();
    await expect(out.getByTestId('unsubscribe-result')).toContainText(NOTIFICATION_TEXTS.already);
    await out.goto(link.replace(/token=[^&]+/, 'token=1.forged'));
    await expect(out.getByTestId('unsubscribe-result')).toContainText(NOTIFICATION_ERRORS.token);
    await expectNoAxeViolations(out);
    await anon.close();
    const settings = (await (await studentApi.get(API.notificationSettings)).json()) as { digest: string };
    expect(settings.digest).toBe('off');
    await studentApi.dispose();
    await staff.dispose();
  });
}
