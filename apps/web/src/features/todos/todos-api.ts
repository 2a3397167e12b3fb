import {
  AccountItemSchema,
  API,
  type TodoItem,
  type TodoItemBody,
  TodoItemSchema,
  type TodoListBody,
  type TodoListPage,
  TodoListPageSchema,
  TodoListSchema,
  TodoTagListSchema,
  TodoTagSchema,
} from '@course-coach/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiRequest } from '../../api/client.ts';

/** Query keys of the to-do feature; everything under ['todos', coachId] reloads after a write. */
export const todoKeys = {
  all: (coachId: number) => ['todos', coachId] as const,
  page: (coachId: number, page: number) => ['todos', coachId, 'page', page] as const,
  item: (coachId: number, id: number) => ['todos', coachId, 'item', id] as const,
  tags: (coachId: number) => ['todos', coachId, 'tags'] as const,
};

/** One page of the caller's to-do lists (spec §7: GET the list URL with query page; one list a page). */
export function useTodoListPage(coachId: number, page: number) {
  return useQuery({
    queryKey: todoKeys.page(coachId, page),
    queryFn: ({ signal }) => apiGet(`${API.todoLists(coachId)}?page=${page}`, TodoListPageSchema, signal),
    placeholderData: keepPreviousData,
  });
}

/** The coach's tags: the form's checkbox options (spec §7 "To-do item tags"). */
export function useTodoTags(coachId: number, enabled = true) {
  return useQuery({
    queryKey: todoKeys.tags(coachId),
    queryFn: ({ signal }) => apiGet(API.todoTags(coachId), TodoTagListSchema, signal),
    enabled,
  });
}

/** One item (spec §7 "Single to-do item: GET by todoItemId"); disabled without an id. */
export function useTodoItem(coachId: number, id: number | null) {
  return useQuery({
    queryKey: todoKeys.item(coachId, id ?? 0),
    queryFn: ({ signal }) => apiGet(API.todoItem(coachId, id!), TodoItemSchema, signal),
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
        ? apiRequest(API.todoItem(coachId, body.id), { method: 'PUT', body, schema: TodoItemSchema })
        : apiRequest(API.todoItems(coachId), { method: 'POST', body, schema: TodoItemSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) }),
  });
}

/** Adds several items in one go (POST todo-items/batch, all or nothing), then reloads the lists. */
export function useSaveTodoItems(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: TodoSave[]): Promise<TodoItem[]> =>
      apiRequest(API.todoItemsBatch(coachId), {
        method: 'POST',
        body: { items },
        schema: z.array(TodoItemSchema),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) }),
  });
}

/** Deletes an item (spec §7 "Delete"), then reloads the lists. */
export function useDeleteTodoItem(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(API.todoItem(coachId, id), { method: 'DELETE' }),
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
      apiRequest(API.accountTodoItems(coachId), { method: 'POST', body: vars, schema: AccountItemSchema }),
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
      apiGet(`${API.todoLists(coachId)}?page=1&page_size=100`, TodoListPageSchema, signal),
  });
}

/** Staff: create, update (queue / put under review / rename) and delete lists, and manage tags. */
export function useTodoManagerMutations(coachId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: todoKeys.all(coachId) });
  const saveList = useMutation({
    mutationFn: (body: TodoListBody) =>
      body.id
        ? apiRequest(API.todoList(coachId, body.id), { method: 'PUT', body, schema: TodoListSchema })
        : apiRequest(API.todoLists(coachId), { method: 'POST', body, schema: TodoListSchema }),
    onSuccess,
  });
  const deleteList = useMutation({
    mutationFn: (id: number) => apiRequest(API.todoList(coachId, id), { method: 'DELETE' }),
    onSuccess,
  });
  const saveTag = useMutation({
    mutationFn: (body: { id?: number; label: string }) =>
      body.id
        ? apiRequest(API.todoTag(coachId, body.id), { method: 'PUT', body, schema: TodoTagSchema })
        : apiRequest(API.todoTags(coachId), { method: 'POST', body, schema: TodoTagSchema }),
    onSuccess,
  });
  const deleteTag = useMutation({
    mutationFn: (id: number) => apiRequest(API.todoTag(coachId, id), { method: 'DELETE' }),
    onSuccess,
  });
  return { saveList, deleteList, saveTag, deleteTag };
}
