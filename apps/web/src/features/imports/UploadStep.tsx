import {
  IMPORT_FILE_LIMIT,
  IMPORT_FILE_LIMIT_TEXT,
  IMPORT_FILE_TOO_LARGE,
  type Upload,
} from '@course-coach/contracts';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { uploadFile } from './api.ts';
import { fieldErrorsOf } from './shared.ts';

/**
 * Step 1 of the guided import (README "Importing a registrar's file"): choose a file and upload it. A file
 * over the limit is refused before it is sent (and a 413 from the server gets the same sentence); the
 * server's own field error is shown otherwise. Calls `onUploaded` with the read upload.
 */
export function UploadStep({
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
      if (isApiError(e, 413)) setError(IMPORT_FILE_TOO_LARGE);
      else setError(fieldErrorsOf(e).file?.[0] ?? errorMessage(e));
    },
  });
  function submit() {
    if (!file) return setError('Choose the file to import.');
    if (file.size > IMPORT_FILE_LIMIT) return setError(IMPORT_FILE_TOO_LARGE);
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
