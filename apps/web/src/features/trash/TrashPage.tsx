import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { QueryErrorState } from '../../components/QueryErrorState.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { TRASH_TEXTS, TrashTable } from './TrashTable.tsx';
import { useTrash } from './trash-api.ts';

/**
 * `/Dashboard/Coach/{coachId}/Trash/`: the coach's deleted bulletins, e-mails, surveys, tips, to-dos,
 * tags, rules and Insight Groups of the last 30 days, each with Restore (docs/trash.md). Staff and
 * instructors; a student gets the server's 403 as "Staff only".
 */
export function TrashPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(TRASH_TEXTS.title);
  const trash = useTrash(coachId ?? 0, false, coachId !== null);
  if (coachId === null) return <NotFoundPage />;
  let body: React.ReactNode;
  if (trash.isPending) body = <LoadingState />;
  else if (trash.isError)
    body = (
      <QueryErrorState
        error={trash.error}
        title="We couldn’t load the trash"
        onRetry={() => void trash.refetch()}
        retrying={trash.isFetching}
      />
    );
  else body = <TrashTable owner={{ coachId }} entries={trash.data} mine={false} />;
  return (
    <Stack gap="md">
      <Title order={1}>{TRASH_TEXTS.title}</Title>
      <Text>{TRASH_TEXTS.intro}</Text>
      {body}
    </Stack>
  );
}
