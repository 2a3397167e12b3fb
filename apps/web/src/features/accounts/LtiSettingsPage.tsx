import { LTI_ENDPOINTS, type LtiRegistration, type LtiRegistrationBody } from '@course-coach/contracts';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AdminTabs } from './AdminTabs.tsx';
import { splitErrors } from './form-errors.ts';
import { LtiFailedScores } from './LtiFailedScores.tsx';
import { LtiRosterStatus } from './LtiRosterStatus.tsx';
import { LoadFailure } from './StaffOnly.tsx';

const ltiQuery = (institutionId: number) => ({
  queryKey: ['lti-registrations', institutionId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callEndpoint(LTI_ENDPOINTS.registrations, { params: { institutionId } }, signal),
});

interface Form {
  label: string;
  issuer: string;
  client_id: string;
  auth_login_url: string;
  jwks_url: string;
  token_url: string;
  platform_origin: string;
  deployment_ids: string;
  staff_roles: string;
}
const EMPTY: Form = {
  label: '',
  issuer: '',
  client_id: '',
  auth_login_url: '',
  jwks_url: '',
  token_url: '',
  platform_origin: '',
  deployment_ids: '',
  staff_roles: '',
};
const FIELDS = Object.keys(EMPTY);
const lines = (value: string) =>
  value
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);
const formOf = (r: LtiRegistration): Form => ({
  ...r,
  token_url: r.token_url ?? '',
  deployment_ids: r.deployment_ids.join('\n'),
  staff_roles: r.staff_roles.join('\n'),
});

/**
 * `/Dashboard/Institution/{id}/LtiSettings`: the institution's LTI 1.3 platform registrations for staff
 * (docs/lti.md, Registering a platform): what to give the LMS (our URLs), the registered platforms, and a
 * form to add or change one. The server's 400 field errors are shown at their fields.
 */
export function LtiSettingsPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle('LMS (LTI) settings');
  const queryClient = useQueryClient();
  const list = useQuery({ ...ltiQuery(institutionId ?? 0), enabled: institutionId !== null });
  const [form, setForm] = useState<Form>(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (body: LtiRegistrationBody) =>
      editing === null
        ? callEndpoint(LTI_ENDPOINTS.createRegistration, {
            params: { institutionId: institutionId ?? 0 },
            body,
          })
        : callEndpoint(LTI_ENDPOINTS.updateRegistration, {
            params: { institutionId: institutionId ?? 0, registrationId: editing },
            body,
          }),
    onSuccess: () => {
      setForm(EMPTY);
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: ltiQuery(institutionId ?? 0).queryKey });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      callEndpoint(LTI_ENDPOINTS.removeRegistration, {
        params: { institutionId: institutionId ?? 0, registrationId: id },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ltiQuery(institutionId ?? 0).queryKey }),
  });
  if (institutionId === null) return <NotFoundPage />;
  if (list.isPending) return <LoadingState />;
  if (list.isError)
    return (
      <LoadFailure
        error={list.error}
        what="the LMS settings"
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  const { registrations, courses, tool } = list.data;
  const errors = splitErrors(save.error, FIELDS);
  const set = (key: keyof Form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: keyof Form, label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      value={form[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors.byField[key]}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      ...form,
      deployment_ids: lines(form.deployment_ids),
      staff_roles: lines(form.staff_roles),
    });
  };
  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1}>LMS (LTI) settings</Title>
        <AdminTabs institutionId={institutionId} />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h3" mb="xs">
          Give these to your LMS
        </Title>
        <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
          <Text size="sm">
            Tool configuration (Canvas “Enter URL”): <Code>{tool.config_url}</Code>
          </Text>
          <Text size="sm">
            Login initiation URL: <Code>{tool.login_url}</Code>
          </Text>
          <Text size="sm">
            Launch and redirect URL: <Code>{tool.launch_url}</Code>
          </Text>
          <Text size="sm">
            Public JWK URL: <Code>{tool.jwks_url}</Code>
          </Text>
        </Stack>
      </Paper>
      <Title order={2} size="h3">
        Registered platforms
      </Title>
      {registrations.length === 0 ? (
        <Text c="dimmed">No platform is registered yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table data-testid="lti-registrations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Issuer</Table.Th>
                <Table.Th>Client id</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {registrations.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.label}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.issuer}</Table.Td>
                  <Table.Td>{r.client_id}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => {
                          setEditing(r.id);
                          setForm(formOf(r));
                          save.reset();
                        }}
                        aria-label={`Edit ${r.label}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        loading={remove.isPending && remove.variables === r.id}
                        onClick={() => {
                          if (window.confirm(`Remove ${r.label}? Launches from it will be refused.`))
                            remove.mutate(r.id);
                        }}
                        aria-label={`Remove ${r.label}`}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LtiRosterStatus
        courses={courses}
        institutionId={institutionId}
        queryKey={ltiQuery(institutionId).queryKey}
      />
      <LtiFailedScores institutionId={institutionId} />
      <form onSubmit={submit} noValidate>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {editing === null ? 'Register a platform' : 'Change the platform'}
            </Title>
            {text('label', 'Name', 'For you, e.g. Canvas.')}
            {text('issuer', 'Issuer', 'Canvas: https://canvas.instructure.com')}
            {text('client_id', 'Client id', 'The developer key’s id.')}
            {text(
              'auth_login_url',
              'Authorization URL',
              'Canvas: https://sso.canvaslms.com/api/lti/authorize_redirect',
            )}
            {text('jwks_url', 'Platform JWKS URL', 'Canvas: https://sso.canvaslms.com/api/lti/security/jwks')}
            {text(
              'token_url',
              'Token URL',
              'For the course roster (Names and Roles). Canvas: https://sso.canvaslms.com/login/oauth2/token',
            )}
            {text(
              'platform_origin',
              'LMS address',
              'Where people open the LMS, e.g. https://school.instructure.com. Only it may show Course Coach in a frame.',
            )}
            <Textarea
              label="Deployment ids"
              description="One per line."
              autosize
              minRows={2}
              value={form.deployment_ids}
              onChange={(e) => set('deployment_ids', e.currentTarget.value)}
              error={errors.byField.deployment_ids}
            />
            <Textarea
              label="Roles that make a person staff"
              description="LIS role URIs, one per line. Leave empty: nobody becomes staff through the LMS."
              autosize
              minRows={2}
              value={form.staff_roles}
              onChange={(e) => set('staff_roles', e.currentTarget.value)}
              error={errors.byField.staff_roles}
            />
            {errors.form.length > 0 && (
              <Alert color="red" variant="light" role="alert">
                {errors.form.join(' ')}
              </Alert>
            )}
            {save.isSuccess && !save.isPending && (
              <Alert color="green" variant="light" role="status" data-testid="lti-saved">
                Saved.
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {editing === null ? 'Register platform' : 'Save changes'}
              </Button>
              {editing !== null && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(null);
                    setForm(EMPTY);
                  }}
                >
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
