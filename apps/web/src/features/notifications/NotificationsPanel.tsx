import { NOTIFICATION_PAGES } from '@course-coach/contracts';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  MarkAllReadButton,
  NotificationListStates,
  NotificationRow,
  notificationKey,
  useOpenNotification,
} from './NotificationRow.tsx';
import { notificationKeys, useNotifications } from './notifications-api.ts';

/** How many of the newest notifications the header's popover lists; the page has them all. */
export const POPOVER_NOTIFICATIONS = 8;

/** The link from the popover to the Notifications page. */
export const SEE_ALL = 'See all notifications';

/**
 * The `count` newest notifications for the header's popover, fetched again on every opening; the answer's
 * unread figure also becomes the header's count, so the button and the list it opens agree. Here rather
 * than in notifications-api.ts, which the header's first load carries.
 */
function useNewestNotifications(count: number) {
  const client = useQueryClient();
  const list = useNotifications(1, count, 'always');
  const unread = list.data?.unread;
  useEffect(() => {
    if (unread !== undefined) client.setQueryData(notificationKeys.unread, { unread });
  }, [client, unread]);
  return list;
}

/**
 * The contents of the header's notifications popover (docs/notifications.md): the newest
 * `POPOVER_NOTIFICATIONS`, shown as the page shows them (NotificationRow: opening one marks it read and goes
 * to its page), “Mark all as read”, and a link to the page; loading, empty and error (with “Try again”)
 * states. `onClose` closes the popover: called before any of these leaves for another page. Loaded on the
 * first opening (NotificationsBell), so the header's first load does not carry it.
 */
export function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const list = useNewestNotifications(POPOVER_NOTIFICATIONS);
  const { open, mark } = useOpenNotification(onClose);
  return (
    <Stack gap="xs" data-testid="notifications-popover">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {/* Where focus lands on opening (the popover's focus trap looks for data-autofocus). */}
        <Text component="h2" fw={700} size="md" tabIndex={-1} data-autofocus>
          Notifications
        </Text>
        <MarkAllReadButton list={list} mark={mark} size="xs" />
      </Group>
      <NotificationListStates list={list} size="sm">
        {(data) => (
          <>
            <Text size="sm">
              {data.unread} unread of {data.count}.
            </Text>
            <Stack
              gap="xs"
              component="section"
              aria-label="Newest notifications"
              mah="min(26rem, calc(100dvh - 13rem))"
              style={{ overflowY: 'auto' }}
            >
              {data.results.map((n) => (
                <NotificationRow key={notificationKey(n)} n={n} onOpen={open} />
              ))}
            </Stack>
          </>
        )}
      </NotificationListStates>
      <Anchor component={Link} to={NOTIFICATION_PAGES.list} onClick={onClose} size="sm" fw={500}>
        {SEE_ALL}
      </Anchor>
    </Stack>
  );
}
