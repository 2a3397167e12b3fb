import fs from 'node:fs';
import path from 'node:path';
import {
  API,
  BULLETIN_UI_TEXTS,
  CSRF_COOKIE,
  DEFAULT_LETTER_BOUNDARIES,
  IMAGE_TEXTS,
  TAILORING_TEXTS,
  TESTIMONIAL_ERRORS,
  TESTIMONIAL_TEXTS,
  TIP_TEXTS,
  TODO_ERRORS,
  TODO_TEXTS,
  TODO_UI_TEXTS,
} from '@course-coach/contracts';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
} from '@playwright/test';
import { DEMO_PASSWORD, STAFF, STUDENT_WITHOUT_POINTS, settleForScan, wcagScan } from './helpers.ts';

/**
 * Accessibility sweep: every page route of the app's route table
 * (`apps/web/src/router.tsx` and the tables it spreads from `apps/web/src/routes/`, read here so a new
 * screen cannot be missed) is opened with real demo ids and
 * checked with axe-core against WCAG 2.0/2.1 A and AA, at a wide (1280 × 800) and a phone (375 × 667)
 * viewport, and in its key states: dialogs open (to-do add/edit, tip, image picker, rule form, collection
 * form, delete confirmations), empty states, field errors shown, not-found states. A route of the table
 * with no entry in SCREENS below fails its test, naming the route. No axe rule is disabled. The main
 * student screens are checked once more in the dark colour scheme (`dark` in their entries).
 *
 * s32885 is a student of AAA 2013J only (OULAD: Pass), used by no other spec; the sweep adds one to-do
 * item of their own (for the edit modal and the edit page) and leaves everything else as it was.
 */
const STUDENT = 's32885@demo.edu';
const ROUTER = path.resolve(import.meta.dirname, '../src/router.tsx');
const ROUTE_TABLES = path.resolve(import.meta.dirname, '../src/routes');
const VIEWPORTS = [
  { name: 'wide', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 667 },
] as const;

/** router.tsx and every route table of `src/routes/` it spreads in, one after the other. */
function routeSources(): string {
  const tables = fs
    .readdirSync(ROUTE_TABLES)
    .filter((name) => name.endsWith('.tsx'))
    .sort()
    .map((name) => fs.readFileSync(path.join(ROUTE_TABLES, name), 'utf8'));
  return [fs.readFileSync(ROUTER, 'utf8'), ...tables].join('\n');
}

/**
 * The page paths of the route table, as written there (without the leading slash; `/` for the index
 * route). Parsed from the source rather than imported: the route table pulls in React components and CSS.
 */
function routerPaths(source = routeSources()): string[] {
  const paths = [...source.matchAll(/\bpath:\s*'([^']+)'/g)].map((m) => m[1]!.replace(/^\//, ''));
  if (/\bindex:\s*true\b/.test(source)) paths.unshift('/');
  return paths;
}

/** Real ids of the demo the sweep fills route parameters with (read through the API as staff and student). */
interface Ids {
  institution: number;
  coach: number;
  emptyCoach: number;
  cohort: number;
  todoList: number;
  ownTodoItem: number;
  bulletin: number;
  interactiveBulletin: number;
  email: number;
  survey: number;
  playbook: number;
  gradebook: number;
  assignment: number;
  courseCharacteristic: number;
  /** The sweep student's user id (the staff user page). */
  studentUser: number;
}

type Who = 'student' | 'staff' | 'empty-student' | 'anonymous';

/** One state of a screen: reached from the freshly loaded page; axe runs once it has settled. */
interface State {
  name: string;
  enter: (page: Page) => Promise<void>;
}

/** One way of seeing a route: who, which URL, what shows it has loaded, and which states to check. */
interface Screen {
  name: string;
  who: Who;
  url: (ids: Ids) => string;
  ready?: (page: Page) => Promise<void>;
  states?: State[];
  /**
   * Also checked in the dark colour scheme (the page as loaded, no states): at the wide viewport, or at
   * both. A representative subset of the student screens (docs/student-experience.md, "Dark mode").
   */
  dark?: 'wide' | 'both';
}

const main = (page: Page) => page.locator('main');

/** Default readiness: a heading in the page's main region and no loader left. */
async function pageReady(page: Page): Promise<void> {
  await expect(main(page).getByRole('heading').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('card-skeleton')).toHaveCount(0, { timeout: 30_000 });
}

