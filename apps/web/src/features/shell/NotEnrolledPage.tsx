import { PAGES } from '@course-coach/contracts';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useParams } from 'react-router';
import { useFirstContentShown } from '../../components/first-content.ts';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';

/** Heading of the page a signed-in user sees for a coach they have no part in. */
export const NOT_ENROLLED_TITLE = 'You are not enrolled in this course';

/**
 * The page for a coach the signed-in user is not enrolled in (or one that does not exist: the two read the
 * same, so the page reveals nothing about other courses). It links to the user's own coaches and shows no
 * staff or instructor controls. Takes the user's coaches as `{ id, label }`.
 */
export function NotEnrolledPage({ coaches }: { coaches: ReadonlyArray<{ id: number; label: string }> }) {
  usePageTitle(NOT_ENROLLED_TITLE);
  useFirstContentShown();
  return (
    <Stack gap="md" align="flex-start" py="xl" data-testid="not-enrolled-page">
      <Title order={1}>{NOT_ENROLLED_TITLE}</Title>
      <Text>
        This course coach is not one of yours, so there is nothing to show you here. If you think you should
        be enrolled, contact your instructor.
      </Text>
      {coaches.length > 0 ? (
        <nav aria-labelledby="your-coaches-heading">
          <Title order={2} size="h4" id="your-coaches-heading" mb="xs">
            Your coaches
          </Title>
          <List spacing="xs">
            {coaches.map((coach) => (
              <List.Item key={coach.id}>
                <Anchor component={Link} to={PAGES.coachDetails(coach.id)}>
                  {coach.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
      ) : (
        <Text>You are not enrolled in any course coach yet.</Text>
      )}
    </Stack>
  );
}

/**
 * Layout route around every page with a `:coachId` in its path: a signed-in user with no part in that coach
 * (not enrolled, not an instructor of it, no institution staff role) gets NotEnrolledPage instead of the
 * page, so they never see its staff controls or error boxes. Everyone else gets the page, whose API calls
 * check access again on the server. A path without a numeric `coachId` passes through (the page shows 404).
 */
export function CoachMemberGate() {
  const params = useParams();
  const { data: me } = useMe();
  const coachId = params.coachId === undefined ? null : parsePathId(params.coachId);
  if (me && coachId !== null && coachAccess(me, coachId) === 'unknown') {
    return <NotEnrolledPage coaches={me.coaches} />;
  }
  return <Outlet />;
}
