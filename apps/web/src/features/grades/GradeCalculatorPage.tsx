import { PAGES } from '@course-coach/contracts';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { NotFoundPage } from '../shell/index.ts';
import { useCalculatorSettings, useGradeCalculator } from './calculator-api.ts';
import { GradeCalculator } from './GradeCalculator.tsx';
import { formatPercent } from './grade-data.ts';
import { LetterBoundariesForm } from './LetterBoundariesForm.tsx';

/** Texts of the page (ours; docs/grades.md "The Grade Calculator"). */
export const CALCULATOR_PAGE_TEXTS = {
  title: 'Grade Calculator',
  intro: (coach: string) =>
    `Try what-if scores on the work that is left in ${coach}, and see what you need for the grade you want.`,
  inactiveTitle: 'The Grade Calculator is not turned on',
  inactive: (coach: string) => `Your instructor has not turned on the Grade Calculator for ${coach} yet.`,
  backToGrades: 'Back to your grades',
  loadFailed: 'We couldn’t load the Grade Calculator',
  letters: 'Letters in this course',
  staffIntro:
    'Students of this coach see their own assignments here, with what-if scores and what they need for each letter.',
} as const;

/** The coach's letters as one line ("A 90%, B 80%, …"), highest first. */
function lettersLine(boundaries: ReadonlyArray<{ letter: string; min: number }>): string {
  return [...boundaries]
    .reverse()
    .map((b) => `${b.letter} from ${formatPercent(b.min)}`)
    .join(', ');
}

/** A student's view: the calculator when the coach has it on, else a plain note and a way back. */
function StudentCalculator({ coachId }: { coachId: number }) {
  const query = useGradeCalculator(coachId);
  if (query.isPending) return <LoadingState data-testid="calculator-loading" />;
  if (query.isError)
    return (
      <ErrorState
        title={CALCULATOR_PAGE_TEXTS.loadFailed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const data = query.data;
  if (!data.calculator_active)
    return (
      <Alert
        color="gray"
        variant="light"
        title={CALCULATOR_PAGE_TEXTS.inactiveTitle}
        data-testid="calculator-inactive"
      >
        <Text size="sm">{CALCULATOR_PAGE_TEXTS.inactive(data.coach.label)}</Text>
        <Anchor component={Link} to={PAGES.grades(coachId)} size="sm">
          {CALCULATOR_PAGE_TEXTS.backToGrades}
        </Anchor>
      </Alert>
    );
  return (
    <Stack gap="md">
      <Text c="dimmed">{CALCULATOR_PAGE_TEXTS.intro(data.coach.label)}</Text>
      <Text size="sm" data-testid="calculator-letters">
        {CALCULATOR_PAGE_TEXTS.letters}: {lettersLine(data.letter_boundaries)}.
      </Text>
      <GradeCalculator data={data} />
    </Stack>
  );
}

/** Staff and instructors: the settings form (they have no grades of their own here). */
function StaffSettings({ coachId }: { coachId: number }) {
  const query = useCalculatorSettings(coachId);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        title={CALCULATOR_PAGE_TEXTS.loadFailed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return (
    <Stack gap="md">
      <Text c="dimmed">{CALCULATOR_PAGE_TEXTS.staffIntro}</Text>
      <LetterBoundariesForm coachId={coachId} initial={query.data} />
    </Stack>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/GradeCalculator/` (spec §2 grade card: "when calculator_active, a hint to play
 * with the Grade Calculator"; the path is ours). Students get their calculator (when the coach has it on);
 * staff and instructors get the form that turns it on and sets the letters.
 */
export function GradeCalculatorPage() {
  const coachId = parsePathId(useParams().coachId);
  const { data: me } = useMe();
  usePageTitle(CALCULATOR_PAGE_TEXTS.title);
  if (coachId === null || !me) return <NotFoundPage />;
  const access = coachAccess(me, coachId);
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>{CALCULATOR_PAGE_TEXTS.title}</Title>
      {access === 'student' ? <StudentCalculator coachId={coachId} /> : <StaffSettings coachId={coachId} />}
    </Stack>
  );
}
