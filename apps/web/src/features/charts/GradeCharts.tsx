import { CHART_TEXTS } from '@course-coach/contracts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useGradeDistribution } from '../analytics/index.ts';
import { GradeChart } from './GradeChart.tsx';

/** Card title of the class charts (ours). */
export const GRADE_CHARTS_TITLE = 'How the class is doing';

/**
 * The class grade charts card (spec §2 "Charts"): the histogram with the student's bar as 'Your Grade'
 * and the distribution with their percentile, both from GET …/grade-distribution.
 */
export function GradeCharts({ coachId }: { coachId: number }) {
  const titleId = useId();
  const query = useGradeDistribution(coachId);
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        title={CHART_TEXTS.loadFailed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Current scores of the {query.data.students_count} students with graded work in {query.data.label}.
        </Text>
        <GradeChart data={query.data} variant="histogram" />
        <GradeChart data={query.data} variant="distribution" />
      </Stack>
    );
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="grade-charts"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {GRADE_CHARTS_TITLE}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
