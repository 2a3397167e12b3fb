import {
  API,
  type CoachActivityBreakdown,
  type CoachListEntry,
  FAQ_TEXTS,
  PAGES,
} from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/**
 * FAQ page, support e-mail, Getting started checklist and their managers in Chromium against the seeded
 * demo (docs/faq-checklists.md); axe-core at 1280 × 800 and 375 × 667 on each new page. s52130 is a
 * student of AAA 2013J only (OULAD: not withdrawn), used by no other spec.
 */
const STUDENT = 's52130@demo.edu';
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];
const DASHBOARD = /\/Dashboard\/Coach\/(\d+)\/CoachDetails\/$/;

/** Runs axe at both viewports, the page reloaded at each and `ready` awaited. */
async function axeAtBothSizes(page: Page, ready: () => Promise<void>): Promise<void> {
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.reload();
    await ready();
    await expectNoAxeViolations(page);
  }
}

async function studentCoach(page: Page): Promise<number> {
  await signIn(page, STUDENT);
  await expect(page).toHaveURL(DASHBOARD);
  return Number(DASHBOARD.exec(new URL(page.url()).pathname)![1]);
}

test('a student opens the FAQ from the course menu, searches it and finds the support e-mail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const coachId = await studentCoach(page);
  const email = `support-${coachId}@coach.example`;
  // The footer of every coach page carries the support address.
  await expect(page.getByTestId('support-footer').getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );
  await page
    .getByRole('navigation', { name: 'Course' })
    .getByRole('link', { name: 'FAQ', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`${PAGES.faq(coachId)}$`));
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1, name: FAQ_TEXTS.pageTitle })).toBeVisible();
  await expect(main.getByTestId('faq-entry')).toHaveCount(7); // 4 course + 3 institution (the demo's)
  await expect(main.getByTestId('faq-support').getByRole('link', { name: email })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );

  const search = main.getByRole('searchbox', { name: FAQ_TEXTS.searchLabel });
  // "grade": one course entry (its question and answer) and one institution entry ("grades") match.
  await search.fill('grade');
  await expect(main.getByTestId('faq-entry')).toHaveCount(2);
  await expect(main.getByTestId('faq-status')).toHaveText('2 of 7 questions');
  await expect(main.getByRole('heading', { level: 3 })).toHaveText([
    'How is my final grade computed?',
    'Where do I find my grades?',
  ]);
  await expect(main.locator('mark').first()).toBeVisible();
  await search.fill('password reset');
  await expect(main.getByTestId('faq-entry')).toHaveCount(1);
  await expect(main.getByTestId('faq-entry')).toContainText('How do I reset my password?');
  await search.fill('parking');
  await expect(main.getByTestId('faq-entry')).toHaveCount(0);
  await expect(main.getByText('No questions match “parking”.')).toBeVisible();
  await search.fill('');
  await axeAtBothSizes(page, () => expect(main.getByTestId('faq-entry')).toHaveCount(7));
});

test('a student ticks off the Getting started checklist; staff see it in the coach activity', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const coachId = await studentCoach(page);
  const card = page.getByTestId('getting-started');
  await expect(card.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  const progress = card.getByTestId('getting-started-progress');
  const before = Number(/^(\d+) of 4 done$/.exec((await progress.textContent()) ?? '')?.[1]);
  const box = card.getByRole('checkbox', { name: 'Read the course FAQ' });
  const wasTicked = await box.isChecked();
  await box.click();
  await expect(box).toBeChecked({ checked: !wasTicked });
  const after = before + (wasTicked ? -1 : 1);
  await expect(progress).toHaveText(`${after} of 4 done`);
  await page.reload();
  await expect(page.getByTestId('getting-started-progress')).toHaveText(`${after} of 4 done`);
  await axeAtBothSizes(page, () => expect(page.getByTestId('getting-started-progress')).toBeVisible());

  // Staff: the coach activity counts the checklist items of every student of the coach.
  const staff = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await signIn(staff, STAFF);
  const institutionId = /\/Dashboard\/Institution\/(\d+)\//.exec(staff.url())![1]!;
  const res = await staff.request.get(API.institutionCoachActivity(institutionId, coachId));
  const data = (await res.json()) as CoachActivityBreakdown;
  const row = data.content_breakdown.find((r) => r.kind === 'checklist')!;
  expect(row.total_count).toBe(4 * data.student_count);
  expect(row.completed_count).toBeGreaterThanOrEqual(after);
  await expect(staff.getByTestId('breakdown-checklist-count')).toContainText(
    `${row.completed_count.toLocaleString('en-US')} / ${row.total_count.toLocaleString('en-US')}`,
  );
  await staff.close();
});

