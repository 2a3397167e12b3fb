import { EMAIL_PAGES, EMAIL_TEXTS, SURVEY_PAGES, SURVEY_TEXTS } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, signIn } from './helpers.ts';

/**
 * Emails and surveys in Chromium against the seeded demo: staff write an email with a section
 * for one characteristic value and a survey whose question asks a characteristic; a student answers the
 * survey. axe-core on every screen. s576761 is a student of GGG 2013J only (OULAD: not withdrawn); no
 * other spec uses them.
 */
const STUDENT = 's576761@demo.edu';

test('staff write an email with a section for one characteristic value', async ({ page, request }) => {
  const coachId = (await homeOf(request, STUDENT)).coaches[0]!.id;
  await signIn(page, STAFF);
  await page.goto(EMAIL_PAGES.manager(coachId));
  await expect(page.getByRole('heading', { name: EMAIL_TEXTS.managerTitle, level: 1 })).toBeVisible();
  // The demo's delivered welcome email has no Edit link; the scheduled reminder has one.
  const welcome = page.getByTestId('email-row').filter({ hasText: 'Welcome email' });
  await expect(welcome.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Edit Welcome email' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit Exam week reminder' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: EMAIL_TEXTS.newEmail }).click();
  await expect(page).toHaveURL(/\/ContentManager\/EditEmail\/new\/?$/);
  await page.getByLabel(EMAIL_TEXTS.title).fill('Lab safety (e2e)');
  await page.getByLabel(EMAIL_TEXTS.subject).fill('Before your first lab');
  await page.getByTestId('email-section-0').click();
  await page.keyboard.type('Read the lab safety notes.');
  await page.getByRole('button', { name: EMAIL_TEXTS.addSection }).click();
  await page.getByLabel(`${EMAIL_TEXTS.sectionFor} (${EMAIL_TEXTS.section(2)})`).selectOption('gender');
  await page.getByLabel(`Gender (${EMAIL_TEXTS.section(2)})`).selectOption('F');
  await page.getByTestId('email-section-1').click();
  await page.keyboard.type('Women in STEM lab buddies meet first.');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: EMAIL_TEXTS.save }).click();

  await expect(page).toHaveURL(new RegExp(`${EMAIL_PAGES.manager(coachId)}$`));
  const row = page.getByTestId('email-row').filter({ hasText: 'Lab safety (e2e)' });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: 'Edit Lab safety (e2e)' }).click();
  await expect(page.getByLabel(EMAIL_TEXTS.subject)).toHaveValue('Before your first lab');
  await expect(page.getByLabel(`Gender (${EMAIL_TEXTS.section(2)})`)).toHaveValue('F');
  await expect(page.getByTestId('email-section-1')).toContainText('Women in STEM lab buddies meet first.');
});

test('staff write a survey; a student answers it and sees it answered', async ({ page, request }) => {
  const coachId = (await homeOf(request, STUDENT)).coaches[0]!.id;
  await signIn(page, STAFF);
  await page.goto(SURVEY_PAGES.manager(coachId));
  await expect(page.getByRole('heading', { name: SURVEY_TEXTS.managerTitle, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: SURVEY_TEXTS.newSurvey }).click();
  await page.getByLabel(SURVEY_TEXTS.title).fill('Your age band (e2e)');
  await page.getByLabel(SURVEY_TEXTS.status).selectOption('Published');
  await page.getByRole('button', { name: SURVEY_TEXTS.addQuestion }).click();
  await page
    .getByLabel(`${SURVEY_TEXTS.characteristic} (${SURVEY_TEXTS.question(1)})`)
    .selectOption('age_band');
  await page
    .getByLabel(`${SURVEY_TEXTS.prompt} (${SURVEY_TEXTS.question(1)})`)
    .fill('Which age band are you in?');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: SURVEY_TEXTS.save }).click();
  await expect(page).toHaveURL(new RegExp(`${SURVEY_PAGES.manager(coachId)}$`));
  const row = page.getByTestId('survey-row').filter({ hasText: 'Your age band (e2e)' });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, STUDENT);
  await page.goto(SURVEY_PAGES.list(coachId));
  const card = page.getByTestId('student-survey').filter({ hasText: 'Your age band (e2e)' });
  await expect(card.getByText(SURVEY_TEXTS.notAnswered)).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('link', { name: 'Your age band (e2e)' }).click();
  await expect(page.getByRole('heading', { name: 'Your age band (e2e)', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: '35-55' }).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: SURVEY_TEXTS.submit }).click();
  await expect(page.getByText(SURVEY_TEXTS.thanks)).toBeVisible();
  await page.goto(SURVEY_PAGES.list(coachId));
  await expect(
    page
      .getByTestId('student-survey')
      .filter({ hasText: 'Your age band (e2e)' })
      .getByText(SURVEY_TEXTS.answered),
  ).toBeVisible();
});
