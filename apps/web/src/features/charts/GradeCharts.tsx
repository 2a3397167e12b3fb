import { CHART_TEXTS, GRADE_BANDS, type GradeDistribution, gradeBandIndex } from '@course-coach/contracts';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useGradeDistribution } from '../analytics/index.ts';
import { formatPercent } from '../grades/index.ts';
import { GradeChart } from './GradeChart.tsx';

/** Card title of the class charts (ours); in the contracts so the dashboard names its section without this chunk. */
export const GRADE_CHARTS_TITLE = CHART_TEXTS.gradeChartsTitle;

/**
 * The chart data with the comparison median as its median marker (spec §2: "a median marker is drawn for
 * a STEM major median"): when staff chose a comparison group, its median replaces the class median.
 */
export function withComparisonMarker(data: GradeDistribution): GradeDistribution {
  const c = data.comparison;
  if (!c || c.cohort_id === null || !data.median) return data;
  const band = data.distribution[gradeBandIndex(c.value)] ?? { ...GRADE_BANDS[0]!, percent: 0 };
  return {
    ...data,
    median: {
      label: band.label,
      percent: band.percent,
      min_value: band.min_value,
      max_value: band.max_value,
      grade_label: CHART_TEXTS.comparisonLabel(c.label, c.value),
      value: c.value,
    },
  };
}

/** The student's own grade and why the class is not shown (too few students, or they opted out). */
function OwnProgressOnly({ data }: { data: GradeDistribution }) {
  const grade = data.student?.grade ?? null;
  return (
    <Stack gap="xs" data-testid="grade-charts-hidden">
      {grade !== null ? <Text>Your current score: {formatPercent(grade)}</Text> : null}
      <Text size="sm" c="dimmed">
        {data.hidden_reason === 'opted_out'
          ? CHART_TEXTS.hiddenOptedOut
          : CHART_TEXTS.hiddenTooFew(data.privacy.min_class_students)}
      </Text>
    </Stack>
  );
}

/** The class charts with the quartiles, the comparison median and a note on left-out bars. */
function ClassCharts({ data }: { data: GradeDistribution }) {
  const shown = withComparisonMarker(data);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Current scores of the {data.students_count} students with graded work in {data.label}.
      </Text>
      {data.quartiles ? (
        <Text size="sm" data-testid="grade-charts-quartiles">
          {CHART_TEXTS.quartiles(data.quartiles.q1, data.quartiles.q3)}
          {data.comparison
            ? ` ${CHART_TEXTS.comparisonLabel(data.comparison.label, data.comparison.value)}.`
            : ''}
        </Text>
      ) : null}
      {data.distribution.some((b) => b.hidden) ? (
        <Text size="sm" c="dimmed">
          {CHART_TEXTS.hiddenBars}
        </Text>
      ) : null}
      <GradeChart data={shown} variant="histogram" />
      <GradeChart data={shown} variant="distribution" />
    </Stack>
  );
}

/**
 * The class grade charts card (spec §2 "Charts"): the histogram with the student's bar as 'Your Grade'
 * and the distribution with their percentile, both from GET …/grade-distribution, under the coach's
 * privacy floors (docs/charts.md); only the student's own score when the class is hidden from them.
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
  else if (query.data.hidden_reason !== null) body = <OwnProgressOnly data={query.data} />;
  else body = <ClassCharts data={query.data} />;
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
