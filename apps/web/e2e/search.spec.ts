import { PAGES, SEARCH_TEXTS } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * Search within a course (docs/search.md) in Chromium against the seeded demo: the search box on a
 * coach's pages finds the demo's FAQ entry “How do I reset my password?” (the institution FAQ every coach
 * shows, apps/server/src/seed/faq-checklists.ts) as one types, opens it by keyboard and by click, and says
 * when nothing matches; axe-core with the results open at 1280 × 800 and 375 × 667.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];
const DASHBOARD = /\/Dashboard\/Coach\/(\d+)\/CoachDetails\/$/;

async function studentCoach(page: Page): Promise<number> {
  await signIn(page, STUDENT_WITH_GRADES);
  await expect(page).toHaveURL(DASHBOARD);
  return Number(DASHBOARD.exec(new URL(page.url()).pathname)![1]);
}

const box = (page: Page) => page.getByRole('combobox', { name: SEARCH_TEXTS.label });
const resetResult = (page: Page) =>
  page.getByRole('option', { name: /How do I reset my password\?/ }).first();

for (const size of VIEWPORTS) {
  test(`a student searches the course and opens a result (${size.width}×${size.height})`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    const coachId = await studentCoach(page);
    // Typing shows results without pressing Enter; the matched words are marked.
    await box(page).fill('reset password');
    // The first search of a just-started server (its database and text-search dictionaries cold) may take
    // longer than later ones on a loaded machine.
    await expect(resetResult(page)).toBeVisible({ timeout: 20_000 });
    await expect(resetResult(page).locator('mark').first()).toHaveText(/reset|password/i);
    await expect(page.getByTestId('search-status')).toHaveText(/^Showing \d+ of \d+ results$/);
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);

    // Keyboard: the first result is chosen with the arrow key and opened with Enter.
    await box(page).press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', /.+/);
    await box(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`${PAGES.faq(coachId)}$`));
    await expect(
      page.getByTestId('faq-entry').filter({ hasText: 'How do I reset my password?' }),
    ).toBeVisible();

    // Nothing found: said plainly.
    await box(page).fill('qzxwvutsr');
    await expect(page.getByTestId('search-status')).toHaveText(SEARCH_TEXTS.noResults('qzxwvutsr'));
    await expect(page.getByRole('option')).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A click opens a result too (from another page of the coach).
    await page.goto(PAGES.grades(coachId));
    await box(page).fill('password');
    await resetResult(page).click();
    await expect(page).toHaveURL(new RegExp(`${PAGES.faq(coachId)}$`));
  });
}
