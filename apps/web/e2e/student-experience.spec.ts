import {
  API,
  CHART_TEXTS,
  CSRF_COOKIE,
  DEFAULT_LETTER_BOUNDARIES,
  HISTORY_TEXTS,
  HOME_PAGES,
  MY_DATA_PAGES,
  PAGES,
} from '@course-coach/contracts';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * The student experience on a phone and a wide screen (docs/student-experience.md): foldable dashboard
 * sections driven by the keyboard and remembered per user, the history tables reflowed into cards at
 * 375 px with every field visible, chart tick labels that never overlap, the dark mode switch and the
 * help icons. The student tables (history, My data, My engagement, the Grade Calculator, the grade
 * charts' data tables) are real tables on a wide screen and labelled cards at 375 px, axe-clean in light
 * and dark. s11391 (AAA 2013J, graded work, to-dos and credit items) is only read here; staff turn the
 * Grade Calculator on for AAA 2013J with the default letters, as grade-calculator.spec.ts leaves it.
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

/** One cell of a reflowed row as drawn: its label (the ::before text), its text and where it sits. */
interface DrawnCell {
  label: string;
  text: string;
  inside: boolean;
  fits: boolean;
}

/**
 * Reads every row of `table` as drawn at a phone's `width`: per cell (data cells and the row's header
 * cell) the label drawn above it, its text, whether its box lies within the viewport's width and whether
 * its content wraps inside it instead of being cut. Expects each row's labels to be `columns`, and every
 * cell non-empty, inside and fitting, and the first row read by a screen reader as a row without the
 * drawn labels. Returns the rows for value checks.
 */
async function expectCards(table: Locator, columns: readonly string[], width = 375): Promise<DrawnCell[][]> {
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const rows = await table.locator('tbody tr').evaluateAll(
    (trs, width) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll(':scope > td, :scope > th')).map((cell) => {
          const box = cell.getBoundingClientRect();
          return {
            // `"Week 1" / ""`: the drawn text, then its (empty) alternative text for screen readers.
            label: /^"((?:[^"\\]|\\.)*)"/.exec(getComputedStyle(cell, '::before').content)?.[1] ?? '',
            text: cell.textContent?.trim() ?? '',
            inside: box.left >= -0.5 && box.right <= width + 0.5 && box.width > 0 && box.height > 0,
            fits: cell.scrollWidth <= cell.clientWidth + 1,
          };
        }),
      ),
    width,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const cells of rows) {
    expect(cells.map((c) => c.label)).toEqual([...columns]);
    for (const cell of cells) {
      expect(cell.text).not.toBe('');
      expect(cell, `${cell.label}: ${cell.text}`).toMatchObject({ inside: true, fits: true });
    }
  }
  // Read by a screen reader once: the first card is still a row of cells, and no cell's accessible
  // text starts with its drawn label (the column header already names it).
  const spoken = await table.locator('tbody tr').first().ariaSnapshot();
  expect(spoken).toMatch(/^- row/);
  for (const cell of rows[0]!) {
    if (cell.text.startsWith(cell.label)) continue;
    expect(spoken, `${cell.label} is not read before ${cell.text}`).not.toContain(
      `${cell.label}${cell.text}`,
    );
    expect(spoken, `${cell.label} is not read before ${cell.text}`).not.toContain(
      `${cell.label} ${cell.text}`,
    );
  }
  return rows;
}

/** The card whose first cell is `name`, as label → text. */
function card(rows: DrawnCell[][], name: string): Record<string, string> {
  const row = rows.find((cells) => cells[0]?.text === name);
  expect(row, `a card for ${name}`).toBeDefined();
  return Object.fromEntries(row!.map((c) => [c.label, c.text]));
}

