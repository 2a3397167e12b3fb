import type { MyEngagement } from '@course-coach/contracts';
import { Alert, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { ReflowTable } from '../../components/ReflowTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { useMyEngagement } from './engagement-api.ts';
import { ENGAGEMENT_TEXTS as T } from './texts.ts';
import { WeeklyChartSvg, WeeklyTable } from './WeeklyChart.tsx';

/**
 * `/Dashboard/Coach/{coachId}/Engagement/` (ours; docs/engagement.md "My engagement"): a student's own
 * clicks by week beside the class median (a chart and the same figures as a table) and the kinds of
 * material they use. For the coach's students; anyone else sees the 404 page (the API refuses them too).
 */
export function MyEngagementPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(T.title);
  if (coachId === null || !me || coachAccess(me, coachId) !== 'student') return <NotFoundPage />;
  return <MyEngagementView coachId={coachId} />;
}

function MyEngagementView({ coachId }: { coachId: number }) {
  const query = useMyEngagement(coachId);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{T.title}</Title>
      <Text>{T.intro}</Text>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <QueryErrorState
          error={query.error}
          title={T.loadError}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <EngagementSections data={query.data} />
      )}
    </Stack>
  );
}

function EngagementSections({ data }: { data: MyEngagement }) {
  const { ref, width } = useElementSize();
  if (!data.has_log) {
    return (
      <Alert color="gray" variant="light" data-testid="engagement-no-log">
        {T.noLog}
      </Alert>
    );
  }
  return (
    <>
      <Text c="dimmed" size="sm">
        {T.asOf(data.current_day)} {T.total(data.total_clicks)}
      </Text>
      <Paper withBorder p="md" component="section" aria-labelledby="engagement-weekly">
        <Stack gap="sm">
          <Title order={2} size="h3" id="engagement-weekly">
            {T.weeklyTitle}
          </Title>
          {!data.median_available && (
            <Text size="sm" data-testid="engagement-no-median">
              {T.noMedian}
            </Text>
          )}
          <div ref={ref}>
            <WeeklyChartSvg weeks={data.weeks} width={width > 0 ? Math.round(width) : 640} />
          </div>
          <WeeklyTable weeks={data.weeks} withMedian={data.median_available} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="engagement-kinds-title">
        <Stack gap="sm">
          <Title order={2} size="h3" id="engagement-kinds-title">
            {T.kindsTitle}
          </Title>
          {data.kinds.length === 0 ? (
            <Text>{T.noClicks}</Text>
          ) : (
            <ReflowTable
              data-testid="engagement-kinds"
              aria-labelledby="engagement-kinds-title"
              rows={data.kinds}
              rowKey={(k) => k.activity_type}
              columns={[
                { header: T.kind, cell: (k) => k.label, rowHeader: true, cellProps: () => ({ fw: 400 }) },
                { header: T.clicks, cell: (k) => k.clicks },
                {
                  header: T.share,
                  cellProps: () => ({ miw: 140 }),
                  cell: (k) => (
                    <>
                      <Text size="sm">{k.share} %</Text>
                      <Progress value={k.share} size="sm" color="blue.8" aria-hidden="true" />
                    </>
                  ),
                },
              ]}
            />
          )}
        </Stack>
      </Paper>
    </>
  );
}
