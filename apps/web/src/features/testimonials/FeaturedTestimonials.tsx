import { TESTIMONIAL_TEXTS } from '@course-coach/contracts';
import { Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useFeaturedTestimonials } from './testimonials-api.ts';

/**
 * The coach dashboard's featured testimonials: the ones staff featured and their students agreed to
 * show, each with its testimonial picture. Shows nothing while loading, on an error or when there are
 * none (it is an extra, not a widget the spec requires).
 */
export function FeaturedTestimonials({ coachId }: { coachId: number }) {
  const titleId = useId();
  const query = useFeaturedTestimonials(coachId);
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="featured-testimonials"
    >
      <Stack gap="md">
        <Title order={2} size="h3" id={titleId}>
          {TESTIMONIAL_TEXTS.featuredTitle}
        </Title>
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((t) => (
            <Group
              component="li"
              key={t.id}
              align="flex-start"
              wrap="nowrap"
              gap="md"
              data-testid="featured-testimonial"
            >
              <Image
                src={t.picture_url}
                alt={TESTIMONIAL_TEXTS.pictureAlt}
                w={56}
                h={56}
                radius="md"
                fit="cover"
              />
              <Text component="blockquote" m={0} style={{ whiteSpace: 'pre-line' }}>
                {t.text}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
