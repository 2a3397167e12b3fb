import {
  API,
  COHORT_USERS_PAGE_SIZE,
  TAILORING_ENDPOINTS,
  TAILORING_UI_TEXTS,
} from '@course-coach/contracts';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { tailoringKeys } from './api.ts';

export interface GroupMembersProps {
  coachId: number;
  cohortId: number;
}

/** The group's members, 50 a page (GET .../cohort/{cohortId}/users?page=N), with the CSV export. */
export function GroupMembers({ coachId, cohortId }: GroupMembersProps) {
  const [page, setPage] = useState(1);
  const members = useQuery({
    queryKey: [...tailoringKeys.cohort(coachId, cohortId), 'users', page],
    queryFn: ({ signal }) =>
      callEndpoint(
        TAILORING_ENDPOINTS.users,
        { params: { coachId, cohortId }, query: { page: String(page) } },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

  let body: React.ReactNode;
  if (members.isPending) body = <LoadingState />;
  else if (members.isError)
    body = (
      <ErrorState
        title="We couldn’t load the members"
        message={errorMessage(members.error)}
        onRetry={() => {
          setPage(1);
          void members.refetch();
        }}
        retrying={members.isFetching}
      />
    );
  else if (members.data.count === 0)
    body = (
      <Text data-testid="members-empty">
        No students are in this group yet. Sync it to update its members.
      </Text>
    );
  else {
    const { count, results, next, previous } = members.data;
    const first = (page - 1) * COHORT_USERS_PAGE_SIZE + 1;
    body = (
      <Stack gap="sm">
        <Text size="sm" data-testid="members-range">
          Students {first}–{first + results.length - 1} of {count}
        </Text>
        <ScrollTable minWidth={420} label="Members">
          <Table striped aria-labelledby="members-heading" data-testid="members-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {(next !== null || previous !== null) && (
          <Group gap="sm">
            {previous !== null && (
              <Button variant="default" size="xs" onClick={() => setPage(previous)}>
                Previous
              </Button>
            )}
            {next !== null && (
              <Button variant="default" size="xs" onClick={() => setPage(next)}>
                Next
              </Button>
            )}
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="members-heading">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3" id="members-heading">
          Members
        </Title>
        <Anchor href={API.cohortUsersCsv(coachId, cohortId)} download size="sm" fw={500}>
          {TAILORING_UI_TEXTS.exportMembers}
        </Anchor>
      </Group>
      {body}
    </Stack>
  );
}
