import { EMAIL_PAGES, type EmailLog, EMAIL_LOG_TEXTS as T } from '@course-coach/contracts';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useEmailLog, useResendEmail } from './send-log-api.ts';

/** One count of the log, as a labelled figure. */
function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm">{label}</Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

const STATE_LABEL = { unconfirmed: T.unconfirmed, failed: T.failed, claimed: T.pending } as const;

/** The counts, the recipients not confirmed and the resend action (asked to confirm first). */
function LogView({ coachId, id, log }: { coachId: number; id: number; log: EmailLog }) {
  const resend = useResendEmail(coachId, id);
  const [confirming, setConfirming] = useState(false);
  const resendable = log.unconfirmed + log.failed;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Count label={T.delivered} value={log.delivered} testId="count-delivered" />
        <Count label={T.unconfirmed} value={log.unconfirmed} testId="count-unconfirmed" />
        <Count label={T.failed} value={log.failed} testId="count-failed" />
      </SimpleGrid>
      <Text size="sm">{T.unconfirmedHelp}</Text>
      <div role="status" aria-live="polite">
        {resend.data && (
          <Alert color={resend.data.sent > 0 ? 'teal' : 'gray'} variant="light" data-testid="resend-result">
            {resend.data.message}
          </Alert>
        )}
      </div>
      {resend.isError && (
        <Alert color="red" variant="light" role="alert" title="The email was not resent">
          {errorMessage(resend.error)} Reload the page and try again.
        </Alert>
      )}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {T.recipients}
        </Title>
        {log.recipients.length === 0 ? (
          <Text data-testid="log-none">{T.none}</Text>
        ) : (
          <ScrollTable minWidth={420} label={T.recipients}>
            <Table striped data-testid="log-recipients">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{T.name}</Table.Th>
                  <Table.Th scope="col">{T.email}</Table.Th>
                  <Table.Th scope="col">{T.state}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.recipients.map((r) => (
                  <Table.Tr key={r.user_id}>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td>{r.email}</Table.Td>
                    <Table.Td>{STATE_LABEL[r.state]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      {confirming ? (
        <Alert color="gray" variant="light" title={T.resend}>
          <Stack gap="sm">
            <Text size="sm">{T.resendConfirm}</Text>
            <Group>
              <Button
                loading={resend.isPending}
                onClick={() => resend.mutate(undefined, { onSettled: () => setConfirming(false) })}
              >
                {T.resend}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group>
          <Button onClick={() => setConfirming(true)} disabled={resendable === 0}>
            {T.resend}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/ContentManager/EmailLog/{id}/` (ours; staff): the email's delivered,
 * unconfirmed and failed counts, the recipients not confirmed and "Resend to unconfirmed"
 * (docs/emails-surveys.md "Send log").
 */
export function EmailLogPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const id = parsePathId(params.emailId);
  const log = useEmailLog(coachId ?? 0, id ?? 0);
  usePageTitle(log.data ? T.title(log.data.title) : T.sendLog);
  if (coachId === null || id === null) return <NotFoundPage />;
  return (
    <QueryView query={log} errorTitle="We couldn’t load the send log" notFoundOn404>
      {(data) => (
        <Stack gap="lg" maw={900}>
          <Anchor component={Link} to={EMAIL_PAGES.manager(coachId)}>
            <IconArrowLeft size={14} stroke={2} aria-hidden="true" style={{ verticalAlign: '-2px' }} /> Emails
          </Anchor>
          <Title order={1}>{T.title(data.title)}</Title>
          <LogView coachId={coachId} id={id} log={data} />
        </Stack>
      )}
    </QueryView>
  );
}
