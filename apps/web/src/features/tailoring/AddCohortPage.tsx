import { PAGES, TAILORING_TEXTS, TAILORING_UI_TEXTS } from '@course-coach/contracts';
import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/index.ts';
import { useInvalidateTailoring } from './api.ts';
import { CohortForm } from './CohortForm.tsx';

function AddCohort({ coachId }: { coachId: number }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateTailoring(coachId);
  const [searchParams] = useSearchParams();
  const collection = parsePathId(searchParams.get('collection') ?? undefined);
  usePageTitle(TAILORING_UI_TEXTS.addInsightGroup);
  return (
    <Stack gap="lg" data-page="add-cohort" maw={640}>
      <Anchor component={Link} to={PAGES.cohortManager(coachId)} size="sm">
        <span aria-hidden="true">← </span>
        {TAILORING_TEXTS.insightGroups}
      </Anchor>
      <Title order={1}>{TAILORING_UI_TEXTS.addInsightGroup}</Title>
      <Paper withBorder p="md">
        <CohortForm
          coachId={coachId}
          defaultCollectionId={collection}
          onSaved={async () => {
            await invalidate();
            // Spec §2: after a cohort is added, go to the coach dashboard.
            navigate(PAGES.coachDetails(coachId));
          }}
          onCancel={() => navigate(PAGES.cohortManager(coachId))}
        />
      </Paper>
    </Stack>
  );
}

/** `/Dashboard/Coach/{coachId}/cohort-manager/add-cohort`: the group form; afterwards the coach dashboard. */
export function AddCohortPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  if (coachId === null) return <NotFoundPage />;
  return <AddCohort key={coachId} coachId={coachId} />;
}
