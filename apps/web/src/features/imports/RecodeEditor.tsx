import type { Upload } from '@course-coach/contracts';
import { Button, Card, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { type MappingState, recodeRow } from './mapping.ts';
import type { FieldErrors } from './shared.ts';

/**
 * The mapping step's value recoding: rows of (column, value in the file, write as), added and removed
 * here; the first `mapping.recode…` field error is shown above them.
 */
export function RecodeEditor({
  upload,
  state,
  onChange,
  errors,
}: {
  upload: Upload;
  state: MappingState;
  onChange: (s: MappingState) => void;
  errors: FieldErrors;
}) {
  const mapped = state.columns.filter((c) => c.action !== 'ignore').map((c) => c.column);
  const setRow = (id: number, patch: Partial<{ column: string; from: string; to: string }>) =>
    onChange({ ...state, recode: state.recode.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
  const recodeError = Object.entries(errors).find(([k]) => k.startsWith('mapping.recode'))?.[1]?.[0];
  return (
    <Stack gap="xs" component="section" aria-labelledby="recode-heading" data-testid="recode-editor">
      <Title order={3} size="h4" id="recode-heading">
        Value recoding
      </Title>
      <Text size="sm">
        Write a value of the file as another (e.g. yes → Yes, f → F). Values are compared exactly, after
        removing spaces around them.
      </Text>
      {recodeError && (
        <Text c="red" size="sm" role="alert">
          {recodeError}
        </Text>
      )}
      {state.recode.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="recode-empty">
          No recoding: values are written as they are in the file.
        </Text>
      )}
      {state.recode.map((r, i) => (
        <Card key={r.id} withBorder padding="xs" component="fieldset" m={0} data-testid="recode-row">
          <Text component="legend" size="sm" px={4}>
            Recoding {i + 1}
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NativeSelect
              label="Column"
              value={r.column}
              data={[...new Set([r.column, ...mapped])].filter(Boolean).map((c) => ({ value: c, label: c }))}
              onChange={(e) => setRow(r.id, { column: e.currentTarget.value })}
            />
            <TextInput
              label="Value in the file"
              value={r.from}
              onChange={(e) => setRow(r.id, { from: e.currentTarget.value })}
            />
            <TextInput
              label="Write as"
              value={r.to}
              onChange={(e) => setRow(r.id, { to: e.currentTarget.value })}
            />
            <Button
              variant="subtle"
              color="red"
              onClick={() => onChange({ ...state, recode: state.recode.filter((x) => x.id !== r.id) })}
              aria-label={`Remove recoding ${i + 1}`}
            >
              Remove
            </Button>
          </Group>
        </Card>
      ))}
      <Group>
        <Button
          variant="default"
          disabled={mapped.length === 0 && upload.header.length === 0}
          onClick={() => onChange({ ...state, recode: [...state.recode, recodeRow(mapped[0] ?? '')] })}
        >
          Add a recoding
        </Button>
      </Group>
    </Stack>
  );
}
