/** The characteristic definition's create/edit form (docs/characteristics.md), in the page's modal. */
import {
  CHARACTERISTIC_DEFINITION_ENDPOINTS,
  CHARACTERISTIC_SCOPE_LABELS,
  CHARACTERISTIC_SCOPES,
  CHARACTERISTIC_TYPE_LABELS,
  CHARACTERISTIC_TYPES,
  type CharacteristicDefinition,
} from '@course-coach/contracts';
import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { bodyOf, EMPTY, type Form, fieldError, formOf } from './characteristic-form.ts';

/** The create/edit form of one definition, with the fields of its kind. */
export function DefinitionForm({
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
      editing
        ? callEndpoint(CHARACTERISTIC_DEFINITION_ENDPOINTS.update, {
            params: { institutionId, id: editing.id },
            body: bodyOf(form),
          })
        : callEndpoint(CHARACTERISTIC_DEFINITION_ENDPOINTS.create, {
            params: { institutionId },
            body: bodyOf(form),
          }),
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
