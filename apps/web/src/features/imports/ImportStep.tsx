import { type DryRun, PAGES, type Upload } from '@course-coach/contracts';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useInvalidateTailoring } from '../tailoring/index.ts';
import { commitUpload, importKeys, useImportStatus } from './api.ts';
import { dryRunSummary } from './CheckStep.tsx';
import { describeErrors, type MappingState, toImportMapping } from './mapping.ts';
import { fieldErrorsOf } from './shared.ts';

/**
 * Step 5 of the guided import: commits the upload with the checked mapping as a job (`onStarted` gets its
 * id), then follows its progress to success (the tailoring queries are refreshed) or failure.
 */
export function ImportStep({
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
    mutationFn: () => commitUpload(coachId, upload.id, toImportMapping(state, upload.format)),
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
              Back to the Insight Group manager
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
