import {
  type ContentDocument,
  DOCUMENT_MIME_TYPES,
  DOCUMENT_NAME_MAXLENGTH,
  DOCUMENT_URL_MAXLENGTH,
  type DocumentKind,
} from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { useContentDocument, useDocumentMutations } from './documents-api.ts';

/** The texts of the document controls (ours: the spec names only the overview's Document column). */
export const DOCUMENT_TEXTS = {
  heading: 'Document',
  none: 'No document',
  saveFirst: 'Save this item first, then attach a document to it.',
  intro:
    'Attach one document that students see with this item: a file or a link. Attaching another replaces it.',
  file: 'Upload a file',
  fileHelp: 'PDF, Word, PowerPoint, Excel, plain text or an image, at most 10 MB.',
  attachFile: 'Attach file',
  url: 'Or link to a page (URL)',
  linkName: 'Link name (optional)',
  attachLink: 'Attach link',
  remove: 'Remove document',
  removeTitle: 'Remove the document?',
  removeBody: (name: string) =>
    `“${name}” will no longer be shown with this item. An uploaded file is deleted; you can attach it again later.`,
  cancel: 'Cancel',
  attached: (name: string) => `“${name}” is attached.`,
  removed: 'The document was removed.',
  loadFailed: 'We couldn’t load the document.',
  retry: 'Retry',
  link: 'Link',
} as const;

/** "PDF · 1.2 MB" or "Link": what kind of document it is, for its description. */
export function describeDocument(doc: ContentDocument): string {
  if (doc.kind === 'link') return DOCUMENT_TEXTS.link;
  const type = (doc.content_type ?? '').split('/').pop()?.toUpperCase() ?? '';
  const size =
    doc.byte_size === null
      ? ''
      : doc.byte_size >= 1024 * 1024
        ? `${(doc.byte_size / (1024 * 1024)).toFixed(1)} MB`
        : `${Math.max(1, Math.round(doc.byte_size / 1024))} KB`;
  return [type.length <= 5 ? type : '', size].filter(Boolean).join(' · ');
}

/**
 * Staff's document control of a content item (bulletin, email, survey, playbook, gradebook, assignment;
 * packages/contracts/src/documents.ts): the current document with a Remove (confirmed), and two small
 * forms to attach a file or a link, which replace the current one. Its own forms, placed outside the
 * item's editor form. `itemId` null (an item not saved yet): says to save first.
 */
export function DocumentSection({
  coachId,
  kind,
  itemId,
}: {
  coachId: number;
  kind: DocumentKind;
  itemId: number | null;
}) {
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {DOCUMENT_TEXTS.heading}
        </Title>
        {itemId === null ? (
          <Text c="dimmed">{DOCUMENT_TEXTS.saveFirst}</Text>
        ) : (
          <DocumentControls coachId={coachId} kind={kind} itemId={itemId} />
        )}
      </Stack>
    </Card>
  );
}

