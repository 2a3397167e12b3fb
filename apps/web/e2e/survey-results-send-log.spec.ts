import {
  EMAIL_LOG_TEXTS,
  EMAIL_PAGES,
  SURVEY_PAGES,
  SURVEY_RESULTS_TEXTS,
  SURVEY_TEXTS,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, signIn } from './helpers.ts';

/**
 * Survey results and the email send log in Chromium against the seeded demo, with axe-core at
 * 1280×800 and 375×667 (docs/emails-surveys.md). s576761 is a student of GGG 2013J only; the demo's
 * Welcome email has two recipients seeded `unconfirmed` in every coach.
 */
const STUDENT = 's576761@demo.edu';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];

async function axeAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(SIZES[0]!);
}

test('staff see a survey’s results as charts with data tables and the individual answers', async ({
  page,
  request,
}) => {
  const coachId = (await homeOf(request, STUDENT)).coaches[0]!.id;
  const title = 'Age check (results e2e)';
  await signIn(page, STAFF);
  await page.goto(SURVEY_PAGES.edit(coachId, 'new'));
  await page.getByLabel(SURVEY_TEXTS.title).fill(title);
  await page.getByLabel(SURVEY_TEXTS.status).selectOption('Published');
  await page.getByRole('button', { name: SURVEY_TEXTS.addQuestion }).click();
  await page
    .getByLabel(`${SURVEY_TEXTS.characteristic} (${SURVEY_TEXTS.question(1)})`)
    .selectOption('age_band');
  await page.getByRole('button', { name: SURVEY_TEXTS.save }).click();
  await expect(page).toHaveURL(new RegExp(`${SURVEY_PAGES.manager(coachId)}$`));

  // No answers yet: the empty state.
  await page.getByRole('link', { name: `${SURVEY_RESULTS_TEXTS.results}: ${title}` }).click();
  await expect(
    page.getByRole('heading', { name: SURVEY_RESULTS_TEXTS.title(title), level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('no-responses')).toHaveText(SURVEY_RESULTS_TEXTS.noResponses);
  const resultsUrl = page.url();

  await page.context().clearCookies();
  await signIn(page, STUDENT);
  await page.goto(SURVEY_PAGES.list(coachId));
  await page
    .getByTestId('student-survey')
    .filter({ hasText: title })
    .getByRole('link', { name: title })
    .click();
  await page.getByRole('radio', { name: '35-55' }).check();
  await page.getByRole('button', { name: SURVEY_TEXTS.submit }).click();
  await expect(page.getByText(SURVEY_TEXTS.thanks)).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, STAFF);
  await page.goto(resultsUrl);
  await expect(page.getByTestId('responses-count')).toHaveText(SURVEY_RESULTS_TEXTS.responses(1));
  const question = page.getByTestId('question-result');
  await expect(question.getByRole('img')).toBeVisible();
  await expect(question.getByRole('row', { name: /35-55/ })).toContainText('100%');
  await expect(page.getByTestId('individual-answers')).toContainText('35-55');
  await expect(page.getByRole('link', { name: SURVEY_RESULTS_TEXTS.exportCsv })).toHaveAttribute(
    'href',
    /\/results\.csv$/,
  );
  await axeAtBothSizes(page);
});

test('staff read an email’s send log and resend to the unconfirmed recipients once', async ({
  page,
  request,
}) => {
  const coachId = (await homeOf(request, STUDENT)).coaches[0]!.id;
  await signIn(page, STAFF);
  await page.goto(EMAIL_PAGES.manager(coachId));
  await page.getByRole('link', { name: `${EMAIL_LOG_TEXTS.sendLog}: Welcome email` }).click();
  await expect(
    page.getByRole('heading', { name: EMAIL_LOG_TEXTS.title('Welcome email'), level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('count-unconfirmed')).toHaveText('2');
  await expect(page.getByTestId('count-failed')).toHaveText('0');
  const delivered = Number(await page.getByTestId('count-delivered').textContent());
  expect(delivered).toBeGreaterThan(0);
  await expect(page.getByTestId('log-recipients').getByRole('row')).toHaveCount(3);
  await axeAtBothSizes(page);

  await page.getByRole('button', { name: EMAIL_LOG_TEXTS.resend }).click();
  await expect(page.getByText(EMAIL_LOG_TEXTS.resendConfirm)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: EMAIL_LOG_TEXTS.resend }).click();
  await expect(page.getByTestId('resend-result')).toHaveText(EMAIL_LOG_TEXTS.resent(2, 0));
  await expect(page.getByTestId('count-unconfirmed')).toHaveText('0');
  await expect(page.getByTestId('count-delivered')).toHaveText(String(delivered + 2));
  await expect(page.getByTestId('log-none')).toHaveText(EMAIL_LOG_TEXTS.none);
  // Nobody is left to resend to: the action is off.
  await expect(page.getByRole('button', { name: EMAIL_LOG_TEXTS.resend })).toBeDisabled();
  await axeAtBothSizes(page);
});
