import { SAML_ENDPOINTS, type SamlConfig, type SamlConfigBody } from '@course-coach/contracts';
import {
  Alert,
  Button,
  Code,
  FileButton,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { samlQuery } from './api.ts';
import { splitErrors } from './form-errors.ts';
import { type MappingRow, mappingOf, mappingRows, RoleMappingRows } from './RoleMappingRows.tsx';
import { LoadFailure } from './StaffOnly.tsx';

/** Texts of the SAML part of the sign-in settings (ours; docs/sso.md, SAML). */
export const SAML_TEXTS = {
  title: 'SAML 2.0',
  intro: 'Single sign-on with your institution’s SAML identity provider (Shibboleth, ADFS, Entra ID…).',
  register: 'Register Course Coach at the identity provider with this metadata URL:',
  save: 'Save SAML settings',
  saved: 'Saved.',
  loadFile: 'Load metadata from a file',
} as const;

type Form = Pick<
  SamlConfig,
  | 'enabled'
  | 'label'
  | 'idp_metadata'
  | 'identifier_attribute'
  | 'email_attribute'
  | 'name_attribute'
  | 'role_attribute'
  | 'password_login'
> & { mapping: MappingRow[] };

const EMPTY: Form = {
  enabled: false,
  label: '',
  idp_metadata: '',
  identifier_attribute: 'mail',
  email_attribute: 'mail',
  name_attribute: 'displayName',
  role_attribute: 'eduPersonAffiliation',
  mapping: [{ value: '', role: 'student' }],
  password_login: true,
};
const FIELDS = [
  'enabled',
  'label',
  'idp_metadata',
  'identifier_attribute',
  'email_attribute',
  'name_attribute',
  'role_attribute',
  'role_mapping',
  'password_login',
];

function formOf(config: SamlConfig | null): Form {
  if (!config) return EMPTY;
  return {
    enabled: config.enabled,
    label: config.label,
    idp_metadata: config.idp_metadata,
    identifier_attribute: config.identifier_attribute,
    email_attribute: config.email_attribute,
    name_attribute: config.name_attribute,
    role_attribute: config.role_attribute,
    mapping: mappingRows(config.role_mapping),
    password_login: config.password_login,
  };
}

/**
 * The SAML part of the sign-in settings page (docs/sso.md, SAML): the identity provider's metadata
 * (pasted or loaded from a file; what the server read from it is shown once saved), the attributes that
 * identify a person and carry roles, the role mapping, local passwords; and our metadata URL to register.
 * The server's 400 field errors are shown at their fields.
 */
export function SamlSettings({ institutionId }: { institutionId: number }) {
  const queryClient = useQueryClient();
  const config = useQuery(samlQuery(institutionId));
  const [form, setForm] = useState<Form>(EMPTY);
  useEffect(() => {
    if (config.data) setForm(formOf(config.data.config));
  }, [config.data]);
  const save = useMutation({
    mutationFn: (body: SamlConfigBody) =>
      callEndpoint(SAML_ENDPOINTS.saveConfig, { params: { institutionId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(samlQuery(institutionId).queryKey, { config: saved }),
  });
  if (config.isPending) return <LoadingState />;
  if (config.isError)
    return (
      <LoadFailure
        error={config.error}
        what="the SAML settings"
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
    key: 'label' | 'identifier_attribute' | 'email_attribute' | 'name_attribute' | 'role_attribute',
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
    const { mapping, ...rest } = form;
    save.mutate({ ...rest, role_mapping: mappingOf(mapping) });
  };
  const metadataUrl = stored?.sp_metadata_url;
  return (
    <form onSubmit={submit} noValidate aria-labelledby="saml-title">
      <Stack gap="md">
        <Title order={2} id="saml-title">
          {SAML_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {SAML_TEXTS.intro}{' '}
          {metadataUrl && (
            <>
              {SAML_TEXTS.register} <Code data-testid="saml-sp-metadata">{metadataUrl}</Code> (assertion
              consumer service <Code>{stored.acs_url}</Code>).
            </>
          )}
        </Text>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Switch
              label="Offer “Sign in with …” (SAML) on the sign-in page"
              checked={form.enabled}
              onChange={(e) => set('enabled', e.currentTarget.checked)}
            />
            {text('label', 'SAML button name', 'The button reads “Sign in with” and this name.')}
            <Textarea
              label="Identity provider metadata (XML)"
              description="Paste your identity provider’s metadata, or load it from a file."
              value={form.idp_metadata}
              onChange={(e) => set('idp_metadata', e.currentTarget.value)}
              error={errors.byField.idp_metadata}
              autosize
              minRows={4}
              maxRows={12}
              styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
            />
            <FileButton
              accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
              onChange={(file) => void file?.text().then((xml) => set('idp_metadata', xml))}
            >
              {(props) => (
                <Button variant="default" w="fit-content" {...props}>
                  {SAML_TEXTS.loadFile}
                </Button>
              )}
            </FileButton>
            {stored && (
              <Text size="sm" data-testid="saml-idp-read">
                Read from the metadata: entity ID <Code>{stored.idp_entity_id}</Code>, sign-in URL{' '}
                <Code>{stored.idp_sso_url}</Code>, signing certificate SHA-256{' '}
                {stored.idp_cert_fingerprints.map((f) => (
                  <Code key={f} style={{ wordBreak: 'break-all' }}>
                    {f}
                  </Code>
                ))}
              </Text>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Attributes and roles
            </Title>
            {text(
              'identifier_attribute',
              'Identifier attribute',
              'mail, or eduPersonPrincipalName (urn:oid:1.3.6.1.4.1.5923.1.1.1.6): links a first sign-in to an existing account.',
            )}
            {text('email_attribute', 'Email attribute')}
            {text('name_attribute', 'Name attribute')}
            {text(
              'role_attribute',
              'Role attribute',
              'e.g. eduPersonAffiliation (student, faculty, staff, employee…).',
            )}
            <Text fw={500} size="sm">
              Role mapping: attribute value → Course Coach role
            </Text>
            <RoleMappingRows
              rows={form.mapping}
              onChange={(rows) => set('mapping', rows)}
              valueLabel="Attribute value"
              roleLabel="SAML role"
              error={[errors.byField.role_mapping, ...mappingErrors].filter(Boolean).join(' ') || undefined}
            />
            <Switch
              label="Local passwords stay on for SAML (people may also sign in with a Course Coach password)"
              checked={form.password_login}
              onChange={(e) => set('password_login', e.currentTarget.checked)}
            />
          </Stack>
        </Paper>
        {formErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {formErrors.join(' ')}
          </Alert>
        )}
        {save.isSuccess && !save.isPending && (
          <Alert color="green" variant="light" role="status" data-testid="saml-saved">
            {SAML_TEXTS.saved}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {SAML_TEXTS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
