import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/** The staff Characteristics page, reached from the staff navigation. */
async function openCharacteristics(page: Page) {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  const url = page.url().replace(/CoachDashboard$/, 'Characteristics/');
  const nav = page.getByTestId('nav-characteristics');
  if (await nav.isVisible()) await nav.click();
  else await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Characteristics' })).toBeVisible();
  await expect(page.getByTestId('characteristics-table')).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
]) {
  test(`staff define, edit and retire characteristics (${viewport.width}×${viewport.height})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await openCharacteristics(page);
    const rows = page.getByTestId('characteristic-row');
    // Labels, not code names, lead each row.
    await expect(rows.filter({ hasText: 'Previous attempts' })).toContainText('Per enrolment');
    await expect(rows.filter({ hasText: 'Declared disability' })).toContainText('Per student');
    await expectNoAxeViolations(page);

    // Create a number characteristic (range and step) with the keyboard-reachable form.
    const code = `e2e_hours_${viewport.width}`;
    await page.getByRole('button', { name: 'New characteristic' }).click();
    const dialog = page.getByRole('dialog', { name: 'New characteristic' });
    await dialog.getByLabel('Label').fill(`Weekly hours ${viewport.width}`);
    await dialog.getByLabel('Code name').fill(code);
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Number (range and step)' }).click();
    await dialog.getByLabel('Minimum').fill('10');
    await dialog.getByLabel('Maximum').fill('1');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create characteristic' }).click();
    // min > max is refused with the field's message.
    await expect(dialog.getByText('The minimum must not be greater than the maximum.')).toBeVisible();
    await dialog.getByLabel('Minimum').fill('0');
    await dialog.getByLabel('Maximum').fill('40');
    await dialog.getByLabel('Step').fill('0.5');
    await dialog.getByRole('button', { name: 'Create characteristic' }).click();
    await expect(dialog).toBeHidden();
    const mine = rows.filter({ hasText: `Weekly hours ${viewport.width}` });
    await expect(mine).toContainText(`Code name: ${code}`);
    await expect(mine).toContainText('Number (range and step)');

    // Edit its label.
    await mine.getByRole('button', { name: /Edit/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit characteristic' });
    await expect(edit.getByLabel('Code name')).toBeDisabled();
    await edit.getByLabel('Label').fill(`Study hours ${viewport.width}`);
    await edit.getByRole('button', { name: 'Save characteristic' }).click();
    await expect(edit).toBeHidden();
    const renamed = rows.filter({ hasText: `Study hours ${viewport.width}` });
    await expect(renamed).toHaveCount(1);

    // Retiring a used characteristic names its uses first (cancelled here: the demo groups use it).
    await rows
      .filter({ hasText: 'Declared disability' })
      .getByRole('button', { name: /Retire/ })
      .click();
    const retire = page.getByRole('dialog', { name: 'Retire characteristic' });
    await expect(retire.getByTestId('retire-uses')).toContainText(
      'Rule of the Insight Group “Students with a declared disability”',
    );
    await expect(retire.getByRole('button', { name: 'Retire anyway' })).toBeVisible();
    await expectNoAxeViolations(page);
    await retire.getByRole('button', { name: 'Cancel' }).click();

    // An unused one retires after the confirmation.
    await renamed.getByRole('button', { name: /Retire/ }).click();
    await retire.getByRole('button', { name: 'Retire', exact: true }).click();
    await expect(retire).toBeHidden();
    await expect(renamed).toContainText('Retired');
  });
}
