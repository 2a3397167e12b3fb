/**
 * An Insight Group's Group Distribution on its details page (spec §2): the characteristic selector,
 * the Source / Value / Students table and, per value, its students 10 a page.
 */
import {
  type Characteristic,
  characteristicLabel,
  splitDistributionKey,
  TAILORING_TEXTS,
  TAILORING_UI_TEXTS,
  type TailoringSource,
  valueLabel,
} from '@course-coach/contracts';
import { Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { DISTRIBUTION_STUDENTS_PAGE_SIZE, useDistribution, useDistributionStudents } from './api.ts';
import { ScrollTable } from './ScrollTable.tsx';

/** The group: its coach and id. */
interface Ids {
  coachId: number;
  cohortId: number;
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
export function GroupDistribution({
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
