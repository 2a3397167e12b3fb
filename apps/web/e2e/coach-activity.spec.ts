import { API, type CoachActivityBreakdown, MESSAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/** The institution id and the API's breakdown of `coachId`, read with the page's own session. */
async function apiBreakdown(page: Page, coachId: string): Promise<CoachActivityBreakdown> {
  const institutionId = /\/Dashboard\/Institution\/(\d+)\//.exec(page.url())![1]!;
  const res = await page.request.get(API.institutionCoachActivity(institutionId, coachId));
  expect(res.status()).toBe(200);
  return (await res.json()) as CoachActivityBreakdown;
}

/** The coach id the Enter Coach link points at. */
async function enteredCoachId(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: /^Enter Coach/ }).getAttribute('href');
  return /\/Dashboard\/Coach\/(\d+)\//.exec(href ?? '')![1]!;
}

async function expectFigures(page: Page, data: CoachActivityBreakdown): Promise<void> {
  await expect(page.getByTestId('coach-activity-total')).toHaveText(
    MESSAGES.ofItemsComplete(data.total_assignments_count.toLocaleString('en-US')),
  );
  await expect(page.getByTestId('coach-activity-completed')).toHaveText(
    data.total_completed_assignments.toLocaleString('en-US'),
  );
  for (const row of data.content_breakdown) {
    await expect(page.getByTestId(`breakdown-${row.kind}-count`)).toContainText(
      `${row.completed_count.toLocaleString('en-US')} / ${row.total_count.toLocaleString('en-US')}`,
    );
  }
}

test('staff see the Coach Activity Breakdown, change coach, and enter it', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  const select = page.getByRole('combobox', { name: 'Coach' });
  // The first coach of the list (newest term first) is selected by default.
  await expect(select).toHaveValue('AAA 2013J');
  await expect(page.getByRole('heading', { level: 3, name: 'Content Breakdown' })).toBeVisible();
  const first = await apiBreakdown(page, await enteredCoachId(page));
  expect(first.label).toBe('AAA 2013J');
  expect(first.total_assignments_count).toBeGreaterThan(0);
  await expectFigures(page, first);
  for (const label of ['Bulletins', 'Surveys', 'Playbooks', 'To-Dos']) {
    await expect(page.getByRole('list', { name: 'Content Breakdown' })).toContainText(label);
  }
  await expectNoAxeViolations(page);

  // Choose another coach with the keyboard only (arrows to the option, Enter): every figure reloads.
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  const highlighted = page.locator('[data-combobox-selected]');
  for (
    let i = 0;
    i < 5 && (await highlighted.textContent({ timeout: 2000 }).catch(() => null)) !== 'DDD 2013B';
    i++
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(highlighted).toHaveText('DDD 2013B');
  await page.keyboard.press('Enter');
  await expect(select).toHaveValue('DDD 2013B');
  await expect(page.getByRole('link', { name: 'Enter Coach: DDD 2013B' })).toBeVisible();
  const second = await apiBreakdown(page, await enteredCoachId(page));
  expect(second.label).toBe('DDD 2013B');
  expect(second.total_assignments_count).not.toBe(first.total_assignments_count);
  await expectFigures(page, second);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Enter Coach: DDD 2013B' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'DDD 2013B' })).toBeVisible();
});

test('the breakdown fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, STAFF);
  await expect(page.getByTestId('coach-activity-total')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('the coaches below the breakdown stay where they are when its figures arrive, on a desktop and a phone', async ({
  page,
}) => {
  // Each pass holds the figures back until the coach list has been measured.
  let held: Promise<void> = Promise.resolve();
  await page.route(
    (url) => /^\/api\/v1\/institution\/\d+\/coach-activity\/\d+$/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    let release!: () => void;
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.setViewportSize(viewport);
    if (viewport.width === 1280) await signIn(page, STAFF);
    else await page.reload();
    await expect(page.getByTestId('coach-activity-loading')).toBeVisible();
    const link = page
      .getByTestId('institution-coach')
      .first()
      .getByRole('link', { name: /Open coach dashboard/ });
    await expect(link).toBeVisible();
    const before = await link.boundingBox();
    release();
    await expect(page.getByTestId('coach-activity-completed')).toBeVisible();
    const after = await link.boundingBox();
    expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(1);
  }
});
