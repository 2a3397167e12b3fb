import {
  API,
  CohortSchema,
  EnrollmentDetailsSchema,
  MembershipTaskSchema,
  PAGES,
  TAILORING_TEXTS,
  TailoringDistributionSchema,
} from '@course-coach/contracts';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';
import { readOuladCsv } from './oulad.ts';

/**
 * The expected counts, computed here from the OULAD files, not by the app: GGG 2013J's students
 * (its registrations) and, from studentInfo, those matching each rule. A GGG 2013J student's registrar
 * values come from their GGG 2013J row (the latest of the e2e server's presentations).
 */
function expectedCounts() {
  const enrolled = readOuladCsv('studentRegistration.csv').filter(
    (r) => r.code_module === 'GGG' && r.code_presentation === '2013J',
  ).length;
  const info = readOuladCsv('studentInfo.csv').filter(
    (r) => r.code_module === 'GGG' && r.code_presentation === '2013J',
  );
  const credits = (min: number) => info.filter((r) => Number(r.studied_credits) >= min).length;
  return {
    enrolled,
    credits60: credits(60),
    credits90: credits(90),
    women: info.filter((r) => r.gender === 'F').length,
    // Everyone registered in GGG 2013J has the module GGG among their modules.
    moduleGgg: enrolled,
    members: info.filter((r) => r.gender === 'F' && Number(r.studied_credits) >= 60).length,
  };
}

/** GGG 2013J has no demo Insight Groups, so the journey starts from the empty cohort manager. */
const COACH_LABEL = 'GGG 2013J';

/** Chooses `option` in the Mantine Select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the staff member's coach dashboard of COACH_LABEL from the institution page. */
async function openCoachAsStaff(page: Page): Promise<string> {
  await signIn(page, STAFF);
  await page
    .getByTestId('institution-coach')
    .filter({ hasText: COACH_LABEL })
    .getByRole('link', { name: /Open coach dashboard/ })
    .click();
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  const coachId = /\/Dashboard\/Coach\/(\d+)\//.exec(page.url())?.[1];
  if (!coachId) throw new Error('no coach id');
  return coachId;
}

/** Waits until a dialog has finished its opening transition (axe reads colours mid-fade otherwise). */
async function settled(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
}

