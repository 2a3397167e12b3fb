import { Card, Skeleton, Stack } from '@mantine/core';

/**
 * A card-shaped placeholder (Mantine Skeleton) shown where a dashboard card will appear while its data
 * loads, so the page keeps its layout instead of one page-wide "Loading...". `lines` text bars below a
 * title bar. Hidden from screen readers; the page announces loading through `aria-busy` on its region.
 */
export function CardSkeleton({ lines = 3, height }: { lines?: number; height?: number }) {
  return (
    <Card withBorder radius="md" padding="lg" aria-hidden="true" data-testid="card-skeleton">
      <Stack gap="sm">
        <Skeleton height={22} width="45%" radius="sm" />
        {height ? (
          <Skeleton height={height} radius="sm" />
        ) : (
          Array.from({ length: lines }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} height={12} width={i === lines - 1 ? '70%' : '100%'} radius="sm" />
          ))
        )}
      </Stack>
    </Card>
  );
}
