import type { LtiLinkedCourse } from '@course-coach/contracts';
import { Table, Text, Title } from '@mantine/core';

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
 * each launch and every night (docs/lti.md, Roster).
 */
export function LtiRosterStatus({ courses }: { courses: LtiLinkedCourse[] }) {
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
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {courses.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.title ?? 'Untitled course'}</Table.Td>
                <Table.Td>{c.coach_name}</Table.Td>
                <Table.Td c={c.roster_error ? 'red.8' : undefined}>{rosterLine(c)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
