import {
  type Cohort,
  membershipPercent,
  PAGES,
  TAILORING_TEXTS,
  TAILORING_UI_TEXTS,
} from '@course-coach/contracts';
import { Anchor, Card, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ScrollTable } from '../../components/ScrollTable.tsx';

/*
 * The cohort manager's list of Insight Groups (spec §2 cohort manager): as cards or as a table, each with
 * its membership (current, total, percent of the enrolment) and a link to its detail page.
 */

/** How the groups are shown: cards or a table (the manager's view toggle). */
export type GroupView = 'cards' | 'table';

interface GroupListProps {
  coachId: number;
  cohorts: Cohort[];
  enrollmentCount: number | null;
  view: GroupView;
  /** Shown when there are no groups. */
  emptyText: string;
  /** Accessible name of the list. */
  label: string;
}

function detailsLink(coachId: number, cohort: Cohort) {
  return (
    <Anchor
      component={Link}
      to={PAGES.cohortDetails(coachId, cohort.id)}
      fw={500}
      aria-label={`${TAILORING_TEXTS.details}: ${cohort.name}`}
    >
      {TAILORING_TEXTS.details}
    </Anchor>
  );
}

/** Insight Groups as cards or as a table: Name, Students (Current, Total, Percent), Action (Details). */
export function GroupList({ coachId, cohorts, enrollmentCount, view, emptyText, label }: GroupListProps) {
  if (cohorts.length === 0) {
    return (
      <Text py="sm" data-testid="groups-empty">
        {emptyText}
      </Text>
    );
  }
  const total = enrollmentCount ?? 0;
  const totalText = enrollmentCount === null ? '…' : String(enrollmentCount);
  if (view === 'cards') {
    return (
      <SimpleGrid
        component="ul"
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="md"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={label}
      >
        {cohorts.map((cohort) => (
          <Card key={cohort.id} withBorder component="li" padding="md" data-testid="group-card">
            <Stack gap="xs">
              <Text component="h3" fw={600} size="lg" m={0}>
                {cohort.name}
              </Text>
              <Text size="sm" component="p" m={0}>
                {TAILORING_TEXTS.columnStudents}: {TAILORING_TEXTS.columnCurrent} {cohort.membership_count} ·{' '}
                {TAILORING_TEXTS.columnTotal} {totalText} · {TAILORING_TEXTS.columnPercent}{' '}
                {membershipPercent(cohort.membership_count, total)}%
              </Text>
              {detailsLink(coachId, cohort)}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <ScrollTable minWidth={520} label={label}>
      <Table striped aria-label={label} data-testid="groups-table">
        <StudentsTableHead />
        <Table.Tbody>
          {cohorts.map((cohort) => (
            <Table.Tr key={cohort.id} data-testid="group-row">
              <Table.Td>{cohort.name}</Table.Td>
              <Table.Td>{cohort.membership_count}</Table.Td>
              <Table.Td>{totalText}</Table.Td>
              <Table.Td>{membershipPercent(cohort.membership_count, total)}%</Table.Td>
              <Table.Td>{detailsLink(coachId, cohort)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

export function ViewToggle({ view, onChange }: { view: GroupView; onChange: (v: GroupView) => void }) {
  return (
    <SegmentedControl
      aria-label="Show Insight Groups as"
      value={view}
      onChange={(v) => onChange(v as GroupView)}
      data={[
        { value: 'cards', label: TAILORING_UI_TEXTS.cardView },
        { value: 'table', label: TAILORING_UI_TEXTS.tableView },
      ]}
      data-testid="group-view-toggle"
    />
  );
}

/**
 * The head of the cohort manager's tables (spec §2): Name, Students (Current / Total / Percent) and
 * Action, the Students heading spanning its three columns.
 */
export function StudentsTableHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th rowSpan={2} scope="col">
          {TAILORING_TEXTS.columnName}
        </Table.Th>
        <Table.Th colSpan={3} scope="colgroup">
          {TAILORING_TEXTS.columnStudents}
        </Table.Th>
        <Table.Th rowSpan={2} scope="col">
          {TAILORING_TEXTS.columnAction}
        </Table.Th>
      </Table.Tr>
      <Table.Tr>
        <Table.Th scope="col">{TAILORING_TEXTS.columnCurrent}</Table.Th>
        <Table.Th scope="col">{TAILORING_TEXTS.columnTotal}</Table.Th>
        <Table.Th scope="col">{TAILORING_TEXTS.columnPercent}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}
