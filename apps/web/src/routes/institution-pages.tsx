import type { RouteObject } from 'react-router';
import { page } from './page.ts';

/**
 * The institution's pages (spec §2: `Dashboard/Institution/{institutionId}/…` and
 * `Homepage/{institutionId}`), each loaded when first rendered (see `page`).
 */
export const institutionPageRoutes: RouteObject[] = [
  {
    path: 'Dashboard/Institution/:institutionId/CoachDashboard',
    Component: page(
      () => import('../features/institution/InstitutionCoachDashboardPage.tsx'),
      (m) => m.InstitutionCoachDashboardPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/Characteristics',
    Component: page(
      () => import('../features/institution/CharacteristicsPage.tsx'),
      (m) => m.CharacteristicsPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/Bulletins',
    Component: page(
      () => import('../features/bulletins/BulletinPages.tsx'),
      (m) => m.InstitutionBulletinsPage,
    ),
  },
  // Coach setup wizard: a new coach (path ours) and one being set up (spec §2).
  {
    path: 'Dashboard/Institution/:institutionId/CoachSetupWizard',
    Component: page(
      () => import('../features/wizard/CoachSetupWizardPage.tsx'),
      (m) => m.CoachSetupWizardPage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/CoachSetupWizard/:coachId',
    Component: page(
      () => import('../features/wizard/CoachSetupWizardPage.tsx'),
      (m) => m.CoachSetupWizardPage,
    ),
  },
  // The institution's home page (spec §2 route pattern; docs/homepage.md) and My engagement (ours).
  {
    path: 'Homepage/:institutionId',
    Component: page(
      () => import('../features/home/HomePage.tsx'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'Dashboard/Institution/:institutionId/FAQManager',
    Component: page(
      () => import('../features/faq/InstitutionFaqManagerPage.tsx'),
      (m) => m.InstitutionFaqManagerPage,
    ),
  },
];
