import type { ComponentType } from 'react';
import { useAfterFirstContent } from '../../components/first-content.ts';
import { lazyComponent } from '../../components/lazy-component.tsx';
import type { PhoneMenuProps } from './PhoneMenu.tsx';

/*
 * The parts of the app shell only a signed-in user sees, each loaded on first render
 * (docs/architecture.md "Keeping the first load small"): the coach switcher (Combobox), the notifications
 * bell, the course search box, the account menu and the phone menu (Drawer). A signed-out visitor (the
 * sign-in page) never loads them; while one loads, nothing stands in its place. None renders before the
 * page's first content is shown (components/first-content.ts): on a slow phone they would compete with it.
 */

/** `Part`, rendered only once the first content is shown (nothing in its place before). */
function afterFirstContent<P extends object>(Part: ComponentType<P>): ComponentType<P> {
  function AfterFirstContent(props: P) {
    return useAfterFirstContent() ? <Part {...props} /> : null;
  }
  return AfterFirstContent;
}

/** The header's coach switcher (CoachSwitcher.tsx), loaded on first render. */
export const CoachSwitcher = afterFirstContent(
  lazyComponent(async () => (await import('./CoachSwitcher.tsx')).CoachSwitcher),
);
/** The header's account menu (UserMenu.tsx), loaded on first render. */
export const UserMenu = afterFirstContent(
  lazyComponent(async () => (await import('./UserMenu.tsx')).UserMenu),
);
/** The header's notifications button with its unread count and popover, loaded on first render. */
export const NotificationsBell = afterFirstContent(
  lazyComponent(async () => (await import('../notifications/index.ts')).NotificationsBell),
);
/** The course search box above a coach's pages, loaded on first render. */
export const CourseSearch = afterFirstContent(
  lazyComponent(async () => (await import('../search/index.ts')).CourseSearch),
);

const LazyPhoneMenu = lazyComponent(async () => (await import('./PhoneMenu.tsx')).PhoneMenu);
/**
 * The phone menu's drawer (PhoneMenu.tsx), loaded on first render: after the first content, or at once
 * when the menu is opened before it.
 */
export function PhoneMenu(props: PhoneMenuProps) {
  const ready = useAfterFirstContent();
  return ready || props.opened ? <LazyPhoneMenu {...props} /> : null;
}