test('staff edit the FAQ, the support e-mail and the checklist; bad input shows field errors', async ({
  page,
}) => {
  // Axe at both sizes on three screens and the delete dialog, an Undo and a Trash restore.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  const institutionId = Number(/\/Institution\/(\d+)\//.exec(page.url())![1]);
  const res = await page.request.get(API.institutionCoaches(institutionId));
  const coaches = (await res.json()) as CoachListEntry[];
  const coachId = coaches.find((c) => c.label === 'GGG 2013J')!.id;
  const main = page.locator('main');

  await page.goto(PAGES.faqManager(coachId));
  await expect(main.getByRole('heading', { level: 1, name: FAQ_TEXTS.managerTitle })).toBeVisible();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  // Empty question and answer: field errors, nothing added.
  await main.getByRole('button', { name: 'Add question' }).click();
  await expect(main.getByText('This field is required.')).toHaveCount(2);
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  await main.getByTestId('faq-new-question').fill('Is there a study group?');
  await main.getByTestId('faq-new-answer').click();
  await page.keyboard.type('Yes, on Thursdays.');
  await main.getByRole('button', { name: 'Add question' }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(5);
  // Move it up, then delete it after confirming.
  await main.getByRole('button', { name: 'Move up: question 5' }).click();
  await expect(main.getByTestId('faq-editor-entry').nth(3)).toContainText('Is there a study group?');
  // The confirmation names the question; it goes to the Trash, and Undo brings it back.
  await main.getByRole('button', { name: 'Delete: question 4' }).click();
  const faqDialog = page.getByRole('dialog', { name: 'Delete?' });
  await expect(faqDialog).toContainText('Delete the question “Is there a study group?”?');
  await expect(faqDialog).toContainText('It stays in the Trash for 30 days');
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await expect(faqDialog).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await faqDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Question “Is there a study group?” restored.')).toBeVisible();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(5);
  await expect(main.getByTestId('faq-editor-entry').nth(3)).toContainText('Is there a study group?');
  await main.getByRole('button', { name: 'Delete: question 4' }).click();
  await faqDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  // An invalid support e-mail is refused with a field error.
  const email = main.getByRole('textbox', { name: /^Support e-mail/ });
  await email.fill('not-an-address');
  await main.getByRole('button', { name: 'Save e-mail' }).click();
  await expect(main.getByText('Enter a valid email address.')).toBeVisible();
  await axeAtBothSizes(page, () => expect(main.getByTestId('faq-editor-entry')).toHaveCount(4));

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PAGES.checklistManager(coachId));
  await expect(main.getByTestId('checklist-editor-item')).toHaveCount(4);
  await main.getByRole('button', { name: 'Add step' }).click();
  await expect(main.getByText('This field is required.')).toBeVisible();
  await main.getByTestId('checklist-new-title').fill('Join the study group');
  await main.getByRole('button', { name: 'Add step' }).click();
  await expect(main.getByTestId('checklist-editor-item')).toHaveCount(5);
  await main.getByRole('button', { name: 'Delete: step 5' }).click();
  const stepDialog = page.getByRole('dialog', { name: 'Delete?' });
  await expect(stepDialog).toContainText('Delete the step “Join the study group”?');
  await expect(stepDialog).toContainText('Students’ ticks of it go with it.');
  await stepDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByTestId('checklist-editor-item')).toHaveCount(4);
  // It waits in the Trash and comes back from there.
  await page.goto(PAGES.trash(coachId));
  const row = page.getByTestId('trash-row').filter({ hasText: 'Join the study group' });
  await expect(row).toContainText('Checklist step');
  await row.getByRole('button', { name: /Restore/ }).click();
  await expect(row).toHaveCount(0);
  await page.goto(PAGES.checklistManager(coachId));
  await expect(main.getByTestId('checklist-editor-item')).toHaveCount(5);
  await main.getByRole('button', { name: 'Delete: step 5' }).click();
  await stepDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByTestId('checklist-editor-item')).toHaveCount(4);
  await axeAtBothSizes(page, () => expect(main.getByTestId('checklist-editor-item')).toHaveCount(4));

  // The institution's FAQ, shown by every coach below its own.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Institution FAQ' }).click();
  await expect(page).toHaveURL(PAGES.institutionFaqManager(institutionId));
  await expect(
    main.getByRole('heading', { level: 1, name: FAQ_TEXTS.institutionManagerTitle }),
  ).toBeVisible();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(3);
  // Its entries go to the institution's own trash: confirmation, Undo, and a restore from "Deleted questions".
  await main.getByTestId('faq-new-question').fill('Where is the library?');
  await main.getByTestId('faq-new-answer').click();
  await page.keyboard.type('Next to the main hall.');
  await main.getByRole('button', { name: 'Add question' }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  await main.getByRole('button', { name: 'Delete: question 4' }).click();
  const instDialog = page.getByRole('dialog', { name: 'Delete?' });
  await expect(instDialog).toContainText('Delete the question “Where is the library?”?');
  await expect(instDialog).toContainText('It stays under “Deleted questions” below for 30 days');
  await instDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(3);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Question “Where is the library?” restored.')).toBeVisible();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  await main.getByRole('button', { name: 'Delete: question 4' }).click();
  await instDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleted = main.getByTestId('institution-trash');
  await expect(deleted.getByRole('heading', { name: 'Deleted questions' })).toBeVisible();
  const instRow = deleted.getByTestId('trash-row').filter({ hasText: 'Where is the library?' });
  await expect(instRow).toContainText('30 days');
  await instRow.getByRole('button', { name: 'Restore Where is the library?' }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(4);
  await expect(main.getByTestId('faq-editor-entry').nth(3)).toContainText('Where is the library?');
  await main.getByRole('button', { name: 'Delete: question 4' }).click();
  await instDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(main.getByTestId('faq-editor-entry')).toHaveCount(3);
  await axeAtBothSizes(page, () => expect(deleted.getByTestId('trash-row')).toHaveCount(1));
});
