import { bulletinMessagePath, type Home, PAGES } from '@course-coach/contracts';
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { HomeCoachCard } from './HomeCoachCard.tsx';
import { HomeStaff } from './HomeStaff.tsx';
import { useHome } from './home-api.ts';
import { HOME_TEXTS as T } from './texts.ts';

/**
 * `/Homepage/{institutionId}` (spec §2 route; content ours, docs/homepage.md): the signed-in user's
 * coaches with grade progress, next to-do and unread bulletins, the institution's newest bulletins, and
 * for staff the institution's coaches and set-ups; one request (GET institution/{id}/home). Another
 * institution's home page is the 404 page.
 */
export function HomePage() {
  const institutionId = parsePathId(useParams().institutionId);
  if (institutionId === null) return <NotFoundPage />;
  return <HomeView institutionId={institutionId} />;
}

function HomeView({ institutionId }: { institutionId: number }) {
  const query = useHome(institutionId);
  usePageTitle(query.data ? `${T.title}: ${query.data.institution.name}` : T.title);
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return (
      <QueryErrorState
        error={query.error}
        title={T.loadError}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const home = query.data;
  return (
    <Stack gap="xl" maw={1100}>
      <Title order={1}>{home.institution.name}</Title>
      {(home.coaches.length > 0 || home.staff === null) && (
        <Stack gap="sm" component="section" aria-labelledby="home-coaches">
          <Title order={2} size="h3" id="home-coaches">
            {T.myCoaches}
          </Title>
          {home.coaches.length === 0 ? (
            <Text c="dimmed">{T.noCoaches}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {home.coaches.map((c) => (
                <HomeCoachCard key={c.id} coach={c} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
      )}
      <HomeBulletins institutionId={institutionId} bulletins={home.bulletins} />
      {home.staff && <HomeStaff institutionId={institutionId} staff={home.staff} />}
    </Stack>
  );
}

/** The institution's newest bulletins the user sees (unread ones marked) and a link to all of them. */
function HomeBulletins({
  institutionId,
  bulletins,
}: {
  institutionId: number;
  bulletins: Home['bulletins'];
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-bulletins">
      <Title order={2} size="h3" id="home-bulletins">
        {T.bulletins}
      </Title>
      <Paper withBorder p="md" data-testid="home-bulletins">
        {bulletins.latest.length === 0 ? (
          <Text c="dimmed">{T.noBulletins}</Text>
        ) : (
          <Stack gap="sm">
            <List spacing="xs" listStyleType="none" withPadding={false}>
              {bulletins.latest.map((b) => (
                <List.Item key={b.id}>
                  <Group gap="xs" wrap="wrap">
                    <Anchor
                      component={Link}
                      to={bulletinMessagePath({ institutionId }, b)}
                      fw={b.viewed ? 400 : 600}
                    >
                      {b.title}
                    </Anchor>
                    <Text span size="sm" c="dimmed">
                      {b.coach_label}
                    </Text>
                    {!b.viewed && (
                      <Badge size="sm" variant="filled" color="blue.8">
                        {T.unreadBadge}
                      </Badge>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
            <Anchor component={Link} to={PAGES.institutionBulletins(institutionId)} size="sm">
              {T.allBulletins(bulletins.total, bulletins.unread)}
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
