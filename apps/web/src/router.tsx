import { Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoadingState } from './components/LoadingState.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { HomeRedirect } from './features/auth/HomeRedirect.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { AppLayout } from './features/shell/AppLayout.tsx';
import { NoCoachPage } from './features/shell/NoCoachPage.tsx';
import { CoachMemberGate } from './features/shell/NotEnrolledPage.tsx';
import { RouteErrorBoundary } from './features/shell/RouteErrorPage.tsx';
import { accountPublicRoutes, accountRoutes } from './routes/account-pages.tsx';
import { coachPageRoutes } from './routes/coach-pages.tsx';
import { institutionPageRoutes } from './routes/institution-pages.tsx';
import { page } from './routes/page.ts';

/**
 * The app's routes (spec §2 page routes). Pages that need a signed-in user sit under RequireAuth, which
 * sends others to `/login?next=…`. Coach and institution pages that are not built yet, and unknown paths,
 * show the 404 page; a page that throws, the error page (AppRoutes). Matching ignores a trailing slash, so
 * `/CoachDetails` and `/CoachDetails/` both work.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  ...accountPublicRoutes,
  // The digest e-mail's one-click unsubscribe works signed out (docs/notifications.md).
  {
    path: '/Unsubscribe',
    Component: page(
      () => import('./features/notifications/UnsubscribePage.tsx'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    element: <AppLayout />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          {
            // A coach the user has no part in shows "You are not enrolled in this course" on every page.
            element: <CoachMemberGate />,
            children: [
              { index: true, element: <HomeRedirect /> },
              ...coachPageRoutes,
              ...institutionPageRoutes,
              ...accountRoutes,
              { path: 'no-coach', element: <NoCoachPage /> },
              {
                path: 'Notifications',
                Component: page(
                  () => import('./features/notifications/NotificationsPage.tsx'),
                  (m) => m.NotificationsPage,
                ),
              },
              // The words of the staff screens (docs/glossary.md), linked from the header and the rules.
              {
                path: 'Help/Glossary',
                Component: page(
                  () => import('./features/help/GlossaryPage.tsx'),
                  (m) => m.GlossaryPage,
                ),
              },
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

/**
 * Renders the page `routes` (the app's by default) match at the router's location, inside the route error
 * boundary (a page that throws shows the error page until the user goes elsewhere) and a `Suspense` that
 * shows 'Loading...' while a page's chunk loads on a first visit (AppLayout has its own, so the shell stays;
 * routes/page.ts). Later navigations keep the current page on screen until the next one is in: the
 * router's location updates are transitions (components/navigation.tsx, as in React Router's `BrowserRouter`),
 * and the header's bar says a navigation is pending (NavigationProgress).
 * Declarative routing rather than a data router (`createBrowserRouter`), whose loaders and actions the app
 * does not use: its code was half of the first load's router (docs/architecture.md "Keeping the first
 * load small").
 */
export function AppRoutes({ routes: tree = routes }: { routes?: RouteObject[] }) {
  const location = useLocation();
  const element = useRoutes(tree);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingState />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
