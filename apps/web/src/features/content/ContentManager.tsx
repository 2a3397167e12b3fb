import { Anchor, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';

/** One column of a content manager's table: its heading and what a row shows in it. */
export interface ManagerColumn<T> {
  header: string;
  cell: (item: T, coachId: number) => ReactNode;
}

/** The texts a content manager shows (the `*_TEXTS` of `@course-coach/contracts` have them all). */
export interface ManagerTexts {
  managerTitle: string;
  empty: string;
  edit: string;
}

/**
 * The manager list of one kind of content (emails, surveys): the 404 page for a bad coach id, the
 * query's loading and error states, then the title with a "New …" button to `pages.edit(coachId, 'new')`
 * and a card with `texts.empty` or a table of `columns` plus an Edit link (`aria-label` "Edit {title}")
 * on each row for which `canEdit` holds (every row when not given).
 */
export function ContentManager<T extends { id: number; title: string }>({
  coachId,
  query,
  texts,
  newLabel,
  pages,
  errorTitle,
  rowTestId,
  columns,
  canEdit = () => true,
}: {
  coachId: number | null;
  query: UseQueryResult<T[]>;
  texts: ManagerTexts;
  newLabel: string;
  pages: { edit: (coachId: number, id: number | 'new') => string };
  /** Heading of the load error, e.g. "We couldn’t load the emails". */
  errorTitle: string;
  rowTestId: string;
  columns: ManagerColumn<T>[];
  canEdit?: (item: T) => boolean;
}) {
  if (coachId === null) return <NotFoundPage />;
  return (
    <QueryView query={query} errorTitle={errorTitle}>
      {(items) => (
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={1}>{texts.managerTitle}</Title>
            <Button component={Link} to={pages.edit(coachId, 'new')}>
              {newLabel}
            </Button>
          </Group>
          <Card withBorder radius="md" padding="lg">
            {items.length === 0 ? (
              <Text>{texts.empty}</Text>
            ) : (
              <ScrollTable minWidth={600} label={texts.managerTitle}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      {columns.map((c) => (
                        <Table.Th key={c.header}>{c.header}</Table.Th>
                      ))}
                      <Table.Th>
                        <VisuallyHidden>{texts.edit}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((item) => (
                      <Table.Tr key={item.id} data-testid={rowTestId}>
                        {columns.map((c) => (
                          <Table.Td key={c.header}>{c.cell(item, coachId)}</Table.Td>
                        ))}
                        <Table.Td>
                          {canEdit(item) && (
                            <Anchor
                              component={Link}
                              to={pages.edit(coachId, item.id)}
                              aria-label={`Edit ${item.title}`}
                            >
                              {texts.edit}
                            </Anchor>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </Card>
        </Stack>
      )}
    </QueryView>
  );
}
