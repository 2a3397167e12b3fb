import { type DigestFrequency, NOTIFICATION_PAGE_SIZE, NOTIFICATION_TEXTS } from '@course-coach/contracts';
import { Button, Group, Pagination, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import {
  MarkAllReadButton,
  NotificationListStates,
  NotificationRow,
  notificationKey,
  useOpenNotification,
} from './NotificationRow.tsx';
import {
  useNotificationSettings,
  useNotifications,
  useSaveNotificationSettings,
} from './notifications-api.ts';

const DIGEST_OPTIONS = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];

/** The digest setting: off, daily or weekly (docs/notifications.md "E-mail digest"). */
function DigestSetting() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [value, setValue] = useState<DigestFrequency | null>(null);
  const current = value ?? settings.data?.digest ?? 'off';
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group align="end" wrap="wrap">
          <Select
            label={NOTIFICATION_TEXTS.digestLabel}
            data={DIGEST_OPTIONS}
            value={current}
            onChange={(v) => v && setValue(v as DigestFrequency)}
            allowDeselect={false}
            disabled={settings.isPending}
            w={260}
          />
          <Button onClick={() => save.mutate(current)} loading={save.isPending} disabled={settings.isPending}>
            Save digest setting
          </Button>
        </Group>
        {save.isSuccess && (
          <Text size="sm" role="status">
            Saved: {DIGEST_OPTIONS.find((o) => o.value === save.data.digest)?.label}.
          </Text>
        )}
        {save.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The signed-in student's notifications (docs/notifications.md): newest first, unread in bold; opening
 * one marks it read and goes to its page; “Mark all as read”; the e-mail digest setting.
 */
export function NotificationsPage() {
  usePageTitle('Notifications');
  const [page, setPage] = useState(1);
  const list = useNotifications(page);
  const { open, mark } = useOpenNotification();
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Notifications</Title>
        <MarkAllReadButton list={list} mark={mark} />
      </Group>
      <NotificationListStates list={list}>
        {(data) => (
          <>
            <Text size="sm" role="status">
              {data.unread} unread of {data.count}.
            </Text>
            <Stack gap="xs" component="section" aria-label="Notification list">
              {data.results.map((n) => (
                <NotificationRow key={notificationKey(n)} n={n} onOpen={open} />
              ))}
            </Stack>
            {data.count > NOTIFICATION_PAGE_SIZE && (
              <Pagination
                total={Math.ceil(data.count / NOTIFICATION_PAGE_SIZE)}
                value={page}
                onChange={setPage}
                getControlProps={(c) => ({ 'aria-label': `${c} page` })}
              />
            )}
          </>
        )}
      </NotificationListStates>
      <DigestSetting />
    </Stack>
  );
}
