import {
  type Cohort,
  type CohortRule,
  characteristicLabel,
  membershipPercent,
  PAGES,
  TAILORING_ENDPOINTS,
  TAILORING_TEXTS,
  TAILORING_UI_TEXTS,
} from '@course-coach/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { RulesCombineNote } from '../help/index.ts';
import { type InsightGroupCreatedState, insightGroupCreatedMessage } from './AddInsightGroupPage.tsx';
import {
  tailoringKeys,
  useCohort,
  useEnrollmentDetails,
  useInvalidateTailoring,
  useReloadCohort,
} from './api.ts';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';
import { GroupDistribution } from './GroupDistribution.tsx';
import { GroupMembers } from './GroupMembers.tsx';
import { InsightGroupForm } from './InsightGroupForm.tsx';
import { useSettledDictionary } from './labels.tsx';
import { SYNC_RUNNING_HINT, SyncStatus, useSync } from './MembershipSync.tsx';
import { RuleFormModal } from './RuleFormModal.tsx';
import { InfoTip, RulesTable } from './RulesTable.tsx';

export { SYNC_RUNNING_HINT } from './MembershipSync.tsx';

/** Shown instead of the group's count while its membership sync runs (our words). */
export const COUNT_UPDATING = 'Updating…';
export { describeCriteria, InfoTip } from './RulesTable.tsx';

interface Ids {
  coachId: number;
  cohortId: number;
}

/**
 * The details of Insight Group `cohortId` (spec §2): Add Rule, Edit, Sync Now, the sync status and
 * membership, Group Distribution, the criteria (valid and invalid), the members, and the dialogs.
 */
