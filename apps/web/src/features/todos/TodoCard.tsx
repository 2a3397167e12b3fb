import { PAGES, TODO_TEXTS, type TodoItem } from '@course-coach/contracts';
import { Badge, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LazySafeHtml } from '../../components/LazySafeHtml.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { lazyComponent } from '../../components/lazy-component.tsx';
import { WhyLink } from '../mydata/index.ts';
import { useCompleteTodoItem, useTodoListPage } from './todos-api.ts';

/**
 * The add/edit modal (TodoModal), loaded when the user first opens it: Mantine's Modal with its focus trap,
 * scroll area and scroll lock are not part of the dashboard's first content (docs/architecture.md "Keeping
 * the first load small").
 */
const LazyTodoModal = lazyComponent(async () => (await import('./TodoModal.tsx')).TodoModal);

interface ItemRowProps {
  item: TodoItem;
  /** Students complete items and edit their own; staff only read. */
  canAct: boolean;
  onEdit: (item: TodoItem) => void;
  editHref: string | null;
  onToggle: (item: TodoItem, completed: boolean) => void;
  pending: boolean;
}

/**
 * An item row (spec §2): a checkbox, the title, the short due date, the HTML description, the tags, a
 * 'Self-created' label when not staff-created, and Edit for self-created items only. Checked when the
 * first account_item is completed (§4).
 */
