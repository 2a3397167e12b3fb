import type { ContentCalendarItem } from '@course-coach/contracts';
import { Badge, Stack, Table, Text, TextInput } from '@mantine/core';
import { ScrollTable } from '../../../components/ScrollTable.tsx';
import { StepShell } from '../StepShell.tsx';
import { type StepController, useStepForm } from '../use-step-form.ts';

export interface ContentCalendarStepProps {
  /** The calendar as saved, or as the server proposes it from the earlier steps. */
  initial: { content?: ContentCalendarItem[] } | null;
  controller: StepController;
}

const KNOWN = /^content(\.\d+(\.publish_date)?)?$/;

/**
 * Step content_calendar (spec §3): the coach's content in publishing order, each with its name, type,
 * tooltip and a publish date that may be changed. Next saves it and starts the set-up (the mts step).
 */
export function ContentCalendarStep({ initial, controller }: ContentCalendarStepProps) {
  const form = useStepForm<ContentCalendarItem[]>({
    initial: initial?.content ?? [],
    validate: () => ({}),
    toData: (content) => ({ content }),
    known: (path) => KNOWN.test(path),
    controller,
  });
  const { values, change, errors } = form;
  return (
    <StepShell
      title="Content calendar"
      description="When each bulletin and email is published. Change a date if it doesn’t suit the course."
      nextLabel="Next"
      {...form.shell}
    >
      {errors.content && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert">
          {errors.content}
        </Text>
      )}
      {values.length === 0 ? (
        <Text data-testid="wizard-calendar-empty">No content is scheduled.</Text>
      ) : (
        <ScrollTable minWidth={480} label="Content calendar">
          <Table striped verticalSpacing="xs" data-testid="wizard-calendar">
            <Table.Caption>The coach’s content and when it is published</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Content</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Publish date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {values.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the calendar's rows keep their order
                <Table.Tr key={i}>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {item.name}
                      </Text>
                      {item.tooltip && (
                        <Text size="xs" c="dimmed">
                          {item.tooltip}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray">
                      {item.type}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      type="date"
                      aria-label={`Publish date of ${item.name}`}
                      value={item.publish_date ? item.publish_date.slice(0, 10) : ''}
                      onChange={(e) => {
                        const publish_date = e.currentTarget.value;
                        change(
                          (list) => list.map((c, j) => (j === i ? { ...c, publish_date } : c)),
                          `content.${i}.publish_date`,
                        );
                      }}
                      error={errors[`content.${i}.publish_date`] ?? errors[`content.${i}`]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </StepShell>
  );
}
