import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn } from './helpers.ts';

/**
 * The instructor home (docs/instructor-home.md): AAA 2013J's instructor signs in, sees the home with the
 * students needing attention and their reasons, and opens one student's dashboard read-only through
 * "View as student". axe at 1280 × 800 and 375 × 667 on both screens.
 */
const INSTRUCTOR = 'instructor-aaa-2013j@demo.edu';
const REASON =
  /Grade progress \d+ % — below the class’s lower quartile|No activity (in \d+ weeks|this term)|\d+ of \d+ to-dos overdue/;

test('an instructor sees who needs attention and views one student’s dashboard read-only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, INSTRUCTOR);
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  const home = page.getByTestId('instructor-home');
  await expect(home).toBeVisible();
  await expect(page.getByTestId('content-tools').getByRole('link', { name: 'Bulletins' })).toBeVisible();
  await expect(page.getByTestId('instructor-home-summary')).toContainText('Students');
  const rows = page.getByTestId('needs-attention-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(rows.first()).toContainText(REASON);
  // The student grade card is not on the instructors' page.
  await expect(page.getByTestId('grade-card')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Sorting by name reorders the list (and keeps the reasons).
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  const sorted = page.waitForResponse(
    (r) => r.url().includes('/instructor-home?') && r.url().includes('sort=name'),
  );
  await page.getByRole('option', { name: 'Name' }).click();
  expect((await sorted).status()).toBe(200);
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(rows.first()).toContainText(REASON);

  const first = rows.first();
  const name = (await first.locator('p').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await first.getByRole('link', { name: `View as student: ${name}` }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/ViewAsStudent\/\d+\/$/);
  await expect(page.getByTestId('view-as-banner')).toContainText(
    `You are viewing ${name}’s dashboard as they see it.`,
  );
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const dashboard = page.getByTestId('view-as-dashboard');
  await expect(dashboard.getByTestId('grade-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  // Every card had its answer in the student's parts: none shows an error.
  await expect(dashboard.getByRole('alert')).toHaveCount(0);
  // Read-only: no student actions on the to-do card.
  await expect(dashboard.getByRole('button', { name: /Add your own/i })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 375, height: 667 });
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the instructor home' }).click();
  await expect(home).toBeVisible();
});
