import { PAGES, TODO_TEXTS, type TodoList, type TodoTag } from '@course-coach/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../api/client.ts';
import { deleteQuestion, useConfirmDelete } from '../../components/ConfirmDelete.tsx';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { parsePathId } from '../../components/path-id.ts';
import { useUndoDelete } from '../../components/undo-delete.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useAllTodoLists, useTodoManagerMutations, useTodoTags } from './todos-api.ts';

export const MANAGER_TEXTS = {
  title: 'To-do lists',
  lists: 'Lists',
  addList: 'Add list',
  newListTitle: 'New list title',
  items: 'Items',
  queued: 'Scheduled',
  underReview: 'Drafted',
  editItems: 'Edit',
  tags: 'Tags',
  addTag: 'Add tag',
  newTag: 'New tag',
  rename: 'Rename',
  noLists: 'This coach has no to-do lists yet.',
  noTags: 'This coach has no tags yet.',
} as const;

function ListRow({ list, coachId }: { list: TodoList; coachId: number }) {
  const { saveList, deleteList } = useTodoManagerMutations(coachId);
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  const set = (patch: Partial<TodoList>) =>
    saveList.mutate({
      id: list.id,
      title: list.title,
      is_queued: list.is_queued,
      is_under_review: list.is_under_review,
      ...patch,
    });
  const name = list.title || TODO_TEXTS.noListTitle;
  return (
    <Table.Tr data-testid="manager-list-row">
      <Table.Td>
        <Group gap="xs">
          <Text>{name}</Text>
          {list.is_queued && <Badge color="indigo.9">{TODO_TEXTS.scheduled}</Badge>}
          {list.is_under_review && <Badge color="gray.8">{TODO_TEXTS.drafted}</Badge>}
        </Group>
      </Table.Td>
      <Table.Td>{list.items.length}</Table.Td>
      <Table.Td>
        <Switch
          checked={list.is_queued}
          onChange={(e) => set({ is_queued: e.currentTarget.checked })}
          aria-label={`${MANAGER_TEXTS.queued}: ${name}`}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          checked={list.is_under_review}
          onChange={(e) => set({ is_under_review: e.currentTarget.checked })}
          aria-label={`${MANAGER_TEXTS.underReview}: ${name}`}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={PAGES.editTodoList(coachId, list.id)} aria-label={`Edit ${name}`}>
            {MANAGER_TEXTS.editItems}
          </Anchor>
          <Button
            size="compact-sm"
            color="red"
            variant="subtle"
            onClick={async () => {
              const question = deleteQuestion('the to-do list', name, [[list.items.length, 'item', 'items']]);
              if (!(await confirm.ask(question))) return;
              await deleteList.mutateAsync(list.id);
              undo({ coachId, kind: 'todo_list', id: list.id, label: `To-do list “${name}”` });
            }}
            loading={deleteList.isPending}
            aria-label={`Delete ${name}`}
          >
            {TODO_TEXTS.delete}
          </Button>
        </Group>
        {confirm.modal}
      </Table.Td>
    </Table.Tr>
  );
}

function TagRow({ tag, coachId }: { tag: TodoTag; coachId: number }) {
  const { saveTag, deleteTag } = useTodoManagerMutations(coachId);
  const confirm = useConfirmDelete();
  const undo = useUndoDelete();
  const [label, setLabel] = useState(tag.label);
  const error = isApiError(saveTag.error, 400) ? saveTag.error.fieldErrors.label?.join(' ') : undefined;
  return (
    <Group gap="xs" align="flex-end" data-testid="manager-tag-row">
      <TextInput
        label={`Tag ${tag.label}`}
        value={label}
        onChange={(e) => setLabel(e.currentTarget.value)}
        error={error}
      />
      <Button
        variant="default"
        onClick={() => saveTag.mutate({ id: tag.id, label })}
        loading={saveTag.isPending}
      >
        {MANAGER_TEXTS.rename}
      </Button>
      <Button
        color="red"
        variant="subtle"
        onClick={async () => {
          if (!(await confirm.ask(deleteQuestion('the tag', tag.label)))) return;
          await deleteTag.mutateAsync(tag.id);
          undo({ coachId, kind: 'todo_tag', id: tag.id, label: `Tag “${tag.label}”` });
        }}
        aria-label={`Delete tag ${tag.label}`}
      >
        {TODO_TEXTS.delete}
      </Button>
      {confirm.modal}
    </Group>
  );
}