/** Adds a rule through the rule form modal and waits for it to close. */
async function addRule(page: Page, fill: (dialog: Locator) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: TAILORING_TEXTS.addRule }).click();
  const dialog = page.getByRole('dialog', { name: TAILORING_TEXTS.addRule });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Insight Groups (cohort manager, detail, rules, sync)', () => {
  test('staff create a collection and a group, add three kinds of rules, sync, edit and delete', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const coachId = await openCoachAsStaff(page);

    // Coach dashboard → cohort manager (the link for staff and instructors).
    await page
      .getByTestId('insight-groups-link')
      .getByRole('link', { name: TAILORING_TEXTS.insightGroups })
      .click();
    await expect(page).toHaveURL(PAGES.cohortManager(coachId));
    await expect(page.getByRole('heading', { level: 2, name: TAILORING_TEXTS.insightGroups })).toBeVisible();
    await expect(page.getByText(TAILORING_TEXTS.noGroups)).toBeVisible();
    await expect(page.getByText(TAILORING_TEXTS.noCollections)).toBeVisible();
    await expectNoAxeViolations(page);

    // A collection.
    await page.getByRole('button', { name: TAILORING_TEXTS.addCollection }).click();
    const collectionForm = page.getByRole('dialog', { name: TAILORING_TEXTS.addCollectionGroup });
    await collectionForm.getByRole('textbox', { name: 'Name' }).fill('  Exam support  ');
    await settled(collectionForm);
    await expectNoAxeViolations(page);
    await collectionForm.getByRole('button', { name: 'Save' }).click();
    await expect(collectionForm).toBeHidden();
    const collectionView = page.getByTestId('insight-group-collection-view');
    await expect(collectionView.getByRole('heading', { name: 'Exam support' })).toBeVisible();
    await expect(collectionView.getByText(TAILORING_TEXTS.noGroupsInCollection)).toBeVisible();

    // A group in it, from the add-cohort page, which then goes to the new group's details with a confirmation.
    await collectionView.getByRole('link', { name: TAILORING_TEXTS.addGroup }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGES.addCohort(coachId)}\\?collection=\\d+$`));
    await expect(page.getByRole('combobox', { name: 'Insight Group Collection' })).toHaveValue(
      'Exam support',
    );
    await page.getByRole('textbox', { name: 'Name' }).fill('Women studying 60+ credits');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/cohort-manager\/\d+\/details$/);
    await expect(page.getByRole('status').filter({ hasText: 'created' })).toHaveText(
      'Insight Group “Women studying 60+ credits” created. Add its rules below.',
    );
    await expectNoAxeViolations(page);

    // Back to the manager (header link), the group is listed in cards and in the table.
    await page.getByTestId('nav-insight-groups').click();
    const card = page.getByTestId('group-card').filter({ hasText: 'Women studying 60+ credits' });
    await expect(card).toContainText('Current 0');
    await page.getByTestId('group-view-toggle').getByText('Table view').click();
    await expect(page.getByTestId('groups-table')).toContainText('Women studying 60+ credits');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Details: Women studying 60+ credits' }).click();

    // The detail page, empty.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Group Details | Women studying 60+ credits' }),
    ).toBeVisible();
    const cohortId = /cohort-manager\/(\d+)\/details/.exec(page.url())?.[1];
    if (!cohortId) throw new Error('no cohort id');
    await expect(page.getByTestId('no-rules')).toHaveText(TAILORING_TEXTS.noRulesAdded);
    await expect(page.getByTestId('cohort-membership-characteristic')).toContainText(
      TAILORING_TEXTS.noMtsCharacteristic,
    );
    await expectNoAxeViolations(page);

    // Three kinds of rules: a range comparison, an includes over a value set, a multivalued contains.
    await addRule(page, async (dialog) => {
      await choose(page, dialog, 'Characteristic', 'Studied credits');
      await choose(page, dialog, 'Operation', 'greater than or equal to');
      await dialog.getByRole('textbox', { name: 'Value' }).fill('60');
    });
    await addRule(page, async (dialog) => {
      await choose(page, dialog, 'Characteristic', 'Gender');
      await choose(page, dialog, 'Operation', 'includes');
      await dialog.getByRole('checkbox', { name: 'Female' }).check();
      await settled(dialog);
      await expectNoAxeViolations(page);
    });
    await addRule(page, async (dialog) => {
      await choose(page, dialog, 'Characteristic', 'Registered modules');
      // Multivalued: 'contains' is the only operation, chosen at once.
      await expect(dialog.getByRole('combobox', { name: 'Operation' })).toHaveValue('contains');
      await dialog.getByRole('checkbox', { name: 'Module GGG' }).check();
    });
    const rules = page.getByTestId('valid-rules').getByTestId('rule-row');
    await expect(rules).toHaveCount(3);
    await expect(rules.nth(0)).toContainText('greater than or equal to 60');
    await expect(rules.nth(1)).toContainText('includes Female');
    await expect(rules.nth(2)).toContainText('contains Module GGG');

    // Sync, and wait for the 15-second status refresh to show it completed.
    await page.getByTestId('sync-now').click();
    await expect
      .poll(
        async () =>
          MembershipTaskSchema.parse(
            await (await page.request.get(API.cohortMembershipUpdate(coachId, cohortId))).json(),
          ).state,
        { timeout: 40_000 },
      )
      .toBe('success');
    await expect(page.getByTestId('sync-status')).toContainText(
      /^Completed \(\d{1,2}:\d{2} [AP]M - \d{1,2}\.\d{1,2}\.\d{2}\)$/,
      { timeout: 20_000 },
    );

    // The counts on the page match the ones computed from the OULAD files.
    const expected = expectedCounts();
    expect(expected.members).toBeGreaterThan(0);
    await expect(page.getByTestId('cohort-currently')).toHaveText(
      `Currently:${Math.round((expected.members / expected.enrolled) * 100)}%${expected.members} / ${expected.enrolled} students`,
    );
    for (const [i, n] of [expected.credits60, expected.women, expected.moduleGgg].entries()) {
      await expect(rules.nth(i).getByTestId('rule-qualifying')).toHaveText(`${n} / ${expected.enrolled}`);
    }
    await expect(page.getByTestId('members-range')).toContainText(`of ${expected.members}`);
    // … and the server's own figures.
    const cohort = CohortSchema.parse(await (await page.request.get(API.cohort(coachId, cohortId))).json());
    const { enrollment_count } = EnrollmentDetailsSchema.parse(
      await (await page.request.get(API.enrollmentDetails(coachId))).json(),
    );
    expect(enrollment_count).toBeGreaterThan(0);
    expect(cohort.membership_count).toBeGreaterThan(0);
    const qualifying = cohort.rules.map((r) => r.qualifying_subjects_count);
    expect(cohort.membership_count).toBeLessThanOrEqual(Math.min(...qualifying));
    const percent = Math.round((cohort.membership_count / enrollment_count) * 100);
    await expect(page.getByTestId('cohort-currently')).toHaveText(
      `Currently:${percent}%${cohort.membership_count} / ${enrollment_count} students`,
    );
    for (const [i, r] of cohort.rules.entries()) {
      await expect(rules.nth(i).getByTestId('rule-qualifying')).toHaveText(
        `${r.qualifying_subjects_count} / ${enrollment_count}`,
      );
    }

    // The distribution of gender in the group: only women, all from the registrar.
    await choose(
      page,
      page.locator('body'),
      /Select a characteristic to see the student distribution/,
      'Gender',
    );
    const women = page.getByTestId('distribution-row').filter({ hasText: 'Female' });
    await expect(women.locator('td')).toHaveText([
      'Registrar (student records)',
      'Female',
      String(cohort.membership_count),
      /^\d+$/,
    ]);
    const men = page
      .getByTestId('distribution-row')
      .filter({ hasText: 'Male' })
      .filter({ hasNotText: 'Female' });
    if ((await men.count()) > 0) await expect(men.locator('td').nth(2)).toHaveText('0');
    await expectNoAxeViolations(page);

    // Edit a rule: 60 → 90 credits.
    await rules
      .nth(0)
      .getByRole('button', { name: /^Edit Rule/ })
      .click();
    const edit = page.getByRole('dialog', { name: TAILORING_TEXTS.editRule });
    await expect(edit.getByRole('textbox', { name: 'Value' })).toHaveValue('60');
    await edit.getByRole('textbox', { name: 'Value' }).fill('90');
    await settled(edit);
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(rules.nth(0)).toContainText('greater than or equal to 90');
    // The server re-syncs after a rule change; the page sees it end at its next 15-second refresh.
    await expect(rules.nth(0).getByTestId('rule-qualifying')).toHaveText(
      `${expected.credits90} / ${expected.enrolled}`,
      { timeout: 25_000 },
    );

    // Delete a rule.
    await rules
      .filter({ hasText: 'Registered modules' })
      .getByRole('button', { name: /^Edit Rule/ })
      .click();
    await page
      .getByRole('dialog', { name: TAILORING_TEXTS.editRule })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog', { name: 'Delete?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(rules).toHaveCount(2);
    await expect(page.getByTestId('valid-rules')).not.toContainText('Registered modules');

    // Delete the group (Edit Group → Delete → confirmation), which goes to the coach dashboard.
    await page.getByRole('button', { name: TAILORING_TEXTS.edit, exact: true }).click();
    const editGroup = page.getByRole('dialog', { name: TAILORING_TEXTS.editGroup });
    await settled(editGroup);
    await expectNoAxeViolations(page);
    await editGroup.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: TAILORING_TEXTS.deleteInsightGroupTitle });
    await expect(confirm).toContainText(
      'Are you sure you want to delete the Insight Group: Women studying 60+ credits? This cannot be undone.',
    );
    await settled(confirm);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page).toHaveURL(PAGES.coachDetails(coachId));
    expect((await page.request.get(API.cohort(coachId, cohortId))).status()).toBe(404);

    // The collection is empty again; delete it with its own confirmation.
    await page.goto(PAGES.cohortManager(coachId));
    await page.getByRole('link', { name: 'Details: Exam support' }).click();
    await expect(page.getByText(TAILORING_TEXTS.noGroupsInCollection)).toBeVisible();
    await page
      .getByTestId('insight-group-collection-view')
      .getByRole('button', { name: TAILORING_TEXTS.edit })
      .click();
    await page
      .getByRole('dialog', { name: TAILORING_TEXTS.editCollectionGroup })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirmCollection = page.getByRole('dialog', { name: TAILORING_TEXTS.deleteCollectionGroup });
    await expect(confirmCollection).toContainText(
      'Are you sure you want to delete the Insight Collection Group: “Exam support”? This action cannot be undone.',
    );
    await confirmCollection.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText(TAILORING_TEXTS.noCollections)).toBeVisible();
  });

  test('the demo groups of AAA 2013J show on a phone, with no accessibility violations', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, STAFF);
    const aaa = page.getByTestId('institution-coach').filter({ hasText: 'AAA 2013J' });
    await aaa.getByRole('link', { name: /Open coach dashboard/ }).click();
    await page.getByTestId('insight-groups-link').getByRole('link').click();
    await expect(page.getByTestId('group-card').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Details: Heavy study load' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Group Details | Heavy study load' }),
    ).toBeVisible();
    await expect(page.getByTestId('sync-status')).toContainText('Completed');
    // Its membership characteristic by its label (screens never show the code name).
    await expect(page.getByTestId('cohort-membership-characteristic')).toContainText(
      'Member of “Heavy study load”',
    );
    await expect(page.getByTestId('valid-rules')).toContainText('greater than or equal to 120');
    await expectNoAxeViolations(page);
    // Nothing wider than the phone's screen except inside the tables' own scroll areas.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    test(`collections show Students Current/Total/Percent; a distribution value expands to its students (${viewport.width}×${viewport.height})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signIn(page, STAFF);
      const aaa = page.getByTestId('institution-coach').filter({ hasText: 'AAA 2013J' });
      await aaa.getByRole('link', { name: /Open coach dashboard/ }).click();
      // The click navigates in the browser: read the coach's id once the address has changed.
      await page.waitForURL(/\/Dashboard\/Coach\/\d+\//);
      const coachId = /\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]!;
      await page.goto(PAGES.cohortManager(coachId));
      // The server's own figures: the groups and the enrolment.
      const cohorts = CohortSchema.array().parse(await (await page.request.get(API.cohorts(coachId))).json());
      const { enrollment_count } = EnrollmentDetailsSchema.parse(
        await (await page.request.get(API.enrollmentDetails(coachId))).json(),
      );
      const table = page.getByTestId('insight-group-collections-table');
      await expect(table.getByRole('columnheader')).toHaveText([
        'Name',
        'Students',
        'Action',
        'Current',
        'Total',
        'Percent',
      ]);
      // Background holds one group: its students are that group's.
      const first = cohorts.find((c) => c.name === 'First in family to study at this level')!;
      await expect(
        table.getByTestId('insight-group-collection-row').filter({ hasText: 'Background' }).locator('td'),
      ).toHaveText([
        'Background',
        String(first.membership_count),
        String(enrollment_count),
        `${Math.round((first.membership_count / enrollment_count) * 100)}%`,
        'Details',
      ]);
      // Support priorities: at least its biggest group, at most both groups together.
      const support = cohorts.filter((c) =>
        c.cohort_group === first.cohort_group ? false : c.cohort_group !== null,
      );
      const supportCurrent = Number(
        await table
          .getByTestId('insight-group-collection-row')
          .filter({ hasText: 'Support priorities' })
          .locator('td')
          .nth(1)
          .textContent(),
      );
      expect(supportCurrent).toBeGreaterThanOrEqual(Math.max(...support.map((c) => c.membership_count)));
      expect(supportCurrent).toBeLessThanOrEqual(support.reduce((n, c) => n + c.membership_count, 0));
      await expectNoAxeViolations(page);

      // A group's distribution: expand Female to see who is behind the value, 10 a page.
      await page.getByRole('link', { name: 'Details: Heavy study load' }).click();
      await choose(
        page,
        page.locator('body'),
        /Select a characteristic to see the student distribution/,
        'Gender',
      );
      const female = page.getByTestId('distribution-row').filter({ hasText: 'Female' });
      const expand = female.getByTestId('distribution-expand');
      const total = Number(await expand.textContent());
      expect(total).toBeGreaterThan(10);
      await expect(expand).toHaveAttribute('aria-expanded', 'false');
      await expand.click();
      await expect(expand).toHaveAttribute('aria-expanded', 'true');
      const panel = page.getByTestId('distribution-students');
      await expect(panel.getByRole('listitem')).toHaveCount(10);
      await expect(panel.getByTestId('distribution-students-range')).toHaveText(
        `Students with Female: 1–10 of ${total}`,
      );
      await expectNoAxeViolations(page);
      const before = await panel.getByRole('listitem').first().textContent();
      await panel.getByRole('button', { name: 'Next' }).click();
      await expect(panel.getByTestId('distribution-students-range')).toHaveText(
        `Students with Female: 11–${Math.min(20, total)} of ${total}`,
      );
      await expect(panel.getByRole('listitem').first()).not.toHaveText(before ?? '');
      await expect(panel.getByRole('button', { name: 'Previous' })).toBeVisible();
      // The same students as the API lists (the spec's shape), page 2 of 10.
      const cohortId = /\/cohort-manager\/(\d+)\//.exec(page.url())?.[1] ?? '0';
      const api = await (
        await page.request.get(
          `${API.tailoringDistribution(coachId, cohortId)}?characteristic=gender&page=2&page_size=10`,
        )
      ).json();
      const names = (TailoringDistributionSchema.parse(api).distribution.gender?.registrar__F ?? []).map(
        (u) => u.name,
      );
      for (const [i, name] of names.entries())
        await expect(panel.getByRole('listitem').nth(i)).toContainText(name);
      if (viewport.width < 768) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      // Keyboard: the toggle closes the list again.
      await expand.focus();
      await page.keyboard.press('Enter');
      await expect(panel).toHaveCount(0);
    });
  }

  test('a student cannot use the cohort manager', async ({ page }) => {
    await signIn(page, STUDENT_WITH_GRADES);
    const coachId = /\/Dashboard\/Coach\/(\d+)\//.exec(page.url())?.[1];
    await expect(page.getByTestId('nav-insight-groups')).toHaveCount(0);
    await page.goto(PAGES.cohortManager(coachId ?? '0'));
    await expect(
      page.getByTestId('tailoring-forbidden').or(page.getByTestId('not-found-page')),
    ).toBeVisible();
    await expect(page.getByTestId('group-card')).toHaveCount(0);
  });

  test('staff check a characteristics CSV, see its row errors, then import a clean one', async ({ page }) => {
    const coachId = await openCoachAsStaff(page);
    await page.goto(PAGES.cohortManager(coachId));
    await page.getByRole('button', { name: 'Import characteristics (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import characteristics (CSV)' });
    await choose(page, dialog, 'Source', 'Registrar (student records)');
    const upload = (text: string) =>
      dialog.locator('input[type="file"]').setInputFiles({
        name: 'imd.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(text),
      });

    // s24391 and s26023 are GGG 2013J students (studentInfo.csv); s1 is nobody; '5%' is no IMD band.
    await upload('student,imd_band\ns24391@demo.edu,0-10%\ns26023@demo.edu,5%\ns1@demo.edu,0-10%\n');
    await dialog.getByRole('button', { name: 'Check file' }).click();
    const errors = dialog.getByTestId('import-errors');
    await expect(errors).toBeVisible();
    await expect(errors.getByRole('row').filter({ hasText: '5%' })).toHaveCount(1);
    await expect(
      errors.getByRole('row').filter({ has: page.getByRole('cell', { name: '4', exact: true }) }),
    ).toHaveCount(1);
    await expect(dialog.getByTestId('import-report')).toContainText('Nothing was written');
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    await settled(dialog);
    await expectNoAxeViolations(page);

    await upload('student,imd_band\ns24391@demo.edu,0-10%\ns26023@demo.edu,90-100%\n');
    await dialog.getByRole('button', { name: 'Check file' }).click();
    await expect(dialog.getByTestId('import-report')).toContainText('2 rows checked: no errors.');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByTestId('import-report')).toContainText('Imported 2 rows.', { timeout: 20_000 });
  });

  test('the cohort overview lists the demo collections and groups of AAA 2013J', async ({ page }) => {
    await signIn(page, STAFF);
    await page
      .getByTestId('institution-coach')
      .filter({ hasText: 'AAA 2013J' })
      .getByRole('link', { name: /Open coach dashboard/ })
      .click();
    await page.getByTestId('insight-groups-link').getByRole('link').click();
    await page.getByRole('link', { name: 'Insight Group overview' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Insight Group overview' })).toBeVisible();
    const support = page.getByRole('region', { name: 'Support priorities' });
    await expect(support.getByTestId('overview-group')).toHaveCount(2);
    await expect(support).toContainText('Studied credits greater than or equal to 120');
    await expectNoAxeViolations(page);
  });

  test('the group detail works with the keyboard: tooltips on focus, the rule form opens and closes', async ({
    page,
  }) => {
    await signIn(page, STAFF);
    await page
      .getByTestId('institution-coach')
      .filter({ hasText: 'AAA 2013J' })
      .getByRole('link', { name: /Open coach dashboard/ })
      .click();
    await page.getByTestId('insight-groups-link').getByRole('link').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Details: Heavy study load' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Group Details | Heavy study load' }),
    ).toBeVisible();

    // The question prompt shows as a tooltip when its button gets focus.
    await page.getByRole('button', { name: /^About Studied credits/ }).focus();
    await expect(page.getByRole('tooltip')).toHaveText('How many credits are you studying for?');

    // Add Rule opens the form with Enter; Escape closes it and focus returns to the button.
    const addRule = page.getByRole('button', { name: TAILORING_TEXTS.addRule });
    await addRule.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: TAILORING_TEXTS.addRule });
    await expect(dialog).toBeVisible();
    // Focus moved into the dialog.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addRule).toBeFocused();

    // An ordinal offers the comparisons over its values in their defined order, by label.
    await addRule.click();
    await choose(page, dialog, 'Characteristic', 'Highest education');
    await choose(page, dialog, 'Operation', 'greater than or equal to');
    await dialog.getByRole('combobox', { name: 'Value' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
      'No Formal quals',
      'Lower Than A Level',
      'A Level or Equivalent',
      'HE Qualification',
      'Post Graduate Qualification',
    ]);
    await page.getByRole('option', { name: 'HE Qualification', exact: true }).click();
    await dialog.getByRole('button', { name: TAILORING_TEXTS.cancel }).click();
    await expect(dialog).toBeHidden();
  });
});
