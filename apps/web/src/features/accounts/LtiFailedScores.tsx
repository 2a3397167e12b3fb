import { LTI_ENDPOINTS, type LtiFailedScore } from '@course-coach/contracts';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { ReflowTable } from '../../components/ReflowTable.tsx';

const ITEM_KINDS: Record<string, string> = { bulletin: 'Bulletin', survey: 'Survey', playbook: 'Playbook' };

/** The query of an institution's failed score posts (docs/lti.md, Grades). */
export const failedScoresQuery = (institutionId: number) => ({
  queryKey: ['lti-failed-scores', institutionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(LTI_ENDPOINTS.failedScores, { params: { institutionId } }, signal),
});

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Not tried';

/** The item's plain name: its kind and title (or that it is gone). */
export function itemName(score: LtiFailedScore): string {
  const kind = ITEM_KINDS[score.item_type] ?? score.item_type;
  return `${kind}: ${score.item_title ?? 'deleted item'}`;
}

/**
 * Scores the LMS did not accept after their retries, on the LMS (LTI) page (docs/lti.md, Grades): the
 * student, the item, the course, the last error, the attempts and when the last was, each with
 * “Retry now” (the post goes back in the queue and the list is read again).
 */
export function LtiFailedScores({ institutionId }: { institutionId: number }) {
  const queryClient = useQueryClient();
  const query = useQuery(failedScoresQuery(institutionId));
  const retry = useMutation({
    mutationFn: (id: number) =>
      callEndpoint(LTI_ENDPOINTS.retryScore, { params: { institutionId, scorePostId: id } }),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: failedScoresQuery(institutionId).queryKey }),
  });
  return (
    <Stack gap="xs" data-testid="lti-failed-scores">
      <Title order={2} size="h3">
        Grades not accepted by the LMS
      </Title>
      <Text size="sm">
        Scores the LMS refused or did not answer after every retry. “Retry now” sends one again.
      </Text>
      {retry.isError && (
        <Alert color="red" role="alert" title="Not retried">
          {errorMessage(retry.error)}
        </Alert>
      )}
      <QueryView
        query={query}
        errorTitle="Could not load the grades not accepted"
        loadingLabel="Loading grades not accepted…"
      >
        {(data) =>
          data.scores.length === 0 ? (
            <Text c="dimmed">Every score has been accepted by the LMS.</Text>
          ) : (
            // No scroll container, as the linked courses: wrapping columns fit a phone, cards a narrower one.
            <ReflowTable
              style={{ overflowWrap: 'anywhere' }}
              rows={data.scores}
              rowKey={(s) => s.id}
              columns={[
                {
                  header: 'Student',
                  cell: (s) => (
                    <>
                      {s.student_name}
                      <Text size="xs" c="dimmed">
                        {s.student_email}
                      </Text>
                    </>
                  ),
                },
                {
                  header: 'Item',
                  cell: (s) => (
                    <>
                      {itemName(s)}
                      <Text size="xs" c="dimmed">
                        {s.course_title ?? 'Untitled course'} · {s.coach_name}
                      </Text>
                    </>
                  ),
                },
                {
                  header: 'Last error',
                  cell: (s) => s.error ?? 'No reason recorded.',
                  cellProps: () => ({ c: 'red.8' }),
                },
                { header: 'Attempts', cell: (s) => s.attempts },
                { header: 'Last attempt', cell: (s) => when(s.last_attempt_at) },
                {
                  header: 'Actions',
                  headerHidden: true,
                  cell: (s) => (
                    <Button
                      size="xs"
                      variant="light"
                      loading={retry.isPending && retry.variables === s.id}
                      onClick={() => retry.mutate(s.id)}
                      aria-label={`Retry now: ${s.student_name}, ${itemName(s)}`}
                    >
                      Retry now
                    </Button>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
    </Stack>
  );
}
