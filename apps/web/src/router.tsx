import { createBrowserRouter, type RouteObject } from 'react-router';
import { ActivityPage } from './features/analytics/ActivityPage.tsx';
import { HomeRedirect } from './features/auth/HomeRedirect.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { BulletinManagerPage } from './features/bulletins/BulletinManagerPage.tsx';
import {
  CoachBulletinsPage,
  InstitutionBulletinsPage,
  MessagePage,
} from './features/bulletins/BulletinPages.tsx';
import { CharacteristicsOverviewPage } from './features/characteristics/CharacteristicsOverviewPage.tsx';
import { EditCourseCharacteristicPage } from './features/characteristics/EditCourseCharacteristicPage.tsx';
import { EditAssignmentPage, EditGradebookPage } from './features/characteristics/EditGradebookPage.tsx';
import { CoachDashboardPage } from './features/coach/CoachDashboardPage.tsx';
import { EmailManagerPage } from './features/emails/EmailManagerPage.tsx';
import { GradesPage } from './features/grades/GradesPage.tsx';
import { HistoryPage } from './features/history/HistoryPage.tsx';
import { ImagesPage } from './features/images/ImagesPage.tsx';
import { GuidedImportPage } from './features/imports/index.ts';
import { CharacteristicsPage } from './features/institution/CharacteristicsPage.tsx';
import { InstitutionCoachDashboardPage } from './features/institution/InstitutionCoachDashboardPage.tsx';
import { EditPlaybookPage } from './features/playbooks/EditPlaybookPage.tsx';
import { AppLayout } from './features/shell/AppLayout.tsx';
import { NoCoachPage } from './features/shell/NoCoachPage.tsx';
import { NotFoundPage } from './features/shell/NotFoundPage.tsx';
import { RouteErrorPage } from './features/shell/RouteErrorPage.tsx';
import { StudentSurveysPage, SurveyManagerPage, TakeSurveyPage } from './features/surveys/SurveyPages.tsx';
import { AddCohortPage } from './features/tailoring/AddCohortPage.tsx';
import { CohortDetailPage } from './features/tailoring/CohortDetailPage.tsx';
import { CohortManagerPage } from './features/tailoring/CohortManagerPage.tsx';
import { CohortOverviewPage } from './features/tailoring/CohortOverviewPage.tsx';
import { TestimonialManagerPage } from './features/testimonials/TestimonialManagerPage.tsx';
import { TipManagerPage } from './features/tips/TipManagerPage.tsx';
import { TipsPage } from './features/tips/TipsPage.tsx';
import { EditTodoListPage } from './features/todos/EditTodoListPage.tsx';
import { TodoFormPage } from './features/todos/TodoFormPage.tsx';
import { TodoManagerPage } from './features/todos/TodoManagerPage.tsx';
import { TodosPage } from './features/todos/TodosPage.tsx';
import { CoachSetupWizardPage } from './features/wizard/CoachSetupWizardPage.tsx';

