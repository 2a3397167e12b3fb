import { TIP_TEXTS } from '@course-coach/contracts';
import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/index.ts';
import { TipsCard } from './TipsCard.tsx';

/** `/Dashboard/Coach/{coachId}/Tips/`: the Tips of the Week card on a page of its own. */
export function TipsPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(TIP_TEXTS.cardTitle);
  if (coachId === null) return <NotFoundPage />;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{TIP_TEXTS.cardTitle}</Title>
      <TipsCard coachId={coachId} />
    </Stack>
  );
}