function InsightGroupDetail({ coachId, cohortId }: Ids) {
  const cohort = useCohort(coachId, cohortId);
  const dictionary = useSettledDictionary(coachId);
  const enrollment = useEnrollmentDetails(coachId);
  const reload = useReloadCohort(coachId, cohortId);
  const invalidateAll = useInvalidateTailoring(coachId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const created = (useLocation().state as Partial<InsightGroupCreatedState> | null)?.createdCohort;
  const [ruleDialog, setRuleDialog] = useState<{ rule: CohortRule | null } | null>(null);
  const [dialog, setDialog] = useState<'none' | 'edit' | 'delete'>('none');
  const syncState = useSync({ coachId, cohortId });
  usePageTitle(cohort.data ? TAILORING_TEXTS.groupDetailsTitle(cohort.data.name) : 'Group Details');

  const undo = useUndoDelete();
  const remove = useMutation({
    mutationFn: () => callEndpoint(TAILORING_ENDPOINTS.removeCohort, { params: { coachId, cohortId } }),
    onSuccess: () => {
      setDialog('none');
      // docs/trash.md: the group waits in the trash; Undo brings it back with its rules and members.
      const name = cohort.data?.name ?? '';
      undo({ coachId, kind: 'cohort', id: cohortId, label: `Insight Group “${name}”` });
      // Spec §2: after a cohort is deleted, go to the coach dashboard. The lists are only marked
      // stale (they reload where they are shown next), so the deleted group is not fetched again.
      void client.invalidateQueries({ queryKey: tailoringKeys.all(coachId), refetchType: 'none' });
      navigate(PAGES.coachDetails(coachId));
    },
  });

  // The dictionary too: rules and the distribution show by label, never by code name.
  if (cohort.isPending || !dictionary) return <LoadingState />;
  if (cohort.isError)
    return (
      <QueryErrorState
        error={cohort.error}
        title="We couldn’t load this Insight Group"
        onRetry={() => void cohort.refetch()}
        retrying={cohort.isFetching}
      />
    );

  const group: Cohort = cohort.data;
  const { characteristics } = dictionary;
  const enrollmentCount = enrollment.data?.enrollment_count ?? null;
  const percent = membershipPercent(group.membership_count, enrollmentCount ?? 0);
  const valid = group.rules.filter((r) => r.is_valid);
  const invalid = group.rules.filter((r) => !r.is_valid);
  // The membership characteristic by its label (the dictionary's, once the group wrote it back).
  const membershipCharacteristic = characteristics.find((d) => d.name === group.characteristic);
  const membershipName = membershipCharacteristic
    ? characteristicLabel(membershipCharacteristic)
    : group.characteristic;

  return (
    <Stack gap="lg" data-page="cohort-detail">
      <Anchor component={Link} to={PAGES.cohortManager(coachId)} size="sm">
        <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} />
        {TAILORING_TEXTS.insightGroups}
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {TAILORING_TEXTS.groupDetailsTitle(group.name)}
      </Title>
      {created && (
        <Alert color="green" variant="light" role="status" data-testid="cohort-created">
          {insightGroupCreatedMessage(created)}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          onClick={() => setRuleDialog({ rule: null })}
          disabled={!dictionary.query.data}
          data-testid="add-rule"
        >
          {TAILORING_TEXTS.addRule}
        </Button>
        <Button variant="default" onClick={() => setDialog('edit')}>
          {TAILORING_TEXTS.edit}
        </Button>
        <Tooltip
          label={SYNC_RUNNING_HINT}
          disabled={!syncState.running}
          events={{ hover: true, focus: true, touch: true }}
        >
          <Button
            variant="default"
            onClick={syncState.syncNow}
            loading={syncState.sync.isPending}
            aria-disabled={syncState.running || undefined}
            data-disabled={syncState.running || undefined}
            data-testid="sync-now"
          >
            {TAILORING_TEXTS.syncNow}
          </Button>
        </Tooltip>
      </Group>
      {dictionary.query.isError && (
        <ErrorState
          title="We couldn’t load the tailoring dictionary"
          message={errorMessage(dictionary.query.error)}
          onRetry={() => void dictionary.query.refetch()}
          retrying={dictionary.query.isFetching}
        />
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder p="md">
          <SyncStatus {...syncState} />
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            {/* While a sync runs the stored count is stale (or 0 for a new group): say so instead. */}
            <Group gap="xs" data-testid="cohort-currently" aria-live="polite">
              <Text fw={500}>{TAILORING_TEXTS.currently}</Text>
              {syncState.running ? (
                <Text data-testid="cohort-count-updating">{COUNT_UPDATING}</Text>
              ) : (
                <>
                  <Text fw={700} size="lg">
                    {percent}%
                  </Text>
                  <Text>
                    {group.membership_count} / {enrollmentCount ?? '…'} students
                  </Text>
                </>
              )}
            </Group>
            <Group gap="xs" data-testid="cohort-membership-characteristic">
              <Text fw={500}>{TAILORING_TEXTS.membershipCharacteristic}:</Text>
              <Text>{membershipName ?? TAILORING_TEXTS.noMtsCharacteristic}</Text>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>

      <GroupDistribution
        coachId={coachId}
        cohortId={cohortId}
        characteristics={characteristics}
        sources={dictionary.query.data?.sources ?? []}
      />

      <Stack gap="sm" component="section" aria-labelledby="criteria-heading">
        <Title order={2} size="h3" id="criteria-heading">
          {TAILORING_TEXTS.criteriaBreakdown}
        </Title>
        {group.rules.length > 0 && <RulesCombineNote />}
        {group.rules.length === 0 ? (
          <Text data-testid="no-rules">{TAILORING_TEXTS.noRulesAdded}</Text>
        ) : valid.length > 0 ? (
          <RulesTable
            rules={valid}
            characteristics={characteristics}
            enrollmentCount={enrollmentCount}
            onEdit={(rule) => setRuleDialog({ rule })}
            labelledBy="criteria-heading"
            label={TAILORING_TEXTS.criteriaBreakdown}
            testId="valid-rules"
          />
        ) : (
          <Alert color="orange" variant="light" data-testid="all-rules-invalid">
            {TAILORING_UI_TEXTS.allRulesInvalid(invalid.length)}
          </Alert>
        )}
      </Stack>

      {invalid.length > 0 && (
        <Stack
          gap="sm"
          component="section"
          aria-labelledby="invalid-criteria-heading"
          data-testid="invalid-criteria"
        >
          <Group gap={4}>
            <Title order={2} size="h3" id="invalid-criteria-heading">
              {TAILORING_TEXTS.invalidCriteria}
            </Title>
            <InfoTip
              label={TAILORING_UI_TEXTS.invalidCriteriaTooltip}
              subject={TAILORING_TEXTS.invalidCriteria}
            />
          </Group>
          <RulesTable
            rules={invalid}
            characteristics={characteristics}
            enrollmentCount={enrollmentCount}
            onEdit={(rule) => setRuleDialog({ rule })}
            labelledBy="invalid-criteria-heading"
            label={TAILORING_TEXTS.invalidCriteria}
            testId="invalid-rules"
          />
        </Stack>
      )}

      <GroupMembers coachId={coachId} cohortId={cohortId} />

      <RuleFormModal
        coachId={coachId}
        cohortId={cohortId}
        opened={ruleDialog !== null}
        onClose={() => setRuleDialog(null)}
        rule={ruleDialog?.rule ?? null}
        characteristics={characteristics}
        onSaved={() => void reload()}
      />
      <Modal opened={dialog === 'edit'} onClose={() => setDialog('none')} title={TAILORING_TEXTS.editGroup}>
        {dialog === 'edit' && (
          <InsightGroupForm
            coachId={coachId}
            cohort={group}
            onSaved={() => {
              setDialog('none');
              void invalidateAll();
            }}
            onCancel={() => setDialog('none')}
            extraActions={
              <Button color="red" variant="outline" onClick={() => setDialog('delete')}>
                {TAILORING_TEXTS.delete}
              </Button>
            }
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={dialog === 'delete'}
        title={TAILORING_TEXTS.deleteInsightGroupTitle}
        message={TAILORING_TEXTS.deleteInsightGroupBody(group.name)}
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

/** `/Dashboard/Coach/{coachId}/cohort-manager/{cohortId}/details`: an Insight Group's details (spec §2). */
export function InsightGroupDetailPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const cohortId = parsePathId(params.cohortId);
  if (coachId === null || cohortId === null) return <NotFoundPage />;
  return <InsightGroupDetail key={`${coachId}/${cohortId}`} coachId={coachId} cohortId={cohortId} />;
}
