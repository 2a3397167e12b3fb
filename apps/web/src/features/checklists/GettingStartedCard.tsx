import { CHECKLIST_TEXTS } from '@course-coach/contracts';
import { Alert, Card, Checkbox, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { errorMessage, isApiError } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { WhyLink } from '../mydata/index.ts';
import { useChecklist, useTick } from './checklist-api.ts';

/**
 * The student's "Getting started" card on the coach dashboard (docs/faq-checklists.md): the coach's
 * checklist items as checkboxes with the count done; a tick shows at once and is put back, with a
 * message, when it cannot be saved; each item has its "Why am I seeing this?" link (docs/my-data.md).
 * Nothing when the coach has no checklist.
 */
export function GettingStartedCard({ coachId }: { coachId: number }) {
  const checklist = useChecklist(coachId);
  const tick = useTick(coachId);
  const titleId = useId();
  if (checklist.isPending) return <LoadingState />;
  if (checklist.isError)
    return (
      <ErrorState
        title="We couldn’t load your getting-started checklist"
        message={errorMessage(checklist.error)}
        onRetry={() => void checklist.refetch()}
      />
    );
  const { items, completed_count, total_count } = checklist.data;
  if (total_count === 0) return null;
  const failed = tick.error
    ? `${CHECKLIST_TEXTS.saveFailed}${isApiError(tick.error) && tick.error.status !== 0 ? ` (${errorMessage(tick.error)})` : ''}`
    : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-testid="getting-started">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {CHECKLIST_TEXTS.cardTitle}
        </Title>
        <Text size="sm" data-testid="getting-started-progress">
          {CHECKLIST_TEXTS.progress(completed_count, total_count)}
        </Text>
        <Progress
          value={(100 * completed_count) / total_count}
          aria-label={CHECKLIST_TEXTS.progress(completed_count, total_count)}
          size="sm"
        />
        {items.map((item) => (
          <Stack key={item.id} gap={2}>
            <Checkbox
              label={item.title}
              checked={item.completed}
              onChange={(e) => tick.mutate({ id: item.id, completed: e.currentTarget.checked })}
              data-testid="checklist-tick"
            />
            <WhyLink coachId={coachId} kind="checklist_item" id={item.id} />
            {item.description ? (
              <SafeHtml
                html={item.description}
                className="checklist-description"
                style={{ paddingLeft: 32, fontSize: 'var(--mantine-font-size-sm)' }}
              />
            ) : null}
          </Stack>
        ))}
        {failed && (
          <Alert color="red" role="alert" data-testid="getting-started-error">
            {failed}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
