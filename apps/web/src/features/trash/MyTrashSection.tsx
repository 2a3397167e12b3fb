import { Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { TRASH_TEXTS, TrashTable } from './TrashTable.tsx';
import { useTrash } from './trash-api.ts';

/**
 * A student's own deleted to-dos with Restore, for their to-do page (docs/trash.md). Shows nothing while
 * there are none, so the page stays as it was for everyone who never deleted one.
 */
export function MyTrashSection({ coachId }: { coachId: number }) {
  const trash = useTrash(coachId, true);
  if (trash.isPending) return <LoadingState />;
  if (trash.isError)
    return (
      <ErrorState
        title="We couldn’t load your deleted to-dos"
        message={errorMessage(trash.error)}
        onRetry={() => void trash.refetch()}
      />
    );
  if (trash.data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="my-trash-title" data-testid="my-trash">
      <Title order={2} size="h3" id="my-trash-title">
        {TRASH_TEXTS.myTitle}
      </Title>
      <Text size="sm">{TRASH_TEXTS.myIntro}</Text>
      <TrashTable owner={{ coachId }} entries={trash.data} mine />
    </Stack>
  );
}
