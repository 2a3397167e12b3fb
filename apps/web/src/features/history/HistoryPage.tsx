import { HISTORY_TEXTS } from '@course-coach/contracts';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { NotFoundPage } from '../shell/index.ts';
import { CompletionHistory } from './CompletionHistory.tsx';

/** `/Dashboard/Coach/{coachId}/History/`: the student's Completion History Overview on a page of its own. */
export function HistoryPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(HISTORY_TEXTS.title);
  if (coachId === null || !me || coachAccess(me, coachId) !== 'student') return <NotFoundPage />;
  const coach = me.coaches.find((c) => c.id === coachId);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{coach ? `${coach.label}: history` : HISTORY_TEXTS.title}</Title>
      <CompletionHistory coachId={coachId} coachLabel={coach?.label} />
    </Stack>
  );
}
