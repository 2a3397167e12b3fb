import { LTI_ENDPOINTS, type LtiLinkedCourse } from '@course-coach/contracts';
import { Button, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ReflowTable } from '../../components/ReflowTable.tsx';

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
      callEndpoint(LTI_ENDPOINTS.syncCourse, { params: { institutionId, ltiCourseId: id } }),
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
        // No scroll container: three wrapping columns fit a phone (cards a narrower one), and a scrollable
        // region would need keyboard access.
        <ReflowTable
          data-testid="lti-courses"
          style={{ overflowWrap: 'anywhere' }}
          rows={courses}
          rowKey={(c) => c.id}
          columns={[
            { header: 'LMS course', cell: (c) => c.title ?? 'Untitled course' },
            { header: 'Coach', cell: (c) => c.coach_name },
            {
              header: 'Roster',
              cell: (c) => rosterLine(c),
              cellProps: (c) => ({ c: c.roster_error ? 'red.8' : undefined }),
            },
            {
              header: 'Actions',
              headerHidden: true,
              cell: (c) => (
                <Button
                  size="xs"
                  variant="light"
                  loading={sync.isPending && sync.variables === c.id}
                  onClick={() => sync.mutate(c.id)}
                  aria-label={`Sync roster now: ${c.title ?? 'Untitled course'}`}
                >
                  Sync roster now
                </Button>
              ),
            },
          ]}
        />
      )}
    </>
  );
}
