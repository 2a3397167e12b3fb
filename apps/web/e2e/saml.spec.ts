import { API, CSRF_COOKIE, SAML_API, SSO_ERROR_TEXTS } from '@course-coach/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type SamlStandin, startSamlStandin } from '../../server/src/modules/sso/saml-standin.ts';
import { expectNoAxeViolations, homeOf, STAFF, signIn } from './helpers.ts';

/**
 * Single sign-on with SAML 2.0 end to end in Chromium (docs/sso.md, SAML): the stand-in identity provider
 * runs on 127.0.0.1 in the test process and signs real assertions; the demo institution's staff pastes its
 * metadata on the Sign-in settings page; the browser signs in through the provider's page, which posts
 * the signed response to our ACS.
 */

const LABEL = 'Demo SAML University';
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

let standin: SamlStandin;
let staff: APIRequestContext;
let institutionId: number;

/** From the sign-in page: the institution's SAML button, then the provider's page as `login`. */
async function signOnAs(page: Page, login: string): Promise<void> {
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await expect(page).toHaveURL(new RegExp(`^${standin.ssoUrl}\\?SAMLRequest=`));
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill('any password');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('Sign in with the institution’s SAML identity provider', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    standin = await startSamlStandin({
      accounts: {
        'saml-student': {
          mail: 'saml-e2e-student@demo.edu',
          displayName: 'Sally Saml',
          affiliations: ['student'],
        },
        mallory: {
          mail: 'mallory-saml-e2e@demo.edu',
          displayName: 'Mallory',
          affiliations: ['student', 'staff'],
        },
      },
    });
    staff = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
    institutionId = (await homeOf(staff, STAFF)).institutions[0]!.id;
  });

  test.afterAll(async () => {
    const token = (await staff.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)!.value;
    const current = await (await staff.get(SAML_API.config(institutionId))).json();
    if (current.config) {
      const {
        idp_entity_id,
        idp_sso_url,
        idp_cert_fingerprints,
        sp_entity_id,
        sp_metadata_url,
        acs_url,
        ...body
      } = current.config;
      await staff.put(SAML_API.config(institutionId), {
        headers: { 'X-CSRFToken': token },
        data: { ...body, enabled: false },
      });
    }
    await staff.dispose();
    await standin.close();
  });

  test('staff paste the provider’s metadata on the Sign-in settings page and see what was read', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, STAFF);
    await page.goto(`/Dashboard/Institution/${institutionId}/SignInSettings`);
    await expect(page.getByRole('heading', { name: 'SAML 2.0', level: 2 })).toBeVisible();
    await page.getByLabel('SAML button name').fill(LABEL);
    await page.getByLabel('Identity provider metadata (XML)').fill('<EntityDescriptor');
    await page.getByRole('button', { name: 'Save SAML settings' }).click();
    await expect(page.getByText(/This is not well-formed XML/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Offer “Sign in with …” (SAML) on the sign-in page').check();
    await page.getByLabel('Identity provider metadata (XML)').fill(standin.metadata);
    await page.getByLabel('Attribute value 1').fill('student');
    await page.getByRole('button', { name: 'Save SAML settings' }).click();
    await expect(page.getByTestId('saml-saved')).toBeVisible();
    await expect(page.getByTestId('saml-idp-read')).toContainText(standin.entityId);
    // Our metadata is served at the URL the page shows, and that URL is our entity ID.
    const metadataUrl = (await page.getByTestId('saml-sp-metadata').textContent())!;
    expect(metadataUrl).toMatch(/\/api\/v1\/auth\/saml\/[^/]+\/metadata$/);
    const metadata = await page.request.get(metadataUrl);
    expect(metadata.status()).toBe(200);
    expect(await metadata.text()).toContain(`entityID="${metadataUrl}"`);
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
  });

  test('the SAML button comes first; a first sign-in creates the account and signs the browser in', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
    await expect(button).toBeVisible();
    const email = page.getByLabel(/^Email/);
    expect((await button.boundingBox())!.y).toBeLessThan((await email.boundingBox())!.y);
    await signOnAs(page, 'saml-student');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page).not.toHaveURL(new RegExp(`^${standin.ssoUrl}`));
    const me = await page.request.get(API.me);
    expect(me.status()).toBe(200);
    expect((await me.json()).user).toMatchObject({ email: 'saml-e2e-student@demo.edu', name: 'Sally Saml' });
  });

  test('an affiliation asking for staff that the mapping does not grant is refused in plain words', async ({
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
});
