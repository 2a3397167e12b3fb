import {
  API,
  CHART_TEXTS,
  CoachUserAnalyticsSchema,
  CreditItemListSchema,
  GradeDistributionSchema,
  HISTORY_TEXTS,
  PAGES,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

const DASHBOARD = /\/Dashboard\/Coach\/(\d+)\/CoachDetails\/$/;

function coachIdOf(page: Page): string {
  const match = DASHBOARD.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not on a coach dashboard: ${page.url()}`);
  return match[1];
}

test.describe('Activity cards, class charts and completion history', () => {
  test('a demo student sees full activity cards, the charts with their grade, and their history', async ({
    page,
  }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    await expect(page).toHaveURL(DASHBOARD);
    const coachId = coachIdOf(page);

    // Overall count: the same figures as the API.
    const overall = CoachUserAnalyticsSchema.parse(
      await (await page.request.get(API.coachUserAnalytics(coachId))).json(),
    );
    expect(overall.total_assignments_count).toBeGreaterThan(0);
    const overallCard = page.getByTestId('activity-overall');
    await expect(overallCard.getByTestId('overall-completed')).toHaveText(
      String(overall.total_completed_assignments),
    );
    await expect(overallCard.getByTestId('overall-total')).toHaveText(
      `Of ${overall.total_assignments_count} Items Complete`,
    );

    // The demo has six live bulletins in three topics plus one general one, three surveys and released playbooks.
    const bulletins = page.getByTestId('activity-bulletins');
    await expect(bulletins.getByTestId('activity-bulletins-headline')).toContainText('of 6 Bulletins read');
    await expect(bulletins.getByTestId('activity-bulletins-breakdown')).toContainText('General Bulletins');
    await expect(page.getByTestId('activity-surveys').getByTestId('survey-percentage')).toBeVisible();
    const playbooks = page.getByTestId('activity-playbooks');
    await expect(playbooks.getByRole('heading', { name: 'Exam Playbook Planning' })).toBeVisible();
    await expect(playbooks.getByTestId('playbook-entry')).toHaveCount(2);
    await expect(playbooks.getByText('Your tutor will confirm the date.')).toBeVisible();

    // Charts: the student's band is highlighted as 'Your Grade' and with their percentile.
    const chartData = GradeDistributionSchema.parse(
      await (await page.request.get(API.gradeDistribution(coachId))).json(),
    );
    expect(chartData.student?.grade).toBe(81.6);
    const histogram = page.getByTestId('chart-histogram');
    await expect(histogram.locator('[data-highlighted="true"]')).toHaveAttribute('data-band', '80–90%');
    await expect(histogram.getByTestId('chart-highlight-label')).toHaveText(CHART_TEXTS.yourGrade);
    await expect(page.getByTestId('chart-distribution').getByTestId('chart-highlight-label')).toHaveText(
      CHART_TEXTS.percentileLabel(chartData.percentile!),
    );
    await expect(histogram.getByTestId('chart-median')).toBeVisible();
    await expect(page.getByText(CHART_TEXTS.xAxis).first()).toBeVisible();

    // History: the credit table lists the demo's for-credit items with a status word.
    const credits = CreditItemListSchema.parse(
      await (await page.request.get(API.userCredits(coachId))).json(),
    );
    // Two live bulletins, two surveys and the Exam Playbook (seed/content.ts).
    expect(credits.length).toBe(5);
    const history = page.getByTestId('history');
    await expect(history.getByRole('heading', { name: HISTORY_TEXTS.creditTable })).toBeVisible();
    await expect(history.getByTestId('history-credit-table').getByRole('row')).toHaveCount(
      credits.length + 1,
    );
    await expect(history.getByTestId('history-note')).toHaveText(HISTORY_TEXTS.note);
    await expect(history.getByTestId('history-credit-table')).toContainText(
      /\d{1,2}\.\d{1,2}\.\d{2} - \d{1,2}:\d{2}(AM|PM)/,
    );

    await expectNoAxeViolations(page);

    // The histogram's data table is the accessible alternative.
    await page.getByTestId('grade-charts').getByText(CHART_TEXTS.showTable).first().click();
    const table = page.getByTestId('chart-table-histogram');
    await expect(table.locator('tr[data-highlighted="true"]')).toContainText('80–90% (Your Grade)');
    await expectNoAxeViolations(page);
  });

  test('completing a to-do updates the To-Dos card, the overall count and the history without a reload', async ({
    page,
  }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const headline = page.getByTestId('activity-todos-headline');
    await expect(headline).toContainText(/^\d+ of \d+ To-Dos completed$/);
    const [done, total] = ((await headline.textContent()) ?? '').match(/\d+/g)!.map(Number) as [
      number,
      number,
    ];
    const overall = page.getByTestId('overall-completed');
    const overallBefore = Number(await overall.textContent());
    const box = page.getByTestId('todo-card').getByRole('checkbox', { name: 'Try the practice quiz' });
    const before = await box.isChecked();
    const step = before ? -1 : 1;
    await box.click();
    await expect(headline).toHaveText(`${done + step} of ${total} To-Dos completed`);
    await expect(overall).toHaveText(String(overallBefore + step));
    const otherRow = page.getByTestId('history').getByRole('row', { name: /Try the practice quiz/ });
    await expect(otherRow).toHaveCount(before ? 0 : 1);
    // Back as it was.
    await box.click();
    await expect(headline).toHaveText(`${done} of ${total} To-Dos completed`);
    await expect(overall).toHaveText(String(overallBefore));
  });

  test('the history and activity pages of their own', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const coachId = coachIdOf(page);
    await page.getByRole('link', { name: HISTORY_TEXTS.openPage }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGES.history(coachId)}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'AAA 2013J: history' })).toBeVisible();
    await expect(page.getByTestId('history-credit-table')).toBeVisible();
    await expect(page.getByTestId('history-other-table')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(PAGES.activity(coachId));
    await expect(page.getByTestId('activity-bulletins')).toBeVisible();
    await expect(page.getByTestId('chart-histogram')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('staff see the class charts on a coach dashboard without a highlighted bar', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const coachId = coachIdOf(page);
    await page.context().clearCookies();
    await signIn(page, STAFF);
    await page.goto(`/Dashboard/Coach/${coachId}/CoachDetails/`);
    const histogram = page.getByTestId('chart-histogram');
    await expect(histogram).toBeVisible();
    await expect(histogram.locator('[data-highlighted="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
