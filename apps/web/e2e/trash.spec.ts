import { API, CSRF_COOKIE, CSRF_HEADER, PAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { coachIdOf, expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/**
 * The trash in Chromium (docs/trash.md): staff delete a bulletin, a to-do list and a rule, each after one
 * confirmation naming what goes; each shows in the Trash page and comes back with Restore (the to-do list
 * also through the notification's Undo). A student deletes their own to-do and restores it from their
 * to-do page. axe on the Trash page at 1280 px and 375 px. s53025 is a student of AAA 2013J only (OULAD:
 * Pass) that no other spec uses; what the spec makes is named with a stamp of its own.
 */
const STUDENT = 's53025@demo.edu';
const STAMP = Date.now().toString(36);

/** A JSON call through the page's session (with the CSRF header a write needs). */
async function call(page: Page, method: string, url: string, data?: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const res = await page.request.fetch(url, { method, data, headers: { [CSRF_HEADER]: csrf } });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : await res.json();
}

async function confirmDelete(page: Page, question: string) {
  const dialog = page.getByRole('dialog', { name: 'Delete?' });
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
}

async function restoreFromTrash(page: Page, coachId: number, title: string, kind: string) {
  await page.goto(PAGES.trash(coachId));
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const row = page.getByTestId('trash-row').filter({ hasText: title });
  await expect(row).toContainText(kind);
  await expect(row).toContainText(STAFF);
  await expect(row).toContainText('30 days');
  await row.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `“${title}” restored.` })).toBeVisible();
  await expect(page.getByTestId('trash-row').filter({ hasText: title })).toHaveCount(0);
}

test.describe('Trash', () => {
  test('staff: bulletin, to-do list and rule — confirm, Trash, restore; axe at both sizes', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, STAFF);
    const coachId = await coachIdOf(page, 'AAA 2013J');

    // A bulletin: deleted from its editor after the confirmation, restored from the Trash page.
    const bulletinTitle = `Trash bulletin ${STAMP}`;
    const bulletin = await call(page, 'POST', API.bulletins(coachId), {
      title: bulletinTitle,
      status: 'Published',
      publish_timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await page.goto(PAGES.editBulletin(coachId, bulletin.id));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDelete(page, `Delete the bulletin “${bulletinTitle}”?`);
    await expect(page.getByText(`Bulletin “${bulletinTitle}” moved to the Trash.`)).toBeVisible();
    // The staff menu leads to the Trash page.
    await page
      .getByRole('navigation', { name: 'Course' })
      .getByRole('link', { name: 'Trash' })
      .first()
      .click();
    await expect(page.getByTestId('trash-row').filter({ hasText: bulletinTitle })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 667 });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await restoreFromTrash(page, coachId, bulletinTitle, 'Bulletin');
    expect((await call(page, 'GET', API.bulletin(coachId, bulletin.id))).title).toBe(bulletinTitle);

    // A to-do list with its 2 items: Undo in the notification, then delete again and restore.
    const listTitle = `Trash list ${STAMP}`;
    const list = await call(page, 'POST', API.todoLists(coachId), {
      title: listTitle,
      is_under_review: true,
    });
    for (const title of ['First', 'Second'])
      await call(page, 'POST', API.todoItems(coachId), { title, todo_list: list.id, staff_created: true });
    await page.goto(PAGES.todoManager(coachId));
    const row = page.getByTestId('manager-list-row').filter({ hasText: listTitle });
    await row.getByRole('button', { name: `Delete ${listTitle}` }).click();
    await confirmDelete(page, `Delete the to-do list “${listTitle}” and its 2 items?`);
    await expect(row).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');
    await row.getByRole('button', { name: `Delete ${listTitle}` }).click();
    await confirmDelete(page, `Delete the to-do list “${listTitle}” and its 2 items?`);
    await expect(row).toHaveCount(0);
    await restoreFromTrash(page, coachId, listTitle, 'To-do list');
    await page.goto(PAGES.todoManager(coachId));
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');

    // A rule of an Insight Group.
    const group = await call(page, 'POST', API.cohorts(coachId), { name: `Trash group ${STAMP}` });
    await call(page, 'POST', API.cohortRules(coachId, group.id), {
      characteristic: 'gender',
      operation: 'equal to',
      value: 'F',
    });
    await page.goto(PAGES.cohortDetails(coachId, group.id));
    const rules = page.getByTestId('valid-rules').getByTestId('rule-row');
    await expect(rules).toHaveCount(1);
    await rules
      .first()
      .getByRole('button', { name: /^Edit Rule/ })
      .click();
    await page.getByRole('dialog', { name: 'Edit Rule' }).getByRole('button', { name: 'Delete' }).click();
    await confirmDelete(page, 'Delete the rule “Gender equal to Female”?');
    await expect(rules).toHaveCount(0);
    await restoreFromTrash(page, coachId, `Gender equal to Female (in “Trash group ${STAMP}”)`, 'Rule');
    await page.goto(PAGES.cohortDetails(coachId, group.id));
    await expect(rules).toHaveCount(1);
    await call(page, 'DELETE', API.cohort(coachId, group.id));
  });

  test('a student deletes their own to-do and restores it from their to-do page', async ({ page }) => {
    await signIn(page, STUDENT);
    const coachId = Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
    const title = `My trash to-do ${STAMP}`;
    await call(page, 'POST', API.todoItems(coachId), { title });
    await page.goto(PAGES.todos(coachId));
    const card = page.getByTestId('todo-card');
    const item = card.getByTestId('todo-item').filter({ hasText: title });
    await item.getByRole('link', { name: `Edit ${title}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirmDelete(page, `Delete the to-do item “${title}”?`);
    await expect(page).toHaveURL(new RegExp(`${PAGES.todos(coachId)}$`));
    await expect(page.getByText(`To-do “${title}” moved to the Trash.`)).toBeVisible();
    await expect(item).toHaveCount(0);
    const mine = page.getByTestId('my-trash');
    await expect(mine.getByTestId('trash-row').filter({ hasText: title })).toBeVisible();
    await expectNoAxeViolations(page);
    await mine.getByRole('button', { name: `Restore ${title}` }).click();
    await expect(item).toBeVisible();
    await expect(page.getByTestId('my-trash')).toHaveCount(0);
  });
});
