import {
  API,
  CSRF_COOKIE,
  PLAYBOOK_PLAN_MESSAGES as M,
  PAGES,
  PLAYBOOK_PLAN_API,
  PLAYBOOK_PLAN_TEXTS as T,
} from '@course-coach/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, homeOf, STAFF, signIn } from './helpers.ts';

/**
 * The student's Exam Playbook in Chromium (docs/playbooks.md): staff release a playbook asking the demo's
 * questions; a student plans (each answer saved as it is made, then completed: the history shows it),
 * the exam date comes, the student reflects. axe-core at 1280×800 and 375×667 on the new pages. The
 * playbook is deleted at the end, so other specs on this server see the demo as it was. s35001 is a
 * student of GGG 2013J (OULAD: not withdrawn) no other spec signs in as.
 */
const STUDENT = 's35001@demo.edu';
// Unique per worker: a retry runs in a new worker, so it never finds the failed attempt's playbook too.
const TITLE = `Unit test playbook (e2e ${Date.now().toString(36)})`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function staffWrite(
  request: APIRequestContext,
  method: 'post' | 'put' | 'delete',
  url: string,
  data?: unknown,
) {
  const token = (await request.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  const res = await request[method](url, { data, headers: { 'X-CSRFToken': token ?? '' } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

const wiring = (pairs: Array<[string, string]>) => pairs.map(([label, value]) => ({ label, value }));
const body = (examDate: string) => ({
  title: TITLE,
  assignment_type: 'exam',
  exam_date: examDate,
  custom_date_message: null,
  is_released: true,
  planning_characteristics: wiring([
    ['planned_resources', 'PracticeExam'],
    ['planned_resources', 'Notes'],
    ['planned_resources', 'Videos'],
    ['planned_hours', '0'],
  ]),
  planning_emotions_characteristics: wiring([
    ['exam_feeling', 'Calm'],
    ['exam_feeling', 'Anxious'],
  ]),
  reflection_characteristics: wiring([
    ['exam_outcome', 'Well'],
    ['exam_outcome', 'NotWell'],
    ['used_resources', 'PracticeExam'],
    ['used_resources', 'Notes'],
    ['next_change', 'StartEarlier'],
    ['next_change', 'KeepPlan'],
  ]),
});

async function bothSizes(page: Page) {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 375, height: 667 },
  ]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a student plans before the exam and reflects after it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const coachId = (await homeOf(request, STUDENT)).coaches[0]!.id;
  await homeOf(request, STAFF);
  const created = (await staffWrite(request, 'post', API.playbooks(coachId), body(day(3)))) as { id: number };
  try {
    await signIn(page, STUDENT);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(PAGES.coachDetails(coachId));
    await page.getByRole('navigation', { name: 'Course' }).getByRole('link', { name: 'Playbooks' }).click();
    await expect(page.getByRole('heading', { name: T.listTitle, level: 1 })).toBeVisible();
    const card = page.getByTestId('my-playbook').filter({ hasText: TITLE });
    await expect(card.getByText(T.stage.planning)).toBeVisible();
    await bothSizes(page);

    await card.getByRole('link', { name: TITLE }).click();
    await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    const planning = page.getByTestId('phase-planning');
    const status = page.getByTestId('status-planning');
    // Completing with nothing answered: every question says what to do, nothing is saved.
    await planning.getByRole('button', { name: T.completePlanning }).click();
    await expect(planning.getByText(M.answerRequired)).toHaveCount(3);
    await bothSizes(page);
    // Progress is saved as the student goes: a choice at once, still there after a reload.
    await planning.getByRole('checkbox', { name: 'Practice exams' }).check();
    await expect(status).toHaveText(M.saved);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Practice exams' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Notes' }).check();
    await expect(status).toHaveText(M.saved);
    await page.getByLabel('How many hours a week will you study for it?').fill('6');
    await page.getByRole('radio', { name: 'Anxious' }).check();
    await expect(status).toHaveText(M.saved);
    await page.getByRole('button', { name: T.completePlanning }).click();
    await expect(status).toHaveText(M.submitted.planning);
    await expect(page.getByText(T.planned).first()).toBeVisible();
    await bothSizes(page);

    // The answers are the student's characteristic values: the staff aggregates count them.
    const summary = (await (await request.get(PLAYBOOK_PLAN_API.summary(coachId, created.id))).json()) as {
      planning_completed_count: number;
      questions: Array<{
        characteristic: string;
        options: Array<{ value: string; count: number }>;
        mean: number | null;
      }>;
    };
    expect(summary.planning_completed_count).toBe(1);
    const q = (name: string) => summary.questions.find((x) => x.characteristic === name)!;
    expect(
      q('planned_resources')
        .options.filter((o) => o.count > 0)
        .map((o) => o.value),
    ).toEqual(['PracticeExam', 'Notes']);
    expect(q('planned_hours').mean).toBe(6);

    // The completed plan is in the student's completion history.
    await page.goto(PAGES.history(coachId));
    await expect(page.getByTestId('history-other-table').getByText(TITLE)).toBeVisible();

    // The exam day comes: reflection opens, planning is shown as it was.
    await staffWrite(request, 'put', API.playbook(coachId, created.id), body(day(0)));
    await page.goto(`/Dashboard/Coach/${coachId}/Playbook/${created.id}/`);
    const reflection = page.getByTestId('phase-reflection');
    await expect(reflection.getByRole('heading', { name: T.reflectionHeading })).toBeVisible();
    await expect(
      page.getByTestId('phase-planning').getByRole('checkbox', { name: 'Practice exams' }),
    ).toBeDisabled();
    await reflection.getByRole('radio', { name: 'Well', exact: true }).check();
    await reflection.getByRole('checkbox', { name: 'Notes' }).check();
    await reflection.getByRole('checkbox', { name: 'Start earlier' }).check();
    await expect(page.getByTestId('status-reflection')).toHaveText(M.saved);
    await reflection.getByRole('button', { name: T.completeReflection }).click();
    await expect(page.getByTestId('status-reflection')).toHaveText(M.submitted.reflection);
    await bothSizes(page);
  } finally {
    await staffWrite(request, 'delete', API.playbook(coachId, created.id));
  }
});
