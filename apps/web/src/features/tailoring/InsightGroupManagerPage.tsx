import {
  type Cohort,
  type CohortGroupListEntry,
  membershipPercent,
  PAGES,
  TAILORING_ENDPOINTS,
  TAILORING_TEXTS,
  TAILORING_UI_TEXTS,
} from '@course-coach/contracts';
import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { GUIDED_IMPORT_TITLE } from '../imports/index.ts';
import { useCohortGroups, useCohorts, useEnrollmentDetails, useInvalidateTailoring } from './api.ts';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';
import { GroupList, type GroupView, StudentsTableHead, ViewToggle } from './GroupList.tsx';
import { ImportCsvModal } from './ImportCsvModal.tsx';
import { InsightGroupCollectionFormModal } from './InsightGroupCollectionFormModal.tsx';
import { INSIGHT_GROUP_OVERVIEW_TITLE, insightGroupOverviewPath } from './InsightGroupOverviewPage.tsx';

/** Title of the cohort manager page. */
export const INSIGHT_GROUP_MANAGER_TITLE = 'Insight Group manager';

interface InsightGroupCollectionViewProps {
  coachId: number;
  collection: CohortGroupListEntry;
  cohorts: Cohort[];
  enrollmentCount: number | null;
  view: GroupView;
  onViewChange: (v: GroupView) => void;
}

/** One collection: its groups, Edit (the collection form, with Delete) and a back arrow. */
function InsightGroupCollectionView({
  coachId,
  collection,
  cohorts,
  enrollmentCount,
  view,
  onViewChange,
}: InsightGroupCollectionViewProps) {
  const [dialog, setDialog] = useState<'none' | 'edit' | 'delete'>('none');
  const invalidate = useInvalidateTailoring(coachId);
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () =>
      callEndpoint(TAILORING_ENDPOINTS.removeGroup, { params: { coachId, cohortGroupId: collection.id } }),
    onSuccess: async () => {
      setDialog('none');
      await invalidate();
      navigate(PAGES.cohortManager(coachId));
    },
  });
  const members = cohorts.filter((c) => c.cohort_group === collection.id);
  return (
    <Stack
      gap="md"
      component="section"
      aria-labelledby="collection-heading"
      data-testid="insight-group-collection-view"
    >
      <Anchor
        component={Link}
        to={PAGES.cohortManager(coachId)}
        size="sm"
        data-testid="insight-group-collection-back"
      >
        <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} />
        {TAILORING_UI_TEXTS.backToCollections}
      </Anchor>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} id="collection-heading">
          {collection.name}
        </Title>
        <Group gap="sm">
          <Button variant="default" onClick={() => setDialog('edit')}>
            {TAILORING_TEXTS.edit}
          </Button>
          <Button component={Link} to={`${PAGES.addCohort(coachId)}?collection=${collection.id}`}>
            {TAILORING_TEXTS.addGroup}
          </Button>
          <ViewToggle view={view} onChange={onViewChange} />
        </Group>
      </Group>
      <GroupList
        coachId={coachId}
        cohorts={members}
        enrollmentCount={enrollmentCount}
        view={view}
        emptyText={TAILORING_TEXTS.noGroupsInCollection}
        label={`Insight Groups in ${collection.name}`}
      />
      <InsightGroupCollectionFormModal
        coachId={coachId}
        opened={dialog === 'edit'}
        onClose={() => setDialog((d) => (d === 'edit' ? 'none' : d))}
        collection={collection}
        onSaved={() => void invalidate()}
        onDelete={() => setDialog('delete')}
      />
      <ConfirmDeleteModal
        opened={dialog === 'delete'}
        title={TAILORING_TEXTS.deleteCollectionGroup}
        message={TAILORING_TEXTS.deleteCollectionGroupBody(collection.name)}
        onCancel={() => {
          remove.reset();
          setDialog('none');
        }}
        onConfirm={() => remove.mutate()}
        loading={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
      />
    </Stack>
  );
}

