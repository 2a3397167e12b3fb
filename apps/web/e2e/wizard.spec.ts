import {
  API,
  type CoachListEntry,
  WIZARD_API,
  WIZARD_ERRORS,
  WIZARD_PAGES,
  WIZARD_QUESTIONS,
  WIZARD_TEXTS,
  type WizardReferenceData,
  WizardSetupListSchema,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

const wizard = (page: Page) => page.locator('[data-wizard="coach-setup"]');

/** Waits until the wizard shows `step` (its wrapper's data-step) and its form or screen has loaded. */
async function atStep(page: Page, step: string): Promise<void> {
  await expect(wizard(page)).toHaveAttribute('data-step', step, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0, {
    timeout: 20_000,
  });
}

/** Picks `option` (or the first option) of a Mantine Select labelled `label`. */
async function choose(page: Page, label: RegExp, option?: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  if (option) await listbox.getByRole('option', { name: option }).click();
  else await listbox.getByRole('option').first().click();
}

/**
 * A course and a term with no coach yet: an OULAD module the e2e seed did not import, in the demo's
 * earliest term (so the new coach sorts after the seeded ones in the institution's coach list).
 */
async function freeCourseAndTerm(page: Page, institutionId: string) {
  const reference = (
    (await (await page.request.get(WIZARD_API.data(institutionId))).json()) as WizardReferenceData[]
  )[0]!;
  const coaches = (await (
    await page.request.get(API.institutionCoaches(institutionId))
  ).json()) as (CoachListEntry & {
    course: string;
    term: string;
  })[];
  const term = reference.terms.find((t) => t.code === '2013B')!;
  const course = reference.courses.find(
    (c) => c.code !== 'AAA' && !coaches.some((k) => k.course === c.code && k.term === term.code),
  )!;
  return { course, term };
}

test('staff create a coach through every step, leave with Save & Exit, resume, and find it in the institution view', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  const institutionId = /Institution\/(\d+)\//.exec(page.url())![1]!;
  // A set-up left over by an earlier attempt of this test is discarded first.
  const setups = WizardSetupListSchema.parse(
    await (await page.request.get(WIZARD_API.start(institutionId))).json(),
  );
  for (const s of setups.filter((x) => x.label.startsWith('E2E coach'))) {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
    await page.request.delete(WIZARD_API.discard(institutionId, s.coach_id), {
      headers: { 'X-CSRFToken': csrf },
    });
  }
  const { course, term } = await freeCourseAndTerm(page, institutionId);
  const coachName = `E2E coach ${course.code} ${term.code}`;

  // Entry point: the institution's coach dashboard.
  await page.getByRole('link', { name: 'Create a coach' }).click();
  await expect(page).toHaveURL(WIZARD_PAGES.wizard(institutionId, 'new'));

  // 1. basic_info: the spec's messages first, then the real values.
  await atStep(page, 'basic_info');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();
  await expect(page.getByText(WIZARD_TEXTS.coachNameRequired)).toBeVisible();
  await expect(page.getByText(WIZARD_TEXTS.courseRequired)).toBeVisible();
  await expect(page.getByText(WIZARD_TEXTS.termRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: /^Coach name/ }).fill(coachName);
  await choose(page, /^Course/, course.label);
  await choose(page, /^Term/, term.label);
  await page.getByRole('textbox', { name: /^Admin 1 email/ }).fill('staff@demo.edu');
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();

  // 2. canvas_auth: the first save created the coach; the wizard now lives at its address.
  await atStep(page, 'canvas_auth');
  await expect(page).toHaveURL(/\/CoachSetupWizard\/\d+$/);
  const coachId = /CoachSetupWizard\/(\d+)/.exec(page.url())![1]!;
  await expectNoAxeViolations(page);
  const connect = page.getByRole('link', { name: 'Connect Canvas' });
  if (await connect.isVisible()) {
    await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();
    await expect(page.getByText(WIZARD_TEXTS.lmsAuthorizationRequired)).toBeVisible();
    // Through the Canvas stand-in's OAuth2 pages and back to the wizard.
    await connect.click();
    await expect(page).toHaveURL(new RegExp(`/CoachSetupWizard/${coachId}\\?lms=connected$`));
    await atStep(page, 'canvas_auth');
  }
  await expect(page.getByTestId('wizard-lms-connected')).toBeVisible();
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();
  await expect(page.getByText(WIZARD_TEXTS.lmsCourseRequired)).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('radiogroup', { name: /Canvas course/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();

  // 3. assessment_info.
  await atStep(page, 'assessment_info');
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: 'Exam' }).check();
  await choose(page, /^Exam 1: assignment/);
  await choose(page, /^Exam 1: Playbook/, 'First Playbook');
  await page.getByLabel(/^Exam 1: open date/).fill('2013-03-15');
  await page
    .getByRole('radiogroup', { name: /Is exam 1 cumulative/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('button', { name: 'Add exam' }).click();
  await page.getByRole('button', { name: 'Add exam' }).click();
  await page.getByRole('button', { name: 'Add exam' }).click();
  await expect(page.getByText('You can only add up to 3 exams.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove exam 3' }).click();
  await page.getByRole('button', { name: 'Remove exam 2' }).click();
  const resources = page.getByTestId('wizard-study-resources').getByRole('checkbox');
  await expect(resources.nth(4)).toHaveAccessibleName('Quizzes');
  for (let i = 0; i < 5; i++) await resources.nth(i).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();

  // 4. bulletin_info, then Save & Exit to the institution's coach dashboard.
  await atStep(page, 'bulletin_info');
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /^Homework/ }).check();
  await page.getByRole('button', { name: WIZARD_TEXTS.saveAndExit }).click();
  await expect(page).toHaveURL(WIZARD_PAGES.done(institutionId));

  // Resume from the list of coaches being set up: back at bulletin_info with the answer kept.
  await page.getByRole('link', { name: `Resume set-up of ${coachName}` }).click();
  await expect(page).toHaveURL(WIZARD_PAGES.wizard(institutionId, coachId));
  await atStep(page, 'bulletin_info');
  await expect(page.getByRole('checkbox', { name: /^Homework/ })).toBeChecked();
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();

  // 5. bulletin_followup: the homework section shows (Homework chosen), so does the quiz section (exam).
  await atStep(page, 'bulletin_followup');
  await expect(page.getByTestId('wizard-section-homework')).toBeVisible();
  await expect(page.getByTestId('wizard-section-quiz')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const q of Object.values(WIZARD_QUESTIONS).flat()) {
    if (q.type === 'checkbox')
      await page.getByRole('group', { name: q.prompt }).getByRole('checkbox').first().check();
    else if (q.type === 'boolean')
      await page.getByRole('radiogroup', { name: q.prompt }).getByRole('radio', { name: 'Yes' }).check();
    else if (q.type === 'number') await page.getByRole('textbox', { name: q.prompt }).fill('10');
    else await page.getByRole('textbox', { name: q.prompt }).fill(`Answer to ${q.id}`);
  }
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();

  // 6. content_calendar: the server's proposal; Next starts the set-up.
  await atStep(page, 'content_calendar');
  await expect(page.getByTestId('wizard-calendar')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();

  // 7. mts (waiting, polled every 3 s), then the completion screen.
  await expect(wizard(page)).toHaveAttribute('data-step', /^(mts|complete)$/, { timeout: 20_000 });
  await expectNoAxeViolations(page);
  await expect(page.getByRole('heading', { name: WIZARD_TEXTS.congrats })).toBeVisible({ timeout: 90_000 });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: WIZARD_TEXTS.goToCoachDashboard }).click();

  // Go to Coach Dashboard opens the new coach's own dashboard (spec §2), which passes axe.
  await expect(page).toHaveURL(new RegExp(`/Dashboard/Coach/${coachId}/CoachDetails/$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // The institution view lists the new coach, in the Coach Activity Breakdown's dropdown too.
  await page.goto(WIZARD_PAGES.done(institutionId));
  await expect(page.getByRole('link', { name: `Open coach dashboard of ${coachName}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Coach' }).click();
  await page.getByRole('listbox').getByRole('option', { name: coachName }).click();
  await expect(page.getByRole('combobox', { name: 'Coach' })).toHaveValue(coachName);
  await expect(page.getByRole('link', { name: `Enter Coach: ${coachName}` })).toHaveAttribute(
    'href',
    new RegExp(`/Dashboard/Coach/${coachId}/CoachDetails/?$`),
  );
  await expect(page.getByTestId('wizard-unfinished-item').filter({ hasText: coachName })).toHaveCount(0);
});

test('a refused save puts the server’s field error on its field', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  const institutionId = /Institution\/(\d+)\//.exec(page.url())![1]!;
  await page.goto(WIZARD_PAGES.wizard(institutionId, 'new'));
  await atStep(page, 'basic_info');
  // AAA 2013J is one of the seeded coaches: the server refuses a second one on the term field.
  await page.getByRole('textbox', { name: /^Coach name/ }).fill('E2E duplicate AAA 2013J');
  await choose(page, /^Course/, 'AAA (Social Sciences)');
  await choose(page, /^Term/, '2013J (October 2013)');
  await page.getByRole('button', { name: WIZARD_TEXTS.next }).click();
  await expect(page.getByRole('combobox', { name: /^Term/ })).toHaveAccessibleDescription(
    WIZARD_ERRORS.coachExists,
  );
  await expect(page.getByRole('combobox', { name: /^Term/ })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(WIZARD_PAGES.wizard(institutionId, 'new'));
  await expectNoAxeViolations(page);
});

test('on a phone the wizard fits the screen and shows its progress as text', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, STAFF);
  const institutionId = /Institution\/(\d+)\//.exec(page.url())![1]!;
  await page.goto(WIZARD_PAGES.wizard(institutionId, 'new'));
  await atStep(page, 'basic_info');
  await expect(page.getByTestId('wizard-progress-compact')).toHaveText('Step 1 of 7: Basics');
  await expect(page.getByTestId('wizard-progress')).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
