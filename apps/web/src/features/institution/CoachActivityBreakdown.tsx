import {
  BREAKDOWN_KINDS,
  type CoachActivityBreakdown,
  type CoachListEntry,
  MESSAGES,
  PAGES,
} from '@course-coach/contracts';
import { Box, Button, Card, Group, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useCoachActivityBreakdown } from './institution-coaches.ts';

/** A percentage as shown (up to 2 decimals, no trailing zeros). */
const formatPercent = (value: number) => `${Number(value.toFixed(2))}%`;

/** The figures of one coach: the overall count and the Content Breakdown (spec §2). */
function BreakdownFigures({ data }: { data: CoachActivityBreakdown }) {
  const headingId = useId();
  return (
    <Stack gap="md" data-testid="coach-activity-figures">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text fz={40} fw={700} lh={1.1} data-testid="coach-activity-completed">
            {data.total_completed_assignments.toLocaleString('en-US')}
          </Text>
          <Text fw={500} data-testid="coach-activity-total">
            {MESSAGES.ofItemsComplete(data.total_assignments_count.toLocaleString('en-US'))}
          </Text>
        </Stack>
        <Text c="dimmed" size="sm">
          {formatPercent(data.assignment_completed_percentage)} complete ·{' '}
          {data.incomplete_assignment_count.toLocaleString('en-US')} incomplete · across{' '}
          {data.student_count === 1 ? '1 student' : `${data.student_count.toLocaleString('en-US')} students`}
        </Text>
      </Group>
      <Title order={3} size="h4" id={headingId}>
        {MESSAGES.contentBreakdown}
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby={headingId}
      >
        {data.content_breakdown.map((row) => (
          <li key={row.kind} data-testid={`breakdown-${row.kind}`}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600}>{row.label}</Text>
                <Text size="sm" data-testid={`breakdown-${row.kind}-count`}>
                  {row.completed_count.toLocaleString('en-US')} / {row.total_count.toLocaleString('en-US')} ·{' '}
                  {formatPercent(row.completed_percentage)}
                </Text>
              </Group>
              <Progress.Root size="md">
                <Progress.Section
                  value={row.completed_percentage}
                  aria-label={`${row.label} complete`}
                  color="teal"
                />
              </Progress.Root>
            </Stack>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The loading state in the place of the figures, as tall as they will be: the figures' own layout with
 * blank lines, hidden, under the spec's 'Loading...'. The list of coaches below the card does not move
 * when the figures arrive, so a click aimed at one of its links lands on it (WCAG 2.2's "no unexpected
 * change of context" in spirit; a layout shift under the pointer is the usual mis-click).
 */
function BreakdownLoading() {
  const blank = '\u00a0';
  return (
    <Box pos="relative">
      <Stack
        gap="md"
        aria-hidden="true"
        style={{ visibility: 'hidden' }}
        data-testid="coach-activity-placeholder"
      >
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={0}>
            <Text fz={40} fw={700} lh={1.1}>
              {blank}
            </Text>
            <Text fw={500}>{blank}</Text>
          </Stack>
          {/* As wide as the percentage line's usual text, and wrapping like it: beside the count on a
              wide card, under it in two lines on a phone. */}
          <Text c="dimmed" size="sm">
            {`${blank} `.repeat(46)}
          </Text>
        </Group>
        <Title order={3} size="h4">
          {blank}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {BREAKDOWN_KINDS.map((kind) => (
            <Stack gap={4} key={kind}>
              <Text fw={600}>{blank}</Text>
              <Progress.Root size="md" />
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      <Box pos="absolute" top={0} left={0} right={0}>
        <LoadingState data-testid="coach-activity-loading" />
      </Box>
    </Box>
  );
}

/**
 * Coach Activity Breakdown (spec §2, §4 "Institution coach view"): a coach dropdown with the first coach
 * selected by default (a change reloads every figure), an 'Enter Coach' link to the chosen coach's
 * dashboard, the overall count 'Of N Items Complete' and the Content Breakdown of Bulletins, Surveys,
 * Playbooks and To-Dos. `coaches` is the institution's coach list (not empty).
 */
export function CoachActivityBreakdownCard({
  institutionId,
  coaches,
}: {
  institutionId: number;
  coaches: CoachListEntry[];
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = coaches.find((c) => String(c.id) === chosen) ?? coaches[0] ?? null;
  const breakdown = useCoachActivityBreakdown(institutionId, selected?.id ?? null);

  let body: React.ReactNode;
  if (breakdown.isPending) body = <BreakdownLoading />;
  else if (breakdown.isError)
    body = (
      <ErrorState
        title="We couldn’t load this coach’s activity"
        message={errorMessage(breakdown.error)}
        onRetry={() => void breakdown.refetch()}
        retrying={breakdown.isFetching}
        data-testid="coach-activity-error"
      />
    );
  else body = <BreakdownFigures data={breakdown.data} />;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="coach-activity-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="coach-activity-title">
          Coach Activity Breakdown
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Coach"
            data={coaches.map((c) => ({ value: String(c.id), label: c.label }))}
            value={selected ? String(selected.id) : null}
            onChange={(value) => value !== null && setChosen(value)}
            allowDeselect={false}
            searchable={coaches.length > 8}
            w={{ base: '100%', xs: 280 }}
            comboboxProps={{ withinPortal: false }}
            data-testid="coach-activity-select"
          />
          {selected && (
            <Button
              component={Link}
              to={PAGES.coachDetails(selected.id)}
              variant="light"
              aria-label={`${MESSAGES.enterCoach}: ${selected.label}`}
            >
              {MESSAGES.enterCoach}
            </Button>
          )}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
