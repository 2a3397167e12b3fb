import { HISTORY_TEXTS, PAGES } from '@course-coach/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * The student experience on a phone and a wide screen (docs/student-experience.md): foldable dashboard
 * sections driven by the keyboard and remembered per user, the history tables reflowed into cards at
 * 375 px with every field visible, chart tick labels that never overlap, the dark mode switch and the
 * help icons. s11391 (AAA 2013J, graded work, to-dos and credit items) is only read here.
 */
const VIEWPORTS = [
  { name: '1280 × 800', width: 1280, height: 800 },
  { name: '375 × 667', width: 375, height: 667 },
] as const;

async function dashboard(page: Page): Promise<number> {
  await signIn(page, STUDENT_WITH_GRADES);
  await expect(page.getByTestId('grade-card')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0, { timeout: 30_000 });
  return Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
}

/** Presses Tab until `target` has focus (at most `max` times); fails when it never does. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('the control was not reached with Tab');
}

/** True when two boxes overlap (touching edges do not count). */
function overlaps(a: DOMRect | { x: number; y: number; width: number; height: number }, b: typeof a) {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.name}: a dashboard section folds and unfolds by keyboard and stays folded after a reload`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await dashboard(page);
    const section = page.getByTestId('section-grade');
    const toggle = section.getByRole('button', { name: 'Grade progress', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const region = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await expect(region.getByTestId('grade-card')).toBeVisible();

    // A native button in the tab order; operated with the keyboard alone from here.
    await expect(toggle).not.toHaveAttribute('tabindex', '-1');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('grade-card')).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.reload();
    await expect(page.getByTestId('section-todos').getByTestId('todo-card')).toBeVisible({ timeout: 30_000 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('grade-card')).toBeHidden();

    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('grade-card')).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('375 × 667: the history tables show every field of every row, each under its column’s name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const coachId = await dashboard(page);
  await page.goto(PAGES.history(coachId));
  for (const [testId, columns] of [
    ['history-credit-table', HISTORY_TEXTS.creditColumns],
    ['history-other-table', HISTORY_TEXTS.otherColumns],
  ] as const) {
    const table = page.getByTestId(testId);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const rows = await table.locator('tbody tr').evaluateAll(
      (trs, width) =>
        trs.slice(0, 5).map((tr) =>
          Array.from(tr.querySelectorAll('td')).map((td) => {
            const box = td.getBoundingClientRect();
            return {
              label: getComputedStyle(td, '::before').content.replace(/^"|"$/g, ''),
              text: td.textContent?.trim() ?? '',
              inside: box.left >= -0.5 && box.right <= width + 0.5 && box.width > 0 && box.height > 0,
              // The text is not cut: it wraps inside the cell.
              fits: td.scrollWidth <= td.clientWidth + 1,
            };
          }),
        ),
      375,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const cells of rows) {
      expect(cells.map((c) => c.label)).toEqual([...columns]);
      for (const cell of cells) {
        expect(cell.text).not.toBe('');
        expect(cell, `${cell.label}: ${cell.text}`).toMatchObject({ inside: true, fits: true });
      }
    }
  }
  // No sideways scrolling of the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('375 × 667: the grade charts’ tick labels do not overlap and stay inside the chart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const coachId = await dashboard(page);
  await page.goto(PAGES.grades(coachId));
  for (const variant of ['histogram', 'distribution']) {
    const chart = page.getByTestId(`chart-${variant}`);
    await expect(chart).toBeVisible();
    const svg = (await chart.boundingBox())!;
    for (const kind of ['x-tick', 'y-tick']) {
      const boxes = await chart
        .getByTestId(kind)
        .evaluateAll((els) =>
          els.map((el) =>
            (el.tagName === 'text' ? el : el.querySelector('text')!).getBoundingClientRect().toJSON(),
          ),
        );
      expect(boxes.length, `${variant} ${kind}`).toBeGreaterThan(3);
      for (const [i, a] of boxes.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(svg.x - 0.5);
        expect(a.x + a.width).toBeLessThanOrEqual(svg.x + svg.width + 0.5);
        for (const b of boxes.slice(i + 1)) expect(overlaps(a, b), `${variant} ${kind} ${i}`).toBe(false);
      }
    }
  }
});

test('dark mode follows the system setting; the header switch turns it off and on, and is remembered', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    colorScheme: 'dark',
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  try {
    await dashboard(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The page really is dark: the body's background is darker than mid-grey.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(3 * 96);

    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.getByTestId('grade-card')).toBeVisible({ timeout: 30_000 });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await toggle.click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.getByTestId('grade-card')).toBeVisible({ timeout: 30_000 });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByTestId('card-skeleton')).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    await context.close();
  }
});

test('a help icon explains “Grade progress” by keyboard and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await dashboard(page);
  const help = page.getByRole('button', { name: 'What is “Grade progress”?' });
  await tabTo(page, help);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('help-tip-text')).toContainText('points you have earned');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('help-tip-text')).toBeHidden();
  await expect(help).toBeFocused();
});
