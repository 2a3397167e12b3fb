import { PAGES, UI_TEXTS } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  homeOf,
  STUDENT_WITH_GRADES,
  signIn,
  submitSignIn,
} from './helpers.ts';

test.describe('Sign-in and sign-out', () => {
  test('an unauthenticated visit to a dashboard goes to /login and back after sign-in', async ({
    page,
    request,
  }) => {
    const target = (await homeOf(request, STUDENT_WITH_GRADES)).home;
    expect(target).toMatch(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);

    await page.goto(target);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(target)}`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText(UI_TEXTS.notAuthenticated)).toBeVisible();
    await submitSignIn(page, STUDENT_WITH_GRADES);
    await expect(page).toHaveURL(target);
    await expect(page.getByTestId('grade-card')).toBeVisible();
  });

  test('`/` sends a signed-in user to their home page', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const home = (await (await page.request.get('/api/v1/me')).json()) as { home: string };
    await page.goto('/');
    await expect(page).toHaveURL(home.home);
  });

  test('a `next` that leaves the site is ignored', async ({ page }) => {
    await page.goto(`/login?next=${encodeURIComponent('//evil.example.com/x')}`);
    await submitSignIn(page, STUDENT_WITH_GRADES);
    await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  });

  test('a wrong password shows the server’s message and keeps the user on the form', async ({ page }) => {
    // A distinct address: five failures per address lock it for 15 minutes.
    await page.goto('/login');
    await submitSignIn(page, 's28400@demo.edu', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText(UI_TEXTS.loginFailed);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('after five failures the address is paused and the form says so', async ({ page }) => {
    // An address of nobody: failures count per address (5) and per client IP (20) for 15 minutes, so this
    // uses its own address and stays well below the IP limit together with the other failure tests.
    const email = 'rate-limit-check@demo.edu';
    await page.goto('/login');
    for (let i = 0; i < 5; i += 1) {
      await submitSignIn(page, email, `wrong-${i}`);
      await expect(page.getByRole('alert')).toContainText(UI_TEXTS.loginFailed);
    }
    await submitSignIn(page, email, 'wrong-again');
    await expect(page.getByRole('alert')).toContainText(UI_TEXTS.loginRateLimited);
    await expect(page.getByRole('alert')).toContainText(/You can try again in about \d+ minutes?\./);
  });

  test('empty fields are flagged beside the fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/^Email/)).toBeFocused();
    await expect(page.getByText('This field is required.')).toHaveCount(2);
  });

  test('sign out ends the session and returns to the sign-in page', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    await expect(page.getByTestId('user-name')).toHaveText('Student 11391');
    const dashboard = page.url();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(PAGES.login);
    await expect(page.getByText('You have signed out.')).toBeVisible();
    expect((await page.request.get('/api/v1/me')).status()).toBe(401);
    await page.goto(dashboard);
    await expect(page).toHaveURL(/\/login\?next=/);
  });

  test('the sign-in page has no axe-core violations (WCAG 2.1 A/AA), also with errors shown', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the sign-in form works with the keyboard alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel(/^Email/).focus();
    await page.keyboard.type(STUDENT_WITH_GRADES);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(/^Password/)).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  });
});
