import { HOME_API, HOME_PAGES, type Home, type MyEngagement } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * The institution's home page (docs/homepage.md) and My engagement (docs/engagement.md), in Chromium at
 * 1280×800 and 375×667, each checked with axe: reached from the header's Home link and the course menu,
 * showing what the API answers, and another institution's home page as the 404 page.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
] as const;

async function homeInstitution(page: Page): Promise<number> {
  const me = (await (await page.request.get('/api/v1/me')).json()) as {
    institutions: Array<{ id: number }>;
    coaches: Array<{ institution_id: number }>;
  };
  return me.institutions[0]?.id ?? me.coaches[0]!.institution_id;
}

/** Opens the Home link of the header (in the phone menu on a phone). */
async function openHome(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('nav-home').filter({ visible: true }).click();
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 768;
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a student’s home page: their coaches with grade, next to-do and unread bulletins', async ({
      page,
    }) => {
      await signIn(page, STUDENT_WITH_GRADES);
      const institutionId = await homeInstitution(page);
      await openHome(page, phone);
      await expect(page).toHaveURL(HOME_PAGES.home(institutionId));
      const home = (await (await page.request.get(HOME_API.home(institutionId))).json()) as Home;
      await expect(page.getByRole('heading', { level: 1, name: home.institution.name })).toBeVisible();
      const cards = page.getByTestId('home-coach');
      await expect(cards).toHaveCount(home.coaches.length);
      const first = home.coaches[0]!;
      await expect(cards.first().getByRole('link', { name: first.label })).toBeVisible();
      await expect(cards.first().getByRole('img', { name: /^Grade earned/ })).toBeVisible();
      await expect(cards.first().getByTestId('home-unread')).toContainText(
        first.unread_bulletins === 0 ? 'No unread bulletins' : `${first.unread_bulletins} unread`,
      );
      await expect(page.getByTestId('home-bulletins')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('staff see the institution’s coaches and set-ups on the home page', async ({ page }) => {
      await signIn(page, STAFF);
      const institutionId = await homeInstitution(page);
      await page.goto(HOME_PAGES.home(institutionId));
      await expect(
        page.getByTestId('home-staff-coaches').getByRole('link', { name: 'AAA 2013J' }),
      ).toBeVisible();
      await expect(page.getByTestId('home-setups')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('another institution’s home page is not found', async ({ page }) => {
      await signIn(page, STUDENT_WITH_GRADES);
      const institutionId = await homeInstitution(page);
      await page.goto(HOME_PAGES.home(institutionId + 1000));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
      await expectNoAxeViolations(page);
    });

    test('My engagement: weekly clicks beside the class median, as a chart and a table, and kinds of material', async ({
      page,
    }) => {
      await signIn(page, STUDENT_WITH_GRADES);
      const coachId = Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
      if (phone) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByTestId('course-nav-list').getByRole('link', { name: 'My engagement' }).click();
      } else {
        await page
          .getByRole('navigation', { name: 'Course' })
          .getByRole('link', { name: 'My engagement' })
          .click();
      }
      await expect(page).toHaveURL(HOME_PAGES.myEngagement(coachId));
      await expect(page.getByRole('heading', { level: 1, name: 'My engagement' })).toBeVisible();
      const mine = (await (await page.request.get(HOME_API.myEngagement(coachId))).json()) as MyEngagement;
      // The demo imports AAA 2013J's click log (seed/engagement.ts), so this coach has one.
      expect(mine.has_log).toBe(true);
      await expect(page.getByRole('img', { name: /Your activity by week/ })).toBeVisible();
      const rows = page.getByTestId('engagement-table').locator('tbody tr');
      await expect(rows).toHaveCount(mine.weeks.length);
      // A week with activity: its clicks and the median the API computed, in the table.
      const busy = mine.weeks.find((w) => w.clicks > 0 && w.class_median !== null) ?? mine.weeks[0]!;
      const row = rows.nth(mine.weeks.indexOf(busy));
      await expect(row.locator('td').nth(1)).toHaveText(String(busy.clicks));
      if (busy.class_median !== null) {
        const median = Number.isInteger(busy.class_median)
          ? String(busy.class_median)
          : busy.class_median.toFixed(1);
        await expect(row.locator('td').nth(2)).toHaveText(median);
      }
      const kinds = page.getByTestId('engagement-kinds').locator('tbody tr');
      await expect(kinds).toHaveCount(mine.kinds.length);
      if (mine.kinds[0]) await expect(kinds.first().locator('th')).toHaveText(mine.kinds[0].label);
      await expectNoAxeViolations(page);
    });
  });
}
