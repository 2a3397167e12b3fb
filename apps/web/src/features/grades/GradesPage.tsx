import { Alert, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { GradeCharts } from '../charts/index.ts';
import { STAFF_GRADE_NOTE } from '../coach/index.ts';
import { NotFoundPage } from '../shell/index.ts';
import { GRADE_CARD_TEXTS, GradeCard } from './GradeCard.tsx';

/** Texts of the grade page (ours; the spec names "grade pages" without their content). */
export const GRADES_PAGE_TEXTS = {
  title: 'Your grades',
  intro: 'Your grade progress in this coach, and how the class is doing.',
} as const;

/**
 * `/Dashboard/Coach/{coachId}/Grades/` (spec §2 "Other coach pages carry coachId: … grade pages"): the
 * Grade visualization card and the class grade charts (§2 Charts) on a page of their own, linked from the
 * grade card. Staff and instructors, who have no grades, see the note and the class charts.
 */
export function GradesPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(GRADES_PAGE_TEXTS.title);
  if (coachId === null || !me) return <NotFoundPage />;
  const access = coachAccess(me, coachId);
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1}>{GRADES_PAGE_TEXTS.title}</Title>
        <Text c="dimmed">{GRADES_PAGE_TEXTS.intro}</Text>
      </Stack>
      {access === 'student' ? (
        <GradeCard coachId={coachId} />
      ) : (
        <Alert color="blue" variant="light" title={GRADE_CARD_TEXTS.title} data-testid="staff-grade-note">
          <Text size="sm">{STAFF_GRADE_NOTE}</Text>
        </Alert>
      )}
      <GradeCharts coachId={coachId} />
    </Stack>
  );
}
