import { LTI_API, type LtiLinkedCourse } from '@course-coach/contracts';
import { Button, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The plain line of a course's last roster sync (docs/lti.md, Roster). */
export function rosterLine(course: LtiLinkedCourse): string {
  if (!course.roster_synced_at) return 'Roster not synced yet.';
  const at = `Roster last synced ${when(course.roster_synced_at)}`;
  if (course.roster_error) return `${at}: failed. ${course.roster_error}`;
  const r = course.roster_result;
  return r ? `${at}: ${r.added} added, ${r.removed} removed, ${r.unchanged} unchanged` : at;
}

/**
 * The LMS courses linked to a coach and their last roster (NRPS) sync, on the LMS (LTI) page: synced at
 * each launch and every night, and at once with “Sync roster now” (docs/lti.md, Roster); the page's query
 * `queryKey` is refreshed after a sync.
 */
export function LtiRosterStatus({
  courses,
  institutionId,
  queryKey,
}: {
  courses: LtiLinkedCourse[];
  institutionId: number;
  queryKey: readonly unknown[];
}) {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: (id: number) =>
      apiRequest(LTI_API.courseSync(institutionId, id), { method: 'POST', body: {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey }),
  });
  return (
    <>
      <Title order={2} size="h3">
        Linked courses
      </Title>
      {courses.length === 0 ? (
        <Text c="dimmed">No LMS course is linked to a coach yet.</Text>
      ) : (
        // No scroll container: three wrapping columns fit a phone, and a scrollable region would need keyboard access.
        <Table data-testid="lti-courses" style={{ overflowWrap: 'anywhere' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>LMS course</Table.Th>
              <Table.Th>Coach</Table.Th>
              <Table.Th>Roster</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {courses.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.title ?? 'Untitled course'}</Table.Td>
                <Table.Td>{c.coach_name}</Table.Td>
                <Table.Td c={c.roster_error ? 'red.8' : undefined}>{rosterLine(c)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    loading={sync.isPending && sync.variables === c.id}
                    onClick={() => sync.mutate(c.id)}
                    aria-label={`Sync roster now: ${c.title ?? 'Untitled course'}`}
                  >
                    Sync roster now
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
