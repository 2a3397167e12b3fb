import { ACCOUNT_PAGES } from '@course-coach/contracts';
import { Anchor, Badge, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AdminTabs } from './AdminTabs.tsx';
import { usersQuery } from './api.ts';
import { LoadFailure } from './StaffOnly.tsx';

const PAGE_SIZE = 50;

/**
 * `/Dashboard/Institution/{id}/Users`: the institution's people for staff (docs/accounts.md): search by
 * name, email or student number; each opens the person's page (roles, coaches, deactivate, invite).
 */
export function UsersPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle('Users');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...usersQuery(institutionId ?? 0, q, page),
    enabled: institutionId !== null,
    placeholderData: keepPreviousData,
  });
  if (institutionId === null) return <NotFoundPage />;
  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError)
    return (
      <LoadFailure
        error={list.error}
        what="the users"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (list.data.count === 0)
    body = (
      <Text data-testid="users-empty">
        {q
          ? `Nobody matches “${q}”. Check the spelling, or search by email.`
          : 'This institution has no users yet.'}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {list.data.count === 1 ? '1 person' : `${list.data.count} people`}
        </Text>
        <ScrollTable minWidth={640} label="Users">
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Coaches</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Anchor component={Link} to={ACCOUNT_PAGES.institutionUser(institutionId, u.id)}>
                      {u.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{u.institution_role ?? '—'}</Table.Td>
                  <Table.Td>{u.coach_count}</Table.Td>
                  <Table.Td>{u.active ? 'Active' : <Badge color="gray">Deactivated</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {list.data.count > PAGE_SIZE && (
          <Pagination
            total={Math.ceil(list.data.count / PAGE_SIZE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        )}
      </Stack>
    );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Users</Title>
        <AdminTabs institutionId={institutionId} />
      </Group>
      <TextInput
        label="Search"
        description="Name, email or student number"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {body}
    </Stack>
  );
}
