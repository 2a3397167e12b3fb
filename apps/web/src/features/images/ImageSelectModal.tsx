import {
  IMAGE_FIELD_MAXLENGTH,
  IMAGE_MIME_TYPES,
  IMAGE_TEXTS,
  type ImageOption,
  imageHint,
} from '@course-coach/contracts';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { uploadImage, useImages } from './images-api.ts';

export interface ImageSelectModalProps {
  coachId: number;
  opened: boolean;
  onClose: () => void;
  /** 'icon': the testimonial icon picker with the upload (spec §2 "Icon-picker variant"). */
  variant?: 'plain' | 'icon';
  /** The image chosen so far (preselected). */
  current: ImageOption | null;
  /** Called with the chosen image (an upload is stored first); the modal closes afterwards. */
  onSelect: (image: ImageOption) => unknown;
}

/** The device-dependent hint (spec §2): 'Double tap the image' on iPad and iPhone, else 'Please select the image'. */
function useHint(): string {
  return useMemo(
    () =>
      typeof navigator === 'undefined'
        ? IMAGE_TEXTS.hintPointer
        : imageHint(navigator.userAgent, navigator.maxTouchPoints, navigator.platform),
    [],
  );
}

/**
 * The Select Image modal (spec §2, §4): a grid of images with the hint, Cancel and Select; in the icon
 * variant the testimonial prompt, 'Save Image Selection', '- OR -' and a file upload labelled 'Upload
 * Your Own' (or 'Update Uploaded Image' once a picture of one's own is in use), images only. Choosing an
 * existing image clears an upload; choosing a file makes the upload the source. A double click (a double
 * tap on touch screens) on an image chooses it at once.
 */
export function ImageSelectModal({
  coachId,
  opened,
  onClose,
  variant = 'plain',
  current,
  onSelect,
}: ImageSelectModalProps) {
  const images = useImages(coachId, opened);
  const hint = useHint();
  const [selected, setSelected] = useState<ImageOption | null>(current);
  const [upload, setUpload] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setSelected(current);
      setUpload(null);
      setError(null);
    }
  }, [opened, current]);

  const choose = (image: ImageOption) => {
    setSelected(image);
    setUpload(null);
    setError(null);
  };
  const chooseFile = (file: File | null) => {
    if (!file) return;
    setUpload(file);
    setSelected(null);
    setError(null);
  };
  const confirm = async (image: ImageOption | null = selected) => {
    setBusy(true);
    setError(null);
    try {
      const chosen = upload ? await uploadImage(coachId, upload) : image;
      if (!chosen) return;
      await onSelect(chosen);
      onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const hasOwnUpload = upload !== null || current?.uploaded === true;
  const confirmLabel = variant === 'icon' ? IMAGE_TEXTS.saveSelection : IMAGE_TEXTS.select;
  let grid: React.ReactNode;
  if (images.isPending) grid = <LoadingState />;
  else if (images.isError)
    grid = (
      <ErrorState
        title="We couldn’t load the images"
        message={errorMessage(images.error)}
        onRetry={() => void images.refetch()}
      />
    );
  else
    grid = (
      <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="sm" role="listbox" aria-label={IMAGE_TEXTS.selectImage}>
        {images.data.map((image) => {
          const isSelected = !upload && selected?.id === image.id;
          return (
            <UnstyledButton
              key={image.id}
              role="option"
              aria-selected={isSelected}
              onClick={() => choose(image)}
              onDoubleClick={() => {
                choose(image);
                void confirm(image);
              }}
              data-testid="image-option"
              style={{
                borderRadius: 8,
                padding: 4,
                outline: isSelected
                  ? '3px solid var(--mantine-color-blue-6)'
                  : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Image src={image.file} alt={image.file_name} radius="sm" h={72} fit="cover" />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={IMAGE_TEXTS.selectImage}
      size="lg"
      data-testid="image-modal"
    >
      <Stack gap="md">
        {variant === 'icon' && <Text>{IMAGE_TEXTS.iconPrompt}</Text>}
        <Text size="sm" c="dimmed" data-testid="image-hint">
          {hint}
        </Text>
        {grid}
        <input
          type="hidden"
          name="image"
          maxLength={IMAGE_FIELD_MAXLENGTH}
          value={upload?.name ?? selected?.file_name ?? ''}
        />
        {variant === 'icon' && (
          <Stack gap="xs" align="center">
            <Text fw={600}>{IMAGE_TEXTS.or}</Text>
            <FileButton onChange={chooseFile} accept={IMAGE_MIME_TYPES.join(',')}>
              {(props) => (
                <Button {...props} variant="light">
                  {hasOwnUpload ? IMAGE_TEXTS.updateUploaded : IMAGE_TEXTS.uploadYourOwn}
                </Button>
              )}
            </FileButton>
            {upload && (
              <Text size="sm" data-testid="image-upload-name">
                {upload.name}
              </Text>
            )}
          </Stack>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="image-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {IMAGE_TEXTS.cancel}
          </Button>
          <Button onClick={() => void confirm()} loading={busy} disabled={!selected && !upload}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
