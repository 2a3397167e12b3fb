import { API } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, signIn } from './helpers.ts';

/** The glossary of the staff screens' words (docs/glossary.md), reached from the header and from the rules. */
test.describe('glossary', () => {
  test('staff open it from the header and from an Insight Group’s rules (wide)', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const staff = await homeOf(request, STAFF);
    const coaches = (await (
      await request.get(API.institutionCoaches(staff.institutions[0]!.id))
    ).json()) as Array<{ id: number }>;
    await signIn(page, STAFF);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Glossary' }).click();
    await expect(page).toHaveURL('/Help/Glossary/');
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    await expect(page.getByRole('term')).toHaveCount(13);
    await expectNoAxeViolations(page);

    // An Insight Group with rules says they combine, linking the Rule entry.
    let target: { coach: number; cohort: number } | undefined;
    for (const coach of coaches) {
      const groups = (await (await request.get(API.cohorts(coach.id))).json()) as Array<{
        id: number;
        rules?: unknown[];
      }>;
      const withRules = groups.find((g) => (g.rules?.length ?? 0) > 0);
      if (withRules) {
        target = { coach: coach.id, cohort: withRules.id };
        break;
      }
    }
    expect(target).toBeDefined();
    await page.goto(`/Dashboard/Coach/${target!.coach}/cohort-manager/${target!.cohort}/details`);
    await expect(page.getByText('Students who match all of these rules:')).toBeVisible();
    await page.getByRole('link', { name: 'What do these words mean?' }).click();
    await expect(page).toHaveURL('/Help/Glossary/#rule');
    await expect(page.getByRole('term').filter({ hasText: /^Rule$/ })).toBeVisible();
  });

  test('the phone menu links it and the page passes axe (phone)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signIn(page, STAFF);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Glossary' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Glossary' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
