import {
  API,
  CHARACTERISTIC_SCOPE_LABELS,
  CHARACTERISTIC_SCOPES,
  CHARACTERISTIC_TYPE_LABELS,
  CHARACTERISTIC_TYPES,
  type CharacteristicDefinition,
  type CharacteristicDefinitionBody,
  CharacteristicDefinitionSchema,
  type CharacteristicUse,
} from '@course-coach/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, apiGet, apiRequest, errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/index.ts';

const ListSchema = CharacteristicDefinitionSchema.array();
type Form = {
  name: string;
  label: string;
  description: string;
  type: string;
  scope: string;
  valuesText: string;
  min: number | string;
  max: number | string;
  step: number | string;
  default: string;
  missing: string;
  source: string;
};

const EMPTY: Form = {
  name: '',
  label: '',
  description: '',
  type: 'categorical',
  scope: 'student',
  valuesText: '',
  min: '',
  max: '',
  step: '',
  default: '',
  missing: 'default',
  source: 'registrar',
};

/** One line per allowed value: `code = Label` (or just `code`, its own label). */
function parseValues(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const at = l.indexOf('=');
      const value = (at < 0 ? l : l.slice(0, at)).trim();
      const label = (at < 0 ? l : l.slice(at + 1)).trim();
      return { value, label };
    });
}

function formOf(d: CharacteristicDefinition): Form {
  return {
    name: d.name,
    label: d.label,
    description: d.description,
    type: d.type,
    scope: d.scope,
    valuesText: d.values.map((v) => `${v.value} = ${v.label}`).join('\n'),
    min: d.range?.min ?? '',
    max: d.range?.max ?? '',
    step: d.range?.step ?? '',
    default: d.default ?? '',
    missing: d.missing,
    source: d.sources[0] ?? 'registrar',
  };
}

function bodyOf(f: Form): CharacteristicDefinitionBody {
  const number = f.type === 'number';
  return {
    name: f.name,
    label: f.label,
    description: f.description,
    type: f.type,
    scope: f.scope,
    values: number || f.type === 'yes_no' ? [] : parseValues(f.valuesText),
    range: number
      ? { min: Number(f.min), max: Number(f.max), step: f.step === '' ? null : Number(f.step) }
      : null,
    default: f.default || null,
    missing: f.missing,
    source: f.source,
  };
}

function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as Record<string, string[]> | null;
  return body?.[field]?.join(' ');
}

