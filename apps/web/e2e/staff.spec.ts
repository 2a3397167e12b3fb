import { MESSAGES } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

test('staff land on the institution page, see its coaches and open one', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Coaches' })).toBeVisible();
  const coaches = page.getByTestId('institution-coach');
  await expect(coaches).toHaveCount(3);
  for (const label of ['AAA 2013J', 'DDD 2013B', 'GGG 2013J']) {
    await expect(coaches.filter({ hasText: label })).toHaveCount(1);
  }
  await expect(page.getByText(MESSAGES.noActiveCoaches)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await coaches
    .filter({ hasText: 'DDD 2013B' })
    .getByRole('link', { name: /Open coach dashboard/ })
    .click();
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'DDD 2013B' })).toBeVisible();
  // Staff get the instructor home (docs/instructor-home.md), not a student's grade card.
  await expect(page.getByTestId('instructor-home')).toBeVisible();
  await expect(page.getByTestId('content-tools')).toBeVisible();
  await expect(page.getByTestId('grade-card')).toHaveCount(0);
});
