/**
 * An Insight Group's rules on its details page (spec §2 Criteria Breakdown, Invalid Criteria): the
 * rules table, a rule's criteria as a phrase, and the "?" info tip.
 */
import {
  type Characteristic,
  type CohortRule,
  characteristicLabel,
  TAILORING_TEXTS,
  usesValuesForInclude,
  valueLabel,
} from '@course-coach/contracts';
import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { ScrollTable } from './ScrollTable.tsx';

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

/** The operation and its values as one phrase, e.g. "includes Female, Male" or "greater than 60". */
export function describeCriteria(rule: CohortRule, characteristic: Characteristic | undefined): string {
  if (usesValuesForInclude(rule.operation)) {
    const labels = rule.values_for_include.map((v) => (characteristic ? valueLabel(characteristic, v) : v));
    return `${rule.operation} ${labels.join(', ')}`;
  }
  const value = rule.value ?? '';
  return `${rule.operation} ${characteristic ? valueLabel(characteristic, value) : value}`;
}

/** The props of `RulesTable`. */
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

/** The rules `rules` with their criteria and qualifying students, and Edit Rule per rule. */
export function RulesTable({
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
