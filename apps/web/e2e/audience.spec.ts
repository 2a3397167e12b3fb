import {
  API,
  AUDIENCE_API,
  AUDIENCE_TEXTS,
  BULLETIN_TEXTS,
  CSRF_COOKIE,
  EMAIL_API,
  EMAIL_PAGES,
  formatWhen,
  MembershipTaskSchema,
  PAGES,
  SURVEY_API,
  SURVEY_PAGES,
} from '@course-coach/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { coachIdOf, expectNoAxeViolations, STAFF, signIn } from './helpers.ts';

/**
 * "Who sees this" (docs/bulletins.md, docs/emails-surveys.md) in Chromium against the seeded demo: the
 * audience panel's count (checked against the Insight Group's own membership count), excluding a student,
 * previewing as a chosen student, and the excluded student, signed in, not seeing the bulletin; axe at
 * 1280×800 and 375×667 on the three editors.
 */
test.use({ timezoneId: 'UTC' });

const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];

async function axeAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize(SIZES[0]!);
}

const headersOf = async (page: Page) => ({
  'X-CSRFToken': (await page.context().cookies()).find((c) => c.name === CSRF_COOKIE)!.value,
});

/** An Insight Group of the coach's women, made and synced through the API; its membership count. */
async function womenGroup(page: Page, coachId: number, name: string): Promise<number> {
  const headers = await headersOf(page);
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
  const group = (await (await page.request.get(API.cohort(coachId, id))).json()) as {
    membership_count: number;
  };
  return group.membership_count;
}

async function studentPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** "Student 123456" → s123456@demo.edu (the demo's names and addresses). */
const emailOfName = (name: string) => `s${/Student (\d+)/.exec(name)![1]}@demo.edu`;

test('the bulletin editor’s Who sees this: count, exclude, preview; the excluded student does not see it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Audience check ${Date.now()}`;
  const group = `Audience women (e2e ${Date.now()})`;
  await signIn(page, STAFF);
  const coachId = await coachIdOf(page, 'AAA 2013J');
  const members = await womenGroup(page, coachId, group);

  await page.goto(PAGES.newBulletin(coachId));
  await expect(page.getByText(AUDIENCE_TEXTS.saveFirst)).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByTestId('bulletin-description').click();
  await page.keyboard.type('Meet your study group.');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Published');
  await page.getByRole('combobox', { name: 'Audience (Insight Group)' }).selectOption({ label: group });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/ContentManager\/EditBulletin\/\d+\/$/);

  const panel = page.getByTestId('audience-panel');
  await expect(panel.getByRole('heading', { name: AUDIENCE_TEXTS.title })).toBeVisible();
  await expect(panel.getByTestId('audience-publish')).toHaveText(AUDIENCE_TEXTS.published, {
    timeout: 30_000,
  });
  await expect(panel.getByTestId('audience-rule')).toHaveText(AUDIENCE_TEXTS.ruleGroup(group));
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(members));
  await axeAtBothSizes(page);

  // Exclude the first listed student; the count drops by one and she is listed as excluded.
  const listed = panel.getByTestId('audience-students').getByRole('listitem');
  const excludedName = (await listed.nth(0).getByTestId('audience-student-name').innerText()).trim();
  const keptName = (await listed.nth(1).getByTestId('audience-student-name').innerText()).trim();
  await panel.getByRole('button', { name: `${AUDIENCE_TEXTS.exclude} ${excludedName}` }).click();
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(members - 1));
  await expect(panel.getByTestId('audience-excluded')).toContainText(excludedName);

  // Preview as the excluded student, then as one who gets it (their version, under Recommended).
  await panel.getByRole('combobox', { name: AUDIENCE_TEXTS.previewAs }).selectOption({ label: excludedName });
  await expect(panel.getByTestId('audience-preview')).toContainText(
    AUDIENCE_TEXTS.excludedStudent(excludedName),
  );
  await panel.getByRole('combobox', { name: AUDIENCE_TEXTS.previewAs }).selectOption({ label: keptName });
  const preview = panel.getByTestId('audience-preview');
  await expect(preview).toContainText(AUDIENCE_TEXTS.receives(keptName));
  await expect(preview).toContainText(AUDIENCE_TEXTS.recommended);
  await expect(preview).toContainText('Meet your study group.');
  await axeAtBothSizes(page);

  // The excluded student, signed in, does not see it; the other one sees it under Recommended.
  const excluded = await studentPage(browser, emailOfName(excludedName));
  await excluded.goto(PAGES.bulletins(coachId));
  await expect(excluded.locator('[data-bulletin-list]')).toBeVisible();
  await expect(excluded.getByTestId('bulletin-card').first()).toBeVisible();
  await expect(excluded.getByText(title)).toHaveCount(0);
  const kept = await studentPage(browser, emailOfName(keptName));
  await kept.goto(PAGES.bulletins(coachId));
  const list = kept.locator('[data-bulletin-list]');
  await list.getByRole('tab', { name: BULLETIN_TEXTS.tabRecommended }).click();
  await expect(list.getByTestId('bulletin-card').filter({ hasText: title })).toBeVisible();
});

