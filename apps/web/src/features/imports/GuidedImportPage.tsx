import {
  type Characteristic,
  characteristicKind,
  characteristicLabel,
  DELIMITER_LABELS,
  DELIMITERS,
  type Delimiter,
  type DryRun,
  type FileFormat,
  IMPORT_FILE_LIMIT,
  IMPORT_FILE_LIMIT_TEXT,
  IMPORT_KIND_LABELS,
  IMPORT_MAX_PROBLEMS,
  type ImportKind,
  ImportKindSchema,
  PAGES,
  type SavedMapping,
  type StudentKey,
  StudentKeySchema,
  type Upload,
} from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  List,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage, isApiError } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/index.ts';
import { QueryErrorState, ScrollTable, useDictionary, useInvalidateTailoring } from '../tailoring/index.ts';
import {
  commitUpload,
  deleteMapping,
  dryRun,
  importKeys,
  rereadUpload,
  saveMapping,
  uploadFile,
  useImportStatus,
  useSavedMappings,
} from './api.ts';
import {
  applySavedMapping,
  type ColumnAction,
  type ColumnState,
  columnErrors,
  describeErrors,
  firstError,
  initialMapping,
  type MappingState,
  recodeRow,
  STUDENT_KEY_LABELS,
  toImportMapping,
  withStudentColumn,
} from './mapping.ts';

/** Title of the guided import page. */
export const GUIDED_IMPORT_TITLE = 'Guided import';
/** The wizard's steps, in order. */
export const IMPORT_STEPS = ['Upload file', 'Format & preview', 'Map columns', 'Check', 'Import'] as const;
/** Said before sending a file over the limit (the server says the same of one it receives). */
export const FILE_TOO_LARGE = `The file is larger than the ${IMPORT_FILE_LIMIT_TEXT} limit; split it into smaller files.`;

const LINE_ENDING_LABELS: Record<FileFormat['line_ending'], string> = {
  LF: 'LF (Unix, macOS)',
  CRLF: 'CRLF (Windows)',
  CR: 'CR (old Mac)',
};

type FieldErrors = Record<string, string[]>;
const fieldErrorsOf = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fieldErrors : {});

/** `/Dashboard/Coach/{coachId}/cohort-manager/guided-import`: the guided import of a registrar's file. */
export function GuidedImportPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  if (coachId === null) return <NotFoundPage />;
  return <GuidedImport key={coachId} coachId={coachId} />;
}

/**
 * The five steps (README "Importing a registrar's file"): upload → detected format (delimiter
 * changeable) and preview → mapping (student column, each column to an existing or new characteristic or
 * ignored, recoding, saved mappings) → dry run (total problems, the first 50) → commit as a job with its
 * progress. Each step shows the API's own sentences near what they are about.
 */
