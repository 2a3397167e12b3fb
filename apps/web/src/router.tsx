import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from './components/LoadingState.tsx';
import { NotFoundPage } from './components/NotFoundPage.tsx';
import { HomeRedirect } from './features/auth/HomeRedirect.tsx';
import { LoginPage } from './features/auth/LoginPage.tsx';
import { RequireAuth } from './features/auth/RequireAuth.tsx';
import { AppLayout } from './features/shell/AppLayout.tsx';
import { NoCoachPage } from './features/shell/NoCoachPage.tsx';
import { CoachMemberGate } from './features/shell/NotEnrolledPage.tsx';
import { RouteErrorPage } from './features/shell/RouteErrorPage.tsx';
import { accountPublicRoutes, accountRoutes } from './routes/account-pages.tsx';
import { coachPageRoutes } from './routes/coach-pages.tsx';
import { institutionPageRoutes } from './routes/institution-pages.tsx';
import { page } from './routes/page.ts';

/**
 * The app's routes (spec §2 page routes). Pages that need a signed-in user sit under RequireAuth, which
 * sends others to `/login?next=…`. Coach and institution pages that are not built yet, and unknown paths,
 * show the 404 page. Matching ignores a trailing slash, so `/CoachDetails` and `/CoachDetails/` both work.
 */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
  ...accountPublicRoutes.map((r) => ({ ...r, errorElement: <RouteErrorPage /> })),
  // The digest e-mail's one-click unsubscribe works signed out (docs/notifications.md).
  {
    path: '/Unsubscribe',
    errorElement: <RouteErrorPage />,
    lazy: page(
      () => import('./features/notifications/UnsubscribePage.tsx'),
      (m) => m.UnsubscribePage,
    ),
  },
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
              ...coachPageRoutes,
              ...institutionPageRoutes,
              ...accountRoutes,
              { path: 'no-coach', element: <NoCoachPage /> },
              {
                path: 'Notifications',
                lazy: page(
                  () => import('./features/notifications/NotificationsPage.tsx'),
                  (m) => m.NotificationsPage,
                ),
              },
              // The words of the staff screens (docs/glossary.md), linked from the header and the rules.
              {
                path: 'Help/Glossary',
                lazy: page(
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

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
