import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { GradeCharts } from '../charts/index.ts';
import { NotFoundPage } from '../shell/index.ts';
import { ActivityCards } from './ActivityCards.tsx';

/** Page title of the activity page (ours). */
export const ACTIVITY_PAGE_TITLE = 'Your activity';

/**
 * `/Dashboard/Coach/{coachId}/Activity/`: a student's activity cards and the class charts on a page of
 * their own (staff and instructors see the class charts only).
 */
export function ActivityPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(ACTIVITY_PAGE_TITLE);
  if (coachId === null || !me) return <NotFoundPage />;
  const access = coachAccess(me, coachId);
  if (access === 'unknown') return <NotFoundPage />;
  const coach = me.coaches.find((c) => c.id === coachId);
  return (
    <Stack gap="lg">
      <Title order={1}>{coach ? `${coach.label}: activity` : ACTIVITY_PAGE_TITLE}</Title>
      {access === 'student' && <ActivityCards coachId={coachId} />}
      <GradeCharts coachId={coachId} />
    </Stack>
  );
}
