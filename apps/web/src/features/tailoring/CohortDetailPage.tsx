import {
  API,
  type Characteristic,
  type Cohort,
  type CohortRule,
  characteristicLabel,
  MESSAGES,
  MembershipTaskSchema,
  membershipPercent,
  PAGES,
  splitDistributionKey,
  syncInProgress,
  TAILORING_TEXTS,
  TAILORING_UI_TEXTS,
  type TailoringSource,
  usesValuesForInclude,
  valueLabel,
} from '@course-coach/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiRequest, errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/index.ts';
import {
  DISTRIBUTION_STUDENTS_PAGE_SIZE,
  tailoringKeys,
  useCohort,
  useDictionary,
  useDistribution,
  useDistributionStudents,
  useEnrollmentDetails,
  useInvalidateTailoring,
  useMembershipTask,
  useReloadCohort,
} from './api.ts';
import { CohortForm } from './CohortForm.tsx';
import { ConfirmDeleteModal } from './ConfirmDeleteModal.tsx';
import { formatCohortDateTime } from './format.ts';
import { GroupMembers } from './GroupMembers.tsx';
import { QueryErrorState } from './QueryErrorState.tsx';
import { RuleFormModal } from './RuleFormModal.tsx';
import { ScrollTable } from './ScrollTable.tsx';

/** Why Sync Now does nothing while a sync is marked started (spec §4). */
export const SYNC_RUNNING_HINT = 'A sync is running. Its status refreshes every 15 seconds.';

interface Ids {
  coachId: number;
  cohortId: number;
}

