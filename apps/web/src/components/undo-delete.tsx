import { TRASH_ENDPOINTS, type TrashKind } from '@course-coach/contracts';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../api/call-endpoint.ts';
import { errorMessage } from '../api/client.ts';

/** The texts of the notification after a delete (ours; docs/trash.md). */
export const UNDO_TEXTS = {
  undo: 'Undo',
  moved: (label: string) => `${label} moved to the Trash.`,
  restored: (label: string) => `${label} restored.`,
  close: 'Close',
} as const;

/** Every notification here gets a named close button (axe: button-name). */
const closeButtonProps = { 'aria-label': UNDO_TEXTS.close };

/**
 * What was deleted: whose trash it went to (a coach's, or the institution's own for its FAQ entries), the
 * trash kind and id, and how to name it (“To-do list “Week 3””).
 */
export type Deleted = { kind: TrashKind; id: number; label: string } & (
  | { coachId: number }
  | { institutionId: number }
);

/**
 * Restores one deleted item through its trash's restore endpoint (TRASH_ENDPOINTS; docs/trash.md): the
 * institution's own trash, a student's own to-do (`own_todo`) from `my-trash`, anything else from the
 * coach's trash. Answers the restored item's kind, id and title. @throws ApiError (404, 409, 410).
 */
export function restoreFromTrash(
  item: { kind: TrashKind; id: number } & ({ coachId: number } | { institutionId: number }),
) {
  const { kind, id } = item;
  if ('institutionId' in item)
    return callEndpoint(TRASH_ENDPOINTS.institutionRestore, {
      params: { institutionId: item.institutionId, trashKind: kind, id },
    });
  return kind === 'own_todo'
    ? callEndpoint(TRASH_ENDPOINTS.mineRestore, { params: { coachId: item.coachId, id } })
    : callEndpoint(TRASH_ENDPOINTS.restore, { params: { coachId: item.coachId, trashKind: kind, id } });
}

/**
 * After a delete, a notification naming what went with an "Undo" button that restores it from the trash
 * (a student's own to-do from their own trash, an institution FAQ entry from the institution's) and refreshes every query. docs/trash.md.
 */
export function useUndoDelete(): (deleted: Deleted) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (deleted: Deleted) => {
      const id = `deleted-${deleted.kind}-${deleted.id}`;
      // The trash now holds it (the Trash page, a student's deleted to-dos).
      void queryClient.invalidateQueries({ queryKey: ['trash'] });
      const undo = async () => {
        notifications.hide(id);
        try {
          await restoreFromTrash(deleted);
          notifications.show({
            message: UNDO_TEXTS.restored(deleted.label),
            color: 'teal.9',
            closeButtonProps,
          });
        } catch (error) {
          notifications.show({ message: errorMessage(error), color: 'red.9', closeButtonProps });
        }
        await queryClient.invalidateQueries();
      };
      notifications.show({
        id,
        autoClose: 10_000,
        closeButtonProps,
        message: (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">{UNDO_TEXTS.moved(deleted.label)}</Text>
            <Button size="compact-sm" variant="outline" onClick={undo}>
              {UNDO_TEXTS.undo}
            </Button>
          </Group>
        ),
      });
    },
    [queryClient],
  );
}
