import type { RouteObject } from 'react-router';
import { loadDashboardStyles } from '../later-styles.ts';
import { page } from './page.ts';

const loadCoachDashboard = () => import('../features/coach/CoachDashboardPage.tsx');

/** A coach dashboard's path (`PAGES.coachDetails`), with or without its trailing slash. */
const COACH_DASHBOARD_PATH = /^\/Dashboard\/Coach\/\d+\/CoachDetails\/?$/;

/**
 * Starts loading the coach dashboard's code when `path` (the page the app is about to show) is a coach
 * dashboard, so that it arrives beside the dashboard's data instead of after the redirect from `/`
 * (docs/student-experience.md "Early requests"); does nothing for other paths or null. True when it did.
 */
export function preloadPageFor(path: string | null): boolean {
  if (!path || !COACH_DASHBOARD_PATH.test(path)) return false;
  loadCoachDashboard().catch(() => undefined);
  return true;
}

/**
 * The pages of a coach (spec §2 page routes under `Dashboard/Coach/{coachId}`, the message pages and the
 * gradebook), each loaded when first rendered (see `page`). They sit under the coach member gate.
 */
export const coachPageRoutes: RouteObject[] = [
  {
    path: 'Dashboard/Coach/:coachId/CoachDetails',
    // Waits for mantine-dashboard.css only: its later cards wait for mantine-later.css themselves.
    Component: page(loadCoachDashboard, (m) => m.CoachDashboardPage, loadDashboardStyles),
  },
  {
    // A student's dashboard as they see it, read-only (docs/instructor-home.md; path ours).
    path: 'Dashboard/Coach/:coachId/ViewAsStudent/:studentId',
    Component: page(
      () => import('../features/instructor-home/ViewAsStudentPage.tsx'),
      (m) => m.ViewAsStudentPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/cohort-manager',
    Component: page(
      () => import('../features/tailoring/InsightGroupManagerPage.tsx'),
      (m) => m.InsightGroupManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/cohort-manager/add-cohort',
    Component: page(
      () => import('../features/tailoring/AddInsightGroupPage.tsx'),
      (m) => m.AddInsightGroupPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/cohort-manager/guided-import',
    Component: page(
      () => import('../features/imports/index.ts'),
      (m) => m.GuidedImportPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details',
    Component: page(
      () => import('../features/tailoring/InsightGroupDetailPage.tsx'),
      (m) => m.InsightGroupDetailPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/cohort-overview',
    Component: page(
      () => import('../features/tailoring/InsightGroupOverviewPage.tsx'),
      (m) => m.InsightGroupOverviewPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ToDo',
    Component: page(
      () => import('../features/todos/TodosPage.tsx'),
      (m) => m.TodosPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ToDo/Add',
    Component: page(
      () => import('../features/todos/TodoFormPage.tsx'),
      (m) => m.TodoFormPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ToDo/Edit/:todoItemId',
    Component: page(
      () => import('../features/todos/TodoFormPage.tsx'),
      (m) => m.TodoFormPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ToDoManager',
    Component: page(
      () => import('../features/todos/TodoManagerPage.tsx'),
      (m) => m.TodoManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Trash',
    Component: page(
      () => import('../features/trash/TrashPage.tsx'),
      (m) => m.TrashPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ToDoManager/EditToDoList/:listId',
    Component: page(
      () => import('../features/todos/EditTodoListPage.tsx'),
      (m) => m.EditTodoListPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Tips',
    Component: page(
      () => import('../features/tips/TipsPage.tsx'),
      (m) => m.TipsPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/TipManager',
    Component: page(
      () => import('../features/tips/TipManagerPage.tsx'),
      (m) => m.TipManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/FAQ',
    Component: page(
      () => import('../features/faq/FaqPage.tsx'),
      (m) => m.FaqPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/FAQManager',
    Component: page(
      () => import('../features/faq/FaqManagerPage.tsx'),
      (m) => m.FaqManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ChecklistManager',
    Component: page(
      () => import('../features/checklists/ChecklistManagerPage.tsx'),
      (m) => m.ChecklistManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Images',
    Component: page(
      () => import('../features/images/ImagesPage.tsx'),
      (m) => m.ImagesPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/History',
    Component: page(
      () => import('../features/history/HistoryPage.tsx'),
      (m) => m.HistoryPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Grades',
    Component: page(
      () => import('../features/grades/GradesPage.tsx'),
      (m) => m.GradesPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/GradeCalculator',
    Component: page(
      () => import('../features/grades/GradeCalculatorPage.tsx'),
      (m) => m.GradeCalculatorPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/MyData',
    Component: page(
      () => import('../features/mydata/MyDataPage.tsx'),
      (m) => m.MyDataPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/PrivacySettings',
    Component: page(
      () => import('../features/mydata/PrivacySettingsPage.tsx'),
      (m) => m.PrivacySettingsPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/TestimonialManager',
    Component: page(
      () => import('../features/testimonials/TestimonialManagerPage.tsx'),
      (m) => m.TestimonialManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Activity',
    Component: page(
      () => import('../features/analytics/ActivityPage.tsx'),
      (m) => m.ActivityPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Bulletins',
    Component: page(
      () => import('../features/bulletins/BulletinPages.tsx'),
      (m) => m.CoachBulletinsPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ContentManager/Bulletins',
    Component: page(
      () => import('../features/bulletins/BulletinManagerPage.tsx'),
      (m) => m.BulletinManagerPage,
    ),
  },
  {
    // The editor carries the rich-text editor (tiptap): loaded when opened.
    path: 'Dashboard/Coach/:coachId/ContentManager/EditBulletin/:bulletinId',
    Component: page(
      () => import('../features/bulletins/EditBulletinPage.tsx'),
      (m) => m.EditBulletinPage,
    ),
  },
  // Emails and surveys: managers and student pages (paths ours), editors (spec §2 paths).
  {
    path: 'Dashboard/Coach/:coachId/ContentManager/Emails',
    Component: page(
      () => import('../features/emails/EmailManagerPage.tsx'),
      (m) => m.EmailManagerPage,
    ),
  },
  {
    // The editor carries the rich-text editor (tiptap): loaded when opened.
    path: 'Dashboard/Coach/:coachId/ContentManager/EditEmail/:emailId',
    Component: page(
      () => import('../features/emails/EditEmailPage.tsx'),
      (m) => m.EditEmailPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ContentManager/Surveys',
    Component: page(
      () => import('../features/surveys/SurveyPages.tsx'),
      (m) => m.SurveyManagerPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ContentManager/EditSurvey/:surveyId',
    Component: page(
      () => import('../features/surveys/EditSurveyPage.tsx'),
      (m) => m.EditSurveyPage,
    ),
  },
  // The student's Exam Playbook (paths ours, docs/playbooks.md).
  {
    path: 'Dashboard/Coach/:coachId/Playbook',
    Component: page(
      () => import('../features/playbooks/PlaybookPlanPages.tsx'),
      (m) => m.MyPlaybooksPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Playbook/:playbookId',
    Component: page(
      () => import('../features/playbooks/PlaybookPlanPages.tsx'),
      (m) => m.MyPlaybookPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ContentManager/EmailLog/:emailId',
    Component: page(
      () => import('../features/emails/EmailLogPage.tsx'),
      (m) => m.EmailLogPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/ContentManager/SurveyResults/:surveyId',
    Component: page(
      () => import('../features/surveys/SurveyResultsPage.tsx'),
      (m) => m.SurveyResultsPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Surveys',
    Component: page(
      () => import('../features/surveys/SurveyPages.tsx'),
      (m) => m.StudentSurveysPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Surveys/:surveyId',
    Component: page(
      () => import('../features/surveys/SurveyPages.tsx'),
      (m) => m.TakeSurveyPage,
    ),
  },
  {
    path: 'MessageCenter/:coachId/:bulletinId',
    Component: page(
      () => import('../features/bulletins/BulletinPages.tsx'),
      (m) =>
        function MessagePageRoute() {
          return <m.MessagePage scope="coach" interactive={false} />;
        },
    ),
  },
  {
    path: 'InteractiveMessage/:coachId/:bulletinId/:pageId',
    Component: page(
      () => import('../features/bulletins/BulletinPages.tsx'),
      (m) =>
        function MessagePageRoute() {
          return <m.MessagePage scope="coach" interactive />;
        },
    ),
  },
  {
    path: 'InstitutionMessageCenterView/:institutionId/:bulletinId',
    Component: page(
      () => import('../features/bulletins/BulletinPages.tsx'),
      (m) =>
        function MessagePageRoute() {
          return <m.MessagePage scope="institution" interactive={false} />;
        },
    ),
  },
  {
    path: 'InstitutionInteractiveMessage/:institutionId/:bulletinId/:pageId',
    Component: page(
      () => import('../features/bulletins/BulletinPages.tsx'),
      (m) =>
        function MessagePageRoute() {
          return <m.MessagePage scope="institution" interactive />;
        },
    ),
  },
  // Characteristics overview (path ours) and the editors behind its Edit links (spec §2 paths).
  {
    path: 'Dashboard/Coach/:coachId/CharacteristicsOverview',
    Component: page(
      () => import('../features/characteristics/CharacteristicsOverviewPage.tsx'),
      (m) => m.CharacteristicsOverviewPage,
    ),
  },
  {
    path: 'Dashboard/coach/:coachId/PlaybookOverview/EditPlaybook/:id',
    Component: page(
      () => import('../features/playbooks/EditPlaybookPage.tsx'),
      (m) => m.EditPlaybookPage,
    ),
  },
  {
    path: 'gradebook/coach/:coachId/EditGradebook/:id',
    Component: page(
      () => import('../features/characteristics/EditGradebookPage.tsx'),
      (m) => m.EditGradebookPage,
    ),
  },
  {
    path: 'gradebook/coach/:coachId/:gradebookId/EditAssignment/:assignmentId',
    Component: page(
      () => import('../features/characteristics/EditGradebookPage.tsx'),
      (m) => m.EditAssignmentPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/CoachDetails/EditCourseCharacteristic/:id',
    Component: page(
      () => import('../features/characteristics/EditCourseCharacteristicPage.tsx'),
      (m) => m.EditCourseCharacteristicPage,
    ),
  },
  {
    path: 'Dashboard/Coach/:coachId/Engagement',
    Component: page(
      () => import('../features/engagement/MyEngagementPage.tsx'),
      (m) => m.MyEngagementPage,
    ),
  },
];