test('the e-mail and survey editors have the same panel: rule, state in words, count (axe at both sizes)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, STAFF);
  const coachId = await coachIdOf(page, 'AAA 2013J');
  const members = await womenGroup(page, coachId, `Audience women, e-mail (e2e ${Date.now()})`);
  const headers = await headersOf(page);
  const email = await page.request.post(EMAIL_API.emails(coachId), {
    headers,
    data: {
      title: 'Audience e-mail (e2e)',
      subject: 'For you',
      state: 'draft',
      sections: [{ body: '<p>Hello there</p>' }],
      characteristics: [{ label: 'gender', value: 'F' }],
    },
  });
  expect(email.status()).toBe(201);
  const emailId = ((await email.json()) as { id: number }).id;
  await page.goto(EMAIL_PAGES.edit(coachId, emailId));
  const panel = page.getByTestId('audience-panel');
  await expect(panel.getByTestId('audience-publish')).toHaveText(AUDIENCE_TEXTS.draft, { timeout: 30_000 });
  await expect(panel.getByTestId('audience-rule')).toHaveText(AUDIENCE_TEXTS.ruleWired);
  // Wired to gender F: the same students as the group of the coach's women.
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(members));
  const first = (
    await panel.getByTestId('audience-students').getByTestId('audience-student-name').first().innerText()
  ).trim();
  await panel.getByRole('combobox', { name: AUDIENCE_TEXTS.previewAs }).selectOption({ label: first });
  await expect(panel.getByTestId('audience-preview')).toContainText(`Hi ${first},`);
  await axeAtBothSizes(page);

  const publishAt = '2030-12-03T09:00:00.000Z';
  const survey = await page.request.post(SURVEY_API.surveys(coachId), {
    headers,
    data: {
      title: 'Audience survey (e2e)',
      status: 'Published',
      publish_timestamp: publishAt,
      questions: [{ prompt: 'How old are you?', characteristic: 'age_band' }],
    },
  });
  expect(survey.status()).toBe(201);
  const surveyId = ((await survey.json()) as { id: number }).id;
  await page.goto(SURVEY_PAGES.edit(coachId, surveyId));
  const sp = page.getByTestId('audience-panel');
  await expect(sp.getByTestId('audience-publish')).toHaveText(
    AUDIENCE_TEXTS.scheduled(formatWhen(publishAt, 'UTC')),
    { timeout: 30_000 },
  );
  await expect(sp.getByTestId('audience-publish')).toHaveText('Scheduled for 3 December, 09:00');
  await expect(sp.getByTestId('audience-rule')).toHaveText(AUDIENCE_TEXTS.ruleAll);
  await axeAtBothSizes(page);
});

test('the bulletin editor’s Who sees this follows the Insight Group chosen in the form before Save', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const title = `Audience unsaved ${Date.now()}`;
  const group = `Audience unsaved women (e2e ${Date.now()})`;
  await signIn(page, STAFF);
  const coachId = await coachIdOf(page, 'AAA 2013J');
  const members = await womenGroup(page, coachId, group);
  const made = await page.request.post(API.bulletins(coachId), {
    data: { title, status: 'Draft', publish_timestamp: new Date().toISOString() },
    headers: await headersOf(page),
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const everyone = (await (
    await page.request.post(AUDIENCE_API.audience(coachId), {
      data: { kind: 'bulletin', id },
      headers: await headersOf(page),
    })
  ).json()) as { count: number };
  expect(everyone.count).toBeGreaterThan(members);

  await page.goto(PAGES.editBulletin(coachId, id));
  const panel = page.getByTestId('audience-panel');
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(everyone.count), {
    timeout: 30_000,
  });
  await expect(panel.getByTestId('audience-unsaved')).toHaveCount(0);
  const audience = page.getByRole('combobox', { name: 'Audience (Insight Group)' });
  await audience.selectOption({ label: group });
  // Not saved yet: the panel counts the group's members and says so.
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(members));
  await expect(panel.getByTestId('audience-rule')).toHaveText(AUDIENCE_TEXTS.ruleGroup(group));
  await expect(panel.getByTestId('audience-unsaved')).toHaveText(AUDIENCE_TEXTS.unsaved);
  await axeAtBothSizes(page);
  // Back to every student: the count follows.
  await audience.selectOption({ index: 0 });
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(everyone.count));
  await expect(panel.getByTestId('audience-unsaved')).toHaveCount(0);
  // Saved with the group: the same count, no longer marked unsaved.
  await audience.selectOption({ label: group });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByTestId('audience-unsaved')).toHaveCount(0);
  await expect(panel.getByTestId('audience-count')).toHaveText(AUDIENCE_TEXTS.count(members));
  await page.request.delete(API.bulletin(coachId, id), { headers: await headersOf(page) });
});
