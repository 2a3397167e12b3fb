import {
  API,
  BULLETIN_TEXTS,
  BULLETIN_UI_TEXTS,
  CSRF_COOKIE,
  MembershipTaskSchema,
  PAGES,
} from '@course-coach/contracts';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { coachIdOf, expectNoAxeViolations, STAFF, signIn } from './helpers.ts';
import { readOuladCsv } from './oulad.ts';

const SEEDED = ['AAA-2013J', 'DDD-2013B', 'GGG-2013J'];

/**
 * A woman and a man of AAA 2013J, read from the OULAD files (not from the app): the first of each by
 * id_student who is registered in no other presentation the e2e server imports.
 */
function students(): { woman: string; man: string } {
  const registrations = readOuladCsv('studentRegistration.csv').filter((r) =>
    SEEDED.includes(`${r.code_module}-${r.code_presentation}`),
  );
  const count = new Map<string, number>();
  for (const r of registrations) count.set(r.id_student!, (count.get(r.id_student!) ?? 0) + 1);
  const info = readOuladCsv('studentInfo.csv')
    .filter(
      (r) => r.code_module === 'AAA' && r.code_presentation === '2013J' && count.get(r.id_student!) === 1,
    )
    .sort((a, b) => Number(a.id_student) - Number(b.id_student));
  const first = (g: string) => info.find((r) => r.gender === g)!.id_student;
  return { woman: `s${first('F')}@demo.edu`, man: `s${first('M')}@demo.edu` };
}

/** Chooses `option` in the Mantine Select labelled `label`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first()
    .click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Makes the audience Insight Group (the coach's women) through the API in the page's session, synced. */
async function audienceGroup(page: Page, coachId: number, name: string): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value;
  const headers = { 'X-CSRFToken': token };
  const cohort = await page.request.post(API.cohorts(coachId), { data: { name }, headers });
  expect(cohort.status()).toBe(201);
  const { id } = (await cohort.json()) as { id: number };
  const rule = await page.request.post(API.cohortRules(coachId, id), {
    data: { characteristic: 'gender', operation: 'equal to', value: 'F' },
    headers,
  });
  expect(rule.status()).toBe(201);
  await expect
    .poll(
      async () =>
        MembershipTaskSchema.parse(
          await (await page.request.get(API.cohortMembershipUpdate(coachId, id))).json(),
        ).state,
      { timeout: 60_000 },
    )
    .toBe('success');
}

