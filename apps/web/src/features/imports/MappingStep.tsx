import {
  type Characteristic,
  characteristicKind,
  characteristicLabel,
  IMPORT_KIND_LABELS,
  type ImportKind,
  ImportKindSchema,
  type SavedMapping,
  type StudentKey,
  StudentKeySchema,
  type Upload,
} from '@course-coach/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  applySavedMapping,
  type ColumnAction,
  type ColumnState,
  columnErrors,
  describeErrors,
  firstError,
  type MappingState,
  STUDENT_KEY_LABELS,
  withStudentColumn,
} from './mapping.ts';
import { RecodeEditor } from './RecodeEditor.tsx';
import { SavedMappings, SaveMapping } from './SavedMappings.tsx';
import type { FieldErrors } from './shared.ts';

const ACTION_LABELS: Record<ColumnAction, string> = {
  ignore: 'Ignore this column',
  existing: 'An existing characteristic',
  new: 'A new characteristic',
};

export interface MappingStepProps {
  coachId: number;
  upload: Upload;
  state: MappingState;
  onChange: (s: MappingState) => void;
  errors: FieldErrors;
  characteristics: Characteristic[];
  dictionaryError: string | null;
  saved: SavedMapping[];
  onBack: () => void;
  onNext: () => void;
}

/**
 * Step 3 of the guided import: the mapping — source, student column and what it holds, each column to an
 * existing characteristic, a new one or ignored, value recoding and saved mappings. Shows the API's field
 * errors (`errors`, keyed `mapping.…`) near their fields and as a summary; changes go to `onChange`.
 */
export function MappingStep({
  coachId,
  upload,
  state,
  onChange,
  errors,
  characteristics,
  dictionaryError,
  saved,
  onBack,
  onNext,
}: MappingStepProps) {
  const summary = describeErrors(errors, state);
  const setColumn = (i: number, patch: Partial<ColumnState>) =>
    onChange({ ...state, columns: state.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Stack gap="lg" data-testid="mapping-step">
      {summary.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="The mapping needs changes">
          <List size="sm">
            {summary.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {dictionaryError && (
        <Alert color="red" variant="light" role="alert">
          The existing characteristics could not be loaded: {dictionaryError}
        </Alert>
      )}
      <SavedMappings
        coachId={coachId}
        saved={saved}
        onApply={(m) => {
          const { state: next, matched } = applySavedMapping(m, upload, characteristics);
          onChange(next);
          return matched;
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label="Source"
          description="Where the values come from (letters, digits, “_”, “-”)."
          value={state.source}
          onChange={(e) => onChange({ ...state, source: e.currentTarget.value })}
          error={firstError(errors, 'mapping.source')}
          required
        />
        <NativeSelect
          label="Student column"
          description="The column that names the student."
          value={state.studentColumn ?? ''}
          data={[
            { value: '', label: 'Choose a column…' },
            ...upload.header.map((h) => ({ value: h, label: h })),
          ]}
          onChange={(e) => onChange(withStudentColumn(state, upload, e.currentTarget.value || null))}
          error={firstError(errors, 'mapping.student.column') ?? firstError(errors, 'mapping.student')}
          required
        />
        <NativeSelect
          label="Students identified by"
          description="What the student column holds."
          value={state.studentBy}
          data={StudentKeySchema.options.map((k) => ({ value: k, label: STUDENT_KEY_LABELS[k] }))}
          onChange={(e) => onChange({ ...state, studentBy: e.currentTarget.value as StudentKey })}
          error={firstError(errors, 'mapping.student.by')}
        />
      </SimpleGrid>
      {firstError(errors, 'mapping.columns') && (
        <Text c="red" size="sm" role="alert">
          {firstError(errors, 'mapping.columns')}
        </Text>
      )}
      <Stack gap="sm" component="section" aria-labelledby="columns-heading">
        <Title order={3} size="h4" id="columns-heading">
          Columns
        </Title>
        {state.columns.map((c, i) => (
          <ColumnCard
            key={c.column}
            state={c}
            suggestion={upload.suggestions.find((s) => s.column === c.column)}
            errors={columnErrors(errors, i)}
            characteristics={characteristics}
            onChange={(patch) => setColumn(i, patch)}
          />
        ))}
      </Stack>
      <RecodeEditor upload={upload} state={state} onChange={onChange} errors={errors} />
      <SaveMapping coachId={coachId} state={state} format={upload.format} />
      <Group>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext}>Next: check the file</Button>
      </Group>
    </Stack>
  );
}

function ColumnCard({
  state,
  suggestion,
  errors,
  characteristics,
  onChange,
}: {
  state: ColumnState;
  suggestion: Upload['suggestions'][number] | undefined;
  errors: ReturnType<typeof columnErrors>;
  characteristics: Characteristic[];
  onChange: (patch: Partial<ColumnState>) => void;
}) {
  const chosen = characteristics.find((c) => c.name === state.existing);
  const values = suggestion?.distinct ?? [];
  const more = (suggestion?.distinct_count ?? 0) - values.length;
  return (
    <Card withBorder padding="sm" component="fieldset" m={0} data-testid={`column-${state.column}`}>
      <Text component="legend" fw={600} px={4}>
        {state.column}
      </Text>
      <Stack gap="xs">
        {suggestion && (
          <Text size="xs" c="dimmed">
            Looks like: {IMPORT_KIND_LABELS[suggestion.kind]}. Values: {values.join(', ') || 'none'}
            {more > 0 ? ` and ${more} more` : ''}.
          </Text>
        )}
        <NativeSelect
          label="Import into"
          value={state.action}
          data={(Object.keys(ACTION_LABELS) as ColumnAction[]).map((a) => ({
            value: a,
            label: ACTION_LABELS[a],
          }))}
          onChange={(e) => onChange({ action: e.currentTarget.value as ColumnAction })}
          error={errors.column}
        />
        {state.action === 'existing' && (
          <>
            <NativeSelect
              label="Characteristic"
              required
              value={state.existing ?? ''}
              data={[
                { value: '', label: 'Choose a characteristic…' },
                ...characteristics.map((c) => ({
                  value: c.name,
                  label: characteristicLabel(c),
                })),
              ]}
              onChange={(e) => onChange({ existing: e.currentTarget.value || null })}
              error={errors.characteristic}
            />
            {chosen && characteristicKind(chosen) === 'range' && (
              <Checkbox
                label="Refuse values that are not whole numbers"
                checked={state.integer}
                onChange={(e) => onChange({ integer: e.currentTarget.checked })}
              />
            )}
          </>
        )}
        {state.action === 'new' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <TextInput
              label="Code name"
              description="Letters, digits and “_”, starting with a letter."
              required
              value={state.name}
              onChange={(e) => onChange({ name: e.currentTarget.value })}
              error={errors.name ?? errors.characteristic}
            />
            <TextInput
              label="Label"
              description="What screens show for it."
              required
              value={state.question}
              onChange={(e) => onChange({ question: e.currentTarget.value })}
              error={errors.question}
            />
            <NativeSelect
              label="Kind"
              description={
                suggestion ? `Inferred from the data: ${IMPORT_KIND_LABELS[suggestion.kind]}.` : undefined
              }
              value={state.kind}
              data={ImportKindSchema.options.map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }))}
              onChange={(e) => onChange({ kind: e.currentTarget.value as ImportKind })}
              error={errors.kind}
            />
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