/** Waits for the (last) open dialog and its opening transition. */
async function dialogNamed(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

const todoCard = (page: Page) => page.getByTestId('todo-card');

const todoAddModal: State = {
  name: 'to-do add modal',
  enter: async (page) => {
    await todoCard(page).getByRole('button', { name: TODO_TEXTS.addYourOwn }).click();
    await dialogNamed(page, TODO_TEXTS.modalAddTitle);
  },
};

const todoAddModalErrors: State = {
  name: 'to-do add modal with field errors',
  enter: async (page) => {
    await todoCard(page).getByRole('button', { name: TODO_TEXTS.addYourOwn }).click();
    const dialog = await dialogNamed(page, TODO_TEXTS.modalAddTitle);
    await dialog.getByRole('textbox', { name: TODO_TEXTS.dueDate }).fill('02/30/2026');
    await dialog.getByRole('button', { name: TODO_TEXTS.save }).click();
    await expect(
      dialog.getByText(TODO_ERRORS.required).or(dialog.getByText(TODO_ERRORS.dueDate)).first(),
    ).toBeVisible();
  },
};

const todoEditModal: State = {
  name: 'to-do edit modal',
  enter: async (page) => {
    await todoCard(page)
      .getByRole('button', { name: new RegExp(`^${TODO_TEXTS.edit} A11y sweep item`) })
      .click();
    await dialogNamed(page, TODO_TEXTS.modalEditTitle);
  },
};

const tipModal: State = {
  name: 'tip expanded modal',
  enter: async (page) => {
    const card = page.getByTestId('tips-card');
    await card
      .locator('[data-testid="tip-slide"][data-active]')
      .getByRole('button', { name: /Read the whole tip/ })
      .click();
    await dialogNamed(page, TIP_TEXTS.cardTitle);
  },
};

/** A form page's Save pressed with its fields empty: the field errors show. */
function saveEmpty(button: string | RegExp, error: string | RegExp = TODO_ERRORS.required): State {
  return {
    name: 'field errors shown',
    enter: async (page) => {
      const title = main(page)
        .getByRole('textbox', { name: /^(Title|Name)/ })
        .first();
      if (await title.count()) await title.fill('');
      await main(page).getByRole('button', { name: button }).first().click();
      await expect(main(page).getByText(error).first()).toBeVisible();
    },
  };
}

/** Every page route of router.tsx → the screens the sweep checks for it. */
const SCREENS: Record<string, Screen[]> = {
  login: [
    {
      name: 'sign-in',
      who: 'anonymous',
      url: () => '/login',
      states: [
        {
          name: 'field errors shown',
          enter: async (page) => {
            await page.getByRole('button', { name: 'Sign in' }).click();
            await expect(page.getByLabel(/^Email/)).toHaveAttribute('aria-invalid', 'true');
          },
        },
      ],
    },
  ],
  '/': [
    {
      name: 'home (redirects to the student dashboard)',
      who: 'student',
      url: () => '/',
      ready: async (page) => {
        await expect(page).toHaveURL(/\/CoachDetails\/$/);
        await pageReady(page);
      },
    },
  ],
  'Dashboard/Coach/:coachId/CoachDetails': [
    {
      name: 'student dashboard',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/CoachDetails/`,
      dark: 'both',
      ready: async (page) => {
        await pageReady(page);
        await expect(todoCard(page).getByTestId('todo-list-title')).toBeVisible();
        await expect(page.getByTestId('tips-card')).toBeVisible();
      },
      states: [
        todoAddModal,
        todoAddModalErrors,
        todoEditModal,
        tipModal,
        {
          name: 'next to-do list',
          enter: async (page) => {
            const title = todoCard(page).getByTestId('todo-list-title');
            const first = await title.textContent();
            await todoCard(page).getByRole('button', { name: TODO_TEXTS.nextList }).click();
            await expect(title).not.toHaveText(first ?? '');
            await expect(todoCard(page).getByRole('button', { name: TODO_TEXTS.previousList })).toBeVisible();
          },
        },
      ],
    },
    {
      name: 'dashboard of a student without points (empty states)',
      who: 'empty-student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/CoachDetails/`,
    },
    {
      name: 'staff view of the dashboard (the instructor home)',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/CoachDetails/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('needs-attention-row').first()).toBeVisible();
      },
    },
  ],
  'Dashboard/Coach/:coachId/ViewAsStudent/:studentId': [
    {
      name: 'view as student (read-only)',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ViewAsStudent/${ids.studentUser}/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('view-as-banner')).toBeVisible();
        await expect(page.getByTestId('view-as-dashboard').getByTestId('grade-card')).toBeVisible();
      },
    },
  ],
  'Dashboard/Coach/:coachId/cohort-manager': [
    {
      name: 'cohort manager with groups',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/cohort-manager`,
      states: [
        {
          name: 'add collection modal',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TAILORING_TEXTS.addCollection }).click();
            await dialogNamed(page, TAILORING_TEXTS.addCollectionGroup);
          },
        },
        {
          name: 'add collection modal with field errors',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TAILORING_TEXTS.addCollection }).click();
            const dialog = await dialogNamed(page, TAILORING_TEXTS.addCollectionGroup);
            await dialog.getByRole('button', { name: 'Save' }).click();
            await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute(
              'aria-invalid',
              'true',
            );
          },
        },
      ],
    },
    {
      name: 'cohort manager, empty',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.emptyCoach}/cohort-manager`,
    },
  ],
  'Dashboard/Coach/:coachId/cohort-manager/add-cohort': [
    {
      name: 'add an Insight Group',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/cohort-manager/add-cohort`,
      states: [
        {
          name: 'field errors shown',
          enter: async (page) => {
            await main(page).getByRole('button', { name: 'Save' }).click();
            await expect(main(page).getByRole('textbox', { name: 'Name' })).toHaveAttribute(
              'aria-invalid',
              'true',
            );
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/cohort-manager/guided-import': [
    {
      // The preview and mapping steps are checked by guided-import.spec.ts (an upload is stored; the
      // sweep leaves the demo as it was: a refused file stores nothing).
      name: 'guided import of a registrar’s file',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/cohort-manager/guided-import`,
      states: [
        {
          name: 'a header-only file refused with its sentence',
          enter: async (page) => {
            await main(page)
              .locator('input[type="file"]')
              .setInputFiles({
                name: 'header-only.csv',
                mimeType: 'text/csv',
                buffer: Buffer.from('"student_id";"scholarship"\n'),
              });
            await main(page).getByRole('button', { name: 'Upload and read the file' }).click();
            await expect(
              main(page).getByText('The file has a header but no rows: there is nothing to import.'),
            ).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details': [
    {
      name: 'Insight Group details',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/cohort-manager/${ids.cohort}/details`,
      states: [
        {
          name: 'rule form',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TAILORING_TEXTS.addRule }).click();
            await dialogNamed(page, TAILORING_TEXTS.addRule);
          },
        },
        {
          name: 'rule form with field errors',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TAILORING_TEXTS.addRule }).click();
            const dialog = await dialogNamed(page, TAILORING_TEXTS.addRule);
            await dialog.getByRole('button', { name: 'Save' }).click();
            await expect(dialog.locator('[aria-invalid="true"], [role="alert"]').first()).toBeVisible();
          },
        },
        {
          name: 'edit group modal',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TAILORING_TEXTS.edit, exact: true }).first().click();
            await dialogNamed(page, TAILORING_TEXTS.editGroup);
          },
        },
        {
          name: 'delete confirmation',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TAILORING_TEXTS.edit, exact: true }).first().click();
            const dialog = await dialogNamed(page, TAILORING_TEXTS.editGroup);
            await dialog.getByRole('button', { name: TAILORING_TEXTS.delete }).click();
            await dialogNamed(page, TAILORING_TEXTS.deleteInsightGroupTitle);
          },
        },
      ],
    },
    {
      name: 'unknown Insight Group',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/cohort-manager/999999/details`,
    },
  ],
  'Dashboard/Coach/:coachId/cohort-overview': [
    { name: 'cohort overview', who: 'staff', url: (ids) => `/Dashboard/Coach/${ids.coach}/cohort-overview` },
  ],
  'Dashboard/Institution/:institutionId/Characteristics': [
    {
      name: 'characteristic definitions',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/Characteristics/`,
    },
  ],
  'Dashboard/Institution/:institutionId/FAQManager': [
    {
      name: 'institution FAQ manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/FAQManager/`,
    },
  ],
  'Dashboard/Institution/:institutionId/CoachDashboard': [
    {
      name: 'institution coaches',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/CoachDashboard`,
    },
  ],
  'Dashboard/Coach/:coachId/ToDo': [
    { name: 'to-do page', who: 'student', url: (ids) => `/Dashboard/Coach/${ids.coach}/ToDo/`, dark: 'wide' },
  ],
  'Dashboard/Coach/:coachId/ToDo/Add': [
    {
      name: 'to-do add page',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ToDo/Add/`,
      states: [
        saveEmpty(TODO_TEXTS.save),
        {
          name: 'two rows (Add Your Own To-Do Item(s))',
          enter: async (page) => {
            await main(page).getByRole('button', { name: TODO_UI_TEXTS.addAnother }).click();
            await expect(main(page).getByTestId('todo-form-row')).toHaveCount(2);
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/ToDo/Edit/:todoItemId': [
    {
      name: 'to-do edit page',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ToDo/Edit/${ids.ownTodoItem}/`,
      states: [saveEmpty(TODO_TEXTS.save)],
    },
  ],
  'Dashboard/Coach/:coachId/ToDoManager': [
    {
      name: 'to-do manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ToDoManager/`,
      states: [
        {
          // The shared delete confirmation (docs/trash.md), left with Cancel: nothing is deleted.
          name: 'delete confirmation',
          enter: async (page) => {
            await main(page)
              .getByRole('button', { name: /^Delete / })
              .first()
              .click();
            await dialogNamed(page, 'Delete?');
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/Trash': [
    { name: 'trash', who: 'staff', url: (ids) => `/Dashboard/Coach/${ids.coach}/Trash/` },
  ],
  'Dashboard/Coach/:coachId/ToDoManager/EditToDoList/:listId': [
    {
      name: 'to-do list editor',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ToDoManager/EditToDoList/${ids.todoList}/`,
      states: [
        {
          name: 'item modal',
          enter: async (page) => {
            await main(page)
              .getByRole('button', { name: /^Edit / })
              .first()
              .click();
            await expect(page.getByRole('dialog')).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/Tips': [
    {
      name: 'tips page',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Tips/`,
      states: [tipModal],
    },
  ],
  'Dashboard/Coach/:coachId/TipManager': [
    { name: 'tip manager', who: 'staff', url: (ids) => `/Dashboard/Coach/${ids.coach}/TipManager/` },
  ],
  'Dashboard/Coach/:coachId/FAQ': [
    {
      name: 'FAQ page',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/FAQ/`,
      states: [
        {
          name: 'matches marked',
          enter: async (page) => {
            await main(page).getByRole('searchbox').fill('grade');
            await expect(main(page).locator('mark').first()).toBeVisible();
          },
        },
        {
          name: 'no match',
          enter: async (page) => {
            await main(page).getByRole('searchbox').fill('zzzz');
            await expect(main(page).getByText('No questions match “zzzz”.')).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/FAQManager': [
    {
      name: 'FAQ manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/FAQManager/`,
      states: [
        {
          name: 'delete confirmation',
          enter: async (page) => {
            await main(page).getByRole('button', { name: 'Delete: question 1' }).click();
            await dialogNamed(page, 'Delete?');
          },
        },
        saveEmpty('Add question', 'This field is required.'),
      ],
    },
  ],
  'Dashboard/Coach/:coachId/ChecklistManager': [
    {
      name: 'checklist manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ChecklistManager/`,
      states: [
        {
          name: 'delete confirmation',
          enter: async (page) => {
            await main(page).getByRole('button', { name: 'Delete: step 1' }).click();
            await dialogNamed(page, 'Delete?');
          },
        },
        saveEmpty('Add step', 'This field is required.'),
      ],
    },
  ],
  'Dashboard/Coach/:coachId/Images': [
    {
      name: 'pictures',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Images/`,
      states: [
        {
          name: 'image picker',
          enter: async (page) => {
            await main(page).getByRole('button', { name: 'Change picture' }).click();
            const dialog = await dialogNamed(page, IMAGE_TEXTS.selectImage);
            await expect(dialog.getByRole('option').first()).toBeVisible();
          },
        },
        {
          name: 'testimonial refused for its HTML',
          enter: async (page) => {
            await main(page).getByRole('textbox', { name: TESTIMONIAL_TEXTS.text }).fill('I <b>love</b> it');
            await main(page).getByRole('button', { name: TESTIMONIAL_TEXTS.save }).click();
            await expect(main(page).getByText(TESTIMONIAL_ERRORS.html)).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/Grades': [
    {
      name: 'grade page',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Grades/`,
      dark: 'wide',
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('grade-card')).toBeVisible();
        await expect(page.getByTestId('grade-charts')).toBeVisible();
      },
    },
    { name: 'grade page, staff', who: 'staff', url: (ids) => `/Dashboard/Coach/${ids.coach}/Grades/` },
  ],
  'Dashboard/Coach/:coachId/GradeCalculator': [
    {
      name: 'grade calculator',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/GradeCalculator/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('calculator-projection')).toBeVisible();
      },
      states: [
        {
          name: 'an impossible what-if score refused',
          enter: async (page) => {
            await page
              .getByLabel(/^What-if score for /)
              .first()
              .fill('101');
            await expect(main(page).getByText('Enter a score from 0 to 100.')).toBeVisible();
          },
        },
      ],
    },
    {
      name: 'grade calculator settings, staff',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/GradeCalculator/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('letter-boundaries-form')).toBeVisible();
      },
      states: [
        {
          name: 'field errors shown',
          enter: async (page) => {
            await page.getByLabel('Minimum % for letter 2').fill('150');
            await page.getByRole('button', { name: 'Save settings' }).click();
            await expect(main(page).getByText('Enter a minimum from 0 to 100.')).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/MyData': [
    {
      name: 'my data',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/MyData/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('my-characteristics')).toBeVisible();
      },
    },
  ],
  'Dashboard/Coach/:coachId/PrivacySettings': [
    {
      name: 'student privacy, staff',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/PrivacySettings/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('chart-settings-form')).toBeVisible();
      },
      states: [
        {
          name: 'field errors shown',
          enter: async (page) => {
            await page.getByLabel('Smallest bar (students)').fill('0');
            await page.getByRole('button', { name: 'Save settings' }).click();
            await expect(main(page).getByText('The smallest bar must be at least 1.')).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/TestimonialManager': [
    {
      name: 'testimonial manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/TestimonialManager/`,
    },
  ],
  'Dashboard/Coach/:coachId/History': [
    {
      name: 'completion history',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/History/`,
      dark: 'both',
    },
  ],
  'Dashboard/Coach/:coachId/Activity': [
    {
      name: 'activity (student)',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Activity/`,
      dark: 'wide',
    },
    { name: 'activity (staff)', who: 'staff', url: (ids) => `/Dashboard/Coach/${ids.coach}/Activity/` },
  ],
  'Dashboard/Coach/:coachId/Engagement': [
    {
      name: 'my engagement',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Engagement/`,
      ready: async (page) => {
        await pageReady(page);
        await expect(
          page.getByTestId('engagement-chart').or(page.getByTestId('engagement-no-log')),
        ).toBeVisible();
      },
    },
  ],
  // Survey results and the e-mail send log (docs/emails-surveys.md).
  'Dashboard/Coach/:coachId/ContentManager/SurveyResults/:surveyId': [
    {
      name: 'survey results',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/SurveyResults/${ids.survey}/`,
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/EmailLog/:emailId': [
    {
      name: 'e-mail send log',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/EmailLog/${ids.email}/`,
    },
  ],
  // Accounts (docs/accounts.md, docs/audit-log.md, docs/sso.md): signed-out pages, the account, staff pages.
  'forgot-password': [{ name: 'forgot password', who: 'anonymous', url: () => '/forgot-password' }],
  'set-password': [{ name: 'set password (no link token)', who: 'anonymous', url: () => '/set-password' }],
  account: [{ name: 'account (change password)', who: 'student', url: () => '/account' }],
  'Dashboard/Institution/:institutionId/Users': [
    { name: 'users', who: 'staff', url: (ids) => `/Dashboard/Institution/${ids.institution}/Users` },
  ],
  'Dashboard/Institution/:institutionId/Users/:userId': [
    {
      name: 'a user (the sweep student)',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/Users/${ids.studentUser}`,
    },
  ],
  'Dashboard/Institution/:institutionId/AuditLog': [
    { name: 'audit log', who: 'staff', url: (ids) => `/Dashboard/Institution/${ids.institution}/AuditLog` },
  ],
  'Dashboard/Institution/:institutionId/SignInSettings': [
    {
      name: 'sign-in settings',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/SignInSettings`,
    },
  ],
  'Dashboard/Institution/:institutionId/LtiSettings': [
    {
      name: 'LMS (LTI) settings',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/LtiSettings`,
      states: [
        {
          // The demo has no LMS course, so its list is empty: a failed score post is answered here.
          name: 'a grade not accepted by the LMS',
          enter: async (page) => {
            await page.route('**/lti/failed-scores', (route) =>
              route.fulfill({
                json: {
                  scores: [
                    {
                      id: 1,
                      student_name: 'Lia Learner',
                      student_email: 'lia.learner@demo.edu',
                      item_type: 'bulletin',
                      item_title: 'Week 7: study plan',
                      course_title: 'BIO 101 (2026F)',
                      coach_name: 'Biology Coach',
                      error: 'The learning platform answered 500 when asked for a score, 1 times.',
                      attempts: 10,
                      last_attempt_at: '2026-11-20T03:00:00.000Z',
                    },
                  ],
                },
              }),
            );
            await page.reload();
            await pageReady(page);
            await expect(
              page.getByRole('button', { name: 'Retry now: Lia Learner, Bulletin: Week 7: study plan' }),
            ).toBeVisible();
          },
        },
      ],
    },
  ],
  'Homepage/:institutionId': [
    {
      name: 'home (student)',
      who: 'student',
      url: (ids) => `/Homepage/${ids.institution}`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('home-coach').first()).toBeVisible();
      },
    },
    {
      name: 'home (staff)',
      who: 'staff',
      url: (ids) => `/Homepage/${ids.institution}`,
      ready: async (page) => {
        await pageReady(page);
        await expect(page.getByTestId('home-setups')).toBeVisible();
      },
    },
  ],
  'Dashboard/Coach/:coachId/Bulletins': [
    {
      name: 'bulletins',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Bulletins/`,
      dark: 'wide',
      states: [
        {
          name: 'Starred tab',
          enter: async (page) => {
            await main(page)
              .getByRole('tab', { name: /Starred/ })
              .click();
            await expect(main(page).getByRole('tab', { name: /Starred/ })).toHaveAttribute(
              'aria-selected',
              'true',
            );
          },
        },
      ],
    },
  ],
  'Dashboard/Institution/:institutionId/Bulletins': [
    {
      name: 'institution bulletins',
      who: 'student',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/Bulletins/`,
      states: [
        {
          name: 'course list open',
          enter: async (page) => {
            await page.getByRole('combobox', { name: BULLETIN_UI_TEXTS.courseFilter }).click();
            await expect(page.getByRole('option').first()).toBeVisible();
          },
        },
        {
          name: 'no bulletin matches',
          enter: async (page) => {
            await page.getByRole('searchbox', { name: BULLETIN_UI_TEXTS.search }).fill('no such bulletin');
            await expect(page.getByText(BULLETIN_UI_TEXTS.noMatch)).toBeVisible();
          },
        },
      ],
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/Bulletins': [
    {
      name: 'bulletin manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/Bulletins/`,
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/EditBulletin/:bulletinId': [
    {
      name: 'bulletin editor',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/EditBulletin/${ids.bulletin}/`,
    },
    {
      name: 'new bulletin',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/EditBulletin/new/`,
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/Emails': [
    {
      name: 'email manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/Emails/`,
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/EditEmail/:emailId': [
    {
      name: 'email editor',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/EditEmail/${ids.email}/`,
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/Surveys': [
    {
      name: 'survey manager',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/Surveys/`,
    },
  ],
  'Dashboard/Coach/:coachId/ContentManager/EditSurvey/:surveyId': [
    {
      name: 'survey editor',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/ContentManager/EditSurvey/${ids.survey}/`,
    },
  ],
  'Dashboard/Coach/:coachId/Playbook': [
    {
      name: 'student playbooks',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Playbook/`,
      dark: 'wide',
    },
  ],
  'Dashboard/Coach/:coachId/Playbook/:playbookId': [
    {
      name: 'student playbook',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Playbook/${ids.playbook}/`,
    },
  ],
  'Dashboard/Coach/:coachId/Surveys': [
    { name: 'student surveys', who: 'student', url: (ids) => `/Dashboard/Coach/${ids.coach}/Surveys/` },
  ],
  'Dashboard/Coach/:coachId/Surveys/:surveyId': [
    {
      name: 'take a survey',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/Surveys/${ids.survey}/`,
    },
  ],
  'MessageCenter/:coachId/:bulletinId': [
    { name: 'bulletin page', who: 'student', url: (ids) => `/MessageCenter/${ids.coach}/${ids.bulletin}/` },
  ],
  'InteractiveMessage/:coachId/:bulletinId/:pageId': [
    {
      name: 'interactive bulletin page',
      who: 'student',
      url: (ids) => `/InteractiveMessage/${ids.coach}/${ids.interactiveBulletin}/0/`,
    },
  ],
  'InstitutionMessageCenterView/:institutionId/:bulletinId': [
    {
      name: 'institution bulletin page',
      who: 'student',
      url: (ids) => `/InstitutionMessageCenterView/${ids.institution}/${ids.bulletin}/`,
    },
  ],
  'InstitutionInteractiveMessage/:institutionId/:bulletinId/:pageId': [
    {
      name: 'institution interactive bulletin page',
      who: 'student',
      url: (ids) => `/InstitutionInteractiveMessage/${ids.institution}/${ids.interactiveBulletin}/1/`,
    },
  ],
  'Dashboard/Coach/:coachId/CharacteristicsOverview': [
    {
      name: 'characteristics overview',
      who: 'staff',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/CharacteristicsOverview/`,
    },
  ],
  'Dashboard/coach/:coachId/PlaybookOverview/EditPlaybook/:id': [
    {
      name: 'playbook editor',
      who: 'staff',
      url: (ids) => `/Dashboard/coach/${ids.coach}/PlaybookOverview/EditPlaybook/${ids.playbook}/`,
    },
  ],
  'gradebook/coach/:coachId/EditGradebook/:id': [
    {
      name: 'gradebook editor',
      who: 'staff',
      url: (ids) => `/gradebook/coach/${ids.coach}/EditGradebook/${ids.gradebook}/`,
    },
  ],
  'gradebook/coach/:coachId/:gradebookId/EditAssignment/:assignmentId': [
    {
      name: 'assignment editor',
      who: 'staff',
      url: (ids) => `/gradebook/coach/${ids.coach}/${ids.gradebook}/EditAssignment/${ids.assignment}/`,
    },
  ],
  'Dashboard/Coach/:coachId/CoachDetails/EditCourseCharacteristic/:id': [
    {
      name: 'course characteristic editor',
      who: 'staff',
      url: (ids) =>
        `/Dashboard/Coach/${ids.coach}/CoachDetails/EditCourseCharacteristic/${ids.courseCharacteristic}/`,
    },
  ],
  'no-coach': [{ name: 'no coach yet', who: 'student', url: () => '/no-coach' }],
  'Help/Glossary': [{ name: 'glossary', who: 'staff', url: () => '/Help/Glossary/' }],
  // Notifications (docs/notifications.md): the student's list and digest setting; the signed-out
  // unsubscribe page with a forged token (nothing changes).
  Notifications: [{ name: 'notifications', who: 'student', url: () => '/Notifications/' }],
  Unsubscribe: [
    { name: 'unsubscribe (forged link)', who: 'anonymous', url: () => '/Unsubscribe/?token=1.forged' },
  ],
  'Dashboard/Coach/:coachId/*': [
    {
      name: 'unknown coach page',
      who: 'student',
      url: (ids) => `/Dashboard/Coach/${ids.coach}/NoSuchPage/`,
    },
  ],
  'Dashboard/Institution/:institutionId/*': [
    {
      name: 'unknown institution page',
      who: 'staff',
      url: (ids) => `/Dashboard/Institution/${ids.institution}/NoSuchPage/`,
    },
  ],
  '*': [
    { name: 'unknown page', who: 'student', url: () => '/no/such/page' },
    { name: 'unknown page, signed out', who: 'anonymous', url: () => '/no/such/page' },
  ],
};

/**
 * The screens for a route: its SCREENS entry; the coach setup wizard's pages
 * (`…/CoachSetupWizard` and `…/CoachSetupWizard/:coachId`), which take the institution id and at
 * most a coach id, are opened as staff without an entry of their own. Anything else: undefined.
 */
function screensFor(route: string): Screen[] | undefined {
  const listed = SCREENS[route];
  if (listed) return listed;
  if (/^Dashboard\/Institution\/:institutionId\/CoachSetupWizard[^:]*(\/:coachId)?$/.test(route)) {
    return [
      {
        name: 'coach setup wizard',
        who: 'staff',
        url: (ids) =>
          `/${route.replace(':institutionId', String(ids.institution)).replace(':coachId', String(ids.coach))}`,
      },
    ];
  }
  return undefined;
}

/** The server of the project (lane) running this file (playwright.config.ts). */
const baseURL = () => test.info().project.use.baseURL;
const sessions = new Map<Who, Awaited<ReturnType<APIRequestContext['storageState']>>>();
let ids: Ids | undefined;

/** Signs `email` in through the API in a request context of its own; returns that context. */
async function apiSession(email: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: baseURL() });
  await context.get(API.csrf);
  const response = await context.post(API.login, {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-CSRFToken': await csrf(context) },
  });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return context;
}

async function csrf(context: APIRequestContext): Promise<string> {
  const token = (await context.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  if (!token) throw new Error('no csrftoken cookie');
  return token;
}

async function getJson<T>(context: APIRequestContext, url: string): Promise<T> {
  const response = await context.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Signs in the sweep's users and reads the demo ids the routes are filled with. */
async function prepare(): Promise<Ids> {
  const staff = await apiSession(STAFF);
  const student = await apiSession(STUDENT);
  const empty = await apiSession(STUDENT_WITHOUT_POINTS);
  sessions.set('staff', await staff.storageState());
  sessions.set('student', await student.storageState());
  sessions.set('empty-student', await empty.storageState());

  const me = await getJson<{ institutions: Array<{ id: number }> }>(staff, API.me);
  const institution = me.institutions[0]!.id;
  const coaches = await getJson<Array<{ id: number; label: string }>>(
    staff,
    API.institutionCoaches(institution),
  );
  const coach = coaches.find((c) => c.label === 'AAA 2013J')!.id;
  const emptyCoach = coaches.find((c) => c.label === 'DDD 2013B')!.id;
  const cohorts = await getJson<Array<{ id: number }>>(staff, API.cohorts(coach));
  const lists = await getJson<{ results: Array<{ id: number }> }>(staff, API.todoLists(coach));
  const bulletins = await getJson<
    Array<{ id: number; status: string; is_interactive: boolean; pages: unknown[] }>
  >(staff, API.bulletins(coach));
  const published = bulletins.filter((b) => b.status === 'Published');
  const emails = await getJson<Array<{ id: number }>>(staff, `/api/v1/coach/${coach}/emails`);
  const surveys = await getJson<Array<{ id: number; is_published: boolean }>>(
    staff,
    `/api/v1/coach/${coach}/surveys`,
  );
  const playbooks = await getJson<Array<{ id: number }>>(staff, API.playbooks(coach));
  const gradebooks = await getJson<Array<{ id: number; assignment_characteristics: Array<{ id: number }> }>>(
    staff,
    API.characteristics(coach, 'gradebooks'),
  );
  const course = await getJson<Array<{ id: number }>>(staff, API.characteristics(coach, 'course'));

  // The Grade Calculator on for AAA 2013J with the default letters (the sweep checks the calculator itself).
  const calculator = await staff.put(API.gradeCalculatorSettings(coach), {
    data: { calculator_active: true, letter_boundaries: DEFAULT_LETTER_BOUNDARIES },
    headers: { 'X-CSRFToken': await csrf(staff) },
  });
  expect(calculator.status(), await calculator.text()).toBe(200);

  // The student's own item, for the edit modal and the edit page (one per run of the sweep).
  const created = await student.post(API.todoItems(coach), {
    data: {
      title: `A11y sweep item ${Date.now()}`,
      description: '',
      due_date: '2026-12-01',
      todo_list: lists.results[0]!.id,
    },
    headers: { 'X-CSRFToken': await csrf(student) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ownTodoItem = ((await created.json()) as { id: number }).id;

  const studentMe = await getJson<{ user: { id: number } }>(student, API.me);
  await Promise.all([staff.dispose(), student.dispose(), empty.dispose()]);
  return {
    studentUser: studentMe.user.id,
    institution,
    coach,
    emptyCoach,
    cohort: cohorts[0]!.id,
    todoList: lists.results[0]!.id,
    ownTodoItem,
    bulletin: published.find((b) => !b.is_interactive)!.id,
    interactiveBulletin: published.find((b) => b.is_interactive && b.pages.length > 1)!.id,
    email: emails[0]!.id,
    survey: surveys.find((s) => s.is_published)!.id,
    playbook: playbooks[0]!.id,
    gradebook: gradebooks[0]!.id,
    assignment: gradebooks[0]!.assignment_characteristics[0]!.id,
    courseCharacteristic: course[0]!.id,
  };
}

/** Runs axe-core for WCAG 2.0/2.1 A and AA; returns the violations, labelled with where they were found. */
async function scan(page: Page, where: string) {
  await settleForScan(page);
  const results = await wcagScan(page);
  return results.violations.map((v) => ({
    where,
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
  }));
}

async function openScreen(
  browser: Browser,
  screen: Screen,
  viewport: (typeof VIEWPORTS)[number],
  colorScheme: 'light' | 'dark' = 'light',
) {
  const context = await browser.newContext({
    baseURL: baseURL(),
    colorScheme,
    viewport: { width: viewport.width, height: viewport.height },
    storageState: screen.who === 'anonymous' ? undefined : sessions.get(screen.who),
  });
  // No step may hang the whole test: a missing element fails within 30 s.
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  const load = async () => {
    await page.goto(screen.url(ids!));
    await (screen.ready ?? pageReady)(page);
  };
  return { context, page, load };
}

/**
 * Defines part `part` (0-based) of `parts` of the sweep: every route's screens, dealt out in turn, so the
 * parts take about the same time and the e2e lanes (playwright.config.ts) can run them side by side. The
 * spec files `a11y-sweep-N.spec.ts` each call this once; together they cover every route. Part 0 also
 * checks that the route table is read.
 */
export function defineSweep(part: number, parts: number): void {
  const entries: Array<{ route: string; screen: Screen | undefined }> = routerPaths().flatMap((route) => {
    const screens = screensFor(route);
    return screens
      ? screens.map((screen) => ({ route, screen: screen as Screen | undefined }))
      : [{ route, screen: undefined }];
  });
  const mine = entries.filter((_, i) => i % parts === part);
  test.describe(`accessibility sweep (part ${part + 1} of ${parts}): every route of router.tsx passes axe-core (WCAG 2.1 A and AA)`, () => {
    test.beforeAll(async () => {
      ids = await prepare();
    });

    if (part === 0) {
      test('the route table is read', () => {
        const paths = routerPaths();
        expect(paths.length).toBeGreaterThan(30);
        expect(paths).toContain('Dashboard/Coach/:coachId/CoachDetails');
      });
    }

    for (const { route, screen } of mine) {
      if (!screen) {
        test(`route ${route}`, () => {
          throw new Error(`route ${route} of router.tsx is not visited by the accessibility sweep`);
        });
        continue;
      }
      test(`route ${route}: ${screen.name}`, async ({ browser }) => {
        test.setTimeout(600_000);
        const violations: Array<Awaited<ReturnType<typeof scan>>[number]> = [];
        for (const viewport of VIEWPORTS) {
          const { context, page, load } = await openScreen(browser, screen, viewport);
          try {
            await load();
            violations.push(...(await scan(page, `${viewport.name}`)));
            // The first state starts from the page as loaded (a scan changes nothing in it); each
            // further state from a fresh load, so no state sees what an earlier one left behind.
            let fresh = true;
            for (const state of screen.states ?? []) {
              if (!fresh) await load();
              fresh = false;
              await state.enter(page);
              violations.push(...(await scan(page, `${state.name} (${viewport.name})`)));
            }
          } finally {
            await context.close();
          }
        }
        // The dark colour scheme: the page as loaded, on the screens that ask for it.
        const darkViewports = VIEWPORTS.filter(
          (v) => screen.dark === 'both' || (screen.dark && v.name === 'wide'),
        );
        for (const viewport of darkViewports) {
          const { context, page, load } = await openScreen(browser, screen, viewport, 'dark');
          try {
            await load();
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
            violations.push(...(await scan(page, `dark (${viewport.name})`)));
          } finally {
            await context.close();
          }
        }
        expect(violations).toEqual([]);
      });
    }
  });
}
