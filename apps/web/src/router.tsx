import { createBrowserRouter, type RouteObject } from 'react-router';
import { HomeRedirect } from './features/auth/HomeRedirect.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { CoachDashboardPage } from './features/coach/CoachDashboardPage.tsx';
import { InstitutionCoachDashboardPage } from './features/institution/InstitutionCoachDashboardPage.tsx';
import { AppLayout } from './features/shell/AppLayout.tsx';
import { NoCoachPage } from './features/shell/NoCoachPage.tsx';
import { NotFoundPage } from './features/shell/NotFoundPage.tsx';
import { RouteErrorPage } from './features/shell/RouteErrorPage.tsx';
import { AddCohortPage } from './features/tailoring/AddCohortPage.tsx';
import { CohortDetailPage } from './features/tailoring/CohortDetailPage.tsx';
import { CohortManagerPage } from './features/tailoring/CohortManagerPage.tsx';
import { CohortOverviewPage } from './features/tailoring/CohortOverviewPage.tsx';

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
          {
            path: 'Dashboard/Coach/:coachId/cohort-manager/:cohortId/details',
            element: <CohortDetailPage />,
          },
          { path: 'Dashboard/Coach/:coachId/cohort-overview', element: <CohortOverviewPage /> },
          {
            path: 'Dashboard/Institution/:institutionId/CoachDashboard',
            element: <InstitutionCoachDashboardPage />,
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
