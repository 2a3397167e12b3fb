import { HOME_PAGES, MY_DATA_PAGES, PAGES, PLAYBOOK_PLAN_PAGES, SURVEY_PAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/** The student's course menu, in order, with the path each entry opens (the coach's id filled in). */
function studentPages(coachId: number): Array<[string, string]> {
  return [
    ['Dashboard', PAGES.coachDetails(coachId)],
    ['Bulletins', PAGES.bulletins(coachId)],
    ['To-Dos', PAGES.todos(coachId)],
    ['Tips', PAGES.tips(coachId)],
    ['FAQ', PAGES.faq(coachId)],
    ['Surveys', SURVEY_PAGES.list(coachId)],
    ['Playbooks', PLAYBOOK_PLAN_PAGES.list(coachId)],
    ['Grades', PAGES.grades(coachId)],
    ['Activity', PAGES.activity(coachId)],
    ['My engagement', HOME_PAGES.myEngagement(coachId)],
    ['History', PAGES.history(coachId)],
    ['Testimonial picture', PAGES.images(coachId)],
    ['My data', MY_DATA_PAGES.myData(coachId)],
  ];
}

async function signedInCoach(page: Page): Promise<number> {
  await signIn(page, STUDENT_WITH_GRADES);
  return Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
}

test('wide screen: the course menu above every page reaches each student page in one click and marks it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const coachId = await signedInCoach(page);
  const nav = page.getByRole('navigation', { name: 'Course' });
  for (const [label, path] of studentPages(coachId)) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
  await expectNoAxeViolations(page);
});

test('phone: the same course menu in the burger menu, which closes on the chosen page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const coachId = await signedInCoach(page);
  await expect(page.getByRole('navigation', { name: 'Course' })).toHaveCount(0);
  for (const [label, path] of studentPages(coachId).slice(1)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu
      .getByRole('navigation', { name: 'Course' })
      .getByRole('link', { name: label, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(menu).toBeHidden();
    // The address changes when the link is followed; the page shows once its code is in (until then the
    // last page stays, and the menu would close again as the new page arrives). The course bar, hidden
    // on a phone but rendered, marks the page once it is shown.
    await expect(page.locator(`nav[aria-label="Course"] a[aria-current="page"][href="${path}"]`)).toHaveCount(
      1,
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My data', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);
});

test('phone: the dashboard puts what a student acts on first — grade progress, to-dos, bulletins — then tips, activity and charts', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await signedInCoach(page);
  const parts = [
    page.getByTestId('grade-card'),
    page.getByTestId('todo-card'),
    page.locator('[data-bulletin-list]'),
    page.getByTestId('tips-card'),
    page.getByTestId('activity-cards'),
    page.getByTestId('grade-charts'),
  ];
  const tops: number[] = [];
  for (const part of parts) {
    await expect(part).toBeVisible();
    tops.push((await part.boundingBox())!.y);
  }
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  await expectNoAxeViolations(page);
});
