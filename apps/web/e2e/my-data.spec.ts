import {
  CHART_TEXTS,
  MY_DATA_API,
  MY_DATA_PAGES,
  MY_DATA_TEXTS,
  MyDataSchema,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/**
 * My data and Student privacy (docs/my-data.md, docs/charts.md) at 1280 × 800 and 375 × 667, with axe:
 * the student opens My data from the course menu, sees their characteristics, downloads their data
 * (only their own), turns peer comparison off (the dashboard charts then show only their own score) and
 * back on; staff open Student privacy and get a field error for a floor of 0.
 *
 * s45642 is a student of AAA 2013J used by no other spec (their choice is restored at the end).
 */
const STUDENT = 's45642@demo.edu';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];

test.describe.configure({ mode: 'serial' });

async function coachOf(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  return Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
}

for (const viewport of VIEWPORTS) {
  test(`student: My data at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, STUDENT);
    const coachId = await coachOf(page);
    if (viewport.width >= 1280) {
      await page.getByRole('navigation', { name: 'Course' }).getByRole('link', { name: 'My data' }).click();
    } else {
      await page.goto(MY_DATA_PAGES.myData(coachId));
    }
    await expect(page).toHaveURL(new RegExp(`${MY_DATA_PAGES.myData(coachId)}$`));
    await expect(page.getByRole('heading', { level: 1, name: MY_DATA_TEXTS.title })).toBeVisible();
    await expect(page.getByTestId('my-characteristics')).toBeVisible();
    await expectNoAxeViolations(page);

    // The downloads hold this student's data only.
    const json = await page.request.get(MY_DATA_API.myDataJson(coachId));
    expect(json.status()).toBe(200);
    const data = MyDataSchema.parse(await json.json());
    expect(data.student.email).toBe(STUDENT);
    const rows = page.getByTestId('my-characteristic');
    await expect(rows).toHaveCount(data.characteristics.length);
    const csv = await page.request.get(MY_DATA_API.myDataCsv(coachId));
    expect((await csv.text()).trim().split('\n')).toHaveLength(data.characteristics.length + 1);

    // Peer comparison off: the dashboard shows only the student's own progress; then back on.
    const toggle = page.getByRole('switch', { name: MY_DATA_TEXTS.comparisonLabel });
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(page.getByText(MY_DATA_TEXTS.comparisonOff)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/Dashboard/Coach/${coachId}/CoachDetails/`);
    await expect(page.getByTestId('grade-charts-hidden')).toContainText(CHART_TEXTS.hiddenOptedOut);
    await page.goto(MY_DATA_PAGES.myData(coachId));
    await page.getByRole('switch', { name: MY_DATA_TEXTS.comparisonLabel }).click({ force: true });
    await expect(page.getByText(MY_DATA_TEXTS.comparisonOn)).toBeVisible();
    await page.goto(`/Dashboard/Coach/${coachId}/CoachDetails/`);
    await expect(page.getByTestId('grade-charts-quartiles')).toBeVisible();

    // "Why am I seeing this?" on a bulletin: a popover with the reason in words.
    await page.goto(`/Dashboard/Coach/${coachId}/Bulletins/`);
    await page.getByTestId('why-link').first().click();
    const popover = page.getByRole('dialog', { name: MY_DATA_TEXTS.whyTitle });
    await expect(popover).toBeVisible();
    await expect(
      popover.getByText(/You see this because:|Everyone in this course sees this\./),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // The popover's code loaded at that first press: Escape closes it and gives focus back to the link.
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(page.getByTestId('why-link').first()).toBeFocused();
  });

  test(`staff: Student privacy at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, STAFF);
    await page
      .getByTestId('institution-coach')
      .filter({ hasText: 'AAA 2013J' })
      .getByRole('link', { name: /Open coach dashboard/ })
      .click();
    const coachId = await coachOf(page);
    await page.goto(MY_DATA_PAGES.privacySettings(coachId));
    await expect(page.getByRole('heading', { level: 1, name: MY_DATA_TEXTS.settingsTitle })).toBeVisible();
    await expect(page.getByTestId('chart-settings-form')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel(MY_DATA_TEXTS.minBar).fill('0');
    await page.getByRole('button', { name: MY_DATA_TEXTS.saveSettings }).click();
    await expect(page.getByText('The smallest bar must be at least 1.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
