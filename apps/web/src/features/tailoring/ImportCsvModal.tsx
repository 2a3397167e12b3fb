import {
  API,
  type ImportReport,
  ImportReportSchema,
  TAILORING_ENDPOINTS,
  TAILORING_UI_TEXTS,
} from '@course-coach/contracts';
import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { ApiError, apiRequest, errorMessage } from '../../api/client.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { useDictionary, useInvalidateTailoring } from './api.ts';

export interface ImportCsvModalProps {
  coachId: number;
  opened: boolean;
  onClose: () => void;
}

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1_000;

/** A readable summary of an import report. */
export function importSummary(report: ImportReport): string {
  const rows = report.rows_total === 1 ? '1 row' : `${report.rows_total} rows`;
  if (report.errors.length > 0) {
    const n = report.errors.length;
    return `${rows} checked: ${n === 1 ? '1 error' : `${n} errors`}. Nothing was written; correct the file and check it again.`;
  }
  if (report.state === 'checked') return `${rows} checked: no errors. You can import the file.`;
  if (report.state === 'started') return `Importing: ${report.rows_done} of ${rows} written…`;
  if (report.state === 'success')
    return `Imported ${rows}. The Insight Groups of this coach are being brought up to date.`;
  return report.message ?? 'The import failed; nothing was written.';
}

function ReportView({ report }: { report: ImportReport }) {
  const failed = report.errors.length > 0 || report.state === 'failure';
  return (
    <Stack gap="xs" data-testid="import-report">
      <Alert color={failed ? 'red' : 'green'} variant="light" role={failed ? 'alert' : 'status'}>
        {importSummary(report)}
      </Alert>
      {report.state === 'started' && report.rows_total > 0 && (
        <Progress
          value={Math.round((report.rows_done / report.rows_total) * 100)}
          aria-label="Import progress"
        />
      )}
      {report.errors.length > 0 && (
        <ScrollTable minWidth={420} maxHeight={260} label="Row errors">
          <Table striped data-testid="import-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Row</Table.Th>
                <Table.Th scope="col">Column</Table.Th>
                <Table.Th scope="col">Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.errors.map((e) => (
                <Table.Tr key={`${e.row}/${e.column}/${e.message}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.column}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}

/**
 * CSV import of characteristic values for one source: a dry run that lists every row error before
 * anything is written, then the import (all or nothing) with its progress.
 */
export function ImportCsvModal({ coachId, opened, onClose }: ImportCsvModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={TAILORING_UI_TEXTS.importCharacteristics} size="lg">
      {opened && <ImportForm coachId={coachId} opened={opened} onClose={onClose} />}
    </Modal>
  );
}

function ImportForm({ coachId, onClose }: ImportCsvModalProps) {
  const dictionary = useDictionary(coachId);
  const invalidate = useInvalidateTailoring(coachId);
  const [source, setSource] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [report, setReport] = useState<ImportReport | null>(null);
  const [checked, setChecked] = useState(false);

  const send = useMutation({
    // The upload is sent by hand: its body is the CSV file, not JSON (the server registers it by hand too).
    mutationFn: async ({ dryRun }: { dryRun: boolean }) => {
      const text = await (file as File).text();
      const query = new URLSearchParams({ source: source ?? '', dry_run: dryRun ? 'true' : 'false' });
      return apiRequest(`${API.mtsImport(coachId)}?${query}`, {
        method: 'POST',
        body: text,
        contentType: 'text/csv',
        schema: ImportReportSchema,
      });
    },
    onSuccess: (data, { dryRun }) => {
      setReport(data);
      setChecked(dryRun && data.errors.length === 0);
    },
    onError: (error) => {
      setChecked(false);
      const parsed = error instanceof ApiError ? ImportReportSchema.safeParse(error.body) : null;
      if (parsed?.success) {
        setReport(parsed.data);
        return;
      }
      setReport(null);
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setErrors({
        source: fields.source?.[0],
        form: fields.non_field_errors?.[0] ?? (fields.source ? undefined : errorMessage(error)),
      });
    },
  });

  const importId = report && !report.dry_run && report.state === 'started' ? report.id : null;
  const progress = useQuery({
    queryKey: ['tailoring', coachId, 'import', importId],
    queryFn: ({ signal }) =>
      callEndpoint(
        TAILORING_ENDPOINTS.importStatus,
        { params: { coachId, importId: importId ?? 0 } },
        signal,
      ),
    enabled: importId !== null,
    refetchInterval: (query) =>
      query.state.data?.state === 'started' || !query.state.data ? IMPORT_POLL_MS : false,
  });
  const shown = progress.data ?? report;
  const finalState = shown && !shown.dry_run ? shown.state : null;
  const finished = finalState === 'success';
  // Reload lists and groups once the values are in (the server recomputes membership).
  useEffect(() => {
    if (finalState === 'success') void invalidate();
  }, [finalState, invalidate]);

  function start(dryRun: boolean) {
    const found: Record<string, string | undefined> = {};
    if (!source) found.source = 'This field is required.';
    if (!file) found.file = 'Choose a CSV file.';
    setErrors(found);
    if (found.source || found.file) return;
    send.mutate({ dryRun });
  }

  return (
    <Stack gap="md" data-testid="import-form">
      <Text size="sm">
        The first column names the student (their student number or email), then one column per
        characteristic. Separate the values of a multivalued characteristic with “;”. An empty cell means no
        value.
      </Text>
      {errors.form && (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      )}
      <Select
        label="Source"
        required
        data={(dictionary.data?.sources ?? []).map((s) => ({ value: s.name, label: s.label }))}
        value={source}
        onChange={(v) => {
          setSource(v);
          setChecked(false);
          setReport(null);
        }}
        error={errors.source}
        disabled={!dictionary.data}
        comboboxProps={{ withinPortal: false }}
      />
      <FileInput
        label="CSV file"
        required
        accept=".csv,text/csv"
        placeholder="Choose a file"
        value={file}
        onChange={(f) => {
          setFile(f);
          setChecked(false);
          setReport(null);
        }}
        error={errors.file}
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the file' }}
      />
      {shown && <ReportView report={shown} />}
      <Group gap="sm">
        <Button variant="default" onClick={() => start(true)} loading={send.isPending && !checked}>
          Check file
        </Button>
        <Button
          onClick={() => start(false)}
          disabled={!checked || finished}
          loading={send.isPending && checked}
        >
          Import
        </Button>
        <Button variant="subtle" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
