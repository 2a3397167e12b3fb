import { IMAGES_PAGE_TEXTS, TESTIMONIAL_TEXTS } from '@course-coach/contracts';
import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { TestimonialForm, useMyTestimonial } from '../testimonials/index.ts';
import { ImageSelectModal } from './ImageSelectModal.tsx';
import { useImageField, useSaveImageField } from './images-api.ts';

/** The image field this page edits: the picture shown beside the student's testimonial (server: TESTIMONIAL_FIELD). */
export const TESTIMONIAL_FIELD = 'testimonial_icon';

/**
 * `/Dashboard/Coach/{coachId}/Images/`: the caller's testimonial picture (spec §3 Image field) with the
 * icon-picker variant of the Select Image modal; the default image when none is set (spec §9); and the
 * testimonial itself (text and consent), which staff may feature on the coach dashboard with the picture.
 */
export function ImagesPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(IMAGES_PAGE_TEXTS.title);
  const [open, setOpen] = useState(false);
  const field = useImageField(coachId ?? 0, TESTIMONIAL_FIELD);
  const save = useSaveImageField(coachId ?? 0, TESTIMONIAL_FIELD);
  const testimonial = useMyTestimonial(coachId ?? 0, coachId !== null);
  if (coachId === null) return <NotFoundPage />;

  let testimonialBody: React.ReactNode;
  if (testimonial.isPending) testimonialBody = <LoadingState />;
  else if (testimonial.isError)
    testimonialBody = (
      <ErrorState
        title="We couldn’t load your testimonial"
        message={errorMessage(testimonial.error)}
        onRetry={() => void testimonial.refetch()}
      />
    );
  else testimonialBody = <TestimonialForm coachId={coachId} current={testimonial.data.testimonial} />;

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
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="testimonial-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="testimonial-heading">
            {TESTIMONIAL_TEXTS.title}
          </Title>
          <Text size="sm">{TESTIMONIAL_TEXTS.intro}</Text>
          {testimonialBody}
        </Stack>
      </Card>
    </Stack>
  );
}
