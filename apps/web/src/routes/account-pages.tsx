import type { RouteObject } from 'react-router';

/*
 * The account feature's routes (docs/accounts.md, docs/audit-log.md, docs/sso.md), spread into the app's
 * router: `accountPublicRoutes` outside the signed-in layout, `accountRoutes` under RequireAuth.
 * Each page's module loads when its route is first matched.
 */

/** Signed-out pages: forgot password and set password (reset and invitation links). */
export const accountPublicRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: async () => ({
      Component: (await import('../features/accounts/ForgotPasswordPage.tsx')).ForgotPasswordPage,
    }),
  },
  {
    path: '/set-password',
    lazy: async () => ({
      Component: (await import('../features/accounts/SetPasswordPage.tsx')).SetPasswordPage,
    }),
  },
];

/** Signed-in pages: the account, and the institution's users, audit log and sign-in settings (staff). */
export const accountRoutes: RouteObject[] = [
  {
    path: 'account',
    lazy: async () => ({ Component: (await import('../features/accounts/AccountPage.tsx')).AccountPage }),
  },
  {
    path: 'Dashboard/Institution/:institutionId/Users',
    lazy: async () => ({ Component: (await import('../features/accounts/UsersPage.tsx')).UsersPage }),
  },
  {
    path: 'Dashboard/Institution/:institutionId/Users/:userId',
    lazy: async () => ({
      Component: (await import('../features/accounts/UserDetailPage.tsx')).UserDetailPage,
    }),
  },
  {
    path: 'Dashboard/Institution/:institutionId/AuditLog',
    lazy: async () => ({ Component: (await import('../features/accounts/AuditLogPage.tsx')).AuditLogPage }),
  },
  {
    path: 'Dashboard/Institution/:institutionId/SignInSettings',
    lazy: async () => ({
      Component: (await import('../features/accounts/SsoSettingsPage.tsx')).SsoSettingsPage,
    }),
  },
  {
    path: 'Dashboard/Institution/:institutionId/LtiSettings',
    lazy: async () => ({
      Component: (await import('../features/accounts/LtiSettingsPage.tsx')).LtiSettingsPage,
    }),
  },
];
