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

/** The axe-core tags of the WCAG 2.0 and 2.1 success criteria at levels A and AA (axe-core's rule tags). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core's WCAG 2.0/2.1 A and AA rules (WCAG_TAGS) on the page as it is now; returns axe's results,
 * of which only `violations` lists its nodes (the other groups keep one node per rule).
 *
 * Two settings make a scan about twice as fast as `new AxeBuilder({ page }).withTags(…).analyze()` (measured
 * on the student dashboard: 6.3 s → 2.9 s at load 4–8), without changing which rules run or what they find:
 * - `resultTypes: ['violations']`: axe builds selectors and HTML only for the violations' nodes, not for
 *   every node that passed. Set before `withTags`, because `AxeBuilder#options` replaces the options
 *   `withTags` sets (run the other way round, every rule runs, best-practice ones included).
 * - legacy mode: axe runs in the page itself instead of in parts per frame finished in a new blank page.
 *   Legacy mode skips cross-origin frames (@axe-core/playwright's README), so a page that has one (the
 *   LMS's course page with the app framed in it, lti.spec.ts) is scanned the standard way, frames and all.
 */
export async function wcagScan(page: Page) {
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => url !== 'about:blank' && URL.parse(url)?.origin !== origin);
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(foreign.length === 0)
    .analyze();
}

/**
 * Brings the page to rest before a scan: moves the pointer to the corner, so that a hover colour under it
 * is not what gets judged, and waits for running finite animations and transitions to end: a dialog or
 * drawer fading in has, for a moment, colours blended with the page behind, which axe would report as low
 * contrast. Spinners and other endless animations never settle, so they are not waited for.
 */
export async function settleForScan(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/**
 * Runs axe-core with the WCAG 2.0/2.1 A and AA rules and expects no violations, once the page is at rest
 * (`settleForScan`).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await settleForScan(page);
  const results = await wcagScan(page);
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
