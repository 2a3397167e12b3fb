import { TESTIMONIAL_TEXTS } from '@course-coach/contracts';
import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/index.ts';
import { useFeatureTestimonial, useStaffTestimonials } from './testimonials-api.ts';

/**
 * `/Dashboard/Coach/{coachId}/TestimonialManager/` (staff): every testimonial of the coach with its student
 * and picture; Feature / Stop featuring (only with the student's consent). Featured, consented
 * testimonials show on the coach dashboard for the coach's students.
 */
export function TestimonialManagerPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(TESTIMONIAL_TEXTS.managerTitle);
  const query = useStaffTestimonials(coachId ?? 0);
  const feature = useFeatureTestimonial(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        title="We couldn’t load the testimonials"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.length === 0)
    body = <Text data-testid="testimonials-empty">{TESTIMONIAL_TEXTS.managerEmpty}</Text>;
  else
    body = (
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {query.data.map((t) => (
          <Card component="li" key={t.id} withBorder radius="md" padding="md" data-testid="staff-testimonial">
            <Group align="flex-start" wrap="nowrap" gap="md">
              <Image
                src={t.picture_url}
                alt={`Testimonial picture of ${t.student_name}`}
                w={56}
                h={56}
                radius="md"
              />
              <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{t.student_name}</Text>
                  {t.featured && <Badge color="teal.9">{TESTIMONIAL_TEXTS.featuredBadge}</Badge>}
                </Group>
                <Text style={{ whiteSpace: 'pre-line' }}>{t.text}</Text>
                {t.consent ? (
                  <Group>
                    <Button
                      size="xs"
                      variant={t.featured ? 'default' : 'filled'}
                      loading={feature.isPending && feature.variables?.id === t.id}
                      onClick={() => feature.mutate({ id: t.id, featured: !t.featured })}
                      aria-label={`${t.featured ? TESTIMONIAL_TEXTS.unfeature : TESTIMONIAL_TEXTS.feature}: ${t.student_name}`}
                    >
                      {t.featured ? TESTIMONIAL_TEXTS.unfeature : TESTIMONIAL_TEXTS.feature}
                    </Button>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {TESTIMONIAL_TEXTS.noConsent}
                  </Text>
                )}
              </Stack>
            </Group>
          </Card>
        ))}
        {feature.isError && (
          <Text c="red.9" role="alert">
            {errorMessage(feature.error)}
          </Text>
        )}
      </Stack>
    );
  return (
    <Stack gap="lg" maw={840}>
      <Title order={1}>{TESTIMONIAL_TEXTS.managerTitle}</Title>
      {body}
    </Stack>
  );
}
