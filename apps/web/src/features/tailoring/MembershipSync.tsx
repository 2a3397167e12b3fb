/**
 * An Insight Group's membership sync on its details page (spec §4): the task and Sync Now (`useSync`)
 * and the "Membership data sync status" panel.
 */
import {
  MESSAGES,
  syncInProgress,
  TAILORING_ENDPOINTS,
  TAILORING_TEXTS,
  TAILORING_UI_TEXTS,
} from '@course-coach/contracts';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { tailoringKeys, useMembershipTask, useReloadCohort } from './api.ts';
import { formatCohortDateTime } from './format.ts';

/** Why Sync Now does nothing while a sync is marked started (spec §4). */
export const SYNC_RUNNING_HINT = 'A sync is running. Its status refreshes every 15 seconds.';

/** The group: its coach and id. */
interface Ids {
  coachId: number;
  cohortId: number;
}

/**
 * The group's membership sync: the task (refreshed every 15 s), and Sync Now, which posts the task unless a
 * sync is marked started (spec §4). When a sync ends, the group and its distribution are reloaded.
 */
export function useSync({ coachId, cohortId }: Ids) {
  const task = useMembershipTask(coachId, cohortId);
  const client = useQueryClient();
  const reload = useReloadCohort(coachId, cohortId);
  const previous = useRef<string | null>(null);
  const state = task.data?.state ?? null;
  // What the last finished sync was: when it changes (a sync ended, ours or one the server started
  // after a rule change), the counts changed, so the group and its distribution are reloaded.
  const finished = task.data
    ? `${task.data.state}|${task.data.success?.date_done ?? ''}|${task.data.failure?.date_done ?? ''}`
    : null;

  useEffect(() => {
    if (
      previous.current !== null &&
      finished !== null &&
      finished !== previous.current &&
      state !== 'started'
    )
      void reload();
    previous.current = finished;
  }, [finished, state, reload]);

  const sync = useMutation({
    mutationFn: () => callEndpoint(TAILORING_ENDPOINTS.syncMembership, { params: { coachId, cohortId } }),
    onSuccess: (data) => client.setQueryData(tailoringKeys.task(coachId, cohortId), data),
  });
  const running = task.data ? syncInProgress(task.data) : false;
  const syncNow = () => {
    // Spec §4: Sync Now does nothing while a sync is marked started.
    if (running || sync.isPending) return;
    sync.mutate();
  };
  return { task, sync, running, syncNow };
}

/** What `useSync` returns. */
export type SyncState = ReturnType<typeof useSync>;

/** "Membership data sync status": Completed (time), In-progress (started at time), or never synced. */
export function SyncStatus({ task, sync }: SyncState) {
  let status: string = TAILORING_UI_TEXTS.syncNever;
  const data = task.data;
  if (data?.state === 'started')
    status = `${TAILORING_TEXTS.inProgress} (${TAILORING_UI_TEXTS.syncStarted(formatCohortDateTime(data.started?.date_done))})`;
  else if (data?.success)
    status = `${TAILORING_TEXTS.completed} (${formatCohortDateTime(data.success.date_done)})`;

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={500}>{TAILORING_TEXTS.membershipDataSyncStatus}:</Text>
        {task.isPending ? (
          <Text>{MESSAGES.loading}</Text>
        ) : task.isError ? (
          <Text c="var(--mantine-color-error)">{errorMessage(task.error)}</Text>
        ) : (
          <Text data-testid="sync-status">{status}</Text>
        )}
      </Group>
      {data?.state === 'failure' && (
        <Alert color="red" variant="light" role="alert" data-testid="sync-failed">
          {TAILORING_UI_TEXTS.syncFailed}
        </Alert>
      )}
      {sync.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(sync.error)}
        </Alert>
      )}
    </Stack>
  );
}
