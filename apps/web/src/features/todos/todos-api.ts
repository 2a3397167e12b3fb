import {
  TODO_ENDPOINTS,
  type TodoItem,
  type TodoItemBody,
  type TodoListBody,
  type TodoListPage,
} from '@course-coach/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query keys of the to-do feature; everything under ['todos', coachId] reloads after a write. */
export const todoKeys = {
  all: (coachId: number) => ['todos', coachId] as const,
  page: (coachId: number, page: number) => ['todos', coachId, 'page', page] as const,
  item: (coachId: number, id: number) => ['todos', coachId, 'item', id] as const,
  tags: (coachId: number) => ['todos', coachId, 'tags'] as const,
};

/**
 * The query of one page of the caller's to-do lists (spec §7: GET the list URL with query page; one list
 * a page): its key and function, for {@link useTodoListPage} and for the coach dashboard, which fetches
 * page 1 with its first group of answers so that the to-do card renders with its list at once.
 */
export function todoListPageQuery(coachId: number, page: number) {
  return queryOptions({
    queryKey: todoKeys.page(coachId, page),
    queryFn: ({ signal }) =>
      callEndpoint(TODO_ENDPOINTS.listPage, { params: { coachId }, query: { page: String(page) } }, signal),
  });
}

/** One page of the caller's to-do lists ({@link todoListPageQuery}), the previous page shown while the next loads. */
export function useTodoListPage(coachId: number, page: number) {
  return useQuery({ ...todoListPageQuery(coachId, page), placeholderData: keepPreviousData });
}

/** The coach's tags: the form's checkbox options (spec §7 "To-do item tags"). */
export function useTodoTags(coachId: number, enabled = true) {
  return useQuery({
    queryKey: todoKeys.tags(coachId),
    queryFn: ({ signal }) => callEndpoint(TODO_ENDPOINTS.tagList, { params: { coachId } }, signal),
    enabled,
  });
}

/** One item (spec §7 "Single to-do item: GET by todoItemId"); disabled without an id. */
export function useTodoItem(coachId: number, id: number | null) {
  return useQuery({
    queryKey: todoKeys.item(coachId, id ?? 0),
    queryFn: ({ signal }) => callEndpoint(TODO_ENDPOINTS.item, { params: { coachId, id: id! } }, signal),
    enabled: id !== null,
  });
}

/** The body of a save: the item's fields without the display-only `due_date_short` (spec §3). */
export type TodoSave = Omit<TodoItemBody, 'due_date_short'>;

/**
 * Saves an item: PUT to the items URL plus /{id} when it has an id, else POST (spec §4 "Save method").
 * Reloads the to-do lists on success.
 */
export function useSaveTodoItem(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TodoSave): Promise<TodoItem> =>
      body.id
        ? callEndpoint(TODO_ENDPOINTS.updateItem, { params: { coachId, id: body.id }, body })
        : callEndpoint(TODO_ENDPOINTS.createItem, { params: { coachId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) }),
  });
}

/** Adds several items in one go (POST todo-items/batch, all or nothing), then reloads the lists. */
export function useSaveTodoItems(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: TodoSave[]): Promise<TodoItem[]> =>
      callEndpoint(TODO_ENDPOINTS.createItems, { params: { coachId }, body: { items } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) }),
  });
}

/** Deletes an item (spec §7 "Delete"), then reloads the lists. */
export function useDeleteTodoItem(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(TODO_ENDPOINTS.removeItem, { params: { coachId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) }),
  });
}

/** The item with the caller's completion set to `completed` (its account_item entry made or changed). */
function withCompletion(item: TodoItem, completed: boolean): TodoItem {
  const entry = item.account_item[0] ?? { id: 0, item: item.id, completed_at: null };
  return { ...item, account_item: [{ ...entry, completed }, ...item.account_item.slice(1)] };
}

/**
 * Posts a completion (spec §4 "checking posts the completion and reloads the list"). The box turns at
 * once in every loaded page of lists (optimistic); a failure puts every page back as it was (the card
 * shows the error); either way the lists reload.
 */
export function useCompleteTodoItem(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { item: number; completed: boolean }) =>
      callEndpoint(TODO_ENDPOINTS.complete, { params: { coachId }, body: vars }),
    onMutate: async ({ item, completed }) => {
      await queryClient.cancelQueries({ queryKey: todoKeys.all(coachId) });
      const pages = queryClient.getQueriesData<TodoListPage>({
        queryKey: [...todoKeys.all(coachId), 'page'],
      });
      for (const [key, page] of pages) {
        if (!page) continue;
        queryClient.setQueryData<TodoListPage>(key, {
          ...page,
          results: page.results.map((list) => ({
            ...list,
            items: list.items.map((it) => (it.id === item ? withCompletion(it, completed) : it)),
          })),
        });
      }
      return { pages };
    },
    onError: (_error, _vars, snapshot) => {
      for (const [key, page] of snapshot?.pages ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) }),
  });
}

/** Staff: every list of the coach with its staff items (one page of up to 100 lists). */
export function useAllTodoLists(coachId: number) {
  return useQuery({
    queryKey: [...todoKeys.all(coachId), 'all'] as const,
    queryFn: ({ signal }) =>
      callEndpoint(
        TODO_ENDPOINTS.listPage,
        { params: { coachId }, query: { page: '1', page_size: '100' } },
        signal,
      ),
  });
}

/** Staff: create, update (queue / put under review / rename) and delete lists, and manage tags. */
export function useTodoManagerMutations(coachId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) });
  const saveList = useMutation({
    mutationFn: (body: TodoListBody) =>
      body.id
        ? callEndpoint(TODO_ENDPOINTS.updateList, { params: { coachId, id: body.id }, body })
        : callEndpoint(TODO_ENDPOINTS.createList, { params: { coachId }, body }),
    onSuccess,
  });
  const deleteList = useMutation({
    mutationFn: (id: number) => callEndpoint(TODO_ENDPOINTS.removeList, { params: { coachId, id } }),
    onSuccess,
  });
  const saveTag = useMutation({
    mutationFn: (body: { id?: number; label: string }) =>
      body.id
        ? callEndpoint(TODO_ENDPOINTS.updateTag, { params: { coachId, id: body.id }, body })
        : callEndpoint(TODO_ENDPOINTS.createTag, { params: { coachId }, body }),
    onSuccess,
  });
  const deleteTag = useMutation({
    mutationFn: (id: number) => callEndpoint(TODO_ENDPOINTS.removeTag, { params: { coachId, id } }),
    onSuccess,
  });
  return { saveList, deleteList, saveTag, deleteTag };
}
