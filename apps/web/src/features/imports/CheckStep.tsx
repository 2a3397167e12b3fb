import { type DryRun, IMPORT_MAX_PROBLEMS } from '@course-coach/contracts';
import { Alert, Button, Group, List, Stack, Table, Text } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ScrollTable } from '../tailoring/index.ts';

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

/**
 * Step 4 of the guided import: the dry run's result (one sentence, then the first problems by row and
 * column) or the mapping's field errors; "Next: import" only once a dry run found no problems.
 */
export function CheckStep({
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
