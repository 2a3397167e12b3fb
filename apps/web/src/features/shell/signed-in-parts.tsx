import { lazyComponent } from '../../components/lazy-component.tsx';

/*
 * The parts of the app shell only a signed-in user sees, each loaded on first render
 * (docs/architecture.md "Keeping the first load small"): the coach switcher (Combobox), the notifications
 * bell, the course search box, the account menu and the phone menu (Drawer). A signed-out visitor (the
 * sign-in page) never loads them; while one loads, nothing stands in its place.
 */

/** The header's coach switcher (CoachSwitcher.tsx), loaded on first render. */
export const CoachSwitcher = lazyComponent(async () => (await import('./CoachSwitcher.tsx')).CoachSwitcher);
/** The header's account menu (UserMenu.tsx), loaded on first render. */
export const UserMenu = lazyComponent(async () => (await import('./UserMenu.tsx')).UserMenu);
/** The phone menu's drawer (PhoneMenu.tsx), loaded on first render. */
export const PhoneMenu = lazyComponent(async () => (await import('./PhoneMenu.tsx')).PhoneMenu);
/** The header's notifications button with its unread count and popover, loaded on first render. */
export const NotificationsBell = lazyComponent(
  async () => (await import('../notifications/index.ts')).NotificationsBell,
);
/** The course search box above a coach's pages, loaded on first render. */
export const CourseSearch = lazyComponent(async () => (await import('../search/index.ts')).CourseSearch);