async function studentPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('staff write and wire a bulletin; a matching student sees, stars and opens it; a non-matching one never sees it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { woman, man } = students();
  const title = `Study group for you ${Date.now()}`;
  await signIn(page, STAFF);
  const coachId = await coachIdOf(page, 'AAA 2013J');
  const group = `Women of AAA (e2e ${Date.now()})`;
  await audienceGroup(page, coachId, group);

  // Staff: the manager, then a new bulletin written and wired in the editor.
  await page.goto(PAGES.bulletinManager(coachId));
  await expect(page.getByRole('heading', { level: 1, name: BULLETIN_UI_TEXTS.managerTitle })).toBeVisible();
  await expect(page.getByTestId('bulletin-manager-row').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: BULLETIN_UI_TEXTS.newBulletin }).click();
  await expect(page).toHaveURL(/\/ContentManager\/EditBulletin\/new\/$/);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Subtitle', exact: true }).fill('Thursdays at six');
  await page.getByTestId('bulletin-description').click();
  await page.keyboard.type('Bring your questions about TMA 2.');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Published');
  await page
    .getByRole('combobox', { name: 'Audience (Insight Group)' })
    .selectOption({ label: group });
  await page.getByRole('button', { name: 'Add characteristic' }).click();
  const wiring = page.getByTestId('wiring-editor-characteristics');
  await choose(page, wiring, 'Characteristic 1', 'Gender');
  await choose(page, wiring, 'Value 1', 'Female');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/ContentManager\/EditBulletin\/\d+\/$/);
  const bulletinId = Number(/EditBulletin\/(\d+)\//.exec(page.url())![1]);
  // The document section below the form has a status region of its own.
  await expect(page.getByRole('status').filter({ hasText: 'Bulletin saved.' })).toHaveText('Bulletin saved.');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await page.goto(PAGES.bulletinManager(coachId));
  await expect(page.getByTestId('bulletin-manager-row').filter({ hasText: title })).toContainText(
    'Gender: Female',
  );

  // The matching student: on the dashboard, unread, recommended; stars it; opens it.
  const her = await studentPage(browser, woman);
  await her.goto(PAGES.coachDetails(coachId));
  const list = her.locator('[data-bulletin-list]');
  const card = list.getByTestId('bulletin-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('unread-badge')).toBeVisible();
  await list.getByRole('tab', { name: BULLETIN_TEXTS.tabRecommended }).click();
  await expect(list.getByTestId('bulletin-card').filter({ hasText: title })).toBeVisible();
  await list.getByRole('tab', { name: BULLETIN_TEXTS.tabStarred }).click();
  await expect(list.getByTestId('bulletin-card').filter({ hasText: title })).toHaveCount(0);
  await list.getByRole('tab', { name: BULLETIN_TEXTS.tabAll }).click();
  const star = card.getByRole('button', { name: `${BULLETIN_UI_TEXTS.star}: ${title}` });
  await star.click();
  await expect(card.getByTestId('star-toggle')).toHaveAttribute('aria-pressed', 'true');
  await list.getByRole('tab', { name: BULLETIN_TEXTS.tabStarred }).click();
  await expect(list.getByTestId('bulletin-card').filter({ hasText: title })).toBeVisible();
  await expectNoAxeViolations(her);
  await list.getByRole('link', { name: title }).click();
  await expect(her).toHaveURL(new RegExp(`/MessageCenter/${coachId}/${bulletinId}/$`));
  await expect(her.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(her.getByText('Bring your questions about TMA 2.')).toBeVisible();
  // The star works on the reading page itself: off, then on again (saved: the list shows it below).
  const pageStar = her.getByTestId('message-star-toggle');
  await expect(pageStar).toHaveAttribute('aria-pressed', 'true');
  await her.getByRole('button', { name: BULLETIN_UI_TEXTS.unstar }).click();
  await expect(pageStar).toHaveAttribute('aria-pressed', 'false');
  await her.getByRole('button', { name: BULLETIN_UI_TEXTS.star }).click();
  await expect(pageStar).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(her);
  // Back returns where she opened it: the dashboard.
  await her.getByRole('link', { name: BULLETIN_UI_TEXTS.back, exact: true }).click();
  await expect(her).toHaveURL(new RegExp(`${PAGES.coachDetails(coachId)}$`));
  await her.goto(PAGES.bulletins(coachId));
  const again = her.getByTestId('bulletin-card').filter({ hasText: title });
  await expect(again).toBeVisible();
  await expect(again.getByTestId('unread-badge')).toHaveCount(0);
  await expect(again.getByTestId('star-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expectNoAxeViolations(her);

  // Institution context: the same bulletin, linking to the institution message route.
  await her.getByRole('link', { name: BULLETIN_UI_TEXTS.allCourses }).click();
  await expect(her).toHaveURL(/\/Dashboard\/Institution\/\d+\/Bulletins\/$/);
  const institutionId = Number(/Institution\/(\d+)\//.exec(her.url())![1]);
  await expect(her.getByRole('link', { name: title })).toHaveAttribute(
    'href',
    `/InstitutionMessageCenterView/${institutionId}/${bulletinId}/`,
  );
  await expectNoAxeViolations(her);
  await her.goto(PAGES.bulletins(coachId));

  // An interactive bulletin (the demo's): page 0 first, then the next page.
  await her.getByRole('link', { name: 'Your exam: what to expect' }).click();
  await expect(her).toHaveURL(new RegExp(`/InteractiveMessage/${coachId}/\\d+/0/$`));
  await expect(her.getByRole('heading', { level: 2, name: 'Step 1: know the format' })).toBeVisible();
  await expectNoAxeViolations(her);
  await her.getByRole('link', { name: BULLETIN_UI_TEXTS.nextPage }).click();
  await expect(her).toHaveURL(new RegExp(`/InteractiveMessage/${coachId}/\\d+/1/$`));
  await expect(her.getByRole('heading', { level: 2, name: 'Step 2: plan your revision' })).toBeVisible();
  await expect(her.getByRole('link', { name: BULLETIN_UI_TEXTS.previousPage })).toBeVisible();

  // The non-matching student: not in the list, and the message route is not found.
  const him = await studentPage(browser, man);
  await him.goto(PAGES.bulletins(coachId));
  await expect(him.getByTestId('bulletin-card').first()).toBeVisible();
  await expect(him.getByTestId('bulletin-card').filter({ hasText: title })).toHaveCount(0);
  await him.goto(`/MessageCenter/${coachId}/${bulletinId}/`);
  await expect(him.getByTestId('not-found-page')).toBeVisible();
  await expect(him.getByText(title)).toHaveCount(0);
});
