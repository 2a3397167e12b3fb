import { API, BULLETIN_UI_TEXTS, CSRF_COOKIE, TIP_TEXTS, TODO_TEXTS } from '@course-coach/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

/**
 * The student tasks with the keyboard alone: complete a to-do, add one through the modal,
 * star a bulletin, open a tip and close it with Escape. After signing in, the page is driven only with
 * page.keyboard (Tab, Shift+Tab, Enter, Space, Escape, typing): no clicks, no fill. Every focus stop on
 * the way must show a focus indicator, and focus must never fall back to the document body (lost).
 *
 * s38053 is a student of AAA 2013J only (OULAD: Pass), used by no other spec.
 */
const STUDENT = 's38053@demo.edu';
const MAX_TABS = 150;

/** What the focused element is, and whether it shows a focus indicator (outline or box-shadow). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 60) ?? '';
    return { description: `${el.tagName.toLowerCase()} "${label}"`, indicator: outline || shadow };
  });
}

/** Expects the focused element to show a focus indicator. */
async function expectFocusIndicator(page: Page): Promise<void> {
  const now = await focused(page);
  expect(now, 'focus is on the page body (lost)').not.toBeNull();
  expect(now?.indicator, `no visible focus indicator on ${now?.description}`).toBe(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) => els.some((el) => el === document.activeElement));
}

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has focus. Every stop on the way must keep focus on an
 * element (not the body) and show a focus indicator; fails after MAX_TABS presses (focus trapped, or the
 * target not reachable).
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press(key);
    await expectFocusIndicator(page);
    if (await isFocused(target)) return;
  }
  throw new Error(
    `${target} not reached with ${MAX_TABS} × ${key} (focus trapped or the element unreachable)`,
  );
}

/**
 * Signs the student in through the API in the page's own cookie jar (no form filled, nothing clicked),
 * then loads their dashboard: focus starts at the top of the document.
 */
async function startOnDashboard(page: Page): Promise<void> {
  await page.request.get(API.csrf);
  const token = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value;
  if (!token) throw new Error('no csrftoken cookie');
  const login = await page.request.post(API.login, {
    data: { email: STUDENT, password: DEMO_PASSWORD },
    headers: { 'X-CSRFToken': token },
  });
  expect(login.status()).toBe(200);
  const { home } = (await login.json()) as { home: string };
  await page.goto(home);
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  await expect(page.getByTestId('todo-card').getByTestId('todo-list-title')).toBeVisible();
  await expect(page.getByTestId('tips-card').getByTestId('tip-position')).toBeVisible();
}

test.describe('student tasks with the keyboard alone', () => {
  test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await startOnDashboard(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectFocusIndicator(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next Tab goes into the main content, past the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await expectFocusIndicator(page);
  });

  test('complete a to-do with Space', async ({ page }) => {
    await startOnDashboard(page);
    const card = page.getByTestId('todo-card');
    const box = card.getByRole('checkbox').first();
    const before = await box.isChecked();
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: !before });
    // Focus stays on the box through the save and the list's reload.
    await expect(box).toBeFocused();
    await expectFocusIndicator(page);
    // The completion is saved: still there after a reload.
    await page.reload();
    await expect(card.getByRole('checkbox').first()).toBeChecked({ checked: !before });
    // Focus stays usable after the save: Space again takes it back.
    await tabTo(page, card.getByRole('checkbox').first());
    await page.keyboard.press('Space');
    await expect(card.getByRole('checkbox').first()).toBeChecked({ checked: before });
    await expectFocusIndicator(page);
  });

  test('add a to-do through the modal: title, due date, Save', async ({ page }) => {
    await startOnDashboard(page);
    const card = page.getByTestId('todo-card');
    const add = card.getByRole('button', { name: TODO_TEXTS.addYourOwn });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TODO_TEXTS.modalAddTitle });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog.
    await expect
      .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), {
        message: 'focus in the dialog',
      })
      .toBe(true);

    const title = `Keyboard-made item ${Date.now()}`;
    await tabTo(page, dialog.getByRole('textbox', { name: /^Title/ }));
    await page.keyboard.type(title);
    // Through the description editor's toolbar and text to the due date: Tab leaves the editor.
    await tabTo(page, dialog.getByRole('textbox', { name: TODO_TEXTS.description }));
    await page.keyboard.type('Typed with the keyboard');
    await tabTo(page, dialog.getByRole('textbox', { name: TODO_TEXTS.dueDate }));
    await page.keyboard.type('12/15/2026');
    await tabTo(page, dialog.getByRole('button', { name: TODO_TEXTS.save }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    const row = card.getByTestId('todo-item').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText('12/15')).toBeVisible();
    await expect(row.getByText('Typed with the keyboard')).toBeVisible();
    // Focus goes back to Add Your Own, not to the body.
    await expect(add).toBeFocused();
    await expectFocusIndicator(page);
  });

  test('star a bulletin with Enter and unstar it with Space', async ({ page }) => {
    await startOnDashboard(page);
    const star = page.getByRole('button', { name: new RegExp(`^${BULLETIN_UI_TEXTS.star}: `) }).first();
    await expect(star).toBeVisible();
    const name = (await star.getAttribute('aria-label'))!.replace(/^[^:]+: /, '');
    await tabTo(page, star);
    await page.keyboard.press('Enter');
    const toggle = page.getByRole('button', { name: `${BULLETIN_UI_TEXTS.unstar}: ${name}` });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toBeFocused();
    await expectFocusIndicator(page);
    // Saved: starred after a reload too.
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await tabTo(page, toggle);
    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: `${BULLETIN_UI_TEXTS.star}: ${name}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('open a tip, close it with Escape; focus returns to its button', async ({ page }) => {
    await startOnDashboard(page);
    const card = page.getByTestId('tips-card');
    const next = card.getByRole('button', { name: TIP_TEXTS.next });
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    await expect(card.getByTestId('tip-position')).toHaveText(/^Tip 2 of/);
    const readMore = card
      .locator('[data-testid="tip-slide"][data-active]')
      .getByRole('button', { name: 'Read the whole tip' });
    // Back up to the active slide's button (it comes before Next).
    await tabTo(page, readMore, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TIP_TEXTS.cardTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('tip-full')).toBeVisible();
    // Focus is in the dialog and Tab keeps it there while it is open.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expectFocusIndicator(page);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(readMore).toBeFocused();
    await expectFocusIndicator(page);
    // Not trapped afterwards: Tab moves on to the next control.
    await page.keyboard.press('Tab');
    expect(await isFocused(readMore)).toBe(false);
    await expectFocusIndicator(page);
  });
});
