import { BULLETIN_UI_TEXTS, HISTORY_DATE_FORMAT, PAGES } from '@course-coach/contracts';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { format } from 'date-fns';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSettledDictionary } from '../tailoring/index.ts';
import { useStaffBulletins } from './bulletins-api.ts';

/**
 * The bulletin manager (staff; path ours): every bulletin of the coach with its status, publish time,
 * wiring ('label: value'), views and stars, an Edit link to EditBulletin and a New Bulletin button.
 */
export function BulletinManagerPage() {
  const coachId = parsePathId(useParams().coachId);
  usePageTitle(BULLETIN_UI_TEXTS.managerTitle);
  const list = useStaffBulletins(coachId ?? 0);
  // Wiring shows by labels (docs/characteristics.md): the list waits for the coach's dictionary too.
  const dictionary = useSettledDictionary(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{BULLETIN_UI_TEXTS.managerTitle}</Title>
        <Button component={Link} to={PAGES.newBulletin(coachId)}>
          {BULLETIN_UI_TEXTS.newBulletin}
        </Button>
      </Group>
      {list.isPending || !dictionary ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title="We couldn’t load the bulletins"
          message={errorMessage(list.error)}
          onRetry={() => list.refetch()}
        />
      ) : list.data.length === 0 ? (
        <Text>{BULLETIN_UI_TEXTS.noBulletins}</Text>
      ) : (
        <ScrollTable minWidth={720} label={BULLETIN_UI_TEXTS.managerTitle}>
          <Table striped data-testid="bulletin-manager">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Publish time</Table.Th>
                <Table.Th>Wiring</Table.Th>
                <Table.Th>Views</Table.Th>
                <Table.Th>Stars</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((b) => (
                <Table.Tr key={b.id} data-testid="bulletin-manager-row">
                  <Table.Td>{b.title}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={
                        b.status === 'Published' ? 'teal.9' : b.status === 'Scheduled' ? 'indigo.9' : 'gray.8'
                      }
                    >
                      {b.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{format(new Date(b.publish_timestamp), HISTORY_DATE_FORMAT)}</Table.Td>
                  <Table.Td>{b.characteristics.map(dictionary.labels.wiring).join(', ')}</Table.Td>
                  <Table.Td>{b.view_count}</Table.Td>
                  <Table.Td>{b.star_count}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={PAGES.editBulletin(coachId, b.id)}
                      aria-label={`Edit ${b.title}`}
                    >
                      Edit
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