function InsightGroupManager({ coachId }: { coachId: number }) {
  const cohorts = useCohorts(coachId);
  const groups = useCohortGroups(coachId);
  const enrollment = useEnrollmentDetails(coachId);
  const invalidate = useInvalidateTailoring(coachId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [view, setView] = useState<GroupView>('cards');
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  usePageTitle(INSIGHT_GROUP_MANAGER_TITLE);

  const enrollmentCount = enrollment.data?.enrollment_count ?? null;
  const pending = cohorts.isPending || groups.isPending;
  const failed = cohorts.isError ? cohorts : groups.isError ? groups : null;

  let body: React.ReactNode;
  if (pending) body = <LoadingState />;
  else if (failed?.error)
    body = (
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
  else {
    const allCohorts = cohorts.data ?? [];
    const collections = groups.data ?? [];
    const collectionId = parsePathId(searchParams.get('collection') ?? undefined);
    const collection = collectionId !== null ? collections.find((c) => c.id === collectionId) : undefined;
    if (collectionId !== null && collection) {
      body = (
        <InsightGroupCollectionView
          coachId={coachId}
          collection={collection}
          cohorts={allCohorts}
          enrollmentCount={enrollmentCount}
          view={view}
          onViewChange={setView}
        />
      );
    } else {
      body = (
        <>
          <Stack gap="md" component="section" aria-labelledby="insight-groups-heading">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={2} id="insight-groups-heading">
                {TAILORING_TEXTS.insightGroups}
              </Title>
              <Group gap="sm">
                <Button component={Link} to={PAGES.addCohort(coachId)}>
                  {TAILORING_TEXTS.addGroup}
                </Button>
                <ViewToggle view={view} onChange={setView} />
              </Group>
            </Group>
            <GroupList
              coachId={coachId}
              cohorts={allCohorts}
              enrollmentCount={enrollmentCount}
              view={view}
              emptyText={TAILORING_TEXTS.noGroups}
              label={TAILORING_TEXTS.insightGroups}
            />
          </Stack>
          <Stack gap="md" component="section" aria-labelledby="collections-heading">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Title order={2} id="collections-heading">
                {TAILORING_TEXTS.insightGroupCollections}
              </Title>
              <Button onClick={() => setAdding(true)}>{TAILORING_TEXTS.addCollection}</Button>
            </Group>
            {collections.length === 0 ? (
              <Text py="sm" data-testid="insight-group-collections-empty">
                {TAILORING_TEXTS.noCollections}
              </Text>
            ) : (
              <ScrollTable minWidth={520} label={TAILORING_TEXTS.insightGroupCollections}>
                <Table
                  striped
                  aria-labelledby="collections-heading"
                  data-testid="insight-group-collections-table"
                >
                  <StudentsTableHead />
                  <Table.Tbody>
                    {collections.map((c) => (
                      <Table.Tr key={c.id} data-testid="insight-group-collection-row">
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td>{c.membership_count}</Table.Td>
                        <Table.Td>{enrollmentCount === null ? '…' : enrollmentCount}</Table.Td>
                        <Table.Td>{membershipPercent(c.membership_count, enrollmentCount ?? 0)}%</Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`${PAGES.cohortManager(coachId)}?collection=${c.id}`}
                            fw={500}
                            aria-label={`${TAILORING_TEXTS.details}: ${c.name}`}
                          >
                            {TAILORING_TEXTS.details}
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </Stack>
          <InsightGroupCollectionFormModal
            coachId={coachId}
            opened={adding}
            onClose={() => setAdding(false)}
            collection={null}
            onSaved={(saved) => {
              void invalidate();
              setSearchParams({ collection: String(saved.id) });
            }}
          />
        </>
      );
    }
  }

  return (
    <Stack gap="xl" data-page="cohort-manager">
      <Stack gap={2}>
        <Anchor component={Link} to={PAGES.coachDetails(coachId)} size="sm">
          <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} />
          Coach dashboard
        </Anchor>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{INSIGHT_GROUP_MANAGER_TITLE}</Title>
          <Group gap="sm">
            <Anchor component={Link} to={insightGroupOverviewPath(coachId)} fw={500}>
              {INSIGHT_GROUP_OVERVIEW_TITLE}
            </Anchor>
            <Button variant="default" onClick={() => setImporting(true)}>
              {TAILORING_UI_TEXTS.importCharacteristics}
            </Button>
            <Button component={Link} to={PAGES.guidedImport(coachId)} variant="default">
              {GUIDED_IMPORT_TITLE}
            </Button>
          </Group>
        </Group>
      </Stack>
      {body}
      <ImportCsvModal coachId={coachId} opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}

/** `/Dashboard/Coach/{coachId}/cohort-manager`: Insight Groups and Insight Group Collections (spec §2). */
export function InsightGroupManagerPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  if (coachId === null) return <NotFoundPage />;
  return <InsightGroupManager key={coachId} coachId={coachId} />;
}
