import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

test.describe('404 page', () => {
  test('an unknown path shows “Page not found” with a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your home page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown coach page shows the 404 page to a signed-in user', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const dashboard = page.url();
    await page.goto(dashboard.replace(/CoachDetails\/$/, 'no-such-coach-page'));
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to your home page' }).click();
    await expect(page).toHaveURL(dashboard);
  });
});
