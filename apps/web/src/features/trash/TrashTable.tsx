import { TRASH_KIND_LABELS, type TrashEntry } from '@course-coach/contracts';
import { Alert, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { type TrashOwner, useRestore } from './trash-api.ts';

/** The texts of the Trash page and of a student's deleted to-dos (ours; docs/trash.md). */
export const TRASH_TEXTS = {
  title: 'Trash',
  intro:
    'Deleted items stay here for 30 days. Restore one to put it back as it was, with everything that went with it.',
  myTitle: 'Recently deleted',
  myIntro: 'Your deleted to-dos stay here for 30 days.',
  empty: 'The trash is empty.',
  myEmpty: 'You have no deleted to-dos.',
  institutionTitle: 'Deleted questions',
  institutionIntro: 'Deleted questions stay here for 30 days. Restore one to put it back where it was.',
  kind: 'Kind',
  item: 'Item',
  deletedBy: 'Deleted by',
  deletedAt: 'Deleted',
  daysLeft: 'Days left',
  restore: 'Restore',
  restored: (title: string) => `“${title}” restored.`,
  days: (n: number) => (n === 1 ? '1 day' : `${n} days`),
} as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The entries of a trash as a table (kind, item and what went with it, who deleted it and when, days
 * left, Restore), with the answer of the last restore above it. `mine`: a student's own to-dos (no
 * kind or deleter columns).
 */
export function TrashTable({
  owner,
  entries,
  mine,
}: {
  owner: TrashOwner;
  entries: TrashEntry[];
  mine: boolean;
}) {
  const restore = useRestore(owner);
  const [done, setDone] = useState<string | null>(null);
  const t = TRASH_TEXTS;
  return (
    <Stack gap="sm">
      {restore.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="trash-restore-error">
          {errorMessage(restore.error)}
        </Alert>
      )}
      {done && (
        <Text role="status" c="var(--cc-text-success)">
          {done}
        </Text>
      )}
      {entries.length === 0 ? (
        <Text data-testid="trash-empty">{mine ? t.myEmpty : t.empty}</Text>
      ) : (
        <ScrollTable minWidth={mine ? 360 : 640} label={mine ? t.myTitle : t.title}>
          <Table data-testid="trash-table">
            <Table.Thead>
              <Table.Tr>
                {!mine && <Table.Th>{t.kind}</Table.Th>}
                <Table.Th>{t.item}</Table.Th>
                {!mine && <Table.Th>{t.deletedBy}</Table.Th>}
                <Table.Th>{t.deletedAt}</Table.Th>
                <Table.Th>{t.daysLeft}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t.restore}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={`${e.kind}-${e.id}`} data-testid="trash-row">
                  {!mine && <Table.Td>{TRASH_KIND_LABELS[e.kind]}</Table.Td>}
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {e.title}
                    </Text>
                    {e.detail && (
                      <Text size="xs" c="dimmed">
                        {e.detail}
                      </Text>
                    )}
                  </Table.Td>
                  {!mine && <Table.Td>{e.deleted_by}</Table.Td>}
                  <Table.Td>{when(e.deleted_at)}</Table.Td>
                  <Table.Td>{t.days(e.days_left)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="outline"
                      aria-label={`${t.restore} ${e.title}`}
                      loading={
                        restore.isPending &&
                        restore.variables?.id === e.id &&
                        restore.variables.kind === e.kind
                      }
                      onClick={() =>
                        restore.mutate(
                          { kind: e.kind, id: e.id },
                          { onSuccess: (r) => setDone(t.restored(r.title)), onError: () => setDone(null) },
                        )
                      }
                    >
                      {t.restore}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
