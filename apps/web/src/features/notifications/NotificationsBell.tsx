import { NOTIFICATION_PAGES } from '@course-coach/contracts';
import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { useUnreadCount } from './notifications-api.ts';

/**
 * The header's link to the notifications page with the unread count (docs/notifications.md): its name
 * says the count (“Notifications, 3 unread”), the badge shows it; no badge when nothing is unread.
 */
export function NotificationsBell({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  return (
    <Anchor
      component={Link}
      to={NOTIFICATION_PAGES.list}
      onClick={onNavigate}
      fz="sm"
      fw={500}
      data-testid="notifications-link"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      Notifications
      {unread > 0 && (
        <Badge ml={6} size="sm" color="red" variant="filled" aria-hidden="true" data-testid="unread-count">
          {unread}
        </Badge>
      )}
    </Anchor>
  );
}
