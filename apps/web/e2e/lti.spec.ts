import {
  ACCOUNT_PAGES,
  API,
  CSRF_COOKIE,
  LTI_API,
  LTI_REFUSAL_TEXTS,
  LTI_TEXTS,
  PAGES,
} from '@course-coach/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  CANVAS_STUDENT_ROLES,
  CANVAS_TEACHER_ROLES,
} from '../../server/src/modules/lms/canvas-lti-standin.ts';
import {
  type CanvasStandin,
  FIRST_COURSE_ID,
  startCanvasStandin,
} from '../../server/src/modules/lms/canvas-standin.ts';
import { expectNoAxeViolations, homeOf, STAFF, STUDENT_WITH_GRADES, signIn } from './helpers.ts';

/**
 * LTI 1.3 launches end to end in Chromium (docs/lti.md): the Canvas stand-in runs in the test process as
 * the LTI platform; its course page frames Course Coach (the login initiation), its authorization page
 * auto-posts the signed id_token to our launch URL, and the app opens inside the frame.
 */

const CLIENT_ID = '10000000000777';
const DEPLOYMENT_ID = '7:e2e-deployment';
const LINKED_COURSE = FIRST_COURSE_ID + 4;
const UNLINKED_COURSE = FIRST_COURSE_ID + 5;
const PHONE = { width: 375, height: 667 };
const DESKTOP = { width: 1280, height: 800 };

let standin: CanvasStandin;
let staff: APIRequestContext;
let institutionId: number;
let registrationId: number;
let coachId: number;

const csrf = async (request: APIRequestContext) =>
  (await request.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)!.value;

/** Opens the stand-in's course page as `as`; returns the frame Course Coach opens in. */
async function openCourse(page: Page, courseId: number, as: string) {
  await page.goto(`${standin.url}/courses/${courseId}/external_tools/course_coach?as=${as}`);
  return page.frameLocator('#tool_content');
}

test.describe('Course Coach launched from the LMS (LTI 1.3)', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL!;
    standin = await startCanvasStandin({
      lti: {
        clientId: CLIENT_ID,
        deploymentId: DEPLOYMENT_ID,
        toolLoginUrl: `${baseURL}${LTI_API.login}`,
        users: {
          student: { name: 'Demo Student', email: STUDENT_WITH_GRADES, roles: CANVAS_STUDENT_ROLES },
          teacher: { name: 'Demo Staff', email: STAFF, roles: CANVAS_TEACHER_ROLES },
          newcomer: {
            name: 'Nina Newcomer',
            email: 'nina.newcomer@lti-e2e.edu',
            roles: CANVAS_STUDENT_ROLES,
          },
        },
      },
    });
    const student = await playwright.request.newContext({ baseURL });
    coachId = (await homeOf(student, STUDENT_WITH_GRADES)).coaches[0]!.id;
    await student.dispose();
    staff = await playwright.request.newContext({ baseURL });
    institutionId = (await homeOf(staff, STAFF)).institutions[0]!.id;
    const created = await staff.post(LTI_API.registrations(institutionId), {
      headers: { 'X-CSRFToken': await csrf(staff) },
      data: {
        label: 'Canvas stand-in',
        issuer: standin.url,
        client_id: CLIENT_ID,
        auth_login_url: `${standin.url}/api/lti/authorize_redirect`,
        jwks_url: `${standin.url}/api/lti/security/jwks`,
        platform_origin: standin.url,
        deployment_ids: [DEPLOYMENT_ID],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    registrationId = (await created.json()).id;
  });

  test.afterAll(async () => {
    await staff.delete(LTI_API.registration(institutionId, registrationId), {
      headers: { 'X-CSRFToken': await csrf(staff) },
    });
    await staff.dispose();
    await standin.close();
  });

  test('staff launching from an unlinked course link it to a coach, inside the LMS frame', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const frame = await openCourse(page, LINKED_COURSE, 'teacher');
    await expect(frame.getByTestId('lti-message')).toHaveText(LTI_TEXTS.unlinkedStaff);
    await expectNoAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await page.setViewportSize(DESKTOP);
    await frame.getByLabel('Coach').selectOption(String(coachId));
    // By keyboard: a native <select> that has just been used can still take the pointer in headless Chromium.
    await frame.getByRole('button', { name: LTI_TEXTS.linkButton }).press('Enter');
    await expect
      .poll(() =>
        page
          .frames()
          .find((f) => f.parentFrame() === page.mainFrame())
          ?.url(),
      )
      .toContain(PAGES.coachDetails(coachId).replace(/\/$/, ''));
  });

  test('a student launch lands on their coach dashboard, signed in, inside the LMS frame', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const frame = await openCourse(page, LINKED_COURSE, 'student');
    await expect
      .poll(() =>
        page
          .frames()
          .find((f) => f.parentFrame() === page.mainFrame())
          ?.url(),
      )
      .toContain(PAGES.coachDetails(coachId).replace(/\/$/, ''));
    await expect(frame.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(frame.getByText(/sign in/i)).toHaveCount(0);
    const me = await page.request.get(API.me);
    expect(me.status()).toBe(200);
    expect((await me.json()).user.email).toBe(STUDENT_WITH_GRADES);
    await expectNoAxeViolations(page);
  });

  test('a student launching from an unlinked course is told plainly', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const frame = await openCourse(page, UNLINKED_COURSE, 'newcomer');
    await expect(frame.getByTestId('lti-message')).toHaveText(LTI_TEXTS.unlinkedStudent);
    expect((await page.request.get(API.me)).status()).toBe(401);
    await expectNoAxeViolations(page);
  });

  test('staff see the registered platform and our URLs; a bad registration shows its field errors', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, STAFF);
    await page.goto(ACCOUNT_PAGES.institutionLtiSettings(institutionId));
    await expect(page.getByRole('heading', { name: 'LMS (LTI) settings' })).toBeVisible();
    await expect(page.getByTestId('lti-registrations')).toContainText('Canvas stand-in');
    await expect(page.getByText(LTI_API.jwks)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Name', { exact: true }).fill('Broken LMS');
    await page.getByLabel('Issuer', { exact: true }).fill('ftp://nowhere');
    await page.getByRole('button', { name: 'Register platform' }).click();
    await expect(
      page.getByText('Enter the provider’s issuer URL, starting with https:// (no query or #).'),
    ).toBeVisible();
    await expect(page.getByText('Enter at least one deployment id.')).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
  });

  test('a launch with a forged signature is refused with a plain page', async ({ page }) => {
    standin.lti!.tamper = 'bad-signature';
    try {
      const frame = await openCourse(page, LINKED_COURSE, 'student');
      await expect(frame.getByTestId('lti-message')).toHaveText(LTI_REFUSAL_TEXTS.invalid);
      expect((await page.request.get(API.me)).status()).toBe(401);
      await expectNoAxeViolations(page);
    } finally {
      standin.lti!.tamper = null;
    }
  });
});
