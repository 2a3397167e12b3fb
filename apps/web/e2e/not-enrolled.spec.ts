import { API, PAGES } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * A student who opens a coach they are not enrolled in (any page of it) gets one page saying so, with links
 * to their own coaches, and no staff controls or error boxes (CoachMemberGate, docs/architecture.md).
 */
test.describe('not enrolled', () => {
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
      // A real coach of the institution and one that does not exist read the same, on every page of it.
      for (const url of [
        PAGES.coachDetails(other.id),
        PAGES.bulletins(other.id),
        `/Dashboard/Coach/${other.id}/ContentManager/Bulletins/`,
        '/Dashboard/Coach/999999/CoachDetails/',
        `/MessageCenter/${other.id}/1`,
      ]) {
        await page.goto(url);
        await expect(
          page.getByRole('heading', { level: 1, name: 'You are not enrolled in this course' }),
        ).toBeVisible();
        await expect(page.getByRole('link', { name: 'AAA 2013J' })).toBeVisible();
        await expect(page.getByText(/Manage/)).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
        await expect(page.getByRole('alert')).toHaveCount(0);
        // No staff links in the header or the phone menu either.
        for (const id of ['nav-insight-groups', 'nav-characteristics', 'nav-administration']) {
          await expect(page.getByTestId(id)).toHaveCount(0);
        }
      }
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'AAA 2013J' }).click();
      await expect(page).toHaveURL(PAGES.coachDetails(ownId));
    });
  }
});
