import { Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { TRASH_TEXTS, TrashTable } from './TrashTable.tsx';
import { useInstitutionTrash } from './trash-api.ts';

/**
 * The institution's own deleted FAQ entries with Restore, for its FAQ manager (docs/trash.md). Shows
 * nothing while there are none.
 */
export function InstitutionTrashSection({ institutionId }: { institutionId: number }) {
  const trash = useInstitutionTrash(institutionId);
  if (trash.isPending) return <LoadingState />;
  if (trash.isError)
    return (
      <ErrorState
        title="We couldn’t load the deleted questions"
        message={errorMessage(trash.error)}
        onRetry={() => void trash.refetch()}
      />
    );
  if (trash.data.length === 0) return null;
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby="institution-trash-title"
      data-testid="institution-trash"
    >
      <Title order={2} size="h3" id="institution-trash-title">
        {TRASH_TEXTS.institutionTitle}
      </Title>
      <Text size="sm">{TRASH_TEXTS.institutionIntro}</Text>
      <TrashTable owner={{ institutionId }} entries={trash.data} mine={false} />
    </Stack>
  );
}
