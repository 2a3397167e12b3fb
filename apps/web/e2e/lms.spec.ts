import { LMS_API, LmsCourseSchema, LmsStatusSchema, PAGES } from '@course-coach/contracts';
import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { STAFF, signIn } from './helpers.ts';

/**
 * The Canvas connection in a real browser against the stand-in that `npm start` runs (no
 * CANVAS_BASE_URL): our authorize route → the stand-in's /login/oauth2/auth → our callback → back to
 * the page, with the session cookie carried through the redirects; then the courses read with the token.
 */
test('staff connect Canvas through the browser redirects and list their courses', async ({ page }) => {
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/Dashboard\/Institution\/\d+\/CoachDashboard$/);
  const institutionId = /Institution\/(\d+)\//.exec(page.url())![1]!;

  const before = LmsStatusSchema.parse(
    await (await page.request.get(LMS_API.canvasStatus(institutionId))).json(),
  );
  expect(before.configured).toBe(true);

  const back = PAGES.institutionCoachDashboard(institutionId);
  await page.goto(LMS_API.canvasAuthorize(institutionId, back));
  await expect(page).toHaveURL(new RegExp(`${back}\\?lms=connected$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Coaches' })).toBeVisible();

  const status = LmsStatusSchema.parse(
    await (await page.request.get(LMS_API.canvasStatus(institutionId))).json(),
  );
  expect(status).toMatchObject({ authorized: true, lms_user: { id: '1', name: 'Casey Canvas' } });
  const courses = await page.request.get(LMS_API.canvasCourses(institutionId));
  expect(courses.status()).toBe(200);
  // The demo stand-in's teacher has 12 courses (CANVAS_STANDIN_COURSES default).
  expect(z.array(LmsCourseSchema).parse(await courses.json())).toHaveLength(12);
});
