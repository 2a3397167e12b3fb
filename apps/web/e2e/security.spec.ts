import { BULLETIN_UI_TEXTS, type Me, PAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * The built app and the API docs run under the server's Content-Security-Policy:
 * key screens load and work with no CSP violation reported, and the app cannot be framed.
 */

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records CSP violations on `page`: the `securitypolicyviolation` event (registered through the
 * DevTools protocol, which CSP does not block) and any console error about a policy.
 */
async function watchCsp(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[] }> {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => {
    violations.push(v);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy|refused to/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  return { violations, consoleErrors };
}

test.describe('Content-Security-Policy', () => {
  test('sign-in, a student dashboard and a staff rich-text editor load with no CSP violation', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const csp = await watchCsp(page);

    const login = await page.goto('/login');
    expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await signIn(page, STUDENT_WITH_GRADES);
    await expect(page.getByTestId('grade-card')).toBeVisible();
    const me = (await (await page.request.get('/api/v1/me')).json()) as Me;
    const coachId = me.coaches[0]!.id;
    await page.goto(PAGES.bulletins(coachId));
    await page.waitForLoadState('networkidle');

    // Staff: the bulletin editor with its rich-text field (tiptap), typed into.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(PAGES.login);
    await signIn(page, STAFF);
    await page.goto(PAGES.bulletinManager(coachId));
    await page.getByRole('link', { name: BULLETIN_UI_TEXTS.newBulletin }).click();
    await expect(page).toHaveURL(/\/ContentManager\/EditBulletin\/new\/$/);
    await page.getByTestId('bulletin-description').click();
    await page.keyboard.type('Checked under the CSP.');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' Bold too.');
    await expect(page.getByTestId('bulletin-description')).toContainText('Checked under the CSP. Bold too.');
    await page.waitForLoadState('networkidle');

    // No violation at all, zod's `new Function('')` feature probe included: the build runs
    // `z.config({ jitless: true })` before any schema is built (vite.config.ts, the zod chunk).
    expect(csp.violations).toEqual([]);
    expect(csp.consoleErrors).toEqual([]);
  });

  test('the API docs (Swagger UI) load with no CSP violation', async ({ page }) => {
    const csp = await watchCsp(page);
    const res = await page.goto('/api/docs');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Course Coach API', {
      timeout: 30_000,
    });
    // Open one operation, which renders its schemas and example values.
    await page.locator('.opblock-summary', { hasText: '/api/health' }).first().click();
    await expect(page.locator('.opblock-body').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(csp.violations).toEqual([]);
    expect(csp.consoleErrors).toEqual([]);
  });

  test('another site cannot frame the app (frame-ancestors)', async ({ page, baseURL }) => {
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) blocked.push(message.text());
    });
    // A page of another origin (about:blank with our HTML) framing the sign-in page.
    await page.setContent(`<iframe title="framed" src="${baseURL}/login"></iframe>`);
    await expect.poll(() => blocked.length).toBeGreaterThan(0);
    const framed = page.frameLocator('iframe[title="framed"]');
    await expect(framed.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
  });
});

test.describe('Sign out everywhere', () => {
  // A demo student no other spec signs in as: ending their sessions disturbs no other test.
  const STUDENT = 's45462@demo.edu';

  test('the account menu ends the sessions on every device, keyboard only', async ({ browser }) => {
    const laptop = await browser.newContext();
    const phone = await browser.newContext({ viewport: { width: 375, height: 667 } });
    try {
      const onLaptop = await laptop.newPage();
      const onPhone = await phone.newPage();
      await signIn(onLaptop, STUDENT);
      await signIn(onPhone, STUDENT);
      expect((await onPhone.request.get('/api/v1/me')).status()).toBe(200);

      // On the laptop: Tab to the name, open the account menu with Enter, choose the item.
      const account = onLaptop.getByTestId('user-name');
      await account.focus();
      await onLaptop.keyboard.press('Enter');
      await expect(onLaptop.getByRole('menu')).toBeVisible();
      // The open menu passes axe too, once its opening transition has ended (colours mid-fade read wrong).
      await expect
        .poll(() =>
          onLaptop.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
        )
        .toBe(0);
      await expectNoAxeViolations(onLaptop);
      await onLaptop.getByRole('menuitem', { name: 'Sign out everywhere' }).focus();
      await onLaptop.keyboard.press('Enter');
      await expect(onLaptop).toHaveURL(PAGES.login);
      await expect(onLaptop.getByText('You have signed out.')).toBeVisible();

      // The phone's session is gone too: the API refuses it and the app asks to sign in again.
      expect((await onPhone.request.get('/api/v1/me')).status()).toBe(401);
      await onPhone.reload();
      await expect(onPhone).toHaveURL(/\/login/);
    } finally {
      await laptop.close();
      await phone.close();
    }
  });
});
