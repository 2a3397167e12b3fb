import {
  activityStatusLabel,
  type CreditItem,
  creditStatusLabel,
  HISTORY_DATE_FORMAT,
  HISTORY_TEXTS,
  NO_DUE_DATE,
  NOT_COMPLETED,
  PAGES,
} from '@course-coach/contracts';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { format, isValid, parseISO } from 'date-fns';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { HelpTip } from '../../components/HelpTip.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { ReflowTable } from '../../components/ReflowTable.tsx';
import { useRefreshActivityAfterWrites, useUserActivity, useUserCredits } from '../analytics/index.ts';

/**
 * A history date per spec §9 ('M.D.YY - h:mmA', e.g. '11.23.26 - 5:39AM') in the browser's time zone;
 * the wire's 'No Due Date' and 'N/A' (and anything unparsable) are shown as they are.
 */
export function formatHistoryDate(value: string): string {
  if (value === NO_DUE_DATE || value === NOT_COMPLETED) return value;
  const date = parseISO(value);
  return isValid(date) ? format(date, HISTORY_DATE_FORMAT) : value;
}

interface HistoryTableProps {
  title: string;
  /** The headers: title, due (or deadline), completed, status. */
  columns: readonly [string, string, string, string];
  query: UseQueryResult<CreditItem[]>;
  empty: string;
  statusLabel: (status: string) => string;
  testId: string;
  /** A short explanation of the table's term, behind a help icon. */
  help?: string;
}

/** What "credit" means on a student's screens (docs/student-experience.md, "Help text"). */
export const CREDIT_HELP =
  'Credit items are to-dos that count: finish one by its credit deadline and you receive its credit; after the deadline it is missed.';

function HistoryTable({ title, columns, query, empty, statusLabel, testId, help }: HistoryTableProps) {
  const titleId = useId();
  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        title={HISTORY_TEXTS.loadFailed}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (query.data.length === 0)
    body = (
      <Text c="dimmed" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  else
    body = (
      <ReflowTable
        striped
        aria-labelledby={titleId}
        data-testid={`${testId}-table`}
        rows={query.data}
        rowKey={(item) => `${item.type}-${item.id}`}
        rowAttributes={(item) => ({ 'data-status': item.status })}
        columns={[
          {
            header: columns[0],
            cell: (item) => (
              <>
                {item.title}{' '}
                <Text span size="xs" c="dimmed">
                  ({item.content_label})
                </Text>
              </>
            ),
          },
          { header: columns[1], cell: (item) => formatHistoryDate(item.due) },
          { header: columns[2], cell: (item) => formatHistoryDate(item.completed) },
          { header: columns[3], cell: (item) => statusLabel(item.status) },
        ]}
      />
    );
  return (
    <Stack gap="xs" data-testid={testId}>
      <Group gap={4}>
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        {help && <HelpTip term={title}>{help}</HelpTip>}
      </Group>
      {body}
    </Stack>
  );
}

export interface CompletionHistoryProps {
  coachId: number;
  /** The coach's label, named in the empty messages when known. */
  coachLabel?: string | null;
  /** Adds a link to the history page (on the dashboard). */
  pageLink?: boolean;
}

/**
 * Completion History Overview (spec §2): the 'For Credit Items' table (Credit Item Title, Credit
 * Deadline, Completed, Credit Status: Received, Missed or Pending per spec §4), the 'Other Items' table
 * (Title, Due, Completed, Status), each with an empty message naming the coach, and the spec's note.
 * Below 48em each table reflows into one card per row, every field under its column's name.
 */
export function CompletionHistory({ coachId, coachLabel, pageLink = false }: CompletionHistoryProps) {
  const titleId = useId();
  useRefreshActivityAfterWrites(coachId);
  const credits = useUserCredits(coachId);
  const other = useUserActivity(coachId);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="history"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {HISTORY_TEXTS.title}
        </Title>
        <HistoryTable
          title={HISTORY_TEXTS.creditTable}
          columns={HISTORY_TEXTS.creditColumns}
          query={credits}
          empty={HISTORY_TEXTS.creditEmpty(coachLabel)}
          statusLabel={creditStatusLabel}
          testId="history-credit"
          help={CREDIT_HELP}
        />
        <HistoryTable
          title={HISTORY_TEXTS.otherTable}
          columns={HISTORY_TEXTS.otherColumns}
          query={other}
          empty={HISTORY_TEXTS.otherEmpty(coachLabel)}
          statusLabel={activityStatusLabel}
          testId="history-other"
        />
        <Text size="sm" c="dimmed" data-testid="history-note">
          {HISTORY_TEXTS.note}
        </Text>
        {pageLink && (
          <Anchor component={Link} to={PAGES.history(coachId)} size="sm">
            {HISTORY_TEXTS.openPage}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
