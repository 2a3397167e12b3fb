import type { Notification } from '@course-coach/contracts';
import { Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useMarkRead } from './notifications-api.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The button that marks every notification read, on the page and in the header's popover. */
export const MARK_ALL_READ = 'Mark all as read';

/** A notification's React key: kind, item type and source id together name one (docs/notifications.md). */
export const notificationKey = (n: Notification) => `${n.kind}-${n.item_type}-${n.source_id}`;

/**
 * One notification, as the Notifications page and the header's popover both show it: a button that calls
 * `onOpen`; an unread one is in bold with an “Unread” badge (a word, not a colour alone).
 */
export function NotificationRow({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  return (
    <Paper withBorder p="sm" data-testid="notification" data-read={n.read}>
      <UnstyledButton onClick={() => onOpen(n)} w="100%" style={{ textAlign: 'left' }}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={n.read ? 400 : 700} size="sm">
            {n.text}
          </Text>
          {!n.read && (
            <Badge color="blue" variant="light">
              Unread
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {n.coach_label} · {when(n.at)} UTC
        </Text>
      </UnstyledButton>
    </Paper>
  );
}

/**
 * Opening a notification (docs/notifications.md): an unread one is marked read first (POST
 * notifications/read, which refreshes the list and the header's count), then its page opens, also when
 * marking fails (the page is what the student asked for). Returns the `open` function and the mutation
 * (for “Mark all as read” and its pending state). `beforeNavigate` runs just before the page changes
 * (the popover closes itself there).
 */
export function useOpenNotification(beforeNavigate?: () => void) {
  const mark = useMarkRead();
  const navigate = useNavigate();
  const open = (n: Notification) => {
    const go = () => {
      beforeNavigate?.();
      void navigate(n.link);
    };
    if (n.read) return go();
    mark.mutate({ kind: n.kind, source_id: n.source_id, item_type: n.item_type }, { onSettled: go });
  };
  return { open, mark };
}
