import '@mantine/carousel/styles.css';
import { stepIndex, TIP_PREVIEW_LENGTH, TIP_TEXTS, type Tip } from '@course-coach/contracts';
import { Carousel } from '@mantine/carousel';
import { Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import { useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { SafeHtml, truncateHtml } from '../../components/SafeHtml.tsx';
import { useTips } from './tips-api.ts';

/** Our words around the spec's (the spec names the expanded modal, not its button). */
export const TIP_UI = {
  readMore: 'Read the whole tip',
  tipOf: (n: number, total: number) => `Tip ${n} of ${total}`,
};

export interface TipsCarouselProps {
  tips: Tip[];
}

/**
 * The carousel of tips (spec §2, §4): one tip at a time with the Advice tag, a 200-character
 * preview with an ellipsis that keeps the tip's formatting (§9), and the expanded modal with the whole (sanitised) HTML. Stepping wraps
 * from last to first and first to last (stepIndex), but, as the spec says, there is no Previous on the
 * first card and no Next on the last.
 */
export function TipsCarousel({ tips }: TipsCarouselProps) {
  const [index, setIndex] = useState(0);
  const [expanded, setExpanded] = useState<Tip | null>(null);
  const embla = useRef<EmblaCarouselType | null>(null);
  const previews = useMemo(() => tips.map((t) => truncateHtml(t.html, TIP_PREVIEW_LENGTH)), [tips]);
  const current = Math.min(index, tips.length - 1);
  const go = (step: 1 | -1) => {
    const next = stepIndex(current, step, tips.length);
    setIndex(next);
    embla.current?.scrollTo(next);
  };
  return (
    <Stack gap="sm">
      <Carousel
        withControls={false}
        withIndicators={false}
        // Swipes and the arrow keys wrap from the last tip to the first and back (spec §4).
        emblaOptions={{ loop: tips.length > 1 }}
        slideGap="md"
        getEmblaApi={(api) => {
          embla.current = api;
        }}
        onSlideChange={setIndex}
        aria-roledescription="carousel"
        data-testid="tips-carousel"
      >
        {tips.map((tip, i) => (
          <Carousel.Slide
            key={tip.id}
            aria-roledescription="slide"
            aria-label={TIP_UI.tipOf(i + 1, tips.length)}
            aria-hidden={i === current ? undefined : true}
            inert={i === current ? undefined : true}
            data-testid="tip-slide"
            data-active={i === current ? '' : undefined}
          >
            <Stack gap="xs">
              <SafeHtml html={previews[i] ?? ''} className="tip-preview" data-testid="tip-preview" />
              <Group>
                <Button size="compact-sm" variant="light" onClick={() => setExpanded(tip)}>
                  {TIP_UI.readMore}
                </Button>
              </Group>
            </Stack>
          </Carousel.Slide>
        ))}
      </Carousel>
      <Group justify="space-between">
        <div>
          {current > 0 && (
            <Button variant="default" size="xs" onClick={() => go(-1)}>
              {TIP_TEXTS.previous}
            </Button>
          )}
        </div>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="tip-position">
          {TIP_UI.tipOf(current + 1, tips.length)}
        </Text>
        <div>
          {current < tips.length - 1 && (
            <Button variant="default" size="xs" onClick={() => go(1)}>
              {TIP_TEXTS.next}
            </Button>
          )}
        </div>
      </Group>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={expanded !== null}
        onClose={() => setExpanded(null)}
        title={TIP_TEXTS.cardTitle}
        size="lg"
        data-testid="tip-modal"
      >
        <Stack gap="sm">
          <Badge variant="light" color="grape" w="fit-content">
            {TIP_TEXTS.advice}
          </Badge>
          {expanded && <SafeHtml html={expanded.html} data-testid="tip-full" />}
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The Tips of the Week card (spec §2): the Advice tag, the carousel, or the empty text. */
export function TipsCard({ coachId }: { coachId: number }) {
  const titleId = useId();
  const query = useTips(coachId);
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        title="We couldn’t load the tips"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.content.length === 0) body = <Text data-testid="tips-empty">{TIP_TEXTS.empty}</Text>;
  else body = <TipsCarousel tips={query.data.content} />;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="tips-card"
    >
      <Stack gap="sm">
        {/* Title and badge side by side: the card's top right corner holds the dashboard's fold button. */}
        <Group gap="sm">
          <Title order={2} size="h3" id={titleId}>
            {TIP_TEXTS.cardTitle}
          </Title>
          <Badge variant="light" color="grape">
            {TIP_TEXTS.advice}
          </Badge>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