function GuidedImport({ coachId }: { coachId: number }) {
  usePageTitle(GUIDED_IMPORT_TITLE);
  const mappings = useSavedMappings(coachId);
  const dictionary = useDictionary(coachId);
  const [step, setStep] = useState(0);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [mapping, setMapping] = useState<MappingState | null>(null);
  const [mappingErrors, setMappingErrors] = useState<FieldErrors>({});
  const [dry, setDry] = useState<DryRun | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Moving between steps puts the keyboard focus on the new step's heading (the same element).
  const go = (n: number) => {
    setStep(n);
    setTimeout(() => headingRef.current?.focus(), 0);
  };

  const check = useMutation({
    mutationFn: (state: MappingState) =>
      dryRun(coachId, upload!.id, toImportMapping(state, upload!.format.delimiter)),
    onMutate: () => {
      setDry(null);
      setMappingErrors({});
    },
    onSuccess: (report) => setDry(report),
    onError: (error) => setMappingErrors(fieldErrorsOf(error)),
  });

  function changeMapping(next: MappingState) {
    setMapping(next);
    setDry(null);
  }
  function startOver(next: Upload | null) {
    setUpload(next);
    setMapping(next ? initialMapping(next) : null);
    setMappingErrors({});
    setDry(null);
    check.reset();
  }

  if (mappings.isPending) return <LoadingState />;
  if (mappings.isError)
    return (
      <QueryErrorState
        error={mappings.error}
        title="We couldn’t open the guided import"
        onRetry={() => void mappings.refetch()}
        retrying={mappings.isFetching}
      />
    );

  const characteristics = (dictionary.data?.characteristics ?? []).filter((c) => c.scope !== 'student');
  const importing = importId !== null;
  const reachable = (i: number) =>
    importing
      ? i === 4
      : i === 0 || (upload !== null && (i <= 3 || (dry !== null && dry.problem_count === 0)));

  let body: ReactNode;
  if (step === 0)
    body = (
      <UploadStep
        coachId={coachId}
        uploaded={upload}
        onUploaded={(u) => {
          startOver(u);
          go(1);
        }}
      />
    );
  else if (step === 1 && upload)
    body = (
      <FormatStep
        coachId={coachId}
        upload={upload}
        onReread={(u) => startOver(u)}
        onBack={() => go(0)}
        onNext={() => go(2)}
      />
    );
  else if (step === 2 && upload && mapping)
    body = (
      <MappingStep
        coachId={coachId}
        upload={upload}
        state={mapping}
        onChange={changeMapping}
        errors={mappingErrors}
        characteristics={characteristics}
        dictionaryError={dictionary.isError ? errorMessage(dictionary.error) : null}
        saved={mappings.data}
        onBack={() => go(1)}
        onNext={() => {
          check.mutate(mapping);
          go(3);
        }}
      />
    );
  else if (step === 3 && upload && mapping)
    body = (
      <CheckStep
        report={dry}
        pending={check.isPending}
        error={check.error}
        errors={describeErrors(mappingErrors, mapping)}
        onRun={() => check.mutate(mapping)}
        onBack={() => go(2)}
        onNext={() => go(4)}
      />
    );
  else if (step === 4 && upload && mapping && (dry || importing))
    body = (
      <ImportStep
        coachId={coachId}
        upload={upload}
        state={mapping}
        report={dry}
        importId={importId}
        onStarted={setImportId}
        onBack={() => go(3)}
        onAnother={() => {
          setImportId(null);
          startOver(null);
          go(0);
        }}
      />
    );

  return (
    <Stack gap="lg" data-page="guided-import">
      <Stack gap={2}>
        <Anchor component={Link} to={PAGES.cohortManager(coachId)} size="sm">
          <span aria-hidden="true">← </span>
          Cohort manager
        </Anchor>
        <Title order={1}>{GUIDED_IMPORT_TITLE}</Title>
        <Text size="sm">
          Import the values of a registrar’s file for the students of this coach. Nothing is written before
          the last step, and then everything or nothing is.
        </Text>
      </Stack>
      <nav aria-label="Import steps">
        <Group component="ol" gap="xs" wrap="wrap" p={0} m={0} style={{ listStyle: 'none' }}>
          {IMPORT_STEPS.map((label, i) => (
            <li key={label}>
              <Button
                size="compact-sm"
                variant={i === step ? 'filled' : 'default'}
                aria-current={i === step ? 'step' : undefined}
                disabled={!reachable(i) && i !== step}
                onClick={() => go(i)}
                data-testid={`step-${i + 1}`}
              >
                {i + 1}. {label}
              </Button>
            </li>
          ))}
        </Group>
      </nav>
      <Stack gap="md" component="section" aria-labelledby="import-step-heading">
        <Title order={2} id="import-step-heading" ref={headingRef} tabIndex={-1}>
          Step {step + 1} of {IMPORT_STEPS.length}: {IMPORT_STEPS[step]}
        </Title>
        {body}
      </Stack>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------
// 1. Upload
// ------------------------------------------------------------------------------------------------

function UploadStep({
  coachId,
  uploaded,
  onUploaded,
}: {
  coachId: number;
  uploaded: Upload | null;
  onUploaded: (u: Upload) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (f: File) => uploadFile(coachId, f),
    onSuccess: onUploaded,
    onError: (e) => {
      if (isApiError(e, 413)) setError(FILE_TOO_LARGE);
      else setError(fieldErrorsOf(e).file?.[0] ?? errorMessage(e));
    },
  });
  function submit() {
    if (!file) return setError('Choose the file to import.');
    if (file.size > IMPORT_FILE_LIMIT) return setError(FILE_TOO_LARGE);
    setError(null);
    send.mutate(file);
  }
  return (
    <Stack gap="md" data-testid="upload-step">
      <Text size="sm">
        A CSV, TSV or semicolon-separated text file of up to {IMPORT_FILE_LIMIT_TEXT}: a header line naming
        the columns, then one line per student. One column names the student (student id, e-mail or LMS/SIS
        id).
      </Text>
      {uploaded && (
        <Text size="sm" data-testid="current-upload">
          Current file: {uploaded.file_name}. Uploading another file starts over.
        </Text>
      )}
      <FileInput
        label="Registrar’s file"
        required
        accept=".csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values"
        value={file}
        onChange={(f) => {
          setFile(f);
          setError(null);
        }}
        error={error}
        errorProps={{ role: 'alert' }}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
      />
      <Group>
        <Button onClick={submit} loading={send.isPending}>
          Upload and read the file
        </Button>
      </Group>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------
// 2. Format and preview
// ------------------------------------------------------------------------------------------------

function FormatStep({
  coachId,
  upload,
  onReread,
  onBack,
  onNext,
}: {
  coachId: number;
  upload: Upload;
  onReread: (u: Upload) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [wanted, setWanted] = useState<Delimiter>(upload.format.delimiter);
  const reread = useMutation({
    mutationFn: (d: Delimiter) => rereadUpload(coachId, upload.id, d),
    onSuccess: (u) => {
      setError(null);
      onReread(u);
    },
    onError: (e) => {
      const f = fieldErrorsOf(e);
      setError(f.delimiter?.[0] ?? f.file?.[0] ?? errorMessage(e));
    },
  });
  const f = upload.format;
  return (
    <Stack gap="md" data-testid="format-step">
      <Text size="sm">
        {upload.file_name}: {upload.rows_total === 1 ? '1 row' : `${upload.rows_total} rows`},{' '}
        {upload.header.length} columns.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="Delimiter"
          description="Detected from the file; choose another if the columns look wrong."
          value={wanted}
          data={DELIMITERS.map((d) => ({ value: d, label: DELIMITER_LABELS[d] }))}
          onChange={(e) => {
            const d = e.currentTarget.value as Delimiter;
            setWanted(d);
            reread.mutate(d);
          }}
          error={error}
          errorProps={{ role: 'alert' }}
          disabled={reread.isPending}
          data-testid="delimiter"
        />
        <Stack gap={4}>
          <Stack gap={4} component="dl" m={0} data-testid="detected-format">
            <FormatFact term="Quoting" value={f.quoted ? 'Values quoted with "' : 'No quoting'} />
            <FormatFact term="Byte order mark" value={f.bom ? 'Yes (UTF-8 BOM)' : 'None'} />
            <FormatFact term="Line endings" value={LINE_ENDING_LABELS[f.line_ending]} />
          </Stack>
          <Text size="xs" c="dimmed">
            Quotes, a byte order mark and any line ending are read as found; only the delimiter needs
            choosing.
          </Text>
        </Stack>
      </SimpleGrid>
      {reread.isPending && <LoadingState label="Reading the file again…" />}
      <PreviewTable upload={upload} />
      <Group>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext} disabled={reread.isPending || error !== null}>
          Next: map columns
        </Button>
      </Group>
    </Stack>
  );
}

function FormatFact({ term, value }: { term: string; value: string }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text component="dt" size="sm" fw={600}>
        {term}:
      </Text>
      <Text component="dd" size="sm" m={0}>
        {value}
      </Text>
    </Group>
  );
}

function PreviewTable({ upload }: { upload: Upload }) {
  const label = `First ${upload.preview.length} of ${upload.rows_total} rows`;
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {label}
      </Title>
      <ScrollTable minWidth={Math.min(1200, 120 * upload.header.length)} maxHeight={360} label={label}>
        <Table striped withTableBorder data-testid="preview-table">
          <Table.Thead>
            <Table.Tr>
              {upload.header.map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {upload.preview.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their line
              <Table.Tr key={r}>
                {upload.header.map((h, c) => (
                  <Table.Td key={h}>{row[c] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------
// 3. Mapping
// ------------------------------------------------------------------------------------------------

const ACTION_LABELS: Record<ColumnAction, string> = {
  ignore: 'Ignore this column',
  existing: 'An existing characteristic',
  new: 'A new characteristic',
};

interface MappingStepProps {
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

function MappingStep({
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
      <SaveMapping coachId={coachId} state={state} delimiter={upload.format.delimiter} />
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
                  label: `${characteristicLabel(c)} (${c.name})`,
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

function RecodeEditor({
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

function SavedMappings({
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

function SaveMapping({
  coachId,
  state,
  delimiter,
}: {
  coachId: number;
  state: MappingState;
  delimiter: Delimiter;
}) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () => saveMapping(coachId, name.trim(), toImportMapping(state, delimiter)),
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

// ------------------------------------------------------------------------------------------------
// 4. Check (dry run)
// ------------------------------------------------------------------------------------------------

/** The dry run's one-sentence result. */
export function dryRunSummary(report: DryRun): string {
  const rows = report.rows_total === 1 ? '1 row' : `${report.rows_total} rows`;
  if (report.problem_count === 0) {
    const n = report.characteristics.length;
    const fresh = report.new_characteristics.length;
    return `No problems in ${rows}: ${report.values} ${report.values === 1 ? 'value' : 'values'} of ${n} ${n === 1 ? 'characteristic' : 'characteristics'}${fresh > 0 ? ` (${fresh} new)` : ''} are ready to import.`;
  }
  const p = report.problem_count === 1 ? '1 problem' : `${report.problem_count} problems`;
  return `${p} in ${rows}. Nothing can be imported until the file or the mapping is corrected.`;
}

function CheckStep({
  report,
  pending,
  error,
  errors,
  onRun,
  onBack,
  onNext,
}: {
  report: DryRun | null;
  pending: boolean;
  error: Error | null;
  errors: string[];
  onRun: () => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const clean = report !== null && report.problem_count === 0;
  return (
    <Stack gap="md" data-testid="check-step">
      <Text size="sm">The dry run checks every row against the mapping and writes nothing.</Text>
      {pending && <LoadingState label="Checking the file…" />}
      {error && errors.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="The mapping needs changes">
          <List size="sm">
            {errors.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {error && errors.length === 0 && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {report && (
        <Alert
          color={clean ? 'green' : 'red'}
          variant="light"
          role={clean ? 'status' : 'alert'}
          data-testid="dry-run-summary"
        >
          {dryRunSummary(report)}
        </Alert>
      )}
      {report && report.problems.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" id="problems-caption">
            {report.problem_count > report.problems.length
              ? `The first ${report.problems.length} of ${report.problem_count} problems (at most ${IMPORT_MAX_PROBLEMS} are listed):`
              : 'The problems:'}
          </Text>
          <ScrollTable minWidth={480} maxHeight={420} label="Problems found by the dry run">
            <Table striped aria-labelledby="problems-caption" data-testid="problems-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Column</Table.Th>
                  <Table.Th scope="col">Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.problems.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row and column can have one problem each, in order
                  <Table.Tr key={i}>
                    <Table.Td>{p.row}</Table.Td>
                    <Table.Td>{p.column}</Table.Td>
                    <Table.Td>{p.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      )}
      <Group>
        <Button variant="default" onClick={onBack}>
          Back to the mapping
        </Button>
        <Button variant="default" onClick={onRun} loading={pending}>
          Run the dry run again
        </Button>
        <Button onClick={onNext} disabled={!clean || pending}>
          Next: import
        </Button>
      </Group>
    </Stack>
  );
}

// ------------------------------------------------------------------------------------------------
// 5. Import (commit job)
// ------------------------------------------------------------------------------------------------

function ImportStep({
  coachId,
  upload,
  state,
  report,
  importId,
  onStarted,
  onBack,
  onAnother,
}: {
  coachId: number;
  upload: Upload;
  state: MappingState;
  report: DryRun | null;
  importId: number | null;
  onStarted: (id: number) => void;
  onBack: () => void;
  onAnother: () => void;
}) {
  const client = useQueryClient();
  const invalidateTailoring = useInvalidateTailoring(coachId);
  const commit = useMutation({
    mutationFn: () => commitUpload(coachId, upload.id, toImportMapping(state, upload.format.delimiter)),
    onSuccess: (answer) => onStarted(answer.id),
  });
  const status = useImportStatus(coachId, importId);
  const job = status.data;
  const finished = job?.state === 'success' || job?.state === 'failure';
  useEffect(() => {
    if (job?.state === 'success') {
      void invalidateTailoring();
      void client.invalidateQueries({ queryKey: importKeys.mappings(coachId) });
    }
  }, [job?.state, invalidateTailoring, client, coachId]);
  const commitErrors = fieldErrorsOf(commit.error);
  const commitMessages = commit.isError
    ? [
        ...(commitErrors.non_field_errors ?? []),
        ...describeErrors(
          Object.fromEntries(Object.entries(commitErrors).filter(([k]) => k !== 'non_field_errors')),
          state,
        ),
      ]
    : [];
  return (
    <Stack gap="md" data-testid="import-step">
      {report && importId === null && (
        <Text size="sm">
          {upload.file_name}: {dryRunSummary(report)} Everything is written at once, or nothing if anything
          goes wrong.
        </Text>
      )}
      {commit.isError && (
        <Alert color="red" variant="light" role="alert" data-testid="commit-error">
          {commitMessages.length > 0 ? commitMessages.join(' ') : errorMessage(commit.error)}
        </Alert>
      )}
      {importId !== null && !finished && (
        <Stack gap={4} data-testid="import-progress">
          <Text size="sm" role="status">
            {job && job.rows_total > 0
              ? `Importing: ${job.rows_done} of ${job.rows_total} rows done…`
              : 'Importing…'}
          </Text>
          <Progress
            value={job && job.rows_total > 0 ? Math.round((job.rows_done / job.rows_total) * 100) : 5}
            aria-label="Import progress"
            animated
          />
        </Stack>
      )}
      {status.isError && (
        <Alert color="red" variant="light" role="alert">
          The import’s progress could not be read: {errorMessage(status.error)}
        </Alert>
      )}
      {job?.state === 'success' && (
        <Alert color="green" variant="light" role="status" data-testid="import-success">
          Imported {job.rows_total === 1 ? '1 row' : `${job.rows_total} rows`} into{' '}
          {job.characteristics.join(', ')}. Insight Groups that use these characteristics are being brought up
          to date.
        </Alert>
      )}
      {job?.state === 'failure' && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title="Nothing was imported"
          data-testid="import-failure"
        >
          {job.message ?? 'The import failed; nothing was written.'}
        </Alert>
      )}
      <Group>
        {importId === null && (
          <>
            <Button variant="default" onClick={onBack} disabled={commit.isPending}>
              Back
            </Button>
            <Button onClick={() => commit.mutate()} loading={commit.isPending}>
              Import now
            </Button>
          </>
        )}
        {finished && (
          <>
            <Button variant="default" onClick={onAnother}>
              Import another file
            </Button>
            <Button component={Link} to={PAGES.cohortManager(coachId)} variant="subtle">
              Back to the cohort manager
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
