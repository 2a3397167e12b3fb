import AxeBuilder from '@axe-core/playwright';
import { API, CSRF_COOKIE, type Me } from '@course-coach/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Password of every demo account (README, "Demo sign-ins"). */
export const DEMO_PASSWORD = 'coach-demo';

/** s11391 is a student of AAA 2013J (OULAD); at the demo's current day 134 of that coach they have graded work. */
export const STUDENT_WITH_GRADES = 's11391@demo.edu';

/**
 * A student of AAA 2013J with no points at all. Found from demo-data/oulad: in studentInfo.csv for
 * AAA/2013J (final_result Withdrawn) with no row in studentAssessment.csv for any AAA 2013J assessment
 * (1752–1757), and registered in no other presentation, so AAA 2013J is their only coach.
 */
export const STUDENT_WITHOUT_POINTS = 's30268@demo.edu';

export const STAFF = 'staff@demo.edu';

/** Fills in and submits the sign-in form on the current page. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens /login and signs in through the form; waits until the app has left the sign-in page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Runs axe-core with the WCAG 2.0/2.1 A and AA rules and expects no violations. It first waits for running
 * finite animations and transitions to end: a dialog or drawer fading in has, for a moment, colours blended with
 * the page behind, which axe would report as low contrast. The pointer is moved to the corner first, so
 * that a hover colour under it is not what gets judged.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Judge the page at rest, not the hover colours of whatever the last click left the pointer over.
  await page.mouse.move(0, 0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            // Spinners and other endless animations never settle: only finite ones are waited for.
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/**
 * Signs in through the API in `request`'s own cookie jar (not the page's) and returns the Me document:
 * lets a test learn a user's home page without signing the browser in.
 */
export async function homeOf(request: APIRequestContext, email: string): Promise<Me> {
  await request.get(API.csrf);
  const token = (await request.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  if (!token) throw new Error('no csrftoken cookie');
  const response = await request.post(API.login, {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-CSRFToken': token },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/**
 * From the staff's institution page: opens the dashboard of the coach whose card shows `label` (e.g.
 * `AAA 2013J`) and returns its id, read from the page's URL.
 */
export async function coachIdOf(page: Page, label: string): Promise<number> {
  await page
    .getByTestId('institution-coach')
    .filter({ hasText: label })
    .getByRole('link', { name: /Open coach dashboard/ })
    .click();
  await expect(page).toHaveURL(/\/Dashboard\/Coach\/\d+\/CoachDetails\/$/);
  return Number(/\/Dashboard\/Coach\/(\d+)\//.exec(page.url())![1]);
}
