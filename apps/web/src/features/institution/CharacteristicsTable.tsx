/** The characteristic definitions table (docs/characteristics.md): one row per definition with its actions. */
import {
  CHARACTERISTIC_SCOPE_LABELS,
  CHARACTERISTIC_TYPE_LABELS,
  type CharacteristicDefinition,
} from '@course-coach/contracts';
import { Badge, Button, Group, Table, Text } from '@mantine/core';

/**
 * The table of `definitions`, by the server's order; `onEdit` and `onRetire` open the dialogs
 * (no actions on retired definitions or an Insight Group's membership characteristic).
 */
export function CharacteristicsTable({
  definitions,
  onEdit,
  onRetire,
}: {
  definitions: CharacteristicDefinition[];
  onEdit: (d: CharacteristicDefinition) => void;
  onRetire: (d: CharacteristicDefinition) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped data-testid="characteristics-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Characteristic</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Scope</Table.Th>
            <Table.Th scope="col">Uses</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {definitions.map((d) => (
            <Table.Tr key={d.id} data-testid="characteristic-row">
              <Table.Td>
                <Text fw={600} size="sm">
                  {d.label}
                </Text>
                <Text size="xs" c="dimmed">
                  Code name: {d.name}
                </Text>
                {d.retired && <Badge color="gray">Retired</Badge>}
              </Table.Td>
              <Table.Td>{CHARACTERISTIC_TYPE_LABELS[d.type]}</Table.Td>
              <Table.Td>{CHARACTERISTIC_SCOPE_LABELS[d.scope]}</Table.Td>
              <Table.Td>{d.uses.length}</Table.Td>
              <Table.Td>
                {!d.retired && !d.membership_group && (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => onEdit(d)}
                      aria-label={`Edit ${d.label}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      onClick={() => onRetire(d)}
                      aria-label={`Retire ${d.label}`}
                    >
                      Retire
                    </Button>
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