/** A small "?" button with a tooltip, reachable by keyboard (the tooltip also shows on focus). */
export function InfoTip({ label, subject }: { label: string; subject: string }) {
  return (
    <Tooltip label={label} multiline w={280} events={{ hover: true, focus: true, touch: true }} withArrow>
      <ActionIcon variant="subtle" size="sm" radius="xl" aria-label={`About ${subject}: ${label}`}>
        <span aria-hidden="true">?</span>
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The group's membership sync: the task (refreshed every 15 s), and Sync Now, which posts the task unless a
 * sync is marked started (spec §4). When a sync ends, the group and its distribution are reloaded.
 */
function useSync({ coachId, cohortId }: Ids) {
  const task = useMembershipTask(coachId, cohortId);
  const client = useQueryClient();
  const reload = useReloadCohort(coachId, cohortId);
  const previous = useRef<string | null>(null);
  const state = task.data?.state ?? null;
  // What the last finished sync was: when it changes (a sync ended, ours or one the server started
  // after a rule change), the counts changed, so the group and its distribution are reloaded.
  const finished = task.data
    ? `${task.data.state}|${task.data.success?.date_done ?? ''}|${task.data.failure?.date_done ?? ''}`
    : null;

  useEffect(() => {
    if (
      previous.current !== null &&
      finished !== null &&
      finished !== previous.current &&
      state !== 'started'
    )
      void reload();
    previous.current = finished;
  }, [finished, state, reload]);

  const sync = useMutation({
    mutationFn: () =>
      apiRequest(API.cohortMembershipUpdate(coachId, cohortId), {
        method: 'POST',
        schema: MembershipTaskSchema,
      }),
    onSuccess: (data) => client.setQueryData(tailoringKeys.task(coachId, cohortId), data),
  });
  const running = task.data ? syncInProgress(task.data) : false;
  const syncNow = () => {
    // Spec §4: Sync Now does nothing while a sync is marked started.
    if (running || sync.isPending) return;
    sync.mutate();
  };
  return { task, sync, running, syncNow };
}

type SyncState = ReturnType<typeof useSync>;

/** "Membership data sync status": Completed (time), In-progress (started at time), or never synced. */
function SyncStatus({ task, sync }: SyncState) {
  let status: string = TAILORING_UI_TEXTS.syncNever;
  const data = task.data;
  if (data?.state === 'started')
    status = `${TAILORING_TEXTS.inProgress} (${TAILORING_UI_TEXTS.syncStarted(formatCohortDateTime(data.started?.date_done))})`;
  else if (data?.success)
    status = `${TAILORING_TEXTS.completed} (${formatCohortDateTime(data.success.date_done)})`;

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Text fw={500}>{TAILORING_TEXTS.membershipDataSyncStatus}:</Text>
        {task.isPending ? (
          <Text>{MESSAGES.loading}</Text>
        ) : task.isError ? (
          <Text c="red.9">{errorMessage(task.error)}</Text>
        ) : (
          <Text data-testid="sync-status">{status}</Text>
        )}
      </Group>
      {data?.state === 'failure' && (
        <Alert color="red" variant="light" role="alert" data-testid="sync-failed">
          {TAILORING_UI_TEXTS.syncFailed}
        </Alert>
      )}
      {sync.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(sync.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** The operation and its values as one phrase, e.g. "includes Female, Male" or "greater than 60". */
export function describeCriteria(rule: CohortRule, characteristic: Characteristic | undefined): string {
  if (usesValuesForInclude(rule.operation)) {
    const labels = rule.values_for_include.map((v) => (characteristic ? valueLabel(characteristic, v) : v));
    return `${rule.operation} ${labels.join(', ')}`;
  }
  const value = rule.value ?? '';
  return `${rule.operation} ${characteristic ? valueLabel(characteristic, value) : value}`;
}

interface RulesTableProps {
  rules: CohortRule[];
  characteristics: Characteristic[];
  enrollmentCount: number | null;
  onEdit: (rule: CohortRule) => void;
  /** Id of the heading that names the table. */
  labelledBy: string;
  /** The heading's text, naming the table's scroll region. */
  label: string;
  testId: string;
}

function RulesTable({
  rules,
  characteristics,
  enrollmentCount,
  onEdit,
  labelledBy,
  label,
  testId,
}: RulesTableProps) {
  return (
    <ScrollTable minWidth={560} label={label}>
      <Table striped verticalSpacing="sm" data-testid={testId} aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Characteristic</Table.Th>
            <Table.Th scope="col">Criteria</Table.Th>
            <Table.Th scope="col">Qualifying students</Table.Th>
            <Table.Th scope="col">{TAILORING_TEXTS.columnAction}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => {
            const c = characteristics.find((d) => d.name === rule.characteristic);
            // The characteristic's label, never its code name (docs/characteristics.md).
            const name = c ? characteristicLabel(c) : rule.characteristic;
            return (
              <Table.Tr key={rule.id} data-testid="rule-row">
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    {c?.question && <InfoTip label={c.question} subject={name} />}
                  </Group>
                </Table.Td>
                <Table.Td>{describeCriteria(rule, c)}</Table.Td>
                <Table.Td data-testid="rule-qualifying">
                  {rule.qualifying_subjects_count} / {enrollmentCount ?? '…'}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onEdit(rule)}
                    aria-label={`${TAILORING_TEXTS.editRule}: ${name} ${describeCriteria(rule, c)}`}
                  >
                    {TAILORING_TEXTS.editRule}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * The students behind one value of the distribution (the group's members with it), 10 a page
 * (GET .../tailoring-distribution?characteristic=&page=&page_size=10, the key's list), with
 * Previous / Next from the value's count.
 */
function DistributionStudents({
  coachId,
  cohortId,
  characteristic,
  distributionKey,
  total,
  label,
}: Ids & { characteristic: string; distributionKey: string; total: number; label: string }) {
  const [page, setPage] = useState(1);
  const students = useDistributionStudents(coachId, cohortId, characteristic, page);
  const pages = Math.max(1, Math.ceil(total / DISTRIBUTION_STUDENTS_PAGE_SIZE));
  if (students.isPending) return <LoadingState />;
  if (students.isError)
    return (
      <ErrorState
        title="We couldn’t load these students"
        message={errorMessage(students.error)}
        onRetry={() => void students.refetch()}
        retrying={students.isFetching}
      />
    );
  const list = students.data.distribution[characteristic]?.[distributionKey] ?? [];
  if (list.length === 0) return <Text size="sm">No students of this group have this value.</Text>;
  const first = (page - 1) * DISTRIBUTION_STUDENTS_PAGE_SIZE + 1;
  return (
    <Stack gap="xs" data-testid="distribution-students">
      <Text size="sm" fw={500} data-testid="distribution-students-range">
        Students with {label}: {first}–{first + list.length - 1} of {total}
      </Text>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }} aria-label={`Students with ${label}`}>
        {list.map((u) => (
          <li key={u.id}>
            <Text size="sm" span>
              {u.name}
            </Text>{' '}
            <Text size="sm" span c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {u.email}
            </Text>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <Group gap="sm">
          {page > 1 && (
            <Button variant="default" size="xs" onClick={() => setPage(page - 1)}>
              Previous
            </Button>
          )}
          {page < pages && (
            <Button variant="default" size="xs" onClick={() => setPage(page + 1)}>
              Next
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/**
 * Group Distribution: a characteristic selector and its Source / Value / Students table. Characteristics,
 * sources and values show by their labels (the dictionary's); the selector's values stay the codes.
 */
function GroupDistribution({
  coachId,
  cohortId,
  characteristics,
  sources,
}: Ids & { characteristics: Characteristic[]; sources: TailoringSource[] }) {
  const distribution = useDistribution(coachId, cohortId);
  const [selected, setSelected] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const labelOf = (name: string) => {
    const c = characteristics.find((d) => d.name === name);
    return c ? characteristicLabel(c) : name;
  };
  const sourceLabel = (name: string | null) =>
    name === null ? TAILORING_TEXTS.noSource : (sources.find((x) => x.name === name)?.label ?? name);
  const options = distribution.data
    ? Object.keys(distribution.data.counts)
        .map((name) => ({ value: name, label: labelOf(name) }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : [];
  const characteristic = characteristics.find((c) => c.name === selected);
  const selectedLabel = selected ? labelOf(selected) : '';
  const entries = selected && distribution.data ? distribution.data.counts[selected] : undefined;

  let body: React.ReactNode = null;
  if (distribution.isPending) body = <LoadingState />;
  else if (distribution.isError)
    body = (
      <ErrorState
        title="We couldn’t load the group distribution"
        message={errorMessage(distribution.error)}
        onRetry={() => void distribution.refetch()}
        retrying={distribution.isFetching}
      />
    );
  else if (selected && entries) {
    const rows = Object.entries(entries).sort(
      (a, b) => b[1].current - a[1].current || a[0].localeCompare(b[0]),
    );
    body =
      rows.length === 0 ? (
        <Text c="dimmed" data-testid="distribution-empty">
          No student has a value of {selectedLabel}.
        </Text>
      ) : (
        <ScrollTable minWidth={480} label={`${TAILORING_TEXTS.groupDistribution}: ${selectedLabel}`}>
          <Table striped data-testid="distribution-table" aria-labelledby="group-distribution-heading">
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2} scope="col">
                  {TAILORING_TEXTS.columnSource}
                </Table.Th>
                <Table.Th rowSpan={2} scope="col">
                  {TAILORING_TEXTS.columnValue}
                </Table.Th>
                <Table.Th colSpan={2} scope="colgroup">
                  {TAILORING_TEXTS.columnStudents}
                </Table.Th>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="col">{TAILORING_TEXTS.columnCurrent}</Table.Th>
                <Table.Th scope="col">{TAILORING_TEXTS.columnGroupTotal}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(([key, counts]) => {
                const { source, value } = splitDistributionKey(key);
                const label = characteristic ? valueLabel(characteristic, value) : value;
                const open = expanded === key;
                const panelId = `distribution-students-${rows.findIndex(([k]) => k === key)}`;
                return (
                  <Fragment key={key}>
                    <Table.Tr data-testid="distribution-row">
                      <Table.Td>{sourceLabel(source)}</Table.Td>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        {counts.current > 0 ? (
                          <Button
                            // Transparent, not subtle: subtle's hover background lowers the label's
                            // contrast under 4.5:1 (WCAG 1.4.3) while the pointer rests on it.
                            variant="transparent"
                            size="compact-sm"
                            aria-expanded={open}
                            aria-controls={open ? panelId : undefined}
                            aria-label={`${open ? 'Hide' : 'Show'} the ${counts.current} students with ${label} (${sourceLabel(source)})`}
                            onClick={() => setExpanded(open ? null : key)}
                            data-testid="distribution-expand"
                            td="underline"
                          >
                            {counts.current}
                          </Button>
                        ) : (
                          counts.current
                        )}
                      </Table.Td>
                      <Table.Td>{counts.group_total}</Table.Td>
                    </Table.Tr>
                    {open && (
                      <Table.Tr>
                        <Table.Td colSpan={4} id={panelId}>
                          <DistributionStudents
                            coachId={coachId}
                            cohortId={cohortId}
                            characteristic={selected}
                            distributionKey={key}
                            total={counts.current}
                            label={label}
                          />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="group-distribution-heading">
      <Title order={2} size="h3" id="group-distribution-heading">
        {TAILORING_TEXTS.groupDistribution}
      </Title>
      <Select
        label={TAILORING_TEXTS.distributionSelect}
        description={TAILORING_UI_TEXTS.distributionHint}
        data={options}
        value={selected}
        onChange={(name) => {
          setSelected(name);
          setExpanded(null);
        }}
        searchable
        clearable
        placeholder="Choose a characteristic"
        disabled={!distribution.data}
        maw={520}
        comboboxProps={{ withinPortal: false }}
        data-testid="distribution-select"
      />
      {body}
    </Stack>
  );
}

function CohortDetail({ coachId, cohortId }: Ids) {
  const cohort = useCohort(coachId, cohortId);
  const dictionary = useDictionary(coachId);
  const enrollment = useEnrollmentDetails(coachId);
  const reload = useReloadCohort(coachId, cohortId);
  const invalidateAll = useInvalidateTailoring(coachId);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [ruleDialog, setRuleDialog] = useState<{ rule: CohortRule | null } | null>(null);
  const [dialog, setDialog] = useState<'none' | 'edit' | 'delete'>('none');
  const syncState = useSync({ coachId, cohortId });
  usePageTitle(cohort.data ? TAILORING_TEXTS.groupDetailsTitle(cohort.data.name) : 'Group Details');

  const remove = useMutation({
    mutationFn: () => apiRequest(API.cohort(coachId, cohortId), { method: 'DELETE' }),
    onSuccess: () => {
      setDialog('none');
      // Spec §2: after a cohort is deleted, go to the coach dashboard. The lists are only marked
      // stale (they reload where they are shown next), so the deleted group is not fetched again.
      void client.invalidateQueries({ queryKey: tailoringKeys.all(coachId), refetchType: 'none' });
      navigate(PAGES.coachDetails(coachId));
    },
  });

  if (cohort.isPending) return <LoadingState />;
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
  const characteristics = dictionary.data?.characteristics ?? [];
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
        <span aria-hidden="true">← </span>
        {TAILORING_TEXTS.insightGroups}
      </Anchor>
      <Title order={1} fz={{ base: 26, sm: 34 }}>
        {TAILORING_TEXTS.groupDetailsTitle(group.name)}
      </Title>
      <Group gap="sm">
        <Button
          onClick={() => setRuleDialog({ rule: null })}
          disabled={!dictionary.data}
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
      {dictionary.isError && (
        <ErrorState
          title="We couldn’t load the tailoring dictionary"
          message={errorMessage(dictionary.error)}
          onRetry={() => void dictionary.refetch()}
          retrying={dictionary.isFetching}
        />
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder p="md">
          <SyncStatus {...syncState} />
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Group gap="xs" data-testid="cohort-currently">
              <Text fw={500}>{TAILORING_TEXTS.currently}</Text>
              <Text fw={700} size="lg">
                {percent}%
              </Text>
              <Text>
                {group.membership_count} / {enrollmentCount ?? '…'} students
              </Text>
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
        sources={dictionary.data?.sources ?? []}
      />

      <Stack gap="sm" component="section" aria-labelledby="criteria-heading">
        <Title order={2} size="h3" id="criteria-heading">
          {TAILORING_TEXTS.criteriaBreakdown}
        </Title>
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
          <CohortForm
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
export function CohortDetailPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const cohortId = parsePathId(params.cohortId);
  if (coachId === null || cohortId === null) return <NotFoundPage />;
  return <CohortDetail key={`${coachId}/${cohortId}`} coachId={coachId} cohortId={cohortId} />;
}
