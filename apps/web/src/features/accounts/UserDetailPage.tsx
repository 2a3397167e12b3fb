import {
  ACCOUNT_ADMIN_ENDPOINTS,
  ACCOUNT_PAGES,
  type AdminUserDetail,
  type CoachRole,
  type InstitutionRole,
} from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { institutionCoachesQuery } from '../institution/index.ts';
import { AdminTabs } from './AdminTabs.tsx';
import { userQuery } from './api.ts';
import { LoadFailure } from './StaffOnly.tsx';

const ROLE_OPTIONS = [
  { value: 'none', label: 'No institution role' },
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Administrator' },
];
const COACH_ROLES = [
  { value: 'student', label: 'Student' },
  { value: 'instructor', label: 'Instructor' },
];

/**
 * `/Dashboard/Institution/{id}/Users/{userId}`: one person for staff (docs/accounts.md): institution role,
 * coaches and their role in each (change, remove, add), deactivate or reactivate, and an invitation email
 * to set a password. Refusals (e.g. granting admin without being one) show the server's sentence.
 */
export function UserDetailPage() {
  const params = useParams();
  const institutionId = parsePathId(params.institutionId);
  const userId = parsePathId(params.userId);
  const queryClient = useQueryClient();
  const user = useQuery({
    ...userQuery(institutionId ?? 0, userId ?? 0),
    enabled: institutionId !== null && userId !== null,
  });
  const coaches = useQuery({
    ...institutionCoachesQuery(institutionId ?? 0),
    enabled: institutionId !== null,
  });
  usePageTitle(user.data ? user.data.name : 'User');
  const [role, setRole] = useState<string | null>(null);
  const [addCoach, setAddCoach] = useState<string | null>(null);
  const [addRole, setAddRole] = useState<string | null>('student');
  const [notice, setNotice] = useState<string | null>(null);
  const write = useMutation({
    mutationFn: async (call: () => Promise<AdminUserDetail | { detail: string }>) => call(),
    onSuccess: (result) => {
      if ('detail' in result) setNotice(result.detail);
      else {
        setNotice('Saved.');
        queryClient.setQueryData(userQuery(institutionId ?? 0, userId ?? 0).queryKey, result);
        void queryClient.invalidateQueries({ queryKey: ['institution-users', institutionId] });
      }
    },
    onError: () => setNotice(null),
  });
  if (institutionId === null || userId === null) return <NotFoundPage />;
  if (user.isPending) return <LoadingState />;
  if (user.isError)
    return (
      <LoadFailure
        error={user.error}
        what="this user"
        onRetry={() => void user.refetch()}
        retrying={user.isFetching}
      />
    );
  const u = user.data;
  const ids = { institutionId, userId };
  // The selects offer only the roles (ROLE_OPTIONS, COACH_ROLES), so their strings are those roles.
  const setEnrollment = (coachId: number | string, role: string | null) => () =>
    callEndpoint(ACCOUNT_ADMIN_ENDPOINTS.setEnrollment, {
      params: { ...ids, coachId },
      body: { role: role as CoachRole | null },
    });
  const currentRole = role ?? u.institution_role ?? 'none';
  const addable = (coaches.data ?? []).filter((c) => !u.coaches.some((m) => m.id === c.id));
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Anchor component={Link} to={ACCOUNT_PAGES.institutionUsers(institutionId)}>
          <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> All
          users
        </Anchor>
        <AdminTabs institutionId={institutionId} />
      </Group>
      <Title order={1}>{u.name}</Title>
      <Text>
        {u.email}
        {u.external_id ? ` · number ${u.external_id}` : ''} ·{' '}
        {u.active ? 'Active' : <Badge color="gray">Deactivated</Badge>}
      </Text>
      <Text size="sm" c="dimmed">
        Signs in with:{' '}
        {[u.sign_in.password_set && 'a password', u.sign_in.sso_linked && 'single sign-on']
          .filter(Boolean)
          .join(' and ') || 'nothing yet — send an invitation'}
      </Text>
      {write.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="admin-error">
          {errorMessage(write.error)}
        </Alert>
      )}
      {notice && (
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Institution role
          </Title>
          <Group align="end">
            <Select
              label="Role"
              data={ROLE_OPTIONS}
              value={currentRole}
              onChange={setRole}
              allowDeselect={false}
              w={240}
            />
            <Button
              loading={write.isPending}
              onClick={() =>
                write.mutate(() =>
                  callEndpoint(ACCOUNT_ADMIN_ENDPOINTS.setRole, {
                    params: ids,
                    body: { role: currentRole === 'none' ? null : (currentRole as InstitutionRole) },
                  }),
                )
              }
            >
              Save role
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Coaches
          </Title>
          {u.coaches.length === 0 ? (
            <Text>Not enrolled in any coach.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Coach</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {u.coaches.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.label}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Role in ${c.label}`}
                        data={COACH_ROLES}
                        value={c.role}
                        allowDeselect={false}
                        onChange={(v) => v && write.mutate(setEnrollment(c.id, v))}
                        w={160}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        onClick={() => write.mutate(setEnrollment(c.id, null))}
                      >
                        Remove from {c.label}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group align="end">
            <Select
              label="Add to coach"
              placeholder={coaches.isPending ? 'Loading coaches…' : 'Choose a coach'}
              data={addable.map((c) => ({ value: String(c.id), label: c.label }))}
              value={addCoach}
              onChange={setAddCoach}
              searchable
              w={280}
            />
            <Select
              label="As"
              data={COACH_ROLES}
              value={addRole}
              onChange={setAddRole}
              allowDeselect={false}
              w={160}
            />
            <Button
              disabled={!addCoach || !addRole}
              onClick={() => {
                if (addCoach && addRole) write.mutate(setEnrollment(addCoach, addRole));
                setAddCoach(null);
              }}
            >
              Add
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Access
          </Title>
          <Text size="sm">
            Deactivating signs the person out everywhere and stops them signing in, until reactivated. An
            invitation emails a link (valid 30 minutes, once) to set a password.
          </Text>
          <Group>
            <Button
              color={u.active ? 'red' : 'green'}
              variant="light"
              onClick={() =>
                write.mutate(() =>
                  callEndpoint(ACCOUNT_ADMIN_ENDPOINTS.setActive, {
                    params: ids,
                    body: { active: !u.active },
                  }),
                )
              }
            >
              {u.active ? 'Deactivate' : 'Reactivate'}
            </Button>
            <Button
              variant="default"
              disabled={!u.active}
              onClick={() =>
                write.mutate(() => callEndpoint(ACCOUNT_ADMIN_ENDPOINTS.invite, { params: ids }))
              }
            >
              Send invitation
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
