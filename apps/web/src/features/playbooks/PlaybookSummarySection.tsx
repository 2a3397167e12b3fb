import {
  PLAYBOOK_PLAN_MESSAGES,
  PLAYBOOK_SECTION_TEXTS,
  PLAYBOOK_PLAN_TEXTS as T,
} from '@course-coach/contracts';
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { QueryView } from '../../components/QueryView.tsx';
import { usePlaybookSummary } from './playbook-plan-api.ts';

/**
 * Staff: how the coach's students answered a playbook (docs/playbooks.md "Aggregates for staff"): the
 * completion counts, then per question the students who answered and the count of each answer. Nothing
 * for a playbook not saved yet (`id` null).
 */
export function PlaybookSummarySection({ coachId, id }: { coachId: number; id: number | null }) {
  const summary = usePlaybookSummary(coachId, id);
  if (id === null) return null;
  return (
    <Card withBorder component="section" aria-labelledby="playbook-summary" data-testid="playbook-summary">
      <QueryView query={summary} errorTitle="We couldn’t load the students’ answers">
        {(data) => (
          <Stack gap="md">
            <Title order={2} id="playbook-summary">
              {T.summaryTitle}
            </Title>
            <Text>
              {T.summaryCounts(
                data.student_count,
                data.planning_completed_count,
                data.reflection_completed_count,
              )}
            </Text>
            {data.questions.map((q) => (
              <Stack key={`${q.section}-${q.characteristic}`} gap={4}>
                <Title order={3} size="h5">
                  {PLAYBOOK_SECTION_TEXTS[q.section].title}: {q.question}
                </Title>
                <Text size="sm">
                  {T.answered(q.answered_count)}
                  {q.mean !== null ? ` · ${T.mean(q.mean)}` : ''}
                </Text>
                {q.answered_count === 0 ? (
                  <Text size="sm" c="dimmed">
                    {PLAYBOOK_PLAN_MESSAGES.summaryEmpty}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={280}>
                    <Table striped>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{T.summaryAnswer}</Table.Th>
                          <Table.Th>{T.summaryStudents}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {q.options.map((o) => (
                          <Table.Tr key={o.value}>
                            <Table.Td>{o.label}</Table.Td>
                            <Table.Td>{o.count}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </QueryView>
    </Card>
  );
}
