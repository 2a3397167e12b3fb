import { API, BULLETIN_UI_TEXTS, type Me, PAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/**
 * The coaches the e2e server imports (playwright.config.ts SEED_PRESENTATIONS), by label. The demo gives
 * every coach the same bulletins, so the staff's cross-course list holds each title once per coach:
 * different bulletins, told apart only by their course. (No OULAD student is registered in two of these
 * presentations; the server tests cover a student's list across two coaches.)
 */
const LABELS = ['AAA 2013J', 'DDD 2013B', 'GGG 2013J'];

const SIZES = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 667 },
] as const;

async function courseLabels(page: Page): Promise<string[]> {
  return (await page.getByTestId('bulletin-course').allTextContents()).map((t) =>
    t.replace(BULLETIN_UI_TEXTS.coursePrefix, '').trim(),
  );
}

for (const size of SIZES) {
  test(`bulletins of all courses (${size.name}): course labels, no duplicates, a course filter and a search`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const labels = LABELS;
    await signIn(page, STAFF);
    const me = (await (await page.request.get(API.me)).json()) as Me;
    const institutionId = me.institutions[0]!.id;
    await page.goto(PAGES.institutionBulletins(institutionId));

    const list = page.locator('[data-bulletin-list]');
    const cards = list.getByTestId('bulletin-card');
    await expect(cards.first()).toBeVisible();
    // A page of 20, each bulletin once; every card names its course; the same title in every course.
    await expect(cards).toHaveCount(20);
    const ids = async () => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-bulletin-id')));
    const first = await ids();
    expect(new Set(first).size).toBe(first.length);
    expect(new Set(await courseLabels(page))).toEqual(new Set(labels));
    const exam = cards.filter({ hasText: 'Your exam: what to expect' });
    await expect(exam).toHaveCount(3);
    expect((await exam.getByTestId('bulletin-course').allTextContents()).sort()).toEqual(
      labels.map((l) => `${BULLETIN_UI_TEXTS.coursePrefix} ${l}`),
    );
    await expectNoAxeViolations(page);

    // The next page: the oldest ones, none of the first page's.
    const pages = page.getByRole('navigation', { name: BULLETIN_UI_TEXTS.pagination });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    const welcome = cards.filter({ hasText: 'Welcome to your coach' });
    await expect(welcome).toHaveCount(3);
    expect((await ids()).filter((id) => first.includes(id))).toEqual([]);
    await expectNoAxeViolations(page);

    // The course filter (a Mantine Select, by keyboard): only that course's bulletins.
    const course = page.getByRole('combobox', { name: BULLETIN_UI_TEXTS.courseFilter });
    await course.focus();
    await page.keyboard.type(labels[1]!);
    // The filtered option must be listed before ArrowDown picks it: a press while the list still shows
    // every course (or none) picked nothing in one CI run.
    await expect(
      page.getByRole('listbox', { name: BULLETIN_UI_TEXTS.courseFilter }).getByRole('option'),
    ).toHaveText([labels[1]!]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/[?&]coach=\d+/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(exam).toHaveCount(1);
    expect(new Set(await courseLabels(page))).toEqual(new Set([labels[1]]));

    // A search, as you type: one card, in the chosen course.
    const box = page.getByRole('searchbox', { name: BULLETIN_UI_TEXTS.search });
    await box.focus();
    await page.keyboard.type('good notes');
    await expect(page).toHaveURL(/[?&]q=good\+notes/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Taking good notes');
    await expect(cards.first().getByTestId('bulletin-course')).toContainText(labels[1]!);
    await expectNoAxeViolations(page);

    // The card's link opens the message; Back returns to the filtered list.
    await cards.first().getByRole('link', { name: 'Taking good notes' }).click();
    await expect(page).toHaveURL(new RegExp(`/InstitutionMessageCenterView/${institutionId}/\\d+/$`));
    await page.getByRole('link', { name: BULLETIN_UI_TEXTS.back, exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=good\+notes/);
    await expect(box).toHaveValue('good notes');
    await expect(cards).toHaveCount(1);

    // Search text with SQL and pattern syntax is just text: nothing matches, and filters can be cleared.
    await box.fill(`100%_'.*`);
    await expect(list.getByText(BULLETIN_UI_TEXTS.noMatch)).toBeVisible();
    await expectNoAxeViolations(page);
    await list
      .getByTestId('bulletins-no-match')
      .getByRole('button', { name: BULLETIN_UI_TEXTS.clearFilters })
      .click();
    await expect(exam).toHaveCount(3);
    await expect(box).toHaveValue('');
    expect(page.url()).not.toContain('?');
  });
}
