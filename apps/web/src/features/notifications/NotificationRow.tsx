import { NOTIFICATION_TEXTS, type Notification, type NotificationPage } from '@course-coach/contracts';
import { Badge, Button, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
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

/** “Mark all as read” for a list of notifications: disabled until the list has loaded and while none is unread. */
export function MarkAllReadButton({
  list,
  mark,
  size,
}: {
  list: UseQueryResult<NotificationPage>;
  mark: ReturnType<typeof useOpenNotification>['mark'];
  /** The popover's smaller button (`xs`); the page's is the default size. */
  size?: 'xs';
}) {
  return (
    <Button
      size={size}
      variant="default"
      onClick={() => mark.mutate('all')}
      loading={mark.isPending}
      disabled={!list.data || list.data.unread === 0}
    >
      {MARK_ALL_READ}
    </Button>
  );
}

/**
 * A list of notifications in its states, as the page and the popover both show them: loading, an error
 * with “Try again”, the spec's empty text (`size` `sm` in the popover), else `children` with the page
 * of notifications.
 */
export function NotificationListStates({
  list,
  size,
  children,
}: {
  list: UseQueryResult<NotificationPage>;
  size?: 'sm';
  children: (page: NotificationPage) => ReactNode;
}) {
  if (list.isPending) return <LoadingState />;
  if (list.isError)
    return (
      <ErrorState
        title="We couldn’t load your notifications"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  if (list.data.count === 0)
    return (
      <Text size={size} data-testid="notifications-empty">
        {NOTIFICATION_TEXTS.empty}
      </Text>
    );
  return children(list.data);
}
