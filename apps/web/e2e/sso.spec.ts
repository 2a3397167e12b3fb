import { API, CSRF_COOKIE, SSO_API, SSO_ERROR_TEXTS } from '@course-coach/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type OidcStandin, startOidcStandin } from '../../server/src/modules/sso/oidc-standin.ts';
import { expectNoAxeViolations, homeOf, STAFF } from './helpers.ts';

/**
 * Single sign-on with OpenID Connect end to end in Chromium (docs/sso.md): the stand-in OpenID provider
 * (oidc-provider) runs on 127.0.0.1 in the test process, the demo institution's staff configures it
 * through the API, and the browser signs in through the provider's own sign-in page.
 */

const LABEL = 'Demo University';
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

let standin: OidcStandin;
let staff: APIRequestContext;
let institutionId: number;

async function putConfig(enabled: boolean): Promise<void> {
  const token = (await staff.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)!.value;
  const response = await staff.put(SSO_API.config(institutionId), {
    headers: { 'X-CSRFToken': token },
    data: {
      enabled,
      label: LABEL,
      issuer: standin.issuer,
      client_id: 'course-coach-e2e',
      client_secret: 'course-coach-e2e-secret',
      scopes: 'openid email profile roles',
      identifier_claim: 'email',
      email_claim: 'email',
      name_claim: 'name',
      role_claim: 'roles',
      role_mapping: { student: 'student', employee: 'staff' },
      password_login: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** From the sign-in page: the institution's button, then the provider's page as `login`. */
async function signOnAs(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${standin.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test.describe('Sign in with the institution’s OpenID provider', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    standin = await startOidcStandin({
      clientId: 'course-coach-e2e',
      clientSecret: 'course-coach-e2e-secret',
      redirectUris: [`${baseURL}${SSO_API.callback}`],
      accounts: {
        'sso-student': { email: 'sso-e2e-student@demo.edu', name: 'Sami Sso', roles: ['student'] },
        mallory: { email: 'mallory-e2e@demo.edu', name: 'Mallory', roles: ['student', 'staff'] },
      },
    });
    staff = await playwright.request.newContext({ baseURL });
    institutionId = (await homeOf(staff, STAFF)).institutions[0]!.id;
    await putConfig(true);
  });

  test.afterAll(async () => {
    await putConfig(false);
    await staff.dispose();
    await standin.close();
  });

  test('the button comes first; a first sign-in creates the account and signs the browser in', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
    await expect(button).toBeVisible();
    const email = page.getByLabel(/^Email/);
    expect((await button.boundingBox())!.y).toBeLessThan((await email.boundingBox())!.y);
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await page.setViewportSize(DESKTOP);

    await signOnAs(page, 'sso-student');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page).not.toHaveURL(new RegExp(`^${standin.issuer}`));
    const me = await page.request.get(API.me);
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({ email: 'sso-e2e-student@demo.edu', name: 'Sami Sso' });
  });

  test('a role claim asking for staff that the mapping does not grant is refused in plain words', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await signOnAs(page, 'mallory');
    await expect(page).toHaveURL('/login?sso_error=no_role');
    await expect(page.getByTestId('sso-error')).toContainText(SSO_ERROR_TEXTS.no_role);
    expect((await page.request.get(API.me)).status()).toBe(401);
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
  });

  test('an ID token with a bad signature is refused and the page says what to do', async ({ page }) => {
    standin.setTamper('bad-signature');
    try {
      await page.goto('/login');
      await signOnAs(page, 'sso-student');
      await expect(page).toHaveURL('/login?sso_error=failed');
      await expect(page.getByTestId('sso-error')).toContainText(SSO_ERROR_TEXTS.failed);
      expect((await page.request.get(API.me)).status()).toBe(401);
    } finally {
      standin.setTamper(null);
    }
  });
});