function DocumentControls({
  coachId,
  kind,
  itemId,
}: {
  coachId: number;
  kind: DocumentKind;
  itemId: number;
}) {
  const current = useContentDocument(coachId, kind, itemId);
  const { attach, remove } = useDocumentMutations(coachId, kind, itemId);
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const errors = isApiError(attach.error, 400) ? attach.error.fieldErrors : {};
  const otherError = attach.error && !isApiError(attach.error, 400) ? errorMessage(attach.error) : null;

  const attachFile = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setStatus('');
    attach.mutate(
      { file },
      {
        onSuccess: (doc) => {
          setFile(null);
          setStatus(DOCUMENT_TEXTS.attached(doc.document_name));
        },
      },
    );
  };
  const attachLink = (e: FormEvent) => {
    e.preventDefault();
    setStatus('');
    attach.mutate(
      { link: { url: url.trim(), ...(name.trim() ? { document_name: name.trim() } : {}) } },
      {
        onSuccess: (doc) => {
          setUrl('');
          setName('');
          setStatus(DOCUMENT_TEXTS.attached(doc.document_name));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{DOCUMENT_TEXTS.intro}</Text>
      {current.isPending ? (
        <Loader size="sm" aria-label="Loading the document" />
      ) : current.isError ? (
        <Alert color="red" role="alert" title={DOCUMENT_TEXTS.loadFailed}>
          <Group gap="sm">
            <Text size="sm">{errorMessage(current.error)}</Text>
            <Button size="xs" variant="default" onClick={() => current.refetch()}>
              {DOCUMENT_TEXTS.retry}
            </Button>
          </Group>
        </Alert>
      ) : current.data ? (
        <Group justify="space-between" wrap="wrap" data-testid="current-document">
          <Stack gap={0}>
            <DocumentAnchor doc={current.data} />
            <Text size="sm" c="dimmed">
              {describeDocument(current.data)}
            </Text>
          </Stack>
          <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
            {DOCUMENT_TEXTS.remove}
          </Button>
        </Group>
      ) : (
        <Text c="dimmed" data-testid="current-document">
          {DOCUMENT_TEXTS.none}
        </Text>
      )}
      <form onSubmit={attachFile} noValidate>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={DOCUMENT_TEXTS.file}
            description={DOCUMENT_TEXTS.fileHelp}
            accept={DOCUMENT_MIME_TYPES.join(',')}
            value={file}
            onChange={(f) => {
              attach.reset();
              setFile(f);
            }}
            clearable
            error={errors.file?.join(' ')}
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" disabled={!file} loading={attach.isPending && file !== null}>
            {DOCUMENT_TEXTS.attachFile}
          </Button>
        </Group>
      </form>
      <form onSubmit={attachLink} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={DOCUMENT_TEXTS.url}
            type="url"
            placeholder="https://"
            value={url}
            maxLength={DOCUMENT_URL_MAXLENGTH}
            onChange={(e) => {
              attach.reset();
              setUrl(e.currentTarget.value);
            }}
            error={errors.url?.join(' ')}
            style={{ flex: '2 1 16rem' }}
          />
          <TextInput
            label={DOCUMENT_TEXTS.linkName}
            value={name}
            maxLength={DOCUMENT_NAME_MAXLENGTH}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.document_name?.join(' ')}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" disabled={!url.trim()} loading={attach.isPending && file === null}>
            {DOCUMENT_TEXTS.attachLink}
          </Button>
        </Group>
      </form>
      {otherError && (
        <Alert color="red" role="alert">
          {otherError}
        </Alert>
      )}
      {remove.error && (
        <Alert color="red" role="alert">
          {errorMessage(remove.error)}
        </Alert>
      )}
      <div role="status" aria-live="polite">
        {status && <Text c="var(--cc-text-success)">{status}</Text>}
      </div>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={DOCUMENT_TEXTS.removeTitle}
        centered
      >
        <Stack>
          <Text>{DOCUMENT_TEXTS.removeBody(current.data?.document_name ?? '')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {DOCUMENT_TEXTS.cancel}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    setStatus(DOCUMENT_TEXTS.removed);
                  },
                })
              }
            >
              {DOCUMENT_TEXTS.remove}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A document's name as a link: a file downloads (the server sends it as an attachment); a link opens in a new tab. */
export function DocumentAnchor({ doc }: { doc: ContentDocument }) {
  return doc.kind === 'link' ? (
    <Anchor href={doc.url} target="_blank" rel="noopener noreferrer" data-testid="document-link">
      {doc.document_name}
    </Anchor>
  ) : (
    <Anchor href={doc.url} download={doc.document_name} data-testid="document-link">
      {doc.document_name}
    </Anchor>
  );
}

/**
 * What a student sees of an item's document where the item is shown: "Document: <name>" (a download or
 * a link), nothing while it loads, when there is none, or when it cannot be read (the item itself still shows).
 */
export function DocumentLink({
  coachId,
  kind,
  itemId,
}: {
  coachId: number;
  kind: DocumentKind;
  itemId: number;
}) {
  const doc = useContentDocument(coachId, kind, itemId);
  if (!doc.data) return null;
  return (
    <Text size="sm" data-testid="item-document">
      {DOCUMENT_TEXTS.heading}: <DocumentAnchor doc={doc.data} />{' '}
      <Text span c="dimmed" size="sm">
        ({describeDocument(doc.data)})
      </Text>
    </Text>
  );
}
