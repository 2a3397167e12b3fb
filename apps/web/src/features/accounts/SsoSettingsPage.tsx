import { SSO_API, SSO_ENDPOINTS, type SsoConfig, type SsoConfigBody } from '@course-coach/contracts';
import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AdminTabs } from './AdminTabs.tsx';
import { ssoQuery } from './api.ts';
import { splitErrors } from './form-errors.ts';
import { type MappingRow, mappingOf, mappingRows, RoleMappingRows } from './RoleMappingRows.tsx';
import { SamlSettings } from './SamlSettings.tsx';
import { LoadFailure } from './StaffOnly.tsx';

type Form = Omit<SsoConfig, 'client_secret_set' | 'redirect_uri' | 'role_mapping'> & {
  client_secret: string;
  mapping: MappingRow[];
};
const EMPTY: Form = {
  enabled: false,
  label: '',
  issuer: '',
  client_id: '',
  client_secret: '',
  scopes: 'openid email profile',
  identifier_claim: 'email',
  email_claim: 'email',
  name_claim: 'name',
  role_claim: 'roles',
  mapping: [{ value: '', role: 'student' }],
  password_login: true,
};
const FIELDS = [
  'enabled',
  'label',
  'issuer',
  'client_id',
  'client_secret',
  'scopes',
  'identifier_claim',
  'email_claim',
  'name_claim',
  'role_claim',
  'role_mapping',
  'password_login',
];

function formOf(config: SsoConfig | null): Form {
  if (!config) return EMPTY;
  const { client_secret_set: _s, redirect_uri: _r, role_mapping, ...rest } = config;
  return { ...rest, client_secret: '', mapping: mappingRows(role_mapping) };
}

/**
 * `/Dashboard/Institution/{id}/SignInSettings`: the institution's single sign-on configuration for staff
 * (docs/sso.md): provider, client, claims, role mapping and whether local passwords stay on. The client
 * secret is write-only: the page shows whether one is stored and sends a new one only when typed.
 * The server's 400 field errors are shown at their fields.
 */
export function SsoSettingsPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle('Sign-in settings');
  const queryClient = useQueryClient();
  const config = useQuery({ ...ssoQuery(institutionId ?? 0), enabled: institutionId !== null });
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    if (config.data) setForm(formOf(config.data.config));
  }, [config.data]);
  const save = useMutation({
    mutationFn: (body: SsoConfigBody) =>
      callEndpoint(SSO_ENDPOINTS.saveConfig, { params: { institutionId: institutionId ?? 0 }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(ssoQuery(institutionId ?? 0).queryKey, { config: saved });
    },
  });
  if (institutionId === null) return <NotFoundPage />;
  if (config.isPending) return <LoadingState />;
  if (config.isError)
    return (
      <LoadFailure
        error={config.error}
        what="the sign-in settings"
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  const stored = config.data.config;
  const errors = splitErrors(save.error, FIELDS);
  const mappingErrors = Object.entries(save.error instanceof ApiError ? save.error.fieldErrors : {})
    .filter(([k]) => k.startsWith('role_mapping.'))
    .map(([k, m]) => `“${k.slice('role_mapping.'.length)}”: ${m.join(' ')}`);
  const formErrors = errors.form.filter((m) => !m.startsWith('role_mapping.'));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (
    key:
      | 'label'
      | 'issuer'
      | 'client_id'
      | 'scopes'
      | 'identifier_claim'
      | 'email_claim'
      | 'name_claim'
      | 'role_claim',
    label: string,
    description?: string,
  ) => (
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
    const { mapping, client_secret, ...rest } = form;
    const role_mapping = mappingOf(mapping);
    save.mutate({ ...rest, role_mapping, ...(client_secret ? { client_secret } : {}) });
  };
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between">
        <Title order={1}>Sign-in settings</Title>
        <AdminTabs institutionId={institutionId} />
      </Group>
      <Text size="sm" c="dimmed">
        Single sign-on with your institution’s OpenID Connect provider. Register this redirect URI at the
        provider: <Code>{stored?.redirect_uri ?? `${window.location.origin}${SSO_API.callback}`}</Code>
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Switch
                label="Offer “Sign in with …” on the sign-in page"
                checked={form.enabled}
                onChange={(e) => set('enabled', e.currentTarget.checked)}
              />
              {text('label', 'Button name', 'The button reads “Sign in with” and this name.')}
              {text(
                'issuer',
                'Issuer URL',
                'Exactly as in the provider’s discovery document, e.g. https://login.example.edu/realms/main',
              )}
              {text('client_id', 'Client id')}
              <PasswordInput
                label="Client secret"
                description={
                  stored?.client_secret_set
                    ? 'A secret is set. Leave empty to keep it; type a new one to replace it.'
                    : 'No secret set. Leave empty for a public client (PKCE only).'
                }
                placeholder={stored?.client_secret_set ? 'set' : ''}
                autoComplete="off"
                value={form.client_secret}
                onChange={(e) => set('client_secret', e.currentTarget.value)}
                error={errors.byField.client_secret}
              />
              {text('scopes', 'Scopes', 'Separated by spaces; must include openid.')}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h3">
                Claims and roles
              </Title>
              {text(
                'identifier_claim',
                'Identifier claim',
                'The claim that identifies a person, e.g. email or eduPersonPrincipalName.',
              )}
              {text('email_claim', 'Email claim')}
              {text('name_claim', 'Name claim')}
              {text('role_claim', 'Role claim', 'The claim with the person’s affiliations or roles.')}
              <Text fw={500} size="sm" id="role-mapping-label">
                Role mapping: claim value → Course Coach role
              </Text>
              <RoleMappingRows
                rows={form.mapping}
                onChange={(rows) => set('mapping', rows)}
                valueLabel="Claim value"
                error={[errors.byField.role_mapping, ...mappingErrors].filter(Boolean).join(' ') || undefined}
              />
              <Switch
                label="Local passwords stay on (people may also sign in with a Course Coach password)"
                checked={form.password_login}
                onChange={(e) => set('password_login', e.currentTarget.checked)}
              />
              {errors.byField.password_login && (
                <Text c="red" size="sm" role="alert">
                  {errors.byField.password_login}
                </Text>
              )}
            </Stack>
          </Paper>
          {formErrors.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {formErrors.join(' ')}
            </Alert>
          )}
          {save.isSuccess && !save.isPending && (
            <Alert color="green" variant="light" role="status" data-testid="sso-saved">
              Saved.
            </Alert>
          )}
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save sign-in settings
          </Button>
        </Stack>
      </form>
      <SamlSettings institutionId={institutionId} />
    </Stack>
  );
}
