import type { RouteObject } from 'react-router';
import { page } from './page.ts';

/*
 * The account feature's routes (docs/accounts.md, docs/audit-log.md, docs/sso.md), spread into the app's
 * router: `accountPublicRoutes` outside the signed-in layout, `accountRoutes` under RequireAuth.
 * Each page's module loads when its route is first rendered (see `page`).
 */

/** Signed-out pages: forgot password and set password (reset and invitation links). */
export const accountPublicRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    Component: page(
      () => import('../features/accounts/ForgotPasswordPage.tsx'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: '/set-password',
    Component: page(
      () => import('../features/accounts/SetPasswordPage.tsx'),
      (m) => m.SetPasswordPage,
    ),
  },
];

/** Signed-in pages: the account, and the institution's users, audit log and sign-in settings (staff). */
export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    Component: page(
      () => import('../features/accounts/AccountPage.tsx'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/Users',
    Component: page(
      () => import('../features/accounts/UsersPage.tsx'),
      (m) => m.UsersPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/Users/:userId',
    Component: page(
      () => import('../features/accounts/UserDetailPage.tsx'),
      (m) => m.UserDetailPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/AuditLog',
    Component: page(
      () => import('../features/accounts/AuditLogPage.tsx'),
      (m) => m.AuditLogPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/SignInSettings',
    Component: page(
      () => import('../features/accounts/SsoSettingsPage.tsx'),
      (m) => m.SsoSettingsPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/LtiSettings',
    Component: page(
      () => import('../features/accounts/LtiSettingsPage.tsx'),
      (m) => m.LtiSettingsPage,
    ),
  },
];
