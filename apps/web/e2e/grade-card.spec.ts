import { API, GradeDataSchema, gradeBar, MESSAGES } from '@course-coach/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STUDENT_WITH_GRADES, STUDENT_WITHOUT_POINTS, signIn } from './helpers.ts';

const DASHBOARD = /\/Dashboard\/Coach\/(\d+)\/CoachDetails\/$/;

/** The coach id of the dashboard the page shows. */
function coachIdOf(page: Page): string {
  const match = DASHBOARD.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not on a coach dashboard: ${page.url()}`);
  return match[1];
}

/** A segment's width as a percentage of the whole bar, from the rendered layout. */
async function widthPercent(segment: Locator, bar: Locator): Promise<number> {
  const [s, b] = await Promise.all([segment.boundingBox(), bar.boundingBox()]);
  if (!s || !b) throw new Error('segment or bar not rendered');
  return (s.width / b.width) * 100;
}

test.describe('Grade visualization card', () => {
  test('a student signs in, lands on their coach dashboard and sees the grade bar', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    await expect(page).toHaveURL(DASHBOARD);
    await expect(page.getByRole('heading', { level: 1, name: 'AAA 2013J' })).toBeVisible();
    const coachId = coachIdOf(page);

    // The expected figures, from the API itself (same cookies as the page), rounded as the card rounds.
    const response = await page.request.get(API.gradeData(coachId));
    expect(response.status()).toBe(200);
    const data = GradeDataSchema.parse(await response.json());
    const expected = gradeBar(data);

    // And one case checked independently: s11391 in AAA 2013J at the demo's current day 134.
    expect(data.current_day).toBe(134);
    expect(expected).toEqual({ earned: 20.4, missed: 4.6, remaining: 75 });

    const card = page.getByTestId('grade-card');
    await expect(card).toBeVisible();
    const bar = card.getByRole('img');
    await expect(bar).toHaveAccessibleName(/earned 20\.4%, missed 4\.6%, remaining 75%/);
    await expect(card.getByText(MESSAGES.gradeYouAreHere)).toBeVisible();
    await expect(card.getByTestId('grade-legend-earned')).toHaveText(`Earned ${expected.earned}%`);
    await expect(card.getByTestId('grade-legend-missed')).toHaveText(`Missed ${expected.missed}%`);
    await expect(card.getByTestId('grade-legend-remaining')).toHaveText(`Remaining ${expected.remaining}%`);
    await expect(card.getByTestId('grade-current-score')).toContainText(`${data.current_score}%`);
    await expect(card.getByText(MESSAGES.gradeNothingRemaining)).toHaveCount(0);

    // Rendered widths match the rounded figures (within half a percent of sub-pixel layout).
    expect(await widthPercent(card.getByTestId('grade-earned'), bar)).toBeCloseTo(expected.earned, 0);
    expect(await widthPercent(card.getByTestId('grade-missed'), bar)).toBeCloseTo(expected.missed, 0);
    expect(await widthPercent(card.getByTestId('grade-remaining'), bar)).toBeCloseTo(expected.remaining, 0);

    // The marker's line sits at the boundary between graded (earned + missed) and remaining work.
    const barBox = await bar.boundingBox();
    const missedBox = await card.getByTestId('grade-missed').boundingBox();
    const markerBox = await card.getByTestId('grade-marker').boundingBox();
    if (!barBox || !missedBox || !markerBox) throw new Error('bar not rendered');
    expect(Math.abs(markerBox.x - (missedBox.x + missedBox.width))).toBeLessThan(2);
    expect(((markerBox.x - barBox.x) / barBox.width) * 100).toBeCloseTo(expected.earned + expected.missed, 0);
  });

  test('a student with no points sees the zero-points text and no bar', async ({ page }) => {
    await signIn(page, STUDENT_WITHOUT_POINTS);
    await expect(page).toHaveURL(DASHBOARD);
    const data = GradeDataSchema.parse(await (await page.request.get(API.gradeData(coachIdOf(page)))).json());
    expect(data.grade_earned).toBe(0);
    const card = page.getByTestId('grade-card');
    await expect(card.getByText(MESSAGES.gradeNoPoints('AAA 2013J'))).toBeVisible();
    await expect(card.getByRole('img')).toHaveCount(0);
    await expect(card.getByText(MESSAGES.gradeYouAreHere)).toHaveCount(0);
  });

  test('the grade card links to the grade page: the card and the class charts, at both sizes', async ({
    page,
  }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const coachId = coachIdOf(page);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/Dashboard/Coach/${coachId}/CoachDetails/`);
      await page
        .getByTestId('grade-card')
        .getByRole('link', { name: 'See your grades and the class charts' })
        .click();
      await expect(page).toHaveURL(new RegExp(`/Dashboard/Coach/${coachId}/Grades/$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Your grades' })).toBeVisible();
      await expect(page.getByTestId('grade-bar')).toBeVisible();
      await expect(page.getByTestId('grade-charts')).toBeVisible();
      await expect(page.getByTestId('grade-card').getByTestId('grade-page-link')).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });

  test('the coach dashboard has no axe-core violations (WCAG 2.1 A/AA)', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    await expect(page.getByTestId('grade-bar')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the dashboard works on a phone: the bar fits and the menu holds Sign out', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, STUDENT_WITH_GRADES);
    const card = page.getByTestId('grade-card');
    await expect(card.getByText(MESSAGES.gradeYouAreHere)).toBeVisible();
    // No horizontal scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Student 11391')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
