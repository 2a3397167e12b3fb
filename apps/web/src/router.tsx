import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from './components/LoadingState.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { accountPublicRoutes, accountRoutes } from './features/accounts/index.ts';
import { HomeRedirect } from './features/auth/HomeRedirect.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { AppLayout } from './features/shell/AppLayout.tsx';
import { NoCoachPage } from './features/shell/NoCoachPage.tsx';
import { CoachMemberGate } from './features/shell/NotEnrolledPage.tsx';
import { RouteErrorPage } from './features/shell/RouteErrorPage.tsx';

/**
 * Route-level code splitting: a page's module (with the components, charts and editors only it uses) is
 * loaded when its route is first matched, so the first load carries the shell and the page shown, not every
 * screen. `load` is a dynamic `import()` (the bundler makes it a chunk); `pick` names the page's component.
 * A chunk that fails to load (a new release replaced it) reaches the route's error page.
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): NonNullable<RouteObject['lazy']> {
  return async () => ({ Component: pick(await load()) });
}

/**
 * The app's routes (spec §2 page routes). Pages that need a signed-in user sit under RequireAuth, which
 * sends others to `/login?next=…`. Coach and institution pages that are not built yet, and unknown paths,
 * show the 404 page. Matching ignores a trailing slash, so `/CoachDetails` and `/CoachDetails/` both work.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
  ...accountPublicRoutes.map((r) => ({ ...r, errorElement: <RouteErrorPage /> })),
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's chunk loads (later navigations keep the current page until then).
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          {
            // A coach the user has no part in shows "You are not enrolled in this course" on every page.
            element: <CoachMemberGate />,
            children: [
              { index: true, element: <HomeRedirect /> },
              ...accountRoutes,
              {
                path: 'Dashboard/Coach/:coachId/CoachDetails',
                lazy: page(
                  () => import('./features/coach/CoachDashboardPage.tsx'),
                  (m) => m.CoachDashboardPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/cohort-manager',
                lazy: page(
                  () => import('./features/tailoring/CohortManagerPage.tsx'),
                  (m) => m.CohortManagerPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/cohort-manager/add-cohort',
                lazy: page(
                  () => import('./features/tailoring/AddCohortPage.tsx'),
                  (m) => m.AddCohortPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/cohort-manager/guided-import',
                lazy: page(
                  () => import('./features/imports/index.ts'),
                  (m) => m.GuidedImportPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details',
                lazy: page(
                  () => import('./features/tailoring/CohortDetailPage.tsx'),
                  (m) => m.CohortDetailPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/cohort-overview',
                lazy: page(
                  () => import('./features/tailoring/CohortOverviewPage.tsx'),
                  (m) => m.CohortOverviewPage,
                ),
              },
              {
                path: 'Dashboard/Institution/:institutionId/CoachDashboard',
                lazy: page(
                  () => import('./features/institution/InstitutionCoachDashboardPage.tsx'),
                  (m) => m.InstitutionCoachDashboardPage,
                ),
              },
              {
                path: 'Dashboard/Institution/:institutionId/Characteristics',
                lazy: page(
                  () => import('./features/institution/CharacteristicsPage.tsx'),
                  (m) => m.CharacteristicsPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ToDo',
                lazy: page(
                  () => import('./features/todos/TodosPage.tsx'),
                  (m) => m.TodosPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ToDo/Add',
                lazy: page(
                  () => import('./features/todos/TodoFormPage.tsx'),
                  (m) => m.TodoFormPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ToDo/Edit/:todoItemId',
                lazy: page(
                  () => import('./features/todos/TodoFormPage.tsx'),
                  (m) => m.TodoFormPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ToDoManager',
                lazy: page(
                  () => import('./features/todos/TodoManagerPage.tsx'),
                  (m) => m.TodoManagerPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ToDoManager/EditToDoList/:listId',
                lazy: page(
                  () => import('./features/todos/EditTodoListPage.tsx'),
                  (m) => m.EditTodoListPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Tips',
                lazy: page(
                  () => import('./features/tips/TipsPage.tsx'),
                  (m) => m.TipsPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/TipManager',
                lazy: page(
                  () => import('./features/tips/TipManagerPage.tsx'),
                  (m) => m.TipManagerPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Images',
                lazy: page(
                  () => import('./features/images/ImagesPage.tsx'),
                  (m) => m.ImagesPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/History',
                lazy: page(
                  () => import('./features/history/HistoryPage.tsx'),
                  (m) => m.HistoryPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Grades',
                lazy: page(
                  () => import('./features/grades/GradesPage.tsx'),
                  (m) => m.GradesPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/GradeCalculator',
                lazy: page(
                  () => import('./features/grades/GradeCalculatorPage.tsx'),
                  (m) => m.GradeCalculatorPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/TestimonialManager',
                lazy: page(
                  () => import('./features/testimonials/TestimonialManagerPage.tsx'),
                  (m) => m.TestimonialManagerPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Activity',
                lazy: page(
                  () => import('./features/analytics/ActivityPage.tsx'),
                  (m) => m.ActivityPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Bulletins',
                lazy: page(
                  () => import('./features/bulletins/BulletinPages.tsx'),
                  (m) => m.CoachBulletinsPage,
                ),
              },
              {
                path: 'Dashboard/Institution/:institutionId/Bulletins',
                lazy: page(
                  () => import('./features/bulletins/BulletinPages.tsx'),
                  (m) => m.InstitutionBulletinsPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ContentManager/Bulletins',
                lazy: page(
                  () => import('./features/bulletins/BulletinManagerPage.tsx'),
                  (m) => m.BulletinManagerPage,
                ),
              },
              {
                // The editor carries the rich-text editor (tiptap): loaded when opened.
                path: 'Dashboard/Coach/:coachId/ContentManager/EditBulletin/:bulletinId',
                lazy: page(
                  () => import('./features/bulletins/EditBulletinPage.tsx'),
                  (m) => m.EditBulletinPage,
                ),
              },
              // Emails and surveys: managers and student pages (paths ours), editors (spec §2 paths).
              {
                path: 'Dashboard/Coach/:coachId/ContentManager/Emails',
                lazy: page(
                  () => import('./features/emails/EmailManagerPage.tsx'),
                  (m) => m.EmailManagerPage,
                ),
              },
              {
                // The editor carries the rich-text editor (tiptap): loaded when opened.
                path: 'Dashboard/Coach/:coachId/ContentManager/EditEmail/:emailId',
                lazy: page(
                  () => import('./features/emails/EditEmailPage.tsx'),
                  (m) => m.EditEmailPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ContentManager/Surveys',
                lazy: page(
                  () => import('./features/surveys/SurveyPages.tsx'),
                  (m) => m.SurveyManagerPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/ContentManager/EditSurvey/:surveyId',
                lazy: page(
                  () => import('./features/surveys/EditSurveyPage.tsx'),
                  (m) => m.EditSurveyPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Surveys',
                lazy: page(
                  () => import('./features/surveys/SurveyPages.tsx'),
                  (m) => m.StudentSurveysPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/Surveys/:surveyId',
                lazy: page(
                  () => import('./features/surveys/SurveyPages.tsx'),
                  (m) => m.TakeSurveyPage,
                ),
              },
              {
                path: 'MessageCenter/:coachId/:bulletinId',
                lazy: page(
                  () => import('./features/bulletins/BulletinPages.tsx'),
                  (m) =>
                    function MessagePageRoute() {
                      return <m.MessagePage scope="coach" interactive={false} />;
                    },
                ),
              },
              {
                path: 'InteractiveMessage/:coachId/:bulletinId/:pageId',
                lazy: page(
                  () => import('./features/bulletins/BulletinPages.tsx'),
                  (m) =>
                    function MessagePageRoute() {
                      return <m.MessagePage scope="coach" interactive />;
                    },
                ),
              },
              {
                path: 'InstitutionMessageCenterView/:institutionId/:bulletinId',
                lazy: page(
                  () => import('./features/bulletins/BulletinPages.tsx'),
                  (m) =>
                    function MessagePageRoute() {
                      return <m.MessagePage scope="institution" interactive={false} />;
                    },
                ),
              },
              {
                path: 'InstitutionInteractiveMessage/:institutionId/:bulletinId/:pageId',
                lazy: page(
                  () => import('./features/bulletins/BulletinPages.tsx'),
                  (m) =>
                    function MessagePageRoute() {
                      return <m.MessagePage scope="institution" interactive />;
                    },
                ),
              },
              // Characteristics overview (path ours) and the editors behind its Edit links (spec §2 paths).
              {
                path: 'Dashboard/Coach/:coachId/CharacteristicsOverview',
                lazy: page(
                  () => import('./features/characteristics/CharacteristicsOverviewPage.tsx'),
                  (m) => m.CharacteristicsOverviewPage,
                ),
              },
              {
                path: 'Dashboard/coach/:coachId/PlaybookOverview/EditPlaybook/:id',
                lazy: page(
                  () => import('./features/playbooks/EditPlaybookPage.tsx'),
                  (m) => m.EditPlaybookPage,
                ),
              },
              {
                path: 'gradebook/coach/:coachId/EditGradebook/:id',
                lazy: page(
                  () => import('./features/characteristics/EditGradebookPage.tsx'),
                  (m) => m.EditGradebookPage,
                ),
              },
              {
                path: 'gradebook/coach/:coachId/:gradebookId/EditAssignment/:assignmentId',
                lazy: page(
                  () => import('./features/characteristics/EditGradebookPage.tsx'),
                  (m) => m.EditAssignmentPage,
                ),
              },
              {
                path: 'Dashboard/Coach/:coachId/CoachDetails/EditCourseCharacteristic/:id',
                lazy: page(
                  () => import('./features/characteristics/EditCourseCharacteristicPage.tsx'),
                  (m) => m.EditCourseCharacteristicPage,
                ),
              },
              // Coach setup wizard: a new coach (path ours) and one being set up (spec §2).
              {
                path: 'Dashboard/Institution/:institutionId/CoachSetupWizard',
                lazy: page(
                  () => import('./features/wizard/CoachSetupWizardPage.tsx'),
                  (m) => m.CoachSetupWizardPage,
                ),
              },
              {
                path: 'Dashboard/Institution/:institutionId/CoachSetupWizard/:coachId',
                lazy: page(
                  () => import('./features/wizard/CoachSetupWizardPage.tsx'),
                  (m) => m.CoachSetupWizardPage,
                ),
              },
              { path: 'no-coach', element: <NoCoachPage /> },
              { path: 'Dashboard/Coach/:coachId/*', element: <NotFoundPage /> },
              { path: 'Dashboard/Institution/:institutionId/*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