/** No sideways scrolling of the page. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** Staff turn the Grade Calculator on for the coach with the default letters (through the API). */
async function calculatorOn(request: APIRequestContext, coachId: number): Promise<void> {
  await homeOf(request, STAFF);
  const token = (await request.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const response = await request.put(API.gradeCalculatorSettings(coachId), {
    data: { calculator_active: true, letter_boundaries: DEFAULT_LETTER_BOUNDARIES },
    headers: { 'X-CSRFToken': token },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The student pages with tables, each with its tables' test ids and a wait for them. */
const TABLE_PAGES = [
  { name: 'history', url: PAGES.history, tables: ['history-credit-table', 'history-other-table'] },
  { name: 'My data', url: MY_DATA_PAGES.myData, tables: ['my-characteristics-table'] },
  { name: 'My engagement', url: HOME_PAGES.myEngagement, tables: ['engagement-table', 'engagement-kinds'] },
  {
    name: 'Grade Calculator',
    url: PAGES.gradeCalculator,
    tables: ['calculator-graded-table', 'calculator-remaining-table'],
  },
  { name: 'grades', url: PAGES.grades, tables: ['chart-table-histogram', 'chart-table-distribution'] },
] as const;

/** Opens a page of TABLE_PAGES and waits for its tables (on the grades page, switches both charts to them). */
async function openTables(page: Page, coachId: number, entry: (typeof TABLE_PAGES)[number]): Promise<void> {
  await page.goto(entry.url(coachId));
  if (entry.name === 'grades') {
    const switches = page.getByTestId('grade-charts').getByText(CHART_TEXTS.showTable, { exact: true });
    await expect(switches).toHaveCount(2, { timeout: 30_000 });
    await switches.nth(0).click();
    await switches.nth(1).click();
  }
  for (const id of entry.tables) await expect(page.getByTestId(id)).toBeVisible({ timeout: 30_000 });
}

test('375 × 667: the history tables show every field of every row, each under its column’s name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 667 });
  const coachId = await dashboard(page);
  await page.goto(PAGES.history(coachId));
  await expectCards(page.getByTestId('history-credit-table'), HISTORY_TEXTS.creditColumns);
  await expectCards(page.getByTestId('history-other-table'), HISTORY_TEXTS.otherColumns);
  await expectNoSidewaysScroll(page);
});

test('375 × 667: My data, My engagement, the Grade Calculator and the chart tables are labelled cards, nothing cut', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 667 });
  const coachId = await dashboard(page);
  await calculatorOn(request, coachId);
  const [, myData, engagement, calculator, grades] = TABLE_PAGES;

  // s11391's characteristics, from the OULAD registrar file and the gradebook (hand-checked).
  await openTables(page, coachId, myData);
  const characteristics = await expectCards(page.getByTestId('my-characteristics-table'), [
    'Characteristic',
    'Value',
    'Source',
    'Recorded',
  ]);
  expect(card(characteristics, 'Age band')).toMatchObject({
    Value: '55<=',
    Source: 'Registrar (student records)',
  });
  expect(card(characteristics, 'Assessments submitted (this course)')).toMatchObject({ Source: 'Gradebook' });
  await expectNoSidewaysScroll(page);

  // Week 1 of AAA 2013J (days 0 to 6): 183 clicks of s11391's in the OULAD click log.
  await openTables(page, coachId, engagement);
  const weeks = await expectCards(page.getByTestId('engagement-table'), [
    'Week',
    'Days',
    'Your clicks',
    'Class median',
  ]);
  expect(card(weeks, 'Week 1')).toMatchObject({ Days: '0 to 6', 'Your clicks': '183' });
  const kinds = await expectCards(page.getByTestId('engagement-kinds'), [
    'Kind of material',
    'Your clicks',
    'Share of your clicks',
  ]);
  expect(card(kinds, 'Course content pages')['Share of your clicks']).toMatch(/^\d+(\.\d)? %$/);
  await expectNoSidewaysScroll(page);

  // AAA 2013J's weights (TMA 1 10 of 200 = 5 %, TMA 4 20 of 200 = 10 %) and s11391's TMA 1 score.
  await openTables(page, coachId, calculator);
  const graded = await expectCards(page.getByTestId('calculator-graded-table'), [
    'Assignment',
    'Weight',
    'Your score',
  ]);
  expect(card(graded, 'TMA 1')).toEqual({ Assignment: 'TMA 1', Weight: '5%', 'Your score': '78 / 100' });
  const remaining = await expectCards(page.getByTestId('calculator-remaining-table'), [
    'Assignment',
    'Weight',
    'What-if score',
  ]);
  expect(card(remaining, 'TMA 4')).toMatchObject({ Weight: '10%' });
  const field = page.getByLabel('What-if score for TMA 4, out of 100');
  await field.scrollIntoViewIfNeeded();
  const fieldBox = (await field.boundingBox())!;
  expect(fieldBox.x).toBeGreaterThanOrEqual(0);
  expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(375);
  await expectNoSidewaysScroll(page);

  // The student's band is marked in both chart tables.
  await openTables(page, coachId, grades);
  for (const id of grades.tables) {
    const bands = await expectCards(page.getByTestId(id), [
      CHART_TEXTS.xAxis,
      CHART_TEXTS.yAxis,
      CHART_TEXTS.tableStudents,
    ]);
    expect(bands).toHaveLength(10);
    expect(bands[0]![0]!.text).toBe('0–10%');
  }
  await expect(
    page.getByTestId('chart-table-histogram').locator('tr[data-highlighted="true"] th'),
  ).toHaveText('80–90% (Your Grade)');
  await expectNoSidewaysScroll(page);
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const viewport of VIEWPORTS) {
    test(`${viewport.name}, ${colorScheme}: the student tables pass axe${viewport.width > 375 ? ' and are laid out as tables' : ''}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        colorScheme,
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      try {
        const coachId = await dashboard(page);
        await calculatorOn(request, coachId);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
        for (const entry of TABLE_PAGES) {
          await openTables(page, coachId, entry);
          if (viewport.width > 375) {
            for (const id of entry.tables) {
              // A table's grid: the header row shown, each value a table cell under it.
              const table = page.getByTestId(id);
              await expect(table.locator('thead th').first()).toBeVisible();
              const displays = await table
                .locator('tbody tr:first-child > *')
                .evaluateAll((cells) => cells.map((c) => getComputedStyle(c).display));
              expect(new Set(displays), `${entry.name} ${id}`).toEqual(new Set(['table-cell']));
            }
          }
          await expectNoSidewaysScroll(page);
          await expectNoAxeViolations(page);
        }
      } finally {
        await context.close();
      }
    });
  }
}

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
