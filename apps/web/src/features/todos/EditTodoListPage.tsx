import { PAGES, TODO_ENDPOINTS, TODO_TEXTS, type TodoItem, type WiringInput } from '@course-coach/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { saveErrors } from '../characteristics/index.ts';
import { WiringEditor } from '../wiring/index.ts';
import { LazyTodoForm } from './LazyTodoForm.tsx';
import { MANAGER_TEXTS } from './TodoManagerPage.tsx';
import {
  todoKeys,
  useDeleteTodoItem,
  useSaveTodoItem,
  useTodoManagerMutations,
  useTodoTags,
} from './todos-api.ts';

export const EDIT_LIST_TEXTS = {
  title: 'Edit to-do list',
  listTitle: 'List title',
  saveList: 'Save list',
  addItem: 'Add item',
  addItemTitle: 'Add a to-do item',
  editItemTitle: 'Edit to-do item',
  back: 'All to-do lists',
  wiringTitle: 'Who sees this list',
  wiringHint:
    'Students see this list only when their characteristics match its wiring. A list without wiring is for every student.',
  saveWiring: 'Save wiring',
  wiringSaved: 'Wiring saved.',
} as const;

/**
 * `/Dashboard/Coach/{coachId}/ToDoManager/EditToDoList/{id}/` (spec §2 edit link): staff rename a list,
 * queue it or put it under review, and add, edit and delete its staff-created items.
 */
export function EditTodoListPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  const listId = parsePathId(params.listId);
  usePageTitle(EDIT_LIST_TEXTS.title);
  const list = useQuery({
    queryKey: [...todoKeys.all(coachId ?? 0), 'list', listId ?? 0] as const,
    queryFn: ({ signal }) =>
      callEndpoint(TODO_ENDPOINTS.list, { params: { coachId: coachId!, id: listId! } }, signal),
    enabled: coachId !== null && listId !== null,
  });
  const tags = useTodoTags(coachId ?? 0, coachId !== null);
  const { saveList } = useTodoManagerMutations(coachId ?? 0);
  const saveItem = useSaveTodoItem(coachId ?? 0);
  const deleteItem = useDeleteTodoItem(coachId ?? 0);
  const undo = useUndoDelete();
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<{ item: TodoItem | null } | null>(null);
  const [wiring, setWiring] = useState<WiringInput[]>([]);
  const queryClient = useQueryClient();
  const saveWiring = useMutation({
    mutationFn: () =>
      callEndpoint(TODO_ENDPOINTS.updateList, {
        params: { coachId: coachId!, id: listId! },
        body: {
          title: list.data!.title,
          is_queued: list.data!.is_queued,
          is_under_review: list.data!.is_under_review,
          characteristics: wiring,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId ?? 0) }),
  });
  useEffect(() => {
    if (list.data) {
      setTitle(list.data.title);
      setWiring((list.data.characteristics ?? []).map((w) => ({ label: w.label, value: w.value })));
    }
  }, [list.data]);
  if (coachId === null || listId === null) return <NotFoundPage />;
  if (list.isPending) return <LoadingState />;
  if (list.isError)
    return (
      <ErrorState
        title="We couldn’t load this list"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  const l = list.data;
  const save = (patch: { title?: string; is_queued?: boolean; is_under_review?: boolean }) =>
    saveList.mutate({
      id: l.id,
      title: l.title,
      is_queued: l.is_queued,
      is_under_review: l.is_under_review,
      ...patch,
    });

  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={PAGES.todoManager(coachId)}>
        {EDIT_LIST_TEXTS.back}
      </Anchor>
      <Title order={1}>{EDIT_LIST_TEXTS.title}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group align="flex-end">
            <TextInput
              label={EDIT_LIST_TEXTS.listTitle}
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              maxLength={200}
            />
            <Button onClick={() => save({ title })} loading={saveList.isPending}>
              {EDIT_LIST_TEXTS.saveList}
            </Button>
          </Group>
          <Group>
            <Switch
              label={MANAGER_TEXTS.queued}
              checked={l.is_queued}
              onChange={(e) => save({ is_queued: e.currentTarget.checked })}
            />
            <Switch
              label={MANAGER_TEXTS.underReview}
              checked={l.is_under_review}
              onChange={(e) => save({ is_under_review: e.currentTarget.checked })}
            />
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="list-wiring">
        <Stack gap="md">
          <Title order={2} size="h3" id="list-wiring">
            {EDIT_LIST_TEXTS.wiringTitle}
          </Title>
          <Text size="sm">{EDIT_LIST_TEXTS.wiringHint}</Text>
          <WiringEditor
            coachId={coachId}
            value={wiring}
            onChange={setWiring}
            errors={saveErrors(saveWiring.error)}
          />
          <Group>
            <Button onClick={() => saveWiring.mutate()} loading={saveWiring.isPending}>
              {EDIT_LIST_TEXTS.saveWiring}
            </Button>
            <div role="status" aria-live="polite">
              {saveWiring.isSuccess && !saveWiring.isPending && (
                <Text c="var(--cc-text-success)">{EDIT_LIST_TEXTS.wiringSaved}</Text>
              )}
            </div>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="list-items">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3" id="list-items">
              {MANAGER_TEXTS.items}
            </Title>
            <Button onClick={() => setEditing({ item: null })}>{EDIT_LIST_TEXTS.addItem}</Button>
          </Group>
          {l.items.length === 0 && <Text>{TODO_TEXTS.empty}</Text>}
          {l.items.map((item) => (
            <Card key={item.id} withBorder padding="sm" data-testid="manager-item">
              <Group justify="space-between" align="flex-start">
                <Stack gap={4}>
                  <Text fw={600}>{item.title}</Text>
                  {item.due_date_short && <Text size="sm">{item.due_date_short}</Text>}
                  {item.description && <SafeHtml html={item.description} />}
                  <Group gap={4}>
                    {item.tags.map((t) => (
                      <Badge key={t.id} variant="light" color="gray" size="sm">
                        {t.label}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setEditing({ item })}
                  aria-label={`Edit ${item.title}`}
                >
                  {TODO_TEXTS.edit}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      </Card>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.item ? EDIT_LIST_TEXTS.editItemTitle : EDIT_LIST_TEXTS.addItemTitle}
        size="lg"
      >
        {editing && (
          <LazyTodoForm
            key={editing.item?.id ?? 'new'}
            item={editing.item}
            listId={l.id}
            tags={tags.data ?? []}
            staffCreated
            onSave={async (body) => {
              await saveItem.mutateAsync(body);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
            onDelete={
              editing.item
                ? async () => {
                    const { id, title } = editing.item!;
                    await deleteItem.mutateAsync(id);
                    undo({ coachId: coachId ?? 0, kind: 'todo_item', id, label: `To-do item “${title}”` });
                    setEditing(null);
                  }
                : undefined
            }
          />
        )}
      </Modal>
    </Stack>
  );
}
