import { ACCOUNT_PAGES, ACCOUNT_TEXTS, type Me } from '@course-coach/contracts';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, STUDENT_WITHOUT_POINTS, signIn } from './helpers.ts';

/**
 * Accounts, user administration, the audit log and sign-in settings (docs/accounts.md, docs/audit-log.md,
 * docs/sso.md): each new page at 1280 × 800 and 375 × 667 with axe, and the refusals they show. Nothing
 * here changes a demo account (other specs sign in with them): the writes tried are refused ones.
 */
const SIZES = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];

/** The staff member's Me document (their institution and name), from the API. */
function staffMe(page: Page): Promise<Me> {
  return homeOf(page.request, STAFF);
}

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(size);
    });

    test('forgot password: the same answer for any address', async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByText('Enter a valid email address.')).toBeVisible();
      await page.getByLabel(/^Email/).fill(`nobody-${size.width}@e2e.test`);
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expect(page.getByTestId('reset-sent')).toHaveText(ACCOUNT_TEXTS.resetRequested);
      await expectNoAxeViolations(page);
    });

    test('set password: a weak password and a forged link are refused with a clear message', async ({
      page,
    }) => {
      await page.goto(`${ACCOUNT_PAGES.setPassword}#token=forged-${size.width}`);
      await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel(/^New password(?! again)/).fill('short');
      await page.getByLabel(/^New password again/).fill('short');
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByText(ACCOUNT_TEXTS.passwordTooShort)).toBeVisible();
      await page.getByLabel(/^New password(?! again)/).fill('a perfectly fine phrase');
      await page.getByLabel(/^New password again/).fill('a perfectly fine phrase');
      await page.getByRole('button', { name: 'Set password' }).click();
      await expect(page.getByRole('alert')).toContainText(ACCOUNT_TEXTS.tokenInvalid);
      await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('account: reached from the account menu; a wrong current password is refused', async ({ page }) => {
      await signIn(page, STUDENT_WITHOUT_POINTS);
      if (size.width >= 768) {
        await page.getByTestId('user-name').click();
        await page.getByRole('menuitem', { name: 'Account' }).click();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('link', { name: 'Account' }).click();
      }
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel(/^Current password/).fill('not my password');
      await page.getByLabel(/^New password/).fill('a perfectly fine phrase');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText(ACCOUNT_TEXTS.currentPasswordWrong)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('users: search, open a person, changing one’s own role is refused', async ({ page }) => {
      await signIn(page, STAFF);
      const me = await staffMe(page);
      const inst = me.institutions[0]!.id;
      await page.goto(ACCOUNT_PAGES.institutionUsers(inst));
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await page.getByLabel(/^Search/).fill(STAFF);
      await expect(page.getByRole('status')).toHaveText('1 person');
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: me.user.name }).click();
      await expect(page.getByRole('heading', { name: me.user.name, level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('combobox', { name: 'Role', exact: true }).click();
      await page.getByRole('option', { name: 'Staff' }).click();
      await page.getByRole('button', { name: 'Save role' }).click();
      await expect(page.getByTestId('admin-error')).toHaveText(ACCOUNT_TEXTS.cannotChangeOwnRole);
      await expectNoAxeViolations(page);
    });

    test('audit log: filters and the CSV link', async ({ page }) => {
      await signIn(page, STAFF);
      const inst = (await staffMe(page)).institutions[0]!.id;
      await page.goto(ACCOUNT_PAGES.institutionAuditLog(inst));
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('To', { exact: true }).fill('2000-01-01');
      await expect(page.getByTestId('audit-empty')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
        'href',
        /audit-log\.csv\?to=2000-01-01/,
      );
      await expectNoAxeViolations(page);
    });

    test('sign-in settings: the API’s field errors are shown at their fields', async ({ page }) => {
      await signIn(page, STAFF);
      const inst = (await staffMe(page)).institutions[0]!.id;
      if (size.width >= 768) {
        await page.getByTestId('nav-administration').first().click();
        await page
          .getByRole('navigation', { name: 'Administration' })
          .getByRole('link', { name: 'Sign-in settings' })
          .click();
      } else {
        await page.goto(ACCOUNT_PAGES.institutionSignInSettings(inst));
      }
      await expect(page.getByRole('heading', { name: 'Sign-in settings', level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel(/^Issuer URL/).fill('ftp://idp.example.edu');
      await page.getByRole('button', { name: 'Save sign-in settings' }).click();
      await expect(
        page.getByText('Enter the provider’s issuer URL, starting with https:// (no query or #).'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
