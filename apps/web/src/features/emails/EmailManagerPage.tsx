import { EMAIL_PAGES, EMAIL_TEXTS } from '@course-coach/contracts';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { format } from 'date-fns';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { useEmails } from './emails-api.ts';

const STATUS_COLOR = { Draft: 'gray.8', Scheduled: 'indigo.9', Delivered: 'teal.9' } as const;

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/Emails/` (ours): the coach's emails with their status,
 * send time and delivery count, a New Email button and an Edit link (not for delivered emails, which
 * open read-only from their title).
 */
export function EmailManagerPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(EMAIL_TEXTS.managerTitle);
  const emails = useEmails(coachId ?? 0);
  if (coachId === null) return <NotFoundPage />;
  if (emails.isPending) return <LoadingState />;
  if (emails.isError)
    return (
      <ErrorState
        title="We couldn’t load the emails"
        message={errorMessage(emails.error)}
        onRetry={() => void emails.refetch()}
      />
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1}>{EMAIL_TEXTS.managerTitle}</Title>
        <Button component={Link} to={EMAIL_PAGES.edit(coachId, 'new')}>
          {EMAIL_TEXTS.newEmail}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg">
        {emails.data.length === 0 ? (
          <Text>{EMAIL_TEXTS.empty}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{EMAIL_TEXTS.title}</Table.Th>
                  <Table.Th>{EMAIL_TEXTS.state}</Table.Th>
                  <Table.Th>{EMAIL_TEXTS.sendAt}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{EMAIL_TEXTS.edit}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {emails.data.map((e) => (
                  <Table.Tr key={e.id} data-testid="email-row">
                    <Table.Td>
                      {e.status === 'Delivered' ? (
                        <Anchor component={Link} to={EMAIL_PAGES.edit(coachId, e.id)}>
                          {e.title}
                        </Anchor>
                      ) : (
                        e.title
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[e.status]}>{e.status}</Badge>
                      {e.status === 'Delivered' && (
                        <Text size="sm">{EMAIL_TEXTS.recipients(e.delivered_count)}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>{e.send_at ? format(new Date(e.send_at), 'M.d.yy - h:mma') : '—'}</Table.Td>
                    <Table.Td>
                      {e.status !== 'Delivered' && (
                        <Anchor
                          component={Link}
                          to={EMAIL_PAGES.edit(coachId, e.id)}
                          aria-label={`Edit ${e.title}`}
                        >
                          {EMAIL_TEXTS.edit}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