/**
 * `/Dashboard/Coach/{coachId}/ToDoManager/`: staff manage the coach's to-do lists (add, rename on the
 * list page, queue, put under review, delete) and tags. A plain page; the server enforces who may.
 */
export function TodoManagerPage() {
  const params = useParams();
  const coachId = parsePathId(params.coachId);
  usePageTitle(MANAGER_TEXTS.title);
  const lists = useAllTodoLists(coachId ?? 0);
  const tags = useTodoTags(coachId ?? 0, coachId !== null);
  const { saveList, saveTag } = useTodoManagerMutations(coachId ?? 0);
  const [newList, setNewList] = useState('');
  const [newTag, setNewTag] = useState('');
  if (coachId === null) return <NotFoundPage />;

  const addList = async (e: FormEvent) => {
    e.preventDefault();
    await saveList.mutateAsync({ title: newList });
    setNewList('');
  };
  const addTag = async (e: FormEvent) => {
    e.preventDefault();
    await saveTag.mutateAsync({ label: newTag }).then(
      () => setNewTag(''),
      () => undefined,
    );
  };
  const tagError = isApiError(saveTag.error, 400) ? saveTag.error.fieldErrors.label?.join(' ') : undefined;

  let listBody: React.ReactNode;
  if (lists.isPending) listBody = <LoadingState />;
  else if (lists.isError)
    listBody = (
      <ErrorState
        title="We couldn’t load the lists"
        message={errorMessage(lists.error)}
        onRetry={() => void lists.refetch()}
      />
    );
  else if (lists.data.results.length === 0) listBody = <Text>{MANAGER_TEXTS.noLists}</Text>;
  else
    listBody = (
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{TODO_TEXTS.title}</Table.Th>
            <Table.Th>{MANAGER_TEXTS.items}</Table.Th>
            <Table.Th>{MANAGER_TEXTS.queued}</Table.Th>
            <Table.Th>{MANAGER_TEXTS.underReview}</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.data.results.map((l) => (
            <ListRow key={l.id} list={l} coachId={coachId} />
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <Stack gap="lg">
      <Title order={1}>{MANAGER_TEXTS.title}</Title>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="manager-lists">
        <Stack gap="md">
          <Title order={2} size="h3" id="manager-lists">
            {MANAGER_TEXTS.lists}
          </Title>
          {listBody}
          <form onSubmit={(e) => void addList(e)}>
            <Group align="flex-end">
              <TextInput
                label={MANAGER_TEXTS.newListTitle}
                value={newList}
                onChange={(e) => setNewList(e.currentTarget.value)}
                maxLength={200}
              />
              <Button type="submit" loading={saveList.isPending}>
                {MANAGER_TEXTS.addList}
              </Button>
            </Group>
          </form>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="manager-tags">
        <Stack gap="md">
          <Title order={2} size="h3" id="manager-tags">
            {MANAGER_TEXTS.tags}
          </Title>
          {tags.data?.length === 0 && <Text>{MANAGER_TEXTS.noTags}</Text>}
          {tags.data?.map((t) => (
            <TagRow key={`${t.id}-${t.label}`} tag={t} coachId={coachId} />
          ))}
          <form onSubmit={(e) => void addTag(e)}>
            <Group align="flex-end">
              <TextInput
                label={MANAGER_TEXTS.newTag}
                value={newTag}
                onChange={(e) => setNewTag(e.currentTarget.value)}
                error={tagError}
                maxLength={60}
              />
              <Button type="submit" loading={saveTag.isPending}>
                {MANAGER_TEXTS.addTag}
              </Button>
            </Group>
          </form>
        </Stack>
      </Card>
    </Stack>
  );
}
