import { PAGES } from '@course-coach/contracts';
import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { useInstitutionsCoaches } from '../institution/index.ts';
import { DashboardHeader } from './DashboardHeader.tsx';
import { GradeCharts, InstructorHome } from './dashboard-cards.tsx';

/** For staff: back to their institution's coach list. */
function BackToCoaches({ institutionId }: { institutionId: number }) {
  return (
    <Anchor component={Link} to={PAGES.institutionCoachDashboard(institutionId)} size="sm">
      Back to all coaches
    </Anchor>
  );
}

/**
 * A staff member's view of a coach (the instructor home): found through their institutions' coach lists.
 * Loaded by the coach dashboard page for staff only (`LazyStaffCoachDashboard`), so that a student's
 * dashboard does not carry the institution's coach lists (docs/architecture.md "Keeping the first load
 * small").
 */
export function StaffCoachDashboard({
  coachId,
  institutionIds,
}: {
  coachId: number;
  institutionIds: number[];
}) {
  const lists = useInstitutionsCoaches(institutionIds);
  const pending = lists.some((l) => l.isPending);
  const failed = lists.find((l) => l.isError);
  if (pending) return <LoadingState />;
  for (const [index, list] of lists.entries()) {
    const coach = list.data?.find((c) => c.id === coachId);
    if (coach) {
      return (
        <Stack gap="lg">
          <DashboardHeader label={coach.label} detail={`Course ${coach.course} · Term ${coach.term}`} />
          <BackToCoaches institutionId={institutionIds[index]!} />
          <InstructorHome coachId={coachId} />
          <GradeCharts coachId={coachId} />
        </Stack>
      );
    }
  }
  if (failed?.error) {
    return (
      <ErrorState
        title="We couldn’t load this coach"
        message={failed.error.message}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  }
  return <NotFoundPage />;
}
