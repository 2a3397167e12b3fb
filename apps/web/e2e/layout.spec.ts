import { API, WIZARD_API, WIZARD_PAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/**
 * Layout of the staff screens (docs/accessibility.md): at 1280 × 800 no badge is cut off and the set-up
 * wizard's step bar stays on one line; at 375 × 667 every column header of the staff tables can be
 * reached (shown, or inside a container that scrolls sideways). Axe runs on each screen at both sizes.
 */
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

interface Ids {
  institution: number;
  coach: number;
}

async function demoIds(page: Page): Promise<Ids> {
  const me = (await (await page.request.get(API.me)).json()) as { institutions: Array<{ id: number }> };
  const institution = me.institutions[0]!.id;
  const coaches = (await (await page.request.get(API.institutionCoaches(institution))).json()) as Array<{
    id: number;
    label: string;
  }>;
  return { institution, coach: coaches.find((c) => c.label === 'AAA 2013J')!.id };
}

const managers = (ids: Ids) => [
  { name: 'bulletin manager', url: `/Dashboard/Coach/${ids.coach}/ContentManager/Bulletins` },
  { name: 'e-mail manager', url: `/Dashboard/Coach/${ids.coach}/ContentManager/Emails` },
  { name: 'survey manager', url: `/Dashboard/Coach/${ids.coach}/ContentManager/Surveys` },
];

/** Badges whose label is wider than the badge shows (Mantine cuts it off with an ellipsis). */
function truncatedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')]
      .filter((badge) => {
        const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
        return label.scrollWidth > label.clientWidth || badge.scrollWidth > badge.clientWidth;
      })
      .map((badge) => badge.textContent ?? ''),
  );
}

/**
 * Column headers that can't be reached: neither fully shown nor inside a container that scrolls sideways
 * far enough to show them and that a keyboard user can focus to scroll (WCAG 2.1.1; ScrollTable).
 */
function unreachableHeaders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('th')]
      .filter((th) => {
        const box = th.getBoundingClientRect();
        if (box.left >= 0 && box.right <= width + 0.5) return false;
        for (let el = th.parentElement; el; el = el.parentElement) {
          const overflow = getComputedStyle(el).overflowX;
          if (overflow !== 'auto' && overflow !== 'scroll') continue;
          const frame = el.getBoundingClientRect();
          const inRange = box.right - frame.left + el.scrollLeft <= el.scrollWidth + 0.5;
          return !(inRange && el.tabIndex >= 0 && frame.right <= width + 0.5);
        }
        return true;
      })
      .map((th) => th.textContent ?? '');
  });
}

/** Waits until the page's loading indicator has gone. */
async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0, {
    timeout: 20_000,
  });
}

/**
 * Opens the set-up wizard of the demo coach at the content calendar step (router state `step`). The demo
 * coach is set up already, so the step's answer is served here: a layout test needs the table, not a
 * whole set-up (wizard.spec.ts walks through one).
 */
async function openCalendar(page: Page, ids: Ids): Promise<void> {
  const step = WIZARD_API.step(ids.institution, ids.coach, 'content_calendar');
  await page.route(`**${step}`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: {
            coach_id: ids.coach,
            institution_id: ids.institution,
            step: 'content_calendar',
            current_step: 'content_calendar',
            status: 'in_progress',
            form_data: {
              content: [
                {
                  name: 'Welcome to the course',
                  type: 'bulletin',
                  publish_date: '2013-10-01',
                  tooltip: null,
                },
                { name: 'First week reminder', type: 'email', publish_date: '2013-10-07', tooltip: null },
                { name: 'Exam 1 Playbook', type: 'playbook', publish_date: '2013-11-15', tooltip: null },
              ],
            },
          },
        })
      : route.continue(),
  );
  await page.goto(WIZARD_PAGES.wizard(ids.institution, ids.coach));
  await page.evaluate(() =>
    window.history.replaceState({ usr: { step: 'content_calendar' }, key: 'layout', idx: 0 }, ''),
  );
  await page.reload();
  await expect(page.getByTestId('wizard-calendar')).toBeVisible({ timeout: 20_000 });
}

test.describe('staff layout', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, STAFF);
  });

  test('at 1280 × 800 no badge is cut off on the staff pages', async ({ page }) => {
    await page.setViewportSize(WIDE);
    const ids = await demoIds(page);
    const pages = [
      ...managers(ids),
      { name: 'trash', url: `/Dashboard/Coach/${ids.coach}/Trash/` },
      { name: 'instructor home', url: `/Dashboard/Coach/${ids.coach}/CoachDetails/` },
    ];
    for (const screen of pages) {
      await page.goto(screen.url);
      await loaded(page);
      expect(await truncatedBadges(page), screen.name).toEqual([]);
      await expectNoAxeViolations(page);
    }
    // The manager tables have badges to judge at all.
    await page.goto(managers(ids)[0]!.url);
    await loaded(page);
    await expect(page.locator('.mantine-Badge-root').first()).toBeVisible();
    // The lazily loaded pages' stylesheets entered the document in Mantine's order (later-styles.ts):
    // mantine-dashboard.css before mantine-later.css, whose components may be built on its own.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
    );
    const at = (name: string) => sheets.findIndex((href) => href.includes(`/${name}-`));
    expect(at('dashboard-styles-sheet'), sheets.join('\n')).toBeGreaterThan(-1);
    expect(at('dashboard-styles-sheet'), sheets.join('\n')).toBeLessThan(at('later-styles-sheet'));
  });

  test('at 1280 × 800 the wizard’s step bar is on one line', async ({ page }) => {
    await page.setViewportSize(WIDE);
    const ids = await demoIds(page);
    await page.goto(WIZARD_PAGES.wizard(ids.institution, 'new'));
    const steps = page.getByTestId('wizard-progress').locator('.mantine-Stepper-step');
    await expect(steps).toHaveCount(7);
    const tops = await steps.evaluateAll((els) =>
      els.map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    await expectNoAxeViolations(page);
    await openCalendar(page, ids);
    expect(await truncatedBadges(page)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('at 375 × 667 every column of the staff tables can be reached', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const ids = await demoIds(page);
    for (const screen of managers(ids)) {
      await page.goto(screen.url);
      await loaded(page);
      await expect(page.locator('th').first()).toBeAttached();
      expect(await unreachableHeaders(page), screen.name).toEqual([]);
      await expectNoAxeViolations(page);
    }
    await openCalendar(page, ids);
    await expect(page.getByTestId('wizard-calendar').getByRole('columnheader')).toHaveCount(3);
    expect(await unreachableHeaders(page), 'content calendar').toEqual([]);
    await expectNoAxeViolations(page);
  });
});
