import { PAGES, TAILORING_TEXTS, TAILORING_UI_TEXTS } from '@course-coach/contracts';
import { Anchor, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useInvalidateTailoring } from './api.ts';
import { InsightGroupForm } from './InsightGroupForm.tsx';

/** The confirmation the new group's details page shows once (our words; the page names the next step). */
export const insightGroupCreatedMessage = (name: string) =>
  `Insight Group “${name}” created. Add its rules below.`;

/** Navigation state the add page hands to the details page: the new group's name. */
export interface InsightGroupCreatedState {
  createdCohort: string;
}

function AddInsightGroup({ coachId }: { coachId: number }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateTailoring(coachId);
  const [searchParams] = useSearchParams();
  const collection = parsePathId(searchParams.get('collection') ?? undefined);
  usePageTitle(TAILORING_UI_TEXTS.addInsightGroup);
  return (
    <Stack gap="lg" data-page="add-cohort" maw={640}>
      <Anchor component={Link} to={PAGES.cohortManager(coachId)} size="sm">
        <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} />
        {TAILORING_TEXTS.insightGroups}
      </Anchor>
      <Title order={1}>{TAILORING_UI_TEXTS.addInsightGroup}</Title>
      <Paper withBorder p="md">
        <InsightGroupForm
          coachId={coachId}
          defaultCollectionId={collection}
          onSaved={async (cohort) => {
            await invalidate();
            // The spec sends the user to the coach dashboard; the product owner changed this (docs/tailoring.md):
            // the new group's details, where its rules are added, with a confirmation.
            const state: InsightGroupCreatedState = { createdCohort: cohort.name };
            navigate(PAGES.cohortDetails(coachId, cohort.id), { state });
          }}
          onCancel={() => navigate(PAGES.cohortManager(coachId))}
        />
      </Paper>
    </Stack>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/cohort-manager/add-cohort`: the group form; afterwards the new group's details
 * page with a confirmation.
 */
export function AddInsightGroupPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  if (coachId === null) return <NotFoundPage />;
  return <AddInsightGroup key={coachId} coachId={coachId} />;
}
