import { type CoachListEntry, MESSAGES, PAGES, WIZARD_PAGES } from '@course-coach/contracts';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useMe } from '../auth/index.ts';
import { NotFoundPage } from '../shell/index.ts';
import { UnfinishedSetups } from '../wizard/index.ts';
import { CoachActivityBreakdownCard } from './CoachActivityBreakdown.tsx';
import { useInstitutionCoaches } from './institution-coaches.ts';

function CoachCard({ coach }: { coach: CoachListEntry }) {
  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="institution-coach">
      <Stack gap="xs">
        <Text fw={600} size="lg" component="h3">
          {coach.label}
        </Text>
        <Text size="sm" c="dimmed">
          Course {coach.course} · Term {coach.term}
        </Text>
        <Anchor
          component={Link}
          to={PAGES.coachDetails(coach.id)}
          fw={500}
          aria-label={`Open coach dashboard of ${coach.label}`}
        >
          Open coach dashboard
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * `/Dashboard/Institution/{institutionId}/CoachDashboard`: the institution's coaches, each linking to its
 * coach dashboard, under the Coach Activity Breakdown of the chosen coach (spec §2, §4 "Institution coach
 * view"); the spec's empty text when there are none.
 */
export function InstitutionCoachDashboardPage() {
  const params = useParams();
  const institutionId = parsePathId(params.institutionId);
  const { data: me } = useMe();
  const institution = me?.institutions.find((i) => i.id === institutionId);
  usePageTitle(institution ? `${institution.name} coaches` : 'Coaches');
  const coaches = useInstitutionCoaches(institutionId);

  if (institutionId === null) return <NotFoundPage />;

  let body: React.ReactNode;
  if (coaches.isPending) body = <LoadingState />;
  else if (coaches.isError) {
    if (isApiError(coaches.error, 404)) return <NotFoundPage />;
    body = isApiError(coaches.error, 403) ? (
      <Alert color="gray" variant="light" title="Staff only" data-testid="institution-forbidden">
        This page is for the institution’s staff. {coaches.error.message}
      </Alert>
    ) : (
      <ErrorState
        title="We couldn’t load the coaches"
        message={errorMessage(coaches.error)}
        onRetry={() => void coaches.refetch()}
        retrying={coaches.isFetching}
      />
    );
  } else if (coaches.data.length === 0) {
    body = (
      <Text data-testid="institution-no-coaches" py="md">
        {MESSAGES.noActiveCoaches}
      </Text>
    );
  } else {
    body = (
      <Stack gap="lg">
        <CoachActivityBreakdownCard institutionId={institutionId} coaches={coaches.data} />
        <Title order={2} size="h3">
          All coaches
        </Title>
        <SimpleGrid
          component="ul"
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Coaches"
        >
          {coaches.data.map((coach) => (
            <CoachCard key={coach.id} coach={coach} />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        {institution && (
          <Text size="sm" c="dimmed" fw={500}>
            {institution.name}
          </Text>
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>Coaches</Title>
          {institution && (
            <Button component={Link} to={WIZARD_PAGES.wizard(institutionId, 'new')}>
              Create a coach
            </Button>
          )}
        </Group>
        {coaches.data && coaches.data.length > 0 && (
          <Text c="dimmed">
            {coaches.data.length === 1 ? '1 coach' : `${coaches.data.length} coaches`}. Open one to see its
            coach dashboard.
          </Text>
        )}
      </Stack>
      {institution && <UnfinishedSetups institutionId={institutionId} />}
      {body}
    </Stack>
  );
}
