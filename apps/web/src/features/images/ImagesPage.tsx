import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { ImageSelectModal } from './ImageSelectModal.tsx';
import { useImageField, useSaveImageField } from './images-api.ts';

/** The image field this page edits: the picture shown beside the student's testimonial. */
export const TESTIMONIAL_FIELD = 'testimonial_icon';
export const IMAGES_PAGE_TEXTS = {
  title: 'Your testimonial picture',
  intro:
    'This picture is shown beside your testimonial. Pick one of the coach’s pictures or upload your own.',
  change: 'Change picture',
  reset: 'Use the default picture',
  current: 'Current picture',
} as const;

/**
 * `/Dashboard/Coach/{coachId}/Images/`: the caller's testimonial picture (spec §3 Image field) with the
 * icon-picker variant of the Select Image modal; the default image when none is set (spec §9).
 */
export function ImagesPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(IMAGES_PAGE_TEXTS.title);
  const [open, setOpen] = useState(false);
  const field = useImageField(coachId ?? 0, TESTIMONIAL_FIELD);
  const save = useSaveImageField(coachId ?? 0, TESTIMONIAL_FIELD);
  if (coachId === null) return <NotFoundPage />;

  let body: React.ReactNode;
  if (field.isPending) body = <LoadingState />;
  else if (field.isError)
    body = (
      <ErrorState
        title="We couldn’t load your picture"
        message={errorMessage(field.error)}
        onRetry={() => void field.refetch()}
      />
    );
  else {
    const f = field.data;
    body = (
      <Stack gap="md">
        <Group gap="lg" align="center">
          <Image
            src={f.image?.file ?? f.default_image_path}
            alt={`${IMAGES_PAGE_TEXTS.current}: ${f.image?.file_name ?? f.default_image}`}
            w={96}
            h={96}
            radius="md"
            fit="cover"
            data-testid="current-image"
            data-file-name={f.image?.file_name ?? f.default_image}
          />
          <Stack gap="xs">
            <Button onClick={() => setOpen(true)}>{IMAGES_PAGE_TEXTS.change}</Button>
            {f.image && (
              <Button variant="subtle" onClick={() => save.mutate(null)} loading={save.isPending}>
                {IMAGES_PAGE_TEXTS.reset}
              </Button>
            )}
          </Stack>
        </Group>
        <ImageSelectModal
          coachId={coachId}
          opened={open}
          onClose={() => setOpen(false)}
          variant="icon"
          current={f.image}
          onSelect={(image) => save.mutateAsync(image.id)}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{IMAGES_PAGE_TEXTS.title}</Title>
      <Text>{IMAGES_PAGE_TEXTS.intro}</Text>
      <Card withBorder radius="md" padding="lg">
        {body}
      </Card>
    </Stack>
  );
}
