import {
  API,
  CSRF_COOKIE,
  DEFAULT_LETTER_BOUNDARIES,
  GradeCalculatorDataSchema,
  type LetterBoundary,
  PAGES,
  projectGrade,
  UI_TEXTS,
} from '@course-coach/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  homeOf,
  STAFF,
  STUDENT_WITH_GRADES,
  STUDENT_WITHOUT_POINTS,
  signIn,
} from './helpers.ts';

/**
 * The Grade Calculator (docs/grades.md "The Grade Calculator") at 1280 × 800 and 375 × 667, with axe:
 * the grade card's hint leads to it; graded work shows weight and score; what-if scores move the
 * projected grade (a live region); an impossible score is refused; "what do I need" answers for a letter;
 * staff set the letters. Expected figures come from the API and projectGrade (unit-tested by hand).
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
];
const DASHBOARD = /\/Dashboard\/Coach\/(\d+)\/CoachDetails\/$/;

test.describe.configure({ mode: 'serial' });

/** Staff turn the calculator on for a coach with the given letters (through the API). */
async function setCalculator(request: APIRequestContext, coachId: number, letters: LetterBoundary[]) {
  await homeOf(request, STAFF);
  const token = (await request.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value ?? '';
  const response = await request.put(API.gradeCalculatorSettings(coachId), {
    data: { calculator_active: true, letter_boundaries: letters },
    headers: { 'X-CSRFToken': token },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs in and returns the id of the coach dashboard the student lands on. */
async function studentCoach(page: Page, email: string): Promise<number> {
  await signIn(page, email);
  await expect(page).toHaveURL(DASHBOARD);
  return Number(DASHBOARD.exec(new URL(page.url()).pathname)![1]);
}

/** The page fits the phone width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a student without points follows the card’s hint to the calculator', async ({ page, request }) => {
  const coachId = await studentCoach(page, STUDENT_WITHOUT_POINTS);
  await setCalculator(request, coachId, DEFAULT_LETTER_BOUNDARIES);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(PAGES.coachDetails(coachId));
    const hint = page.getByTestId('grade-card').getByRole('link', { name: UI_TEXTS.gradeCalculatorHint });
    await hint.click();
    await expect(page).toHaveURL(new RegExp(`${PAGES.gradeCalculator(coachId)}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Grade Calculator' })).toBeVisible();
    // Nothing scored: every graded assignment counts 0, so nothing is secured yet.
    await expect(page.getByTestId('calculator-projection')).toContainText(
      'Already secured from graded work: 0%.',
    );
    const graded = page.getByTestId('calculator-graded-row');
    if ((await graded.count()) > 0) await expect(graded.first()).toContainText('No score (counts as 0)');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }
});

test('what-if scores, an impossible score and what is needed, at both sizes', async ({ page, request }) => {
  const coachId = await studentCoach(page, STUDENT_WITH_GRADES);
  await setCalculator(request, coachId, DEFAULT_LETTER_BOUNDARIES);
  const data = GradeCalculatorDataSchema.parse(
    await (await page.request.get(API.gradeCalculator(coachId))).json(),
  );
  const graded = data.assignments.filter((a) => a.status === 'graded');
  const remaining = data.assignments.filter((a) => a.status === 'remaining');
  expect(graded.length).toBeGreaterThan(0);
  expect(remaining.length).toBeGreaterThan(0);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(PAGES.gradeCalculator(coachId));
    const rows = page.getByTestId('calculator-graded-row');
    await expect(rows).toHaveCount(graded.length);
    for (const [i, a] of graded.entries()) {
      await expect(rows.nth(i)).toContainText(a.title);
      if (a.score !== null) await expect(rows.nth(i)).toContainText(`${a.score} / 100`);
    }
    await expect(page.getByTestId('calculator-remaining-row')).toHaveCount(remaining.length);

    // Keyboard: focus the first what-if field and type; 85 on every remaining assignment.
    const whatIf: Record<number, number> = {};
    for (const a of remaining) {
      const input = page.getByLabel(`What-if score for ${a.title}, out of 100`);
      await input.focus();
      await page.keyboard.type('85');
      whatIf[a.id] = 85;
    }
    const expected = projectGrade(data.assignments, whatIf, data.letter_boundaries);
    const projection = page.getByRole('status').filter({ hasText: 'Projected final grade' });
    await expect(projection).toHaveAttribute('aria-live', 'polite');
    await expect(projection).toContainText(
      `Projected final grade: ${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(expected.projectedPercent)}% (${expected.projectedLetter})`,
    );

    // An impossible score is refused beside its field and left out of the projection.
    const first = page.getByLabel(`What-if score for ${remaining[0]!.title}, out of 100`);
    await first.fill('101');
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a score from 0 to 100.')).toBeVisible();
    await expectNoAxeViolations(page);

    // What do I need: A out of reach or needing an average, as projectGrade says.
    await page.getByLabel('Letter I want').selectOption('A');
    const needA = expected.needed.A!;
    const text = page.getByTestId('calculator-needed-text');
    if (needA.kind === 'unreachable') await expect(text).toContainText('A is no longer reachable');
    else if (needA.kind === 'secured') await expect(text).toContainText('You have already secured A');
    else await expect(text).toContainText('To finish with A (90% or more), you need an average of');
    await page.getByLabel('Letter I want').selectOption('F');
    await expect(text).toContainText('You have already secured F');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }
});

test('staff set the letters; students see them; bad input is refused beside the field', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, STAFF);
  const student = await browser.newPage();
  const coachId = await studentCoach(student, STUDENT_WITH_GRADES);
  await setCalculator(request, coachId, DEFAULT_LETTER_BOUNDARIES);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(PAGES.gradeCalculator(coachId));
    const form = page.getByTestId('letter-boundaries-form');
    await expect(form.getByLabel('Students can use the Grade Calculator')).toBeChecked();
    await form.getByLabel('Minimum % for letter 3').fill('90');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('Each minimum must be above the one of the letter below it.')).toBeVisible();
    // C (letter 3) at 90 is not below B (letter 4, 80): the error sits beside B's minimum.
    await expect(form.getByLabel('Minimum % for letter 4')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }
  const form = page.getByTestId('letter-boundaries-form');
  await form.getByLabel('Minimum % for letter 3').fill('65');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Settings saved.')).toBeVisible();
  await student.goto(PAGES.gradeCalculator(coachId));
  await expect(student.getByTestId('calculator-letters')).toContainText('C from 65%');
  await setCalculator(request, coachId, DEFAULT_LETTER_BOUNDARIES);
  await student.close();
});
