import { PAGES } from '@course-coach/contracts';
import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { coachAccess, useMe } from '../auth/index.ts';
import { MyTrashSection } from '../trash/index.ts';
import { TodoCard } from './TodoCard.tsx';

/** The coach's to-do list page: the To-Dos card in page mode (Add Your Own and Edit link to the form page). */
export function TodosPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const { data: me } = useMe();
  usePageTitle('To-Dos');
  if (coachId === null || !me) return <NotFoundPage />;
  const access = coachAccess(me, coachId);
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>To-Dos</Title>
      <TodoCard coachId={coachId} mode="page" canAct={access === 'student'} />
      {access === 'student' && <MyTrashSection coachId={coachId} />}
      {access !== 'student' && (
        <Anchor component={Link} to={PAGES.todoManager(coachId)}>
          Manage to-do lists
        </Anchor>
      )}
    </Stack>
  );
}
