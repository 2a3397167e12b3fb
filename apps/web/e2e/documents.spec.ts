import { API, CSRF_COOKIE, PAGES } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { coachIdOf, expectNoAxeViolations, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/*
 * Documents of content items (spec §2 Characteristics overview, Document column): staff attach a file
 * or a link in the item's editor, the overview names it, and a student sees it where the item is shown.
 */

/** Publishes a bulletin for everyone in the coach through the API in the page's (staff) session. */
async function publishBulletin(page: Page, coachId: number, title: string): Promise<number> {
  const token = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value;
  const response = await page.request.post(API.bulletins(coachId), {
    data: {
      title,
      description: '<p>Read the guide before the exam.</p>',
      publish_timestamp: new Date(Date.now() - 60_000).toISOString(),
      status: 'Published',
    },
    headers: { 'X-CSRFToken': token },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test.describe('Documents of content items', () => {
  test('staff attach a file, replace it by a link, the overview and a student show it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, STAFF);
    const coachId = await coachIdOf(page, 'AAA 2013J');
    const title = `Exam guide bulletin ${Date.now()}`;
    const bulletinId = await publishBulletin(page, coachId, title);

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(PAGES.editBulletin(coachId, bulletinId));
      const section = page.getByRole('region', { name: 'Document' });
      await expect(section.getByTestId('current-document')).toHaveText('No document');
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const section = page.getByRole('region', { name: 'Document' });

    // A file: uploaded as its bytes, then offered as a download.
    // Mantine's FileInput is a button over a hidden file input.
    await section.locator('input[type="file"]').setInputFiles({
      name: 'Exam guide.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Bring a calculator and your student card.\n'),
    });
    await section.getByRole('button', { name: 'Attach file' }).click();
    await expect(section.getByRole('status')).toHaveText('“Exam guide.txt” is attached.');
    const download = section.getByRole('link', { name: 'Exam guide.txt' });
    await expect(download).toHaveAttribute('href', API.contentDocumentFile(coachId, 'bulletins', bulletinId));
    const file = await page.request.get(API.contentDocumentFile(coachId, 'bulletins', bulletinId));
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe('Bring a calculator and your student card.\n');
    await expectNoAxeViolations(page);

    // A bad link: the field says why; the file stays.
    await section.getByLabel('Or link to a page (URL)').fill('ftp://files.example.edu/guide');
    await section.getByRole('button', { name: 'Attach link' }).click();
    await expect(section.getByText('Enter a valid URL starting with http:// or https://.')).toBeVisible();
    await expect(section.getByRole('link', { name: 'Exam guide.txt' })).toBeVisible();

    // A link replaces the file.
    await section.getByLabel('Or link to a page (URL)').fill('https://library.example.edu/exam-guide');
    await section.getByLabel('Link name (optional)').fill('Library exam guide');
    await section.getByRole('button', { name: 'Attach link' }).click();
    await expect(section.getByRole('link', { name: 'Library exam guide' })).toHaveAttribute(
      'href',
      'https://library.example.edu/exam-guide',
    );

    // The characteristics overview's Document column names it.
    await page.goto(PAGES.characteristicsOverview(coachId));
    await expect(
      page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Library exam guide' }),
    ).toBeVisible();

    // A student of the coach sees it with the bulletin, at both sizes, axe-clean.
    const student = await (await browser.newContext()).newPage();
    await signIn(student, STUDENT_WITH_GRADES);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 667 },
    ]) {
      await student.setViewportSize(viewport);
      await student.goto(`/MessageCenter/${coachId}/${bulletinId}/`);
      await expect(student.getByRole('heading', { name: title })).toBeVisible();
      await expect(student.getByTestId('item-document')).toContainText('Document: Library exam guide');
      await expectNoAxeViolations(student);
    }
    // Students cannot change it.
    const token = (await student.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value;
    const refused = await student.request.delete(API.contentDocument(coachId, 'bulletins', bulletinId), {
      headers: { 'X-CSRFToken': token },
    });
    expect(refused.status()).toBe(403);

    // Removing asks first; then the student's page shows no document.
    await page.goto(PAGES.editBulletin(coachId, bulletinId));
    await section.getByRole('button', { name: 'Remove document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the document?' });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Remove document' }).click();
    await expect(section.getByRole('status')).toHaveText('The document was removed.');
    await expect(section.getByTestId('current-document')).toHaveText('No document');
    await student.reload();
    await expect(student.getByRole('heading', { name: title })).toBeVisible();
    await expect(student.getByTestId('item-document')).toHaveCount(0);
  });
});
