import { INSTRUCTOR_HOME_TEXTS, PAGES, type ViewAsStudent } from '@course-coach/contracts';
import { Alert, Anchor, Grid, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { createQueryClient } from '../../api/query-client.ts';
import { enterViewAs, leaveViewAs } from '../../api/view-as.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ActivityCards } from '../analytics/index.ts';
import { BulletinList } from '../bulletins/index.ts';
import { GradeCharts } from '../charts/index.ts';
import { GradeCard } from '../grades/index.ts';
import { CompletionHistory } from '../history/index.ts';
import { FeaturedTestimonials } from '../testimonials/index.ts';
import { TipsCard } from '../tips/index.ts';
import { TodoCard } from '../todos/index.ts';
import { useViewAsStudent } from './instructor-home-api.ts';

/**
 * The student's dashboard cards, answered from the student's own answers (api/view-as.ts) through a
 * query client of their own, so nothing mixes with the instructor's cache and nothing is fetched as the
 * instructor. Nothing can be acted on: the cards get no student actions, and any write is refused.
 */
function StudentCards({ coachId, view }: { coachId: number; view: ViewAsStudent }) {
  const [client] = useState(() => {
    enterViewAs(coachId, view.parts);
    return createQueryClient();
  });
  useLayoutEffect(() => {
    enterViewAs(coachId, view.parts);
    return () => {
      leaveViewAs();
      client.clear();
    };
  }, [coachId, view, client]);
  return (
    <QueryClientProvider client={client}>
      <Grid gap="lg" data-testid="view-as-dashboard">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="lg">
            <GradeCard coachId={coachId} pageLink={false} />
            <FeaturedTestimonials coachId={coachId} />
            <BulletinList context={{ coachId }} />
            <ActivityCards coachId={coachId} />
            <GradeCharts coachId={coachId} />
            <CompletionHistory coachId={coachId} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="lg">
            <TipsCard coachId={coachId} />
            <TodoCard coachId={coachId} mode="sidebar" canAct={false} />
          </Stack>
        </Grid.Col>
      </Grid>
    </QueryClientProvider>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/ViewAsStudent/{studentId}/` (docs/instructor-home.md): a student's coach
 * dashboard as they see it, read-only, for the coach's instructors and the institution's staff. The
 * server records every view in the audit log; a student of another coach is a 404.
 */
export function ViewAsStudentPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const studentId = parsePathId(params.studentId);
  if (coachId === null || studentId === null) return <NotFoundPage />;
  return <ViewAs key={`${coachId}-${studentId}`} coachId={coachId} studentId={studentId} />;
}

function ViewAs({ coachId, studentId }: { coachId: number; studentId: number }) {
  const view = useViewAsStudent(coachId, studentId);
  usePageTitle(view.data ? `${view.data.student.name} — view as student` : 'View as student');
  if (view.isPending) return <LoadingState />;
  if (view.isError) {
    if (isApiError(view.error, 404)) return <NotFoundPage />;
    return (
      <ErrorState
        title="We couldn’t load this student’s dashboard"
        message={errorMessage(view.error)}
        onRetry={() => void view.refetch()}
        retrying={view.isFetching}
      />
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={500}>
          View as student
        </Text>
        <Title order={1}>{view.data.student.name}</Title>
      </Stack>
      <Alert color="blue" variant="light" title="Read-only view" data-testid="view-as-banner">
        <Text size="sm">{INSTRUCTOR_HOME_TEXTS.viewAsBanner(view.data.student.name)}</Text>
        <Anchor
          component={Link}
          to={PAGES.coachDetails(coachId)}
          size="sm"
          c="dark"
          mt="xs"
          display="inline-block"
        >
          Back to the instructor home
        </Anchor>
      </Alert>
      <StudentCards coachId={coachId} view={view.data} />
    </Stack>
  );
}
