import {
  type Cohort,
  type CohortGroup,
  type CohortRule,
  characteristicLabel,
  membershipPercent,
  PAGES,
  TAILORING_TEXTS,
} from '@course-coach/contracts';
import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { RulesCombineNote } from '../help/index.ts';
import { useCohortGroups, useCohorts, useEnrollmentDetails, useInvalidateTailoring } from './api.ts';
import { InsightGroupCollectionFormModal } from './InsightGroupCollectionFormModal.tsx';
import { describeCriteria } from './InsightGroupDetailPage.tsx';
import { InsightGroupForm } from './InsightGroupForm.tsx';
import { useSettledDictionary } from './labels.tsx';
import { RuleFormModal } from './RuleFormModal.tsx';

/** Page route of the cohort overview (spec §2 names the screen, not its path). */
export const insightGroupOverviewPath = (coachId: number | string) =>
  `/Dashboard/Coach/${coachId}/cohort-overview`;

/** Title of the cohort overview page. */
export const INSIGHT_GROUP_OVERVIEW_TITLE = 'Insight Group overview';

type Dialog =
  | { kind: 'collection'; collection: CohortGroup | null }
  | { kind: 'cohort'; cohort: Cohort | null; collectionId: number | null }
  | { kind: 'rule'; cohortId: number; rule: CohortRule | null }
  | null;