function TodoItemRow({ item, canAct, onEdit, editHref, onToggle, pending }: ItemRowProps) {
  const checked = item.account_item[0]?.completed === true;
  const selfCreated = !item.staff_created;
  return (
    <li data-testid="todo-item" data-item-id={item.id} style={{ listStyle: 'none' }}>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <Checkbox
          mt={2}
          checked={checked}
          // Not disabled while its save is pending: disabling the focused box would drop keyboard focus to
          // the page body. Presses meanwhile are ignored instead.
          disabled={!canAct}
          aria-busy={pending || undefined}
          onChange={(e) => {
            if (!pending) onToggle(item, e.currentTarget.checked);
          }}
          aria-label={item.title}
          data-testid="todo-checkbox"
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={600} td={checked ? 'line-through' : undefined} data-testid="todo-title">
              {item.title}
            </Text>
            {item.due_date_short && (
              <Text size="sm" c="dimmed" data-testid="todo-due">
                <time dateTime={item.due_date ?? undefined}>{item.due_date_short}</time>
              </Text>
            )}
          </Group>
          {item.description && <LazySafeHtml html={item.description} className="todo-description" />}
          <Group gap={6}>
            {item.tags.map((tag) => (
              <Badge key={tag.id} variant="light" color="gray" size="sm">
                {tag.label}
              </Badge>
            ))}
            {selfCreated && (
              <Badge
                variant="outline"
                size="sm"
                color="var(--cc-text-success)"
                data-testid="todo-self-created"
              >
                {TODO_TEXTS.selfCreated}
              </Badge>
            )}
          </Group>
          {selfCreated && canAct && (
            <Group>
              {editHref ? (
                <Button
                  component={Link}
                  to={editHref}
                  size="compact-sm"
                  variant="subtle"
                  aria-label={`${TODO_TEXTS.edit} ${item.title}`}
                >
                  {TODO_TEXTS.edit}
                </Button>
              ) : (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => onEdit(item)}
                  aria-label={`${TODO_TEXTS.edit} ${item.title}`}
                >
                  {TODO_TEXTS.edit}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </li>
  );
}

export interface TodoCardProps {
  coachId: number;
  /** 'sidebar': Add Your Own and Edit open the modal; 'page': they link to the form page (spec §2). */
  mode?: 'sidebar' | 'page';
  /** Students act on items; staff see the lists read-only here (they manage them on the to-do manager). */
  canAct: boolean;
}

/**
 * The To-Dos card (spec §2, §4): one list at a time with Previous List / Next List from the server's
 * previous / next, the Scheduled and Drafted labels, the list title or 'No list title', the items,
 * completion by POST that reloads the list, and 'Add Your Own'.
 */
export function TodoCard({ coachId, mode = 'sidebar', canAct }: TodoCardProps) {
  const titleId = useId();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const [modal, setModal] = useState<{ item: TodoItem | null } | null>(null);
  // Rendered from its first opening on, so that it closes with its transition and keeps its chunk.
  const [modalUsed, setModalUsed] = useState(false);
  if (modal !== null && !modalUsed) setModalUsed(true);
  const query = useTodoListPage(coachId, page);
  const complete = useCompleteTodoItem(coachId);
  const list = query.data?.results[0] ?? null;
  const here = `${location.pathname}${location.search}`;
  // New items go to the list shown; from the student's own list (or with no list at all) to their own list.
  const targetList = list && !list.own ? list.id : null;
  const addHref = `${PAGES.todoCreate(coachId)}?${new URLSearchParams({
    ...(targetList !== null ? { list: String(targetList) } : {}),
    next: here,
  })}`;

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError)
    body = (
      <ErrorState
        title="We couldn’t load your to-dos"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else
    body = (
      <Stack gap="sm">
        {list && (
          <Group gap="xs" data-testid="todo-list-header" data-list-id={list.id}>
            <Title order={3} size="h5" data-testid="todo-list-title">
              {list.title || TODO_TEXTS.noListTitle}
            </Title>
            {list.is_queued && <Badge color="indigo.9">{TODO_TEXTS.scheduled}</Badge>}
            {list.is_under_review && <Badge color="gray.8">{TODO_TEXTS.drafted}</Badge>}
            {!list.own && <WhyLink coachId={coachId} kind="todolist" id={list.id} />}
          </Group>
        )}
        {!list || list.items.length === 0 ? (
          <Text data-testid="todo-empty">{TODO_TEXTS.empty}</Text>
        ) : (
          <Stack component="ul" gap="md" p={0} m={0} aria-label={list.title || TODO_TEXTS.noListTitle}>
            {list.items.map((item) => (
              <TodoItemRow
                key={item.id}
                item={item}
                canAct={canAct}
                pending={complete.isPending && complete.variables?.item === item.id}
                onToggle={(it, completed) => complete.mutate({ item: it.id, completed })}
                onEdit={(it) => setModal({ item: it })}
                editHref={
                  mode === 'page'
                    ? `${PAGES.todoEdit(coachId, item.id)}?${new URLSearchParams({ next: here })}`
                    : null
                }
              />
            ))}
          </Stack>
        )}
        {complete.isError && (
          <Text c="red" size="sm" role="alert">
            {errorMessage(complete.error)}
          </Text>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            {query.data.previous && (
              <Button variant="default" size="xs" onClick={() => setPage((p) => Math.max(1, p - 1))}>
                {TODO_TEXTS.previousList}
              </Button>
            )}
            {query.data.next && (
              <Button variant="default" size="xs" onClick={() => setPage((p) => p + 1)}>
                {TODO_TEXTS.nextList}
              </Button>
            )}
          </Group>
          {/* A student can always add their own to-dos, even in a coach without a staff list (spec §1). */}
          {canAct &&
            (mode === 'sidebar' ? (
              <Button size="xs" onClick={() => setModal({ item: null })}>
                {TODO_TEXTS.addYourOwn}
              </Button>
            ) : (
              <Button size="xs" component={Link} to={addHref}>
                {TODO_TEXTS.addYourOwn}
              </Button>
            ))}
        </Group>
      </Stack>
    );

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="todo-card"
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={titleId}>
          {TODO_TEXTS.cardTitle}
        </Title>
        {body}
      </Stack>
      {mode === 'sidebar' && modalUsed && (
        <LazyTodoModal
          coachId={coachId}
          opened={modal !== null}
          item={modal?.item ?? null}
          listId={targetList}
          onClose={() => setModal(null)}
        />
      )}
    </Card>
  );
}