/**
 * The app's routes (spec §2 page routes). Pages that need a signed-in user sit under RequireAuth, which
 * sends others to `/login?next=…`. Coach and institution pages that are not built yet, and unknown paths,
 * show the 404 page. Matching ignores a trailing slash, so `/CoachDetails` and `/CoachDetails/` both work.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'Dashboard/Coach/:coachId/CoachDetails', element: <CoachDashboardPage /> },
          { path: 'Dashboard/Coach/:coachId/cohort-manager', element: <CohortManagerPage /> },
          { path: 'Dashboard/Coach/:coachId/cohort-manager/add-cohort', element: <AddCohortPage /> },
          { path: 'Dashboard/Coach/:coachId/cohort-manager/guided-import', element: <GuidedImportPage /> },
          {
            path: 'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details',
            element: <CohortDetailPage />,
          },
          { path: 'Dashboard/Coach/:coachId/cohort-overview', element: <CohortOverviewPage /> },
          {
            path: 'Dashboard/Institution/:institutionId/CoachDashboard',
            element: <InstitutionCoachDashboardPage />,
          },
          { path: 'Dashboard/Institution/:institutionId/Characteristics', element: <CharacteristicsPage /> },
          { path: 'Dashboard/Coach/:coachId/ToDo', element: <TodosPage /> },
          { path: 'Dashboard/Coach/:coachId/ToDo/Add', element: <TodoFormPage /> },
          { path: 'Dashboard/Coach/:coachId/ToDo/Edit/:todoItemId', element: <TodoFormPage /> },
          { path: 'Dashboard/Coach/:coachId/ToDoManager', element: <TodoManagerPage /> },
          {
            path: 'Dashboard/Coach/:coachId/ToDoManager/EditToDoList/:listId',
            element: <EditTodoListPage />,
          },
          { path: 'Dashboard/Coach/:coachId/Tips', element: <TipsPage /> },
          { path: 'Dashboard/Coach/:coachId/TipManager', element: <TipManagerPage /> },
          { path: 'Dashboard/Coach/:coachId/Images', element: <ImagesPage /> },
          { path: 'Dashboard/Coach/:coachId/History', element: <HistoryPage /> },
          { path: 'Dashboard/Coach/:coachId/Grades', element: <GradesPage /> },
          { path: 'Dashboard/Coach/:coachId/TestimonialManager', element: <TestimonialManagerPage /> },
          { path: 'Dashboard/Coach/:coachId/Activity', element: <ActivityPage /> },
          { path: 'Dashboard/Coach/:coachId/Bulletins', element: <CoachBulletinsPage /> },
          { path: 'Dashboard/Institution/:institutionId/Bulletins', element: <InstitutionBulletinsPage /> },
          { path: 'Dashboard/Coach/:coachId/ContentManager/Bulletins', element: <BulletinManagerPage /> },
          {
            // The editor carries the rich-text editor (tiptap): loaded when opened.
            path: 'Dashboard/Coach/:coachId/ContentManager/EditBulletin/:bulletinId',
            lazy: () =>
              import('./features/bulletins/EditBulletinPage.tsx').then((m) => ({
                Component: m.EditBulletinPage,
              })),
          },
          // Emails and surveys: managers and student pages (paths ours), editors (spec §2 paths).
          { path: 'Dashboard/Coach/:coachId/ContentManager/Emails', element: <EmailManagerPage /> },
          {
            // The editor carries the rich-text editor (tiptap): loaded when opened.
            path: 'Dashboard/Coach/:coachId/ContentManager/EditEmail/:emailId',
            lazy: () =>
              import('./features/emails/EditEmailPage.tsx').then((m) => ({ Component: m.EditEmailPage })),
          },
          { path: 'Dashboard/Coach/:coachId/ContentManager/Surveys', element: <SurveyManagerPage /> },
          {
            path: 'Dashboard/Coach/:coachId/ContentManager/EditSurvey/:surveyId',
            lazy: () =>
              import('./features/surveys/EditSurveyPage.tsx').then((m) => ({ Component: m.EditSurveyPage })),
          },
          { path: 'Dashboard/Coach/:coachId/Surveys', element: <StudentSurveysPage /> },
          { path: 'Dashboard/Coach/:coachId/Surveys/:surveyId', element: <TakeSurveyPage /> },
          {
            path: 'MessageCenter/:coachId/:bulletinId',
            element: <MessagePage scope="coach" interactive={false} />,
          },
          {
            path: 'InteractiveMessage/:coachId/:bulletinId/:pageId',
            element: <MessagePage scope="coach" interactive />,
          },
          {
            path: 'InstitutionMessageCenterView/:institutionId/:bulletinId',
            element: <MessagePage scope="institution" interactive={false} />,
          },
          {
            path: 'InstitutionInteractiveMessage/:institutionId/:bulletinId/:pageId',
            element: <MessagePage scope="institution" interactive />,
          },
          // Characteristics overview (path ours) and the editors behind its Edit links (spec §2 paths).
          {
            path: 'Dashboard/Coach/:coachId/CharacteristicsOverview',
            element: <CharacteristicsOverviewPage />,
          },
          {
            path: 'Dashboard/coach/:coachId/PlaybookOverview/EditPlaybook/:id',
            element: <EditPlaybookPage />,
          },
          { path: 'gradebook/coach/:coachId/EditGradebook/:id', element: <EditGradebookPage /> },
          {
            path: 'gradebook/coach/:coachId/:gradebookId/EditAssignment/:assignmentId',
            element: <EditAssignmentPage />,
          },
          {
            path: 'Dashboard/Coach/:coachId/CoachDetails/EditCourseCharacteristic/:id',
            element: <EditCourseCharacteristicPage />,
          },
          // Coach setup wizard: a new coach (path ours) and one being set up (spec §2).
          {
            path: 'Dashboard/Institution/:institutionId/CoachSetupWizard',
            element: <CoachSetupWizardPage />,
          },
          {
            path: 'Dashboard/Institution/:institutionId/CoachSetupWizard/:coachId',
            element: <CoachSetupWizardPage />,
          },
          { path: 'no-coach', element: <NoCoachPage /> },
          { path: 'Dashboard/Coach/:coachId/*', element: <NotFoundPage /> },
          { path: 'Dashboard/Institution/:institutionId/*', element: <NotFoundPage /> },
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