/** The create/edit form of one definition, with the fields of its kind. */
function DefinitionForm({
  institutionId,
  editing,
  onDone,
}: {
  institutionId: number;
  editing: CharacteristicDefinition | null;
  onDone: () => void;
}) {
  const [form, setForm] = useState<Form>(editing ? formOf(editing) : EMPTY);
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      apiRequest(
        editing
          ? API.characteristicDefinition(institutionId, editing.id)
          : API.characteristicDefinitions(institutionId),
        { method: editing ? 'PUT' : 'POST', body: bodyOf(form), schema: CharacteristicDefinitionSchema },
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['characteristic-definitions', institutionId] });
      onDone();
    },
  });
  const set = (k: keyof Form) => (v: string | number | null) => setForm((f) => ({ ...f, [k]: v ?? '' }));
  const err = (field: string) => fieldError(save.error, field);
  const locked = editing !== null && editing.values_count > 0;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
      data-testid="definition-form"
    >
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" role="alert">
            {fieldError(save.error, 'non_field_errors') ?? errorMessage(save.error)}
          </Alert>
        )}
        <TextInput
          label="Label"
          description="What every screen shows."
          required
          value={form.label}
          onChange={(e) => set('label')(e.currentTarget.value)}
          error={err('label')}
        />
        <TextInput
          label="Code name"
          description="Used by rules, wiring and CSV headers; cannot change later."
          required
          disabled={editing !== null}
          value={form.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={err('name')}
        />
        <Textarea
          label="Description"
          value={form.description}
          onChange={(e) => set('description')(e.currentTarget.value)}
          error={err('description')}
        />
        <Select
          label="Kind"
          data={CHARACTERISTIC_TYPES.map((t) => ({ value: t, label: CHARACTERISTIC_TYPE_LABELS[t] }))}
          value={form.type}
          onChange={set('type')}
          disabled={locked}
          allowDeselect={false}
          error={err('type')}
        />
        <Select
          label="Scope"
          data={CHARACTERISTIC_SCOPES.map((s) => ({ value: s, label: CHARACTERISTIC_SCOPE_LABELS[s] }))}
          value={form.scope}
          onChange={set('scope')}
          disabled={locked}
          allowDeselect={false}
          error={err('scope')}
        />
        {form.type === 'number' ? (
          <Group grow align="flex-start">
            <NumberInput label="Minimum" value={form.min} onChange={set('min')} error={err('range')} />
            <NumberInput label="Maximum" value={form.max} onChange={set('max')} />
            <NumberInput label="Step" value={form.step} onChange={set('step')} min={0} />
          </Group>
        ) : form.type === 'yes_no' ? (
          <Text size="sm">Values: yes = Yes, no = No.</Text>
        ) : (
          <Textarea
            label="Allowed values"
            description="One per line: code = Label (in order for an ordinal)."
            autosize
            minRows={3}
            value={form.valuesText}
            onChange={(e) => set('valuesText')(e.currentTarget.value)}
            error={err('values')}
          />
        )}
        <Select
          label="A missing answer is"
          data={[
            { value: 'default', label: 'The default value (below)' },
            { value: 'no_answer', label: 'No Answer (rules can name it; comparisons never match it)' },
          ]}
          value={form.missing}
          onChange={set('missing')}
          allowDeselect={false}
          error={err('missing')}
        />
        {form.missing === 'default' && (
          <TextInput
            label="Default value"
            description="Leave empty for no default."
            value={form.default}
            onChange={(e) => set('default')(e.currentTarget.value)}
            error={err('default')}
          />
        )}
        <TextInput
          label="Source"
          value={form.source}
          onChange={(e) => set('source')(e.currentTarget.value)}
          error={err('source')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save characteristic' : 'Create characteristic'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The retire confirmation: names the uses the server reported (409) and offers to retire anyway. */
function RetireDialog({
  institutionId,
  definition,
  onDone,
}: {
  institutionId: number;
  definition: CharacteristicDefinition;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [uses, setUses] = useState<CharacteristicUse[]>(definition.uses);
  const retire = useMutation({
    mutationFn: (force: boolean) =>
      apiRequest(
        `${API.characteristicDefinition(institutionId, definition.id)}${force ? '?force=true' : ''}`,
        { method: 'DELETE' },
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['characteristic-definitions', institutionId] });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error, 409)) setUses((error.body as { uses: CharacteristicUse[] }).uses);
    },
  });
  return (
    <Stack gap="sm">
      {uses.length > 0 ? (
        <>
          <Text>
            “{definition.label}” is used in {uses.length} place{uses.length === 1 ? '' : 's'}. Retiring it
            makes these rules and wiring invalid:
          </Text>
          <List data-testid="retire-uses">
            {uses.map((u) => (
              <List.Item key={`${u.kind}-${u.coach_id}-${u.description}`}>
                {u.description} — {u.coach}
              </List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text>Retire “{definition.label}”? It leaves the dictionary; its values are kept.</Text>
      )}
      {retire.isError && !isApiError(retire.error, 409) && (
        <Alert color="red" role="alert">
          {errorMessage(retire.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button color="red" loading={retire.isPending} onClick={() => retire.mutate(uses.length > 0)}>
          {uses.length > 0 ? 'Retire anyway' : 'Retire'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/Dashboard/Institution/{institutionId}/Characteristics/`: the institution's characteristic
 * definitions for staff (docs/characteristics.md): every
 * characteristic by label with its code name, kind, scope and uses; a form per kind to create or edit;
 * retiring asks for confirmation naming the uses.
 */
export function CharacteristicsPage() {
  const institutionId = parsePathId(useParams().institutionId);
  usePageTitle('Characteristics');
  const list = useQuery({
    queryKey: ['characteristic-definitions', institutionId ?? 0] as const,
    queryFn: ({ signal }) => apiGet(API.characteristicDefinitions(institutionId ?? 0), ListSchema, signal),
    enabled: institutionId !== null,
  });
  const [editing, setEditing] = useState<CharacteristicDefinition | 'new' | null>(null);
  const [retiring, setRetiring] = useState<CharacteristicDefinition | null>(null);
  if (institutionId === null) return <NotFoundPage />;

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) {
    if (isApiError(list.error, 404)) return <NotFoundPage />;
    body = isApiError(list.error, 403) ? (
      <Alert color="gray" variant="light" title="Staff only">
        This page is for the institution’s staff.
      </Alert>
    ) : (
      <ErrorState
        title="We couldn’t load the characteristics"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.length === 0) {
    body = <Text data-testid="characteristics-empty">No characteristics are defined yet.</Text>;
  } else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="characteristics-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Characteristic</Table.Th>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col">Scope</Table.Th>
              <Table.Th scope="col">Uses</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((d) => (
              <Table.Tr key={d.id} data-testid="characteristic-row">
                <Table.Td>
                  <Text fw={600} size="sm">
                    {d.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Code name: {d.name}
                  </Text>
                  {d.retired && <Badge color="gray">Retired</Badge>}
                </Table.Td>
                <Table.Td>{CHARACTERISTIC_TYPE_LABELS[d.type]}</Table.Td>
                <Table.Td>{CHARACTERISTIC_SCOPE_LABELS[d.scope]}</Table.Td>
                <Table.Td>{d.uses.length}</Table.Td>
                <Table.Td>
                  {!d.retired && !d.membership_group && (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(d)}
                        aria-label={`Edit ${d.label}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        onClick={() => setRetiring(d)}
                        aria-label={`Retire ${d.label}`}
                      >
                        Retire
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Characteristics</Title>
        <Button onClick={() => setEditing('new')}>New characteristic</Button>
      </Group>
      <Text c="dimmed" size="sm">
        The characteristics Insight Groups, wiring, surveys and imports use. Per-student characteristics are
        institution-wide; per-enrolment ones are course facts, one value per student and course.
      </Text>
      {body}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New characteristic' : 'Edit characteristic'}
        size="lg"
      >
        {editing !== null && (
          <DefinitionForm
            institutionId={institutionId}
            editing={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal opened={retiring !== null} onClose={() => setRetiring(null)} title="Retire characteristic">
        {retiring && (
          <RetireDialog
            institutionId={institutionId}
            definition={retiring}
            onDone={() => setRetiring(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
