import type { FileFormat, SavedMapping } from '@course-coach/contracts';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { deleteMapping, importKeys, saveMapping } from './api.ts';
import { describeErrors, type MappingState, toImportMapping } from './mapping.ts';
import { fieldErrorsOf } from './shared.ts';

/**
 * The coach's saved mappings: choose one and apply it to this file (`onApply` returns how many of the
 * file's columns it names, which the notice says) or delete it.
 */
export function SavedMappings({
  coachId,
  saved,
  onApply,
}: {
  coachId: number;
  saved: SavedMapping[];
  onApply: (m: SavedMapping) => number;
}) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string>(saved[0] ? String(saved[0].id) : '');
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteMapping(coachId, id),
    onSuccess: async () => {
      setNotice('The saved mapping was deleted.');
      setChosen('');
      await client.invalidateQueries({ queryKey: importKeys.mappings(coachId) });
    },
  });
  const mapping = saved.find((m) => String(m.id) === chosen);
  return (
    <Stack gap="xs" component="section" aria-labelledby="saved-heading" data-testid="saved-mappings">
      <Title order={3} size="h4" id="saved-heading">
        Saved mappings
      </Title>
      {saved.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="saved-empty">
          No saved mappings yet. Save this one below to re-run it on next term’s file.
        </Text>
      ) : (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Saved mapping"
            value={chosen}
            data={[
              { value: '', label: 'Choose a saved mapping…' },
              ...saved.map((m) => ({ value: String(m.id), label: m.name })),
            ]}
            onChange={(e) => {
              setChosen(e.currentTarget.value);
              setNotice(null);
            }}
          />
          <Button
            variant="default"
            disabled={!mapping}
            onClick={() => {
              if (!mapping) return;
              const matched = onApply(mapping);
              setNotice(
                `Applied “${mapping.name}”: ${matched} ${matched === 1 ? 'column' : 'columns'} of this file found in it. Check the columns below.`,
              );
            }}
          >
            Use this mapping
          </Button>
          <Button
            variant="subtle"
            color="red"
            disabled={!mapping}
            loading={remove.isPending}
            onClick={() => mapping && remove.mutate(mapping.id)}
          >
            Delete
          </Button>
        </Group>
      )}
      {notice && (
        <Text size="sm" role="status" data-testid="saved-notice">
          {notice}
        </Text>
      )}
      {remove.isError && (
        <Text size="sm" c="red" role="alert">
          {errorMessage(remove.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Saves the current mapping under a name (the same name replaces the saved one); the name's field error
 * is shown at the name, the others as one sentence.
 */
export function SaveMapping({
  coachId,
  state,
  format,
}: {
  coachId: number;
  state: MappingState;
  format: Pick<FileFormat, 'delimiter' | 'quote'>;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () =>
      saveMapping(
        coachId,
        name.trim(),
        toImportMapping(state, { delimiter: format.delimiter, quote: format.quote }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.mappings(coachId) }),
  });
  const errors = fieldErrorsOf(save.error);
  const other = save.isError
    ? describeErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => k !== 'name')), state)
    : [];
  return (
    <Stack gap="xs" component="section" aria-labelledby="save-heading">
      <Title order={3} size="h4" id="save-heading">
        Save this mapping
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Mapping name"
          description="e.g. “Registrar, autumn term”. The same name replaces the saved one."
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            save.reset();
          }}
          error={errors.name?.[0]}
        />
        <Button variant="default" onClick={() => save.mutate()} loading={save.isPending}>
          Save mapping
        </Button>
      </Group>
      {save.isSuccess && (
        <Text size="sm" role="status" data-testid="save-notice">
          Saved as “{name.trim()}”.
        </Text>
      )}
      {save.isError && (other.length > 0 || !errors.name) && (
        <Text size="sm" c="red" role="alert">
          {other.length > 0 ? other.join(' ') : errorMessage(save.error)}
        </Text>
      )}
    </Stack>
  );
}
