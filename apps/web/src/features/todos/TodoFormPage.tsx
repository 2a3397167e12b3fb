import { PAGES, TODO_ERRORS, TODO_TEXTS } from '@course-coach/contracts';
import { Alert, Button, Card, Stack, Title } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { safeNextPath } from '../auth/index.ts';
import { LazyTodoForm } from './LazyTodoForm.tsx';
import {
  useDeleteTodoItem,
  useSaveTodoItem,
  useSaveTodoItems,
  useTodoItem,
  useTodoTags,
} from './todos-api.ts';

/**
 * The standalone to-do form page (spec §2): titled 'Add Your Own To-Do Item(s)' when creating (optional
 * `?list=`; several items in rows, added in one go) or 'Edit Your To-Do Item' (with the todoItemId in the path). Delete is disabled when
 * creating; Cancel returns to the redirect URL (`?next=`, else the coach dashboard); a save redirects
 * there too (§4).
 */
export function TodoFormPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const coachId = parsePathId(params.coachId);
  const itemId = params.todoItemId === undefined ? null : parsePathId(params.todoItemId);
  const editing = params.todoItemId !== undefined;
  const title = editing ? TODO_TEXTS.pageEditTitle : TODO_TEXTS.pageAddTitle;
  usePageTitle(title);
  const listParam = parsePathId(search.get('list') ?? undefined);
  const safeCoach = coachId ?? 0;
  const tags = useTodoTags(safeCoach, coachId !== null);
  const item = useTodoItem(safeCoach, editing ? itemId : null);
  const save = useSaveTodoItem(safeCoach);
  const saveMany = useSaveTodoItems(safeCoach);
  const remove = useDeleteTodoItem(safeCoach);
  const undo = useUndoDelete();
  if (coachId === null || (editing && itemId === null)) return <NotFoundPage />;
  const redirect = safeNextPath(search.get('next')) ?? PAGES.coachDetails(coachId);
  const back = () => navigate(redirect);

  let body: React.ReactNode;
  if (tags.isPending || (editing && item.isPending)) body = <LoadingState />;
  else if (editing && item.isError)
    body = (
      <ErrorState
        title="We couldn’t load this to-do item"
        message={errorMessage(item.error)}
        onRetry={() => void item.refetch()}
      />
    );
  else if (editing && item.data?.staff_created)
    // Staff-created items are read-only for students (spec §6); the server refuses changes anyway.
    body = (
      <Alert color="gray" variant="light" title={item.data.title} data-testid="todo-read-only">
        <Stack gap="sm" align="flex-start">
          {TODO_ERRORS.readOnly}
          <Button variant="default" onClick={back}>
            {TODO_TEXTS.cancel}
          </Button>
        </Stack>
      </Alert>
    );
  else {
    const current = editing ? (item.data ?? null) : null;
    body = (
      <LazyTodoForm
        item={current}
        listId={listParam}
        tags={tags.data ?? []}
        onSave={async (b) => {
          await save.mutateAsync(b);
          back();
        }}
        onSaveMany={
          editing
            ? undefined
            : async (bodies) => {
                await saveMany.mutateAsync(bodies);
                back();
              }
        }
        onCancel={back}
        onDelete={
          current
            ? current.staff_created
              ? undefined
              : async () => {
                  await remove.mutateAsync(current.id);
                  undo({ coachId, kind: 'own_todo', id: current.id, label: `To-do “${current.title}”` });
                  back();
                }
            : async () => undefined
        }
        deleteDisabled={!editing}
      />
    );
  }
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{title}</Title>
      <Card withBorder radius="md" padding="lg">
        {body}
      </Card>
    </Stack>
  );
}