function InsightGroupOverview({ coachId }: { coachId: number }) {
  const cohorts = useCohorts(coachId);
  const groups = useCohortGroups(coachId);
  const dictionary = useSettledDictionary(coachId);
  const enrollment = useEnrollmentDetails(coachId);
  const invalidate = useInvalidateTailoring(coachId);
  const [dialog, setDialog] = useState<Dialog>(null);
  usePageTitle(INSIGHT_GROUP_OVERVIEW_TITLE);

  const failed = cohorts.isError ? cohorts : groups.isError ? groups : null;
  // The dictionary too: the criteria show by label, never by code name (docs/characteristics.md).
  if (cohorts.isPending || groups.isPending || !dictionary) return <LoadingState />;
  if (failed?.error)
    return (
      <QueryErrorState
        error={failed.error}
        title="We couldn’t load the Insight Groups"
        onRetry={() => {
          void cohorts.refetch();
          void groups.refetch();
        }}
        retrying={cohorts.isFetching || groups.isFetching}
      />
    );

  const { characteristics } = dictionary;
  const enrollmentCount = enrollment.data?.enrollment_count ?? 0;
  const sections: { collection: CohortGroup | null; members: Cohort[] }[] = [
    ...(groups.data ?? []).map((collection) => ({
      collection,
      members: (cohorts.data ?? []).filter((c) => c.cohort_group === collection.id),
    })),
    { collection: null, members: (cohorts.data ?? []).filter((c) => c.cohort_group === null) },
  ];

  const cohortCard = (cohort: Cohort) => (
    <Paper key={cohort.id} withBorder p="sm" component="li" data-testid="overview-group">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text component="h3" fw={600} m={0}>
            {cohort.name}
          </Text>
          <Text size="sm">
            {cohort.membership_count} students ({membershipPercent(cohort.membership_count, enrollmentCount)}
            %)
          </Text>
        </Group>
        {cohort.rules.length === 0 ? (
          <Text size="sm">{TAILORING_TEXTS.noRulesAdded}</Text>
        ) : (
          <>
            <RulesCombineNote />
            <List size="sm" spacing={4}>
              {cohort.rules.map((rule) => {
                const c = characteristics.find((d) => d.name === rule.characteristic);
                // The characteristic's label and the values' labels, never the codes.
                const criteria = `${c ? characteristicLabel(c) : rule.characteristic} ${describeCriteria(rule, c)}`;
                return (
                  <List.Item key={rule.id}>
                    <Group gap="xs" wrap="wrap">
                      <span>{criteria}</span>
                      {!rule.is_valid && (
                        <Badge color="red" variant="light">
                          {TAILORING_TEXTS.invalidCriteria}
                        </Badge>
                      )}
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => setDialog({ kind: 'rule', cohortId: cohort.id, rule })}
                        disabled={!dictionary.query.data}
                        aria-label={`${TAILORING_TEXTS.editRule}: ${criteria}`}
                      >
                        {TAILORING_TEXTS.editRule}
                      </Button>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </>
        )}
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            onClick={() => setDialog({ kind: 'rule', cohortId: cohort.id, rule: null })}
            disabled={!dictionary.query.data}
            aria-label={`${TAILORING_TEXTS.addRule} to ${cohort.name}`}
          >
            {TAILORING_TEXTS.addRule}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setDialog({ kind: 'cohort', cohort, collectionId: cohort.cohort_group })}
            aria-label={`${TAILORING_TEXTS.edit} ${cohort.name}`}
          >
            {TAILORING_TEXTS.edit}
          </Button>
          <Anchor component={Link} to={PAGES.cohortDetails(coachId, cohort.id)} size="sm" fw={500}>
            {TAILORING_TEXTS.details}
            <VisuallyHidden> of {cohort.name}</VisuallyHidden>
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="xl" data-page="cohort-overview">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>{INSIGHT_GROUP_OVERVIEW_TITLE}</Title>
        <Group gap="sm">
          <Button onClick={() => setDialog({ kind: 'collection', collection: null })}>
            {TAILORING_TEXTS.addCollection}
          </Button>
          <Button
            variant="default"
            onClick={() => setDialog({ kind: 'cohort', cohort: null, collectionId: null })}
          >
            {TAILORING_TEXTS.addGroup}
          </Button>
        </Group>
      </Group>
      {(groups.data ?? []).length === 0 && <Text>{TAILORING_TEXTS.noCollections}</Text>}
      {sections.map(({ collection, members }) => {
        const headingId = `overview-collection-${collection?.id ?? 'none'}`;
        if (!collection && members.length === 0 && (cohorts.data ?? []).length > 0) return null;
        return (
          <Stack key={headingId} gap="sm" component="section" aria-labelledby={headingId}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Title order={2} size="h3" id={headingId}>
                {collection ? collection.name : TAILORING_TEXTS.insightGroups}
              </Title>
              {collection && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setDialog({ kind: 'collection', collection })}
                  aria-label={`${TAILORING_TEXTS.edit} ${collection.name}`}
                >
                  {TAILORING_TEXTS.edit}
                </Button>
              )}
            </Group>
            {members.length === 0 ? (
              <Text>{collection ? TAILORING_TEXTS.noGroupsInCollection : TAILORING_TEXTS.noGroups}</Text>
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {members.map(cohortCard)}
              </Stack>
            )}
          </Stack>
        );
      })}

      <InsightGroupCollectionFormModal
        coachId={coachId}
        opened={dialog?.kind === 'collection'}
        onClose={() => setDialog(null)}
        collection={dialog?.kind === 'collection' ? dialog.collection : null}
        onSaved={() => void invalidate()}
      />
      <Modal
        opened={dialog?.kind === 'cohort'}
        onClose={() => setDialog(null)}
        title={
          dialog?.kind === 'cohort' && dialog.cohort ? TAILORING_TEXTS.editGroup : TAILORING_TEXTS.addGroup
        }
      >
        {dialog?.kind === 'cohort' && (
          <InsightGroupForm
            coachId={coachId}
            cohort={dialog.cohort ?? undefined}
            defaultCollectionId={dialog.collectionId}
            onSaved={() => {
              setDialog(null);
              void invalidate();
            }}
            onCancel={() => setDialog(null)}
          />
        )}
      </Modal>
      <RuleFormModal
        coachId={coachId}
        cohortId={dialog?.kind === 'rule' ? dialog.cohortId : 0}
        opened={dialog?.kind === 'rule'}
        onClose={() => setDialog(null)}
        rule={dialog?.kind === 'rule' ? dialog.rule : null}
        characteristics={characteristics}
        onSaved={() => void invalidate()}
      />
    </Stack>
  );
}

/** The cohort overview (spec §2): collections, their groups and the groups' rules, with their forms. */
export function InsightGroupOverviewPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  if (coachId === null) return <NotFoundPage />;
  return <InsightGroupOverview key={coachId} coachId={coachId} />;
}
