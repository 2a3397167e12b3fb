import { Anchor, Badge, Popover } from '@mantine/core';
import { useState } from 'react';
import { LoadingState } from '../../components/LoadingState.tsx';
import { lazyComponent } from '../../components/lazy-component.tsx';
import { useUnreadCount } from './notifications-api.ts';

/**
 * The popover's contents (NotificationsPanel.tsx), loaded on the first opening, or sooner when the pointer
 * or the keyboard focus reaches the bell, so that the header's first load does not carry the list
 * (docs/architecture.md "Keeping the first load small").
 */
const NotificationsPanel = lazyComponent(
  async () => (await import('./NotificationsPanel.tsx')).NotificationsPanel,
  <LoadingState />,
);

/**
 * The header's notifications button with the unread count (docs/notifications.md): its name says the
 * count (“Notifications, 3 unread”), the badge shows it (no badge when nothing is unread). It opens a
 * popover (a dialog labelled by the button; `aria-expanded` on the button) with the newest notifications;
 * focus moves into it (its heading, or the dialog itself while its contents load: never onto an action)
 * and stays there while it is open, and Escape closes it and gives focus back to the button. On a phone
 * the badge may wrap below the word, as before, so that the header stays within 375 px, and the popover
 * spans the screen's width less a margin.
 */
export function NotificationsBell() {
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Anchor
          component="button"
          type="button"
          onClick={() => setOpened((o) => !o)}
          onPointerEnter={NotificationsPanel.preload}
          onFocus={NotificationsPanel.preload}
          fz="sm"
          fw={500}
          data-testid="notifications-bell"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        >
          Notifications
          {unread > 0 && (
            <Badge
              ml={6}
              size="sm"
              color="red"
              variant="filled"
              aria-hidden="true"
              data-testid="unread-count"
            >
              {unread}
            </Badge>
          )}
        </Anchor>
      </Popover.Target>
      <Popover.Dropdown p="sm" style={{ width: 'min(24rem, calc(100vw - 1rem))' }}>
        <NotificationsPanel onClose={close} />
      </Popover.Dropdown>
    </Popover>
  );
}
