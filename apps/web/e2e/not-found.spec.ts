import { API, PAGES } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

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

  for (const size of [
    { name: 'wide', width: 1280, height: 800 },
    { name: 'phone', width: 375, height: 667 },
  ]) {
    test(`a coach the student is not in says so, links their own coaches and shows no staff controls (${size.name})`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const staff = await homeOf(request, STAFF);
      const coaches = (await (
        await request.get(API.institutionCoaches(staff.institutions[0]!.id))
      ).json()) as Array<{ id: number; label: string }>;
      await signIn(page, STUDENT_WITH_GRADES);
      const ownId = Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
      const other = coaches.find((c) => c.id !== ownId)!;
      // A real coach of the institution and one that does not exist read the same.
      for (const url of [
        PAGES.coachDetails(other.id),
        '/Dashboard/Coach/999999/CoachDetails/',
        `/MessageCenter/${other.id}/1`,
      ]) {
        await page.goto(url);
        await expect(
          page.getByRole('heading', { level: 1, name: 'You are not enrolled in this course' }),
        ).toBeVisible();
        await expect(page.getByText('Manage bulletins')).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'AAA 2013J' }).click();
      await expect(page).toHaveURL(PAGES.coachDetails(ownId));
    });
  }
});
