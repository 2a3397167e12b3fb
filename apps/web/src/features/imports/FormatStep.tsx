import {
  BOM_LABELS,
  BOMS,
  type Bom,
  DELIMITER_LABELS,
  DELIMITERS,
  type Delimiter,
  LINE_ENDING_LABELS,
  LINE_ENDINGS,
  type LineEnding,
  QUOTE_LABELS,
  QUOTES,
  type Quote,
  type Upload,
} from '@course-coach/contracts';
import { Button, Group, NativeSelect, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { rereadUpload } from './api.ts';
import { fieldErrorsOf } from './shared.ts';

/** The format choices the server reads the file with (each detected first). */
type Read = { delimiter: Delimiter; quote: Quote; bom: Bom; line_ending: LineEnding };
type Choice = keyof Read;

/**
 * Step 2 of the guided import: the detected format (delimiter, quote character, byte order mark and line
 * endings changeable: the server reads the file again with the chosen ones and `onReread` gets the new
 * upload; whether `"` quoting was found shown only) and a preview of the first rows.
 */
export function FormatStep({
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
  // The refusal of the last re-read, shown at the choice that caused it.
  const [error, setError] = useState<{ at: Choice; message: string } | null>(null);
  const [wanted, setWanted] = useState<Read>({
    delimiter: upload.format.delimiter,
    quote: upload.format.quote,
    bom: upload.format.bom ? 'present' : 'absent',
    line_ending: upload.format.line_ending,
  });
  const reread = useMutation({
    mutationFn: ({ at: _, ...read }: Read & { at: Choice }) => rereadUpload(coachId, upload.id, read),
    onSuccess: (u) => {
      setError(null);
      onReread(u);
    },
    onError: (e, read) => {
      const f = fieldErrorsOf(e);
      setError({ at: read.at, message: f[read.at]?.[0] ?? f.file?.[0] ?? errorMessage(e) });
    },
  });
  const choose = (at: Choice, value: string) => {
    const next = { ...wanted, [at]: value };
    setWanted(next);
    reread.mutate({ ...next, at });
  };
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
          value={wanted.delimiter}
          data={DELIMITERS.map((d) => ({ value: d, label: DELIMITER_LABELS[d] }))}
          onChange={(e) => choose('delimiter', e.currentTarget.value)}
          error={error?.at === 'delimiter' ? error.message : null}
          errorProps={{ role: 'alert' }}
          disabled={reread.isPending}
          data-testid="delimiter"
        />
        <NativeSelect
          label="Quote character"
          description="Values holding the delimiter are wrapped in it; detected from the file."
          value={wanted.quote}
          data={QUOTES.map((q) => ({ value: q, label: QUOTE_LABELS[q] }))}
          onChange={(e) => choose('quote', e.currentTarget.value)}
          error={error?.at === 'quote' ? error.message : null}
          errorProps={{ role: 'alert' }}
          disabled={reread.isPending}
          data-testid="quote"
        />
        <NativeSelect
          label="Byte order mark"
          description="An invisible mark some programs put at the start of a file; detected from the file."
          value={wanted.bom}
          data={BOMS.map((b) => ({ value: b, label: BOM_LABELS[b] }))}
          onChange={(e) => choose('bom', e.currentTarget.value)}
          error={error?.at === 'bom' ? error.message : null}
          errorProps={{ role: 'alert' }}
          disabled={reread.isPending}
          data-testid="bom"
        />
        <NativeSelect
          label="Line endings"
          description="What ends each row; detected from the file."
          value={wanted.line_ending}
          data={LINE_ENDINGS.map((l) => ({ value: l, label: LINE_ENDING_LABELS[l] }))}
          onChange={(e) => choose('line_ending', e.currentTarget.value)}
          error={error?.at === 'line_ending' ? error.message : null}
          errorProps={{ role: 'alert' }}
          disabled={reread.isPending}
          data-testid="line-ending"
        />
        <Stack gap={4} component="dl" m={0} data-testid="detected-format">
          <FormatFact term="Quoting" value={f.quoted ? 'Values quoted with "' : 'No quoting'} />
          <FormatFact term="Byte order mark" value={f.bom ? 'Yes (UTF-8 BOM)' : 'None'} />
          <FormatFact term="Line endings" value={LINE_ENDING_LABELS[f.line_ending]} />
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
