import {
  CHECKLIST_ENDPOINTS,
  type Checklist,
  type ChecklistItem,
  type ChecklistItemBody,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

export const checklistKeys = { all: (coachId: number) => ['checklist', coachId] as const };

/** The coach's checklist with the caller's ticks (docs/faq-checklists.md). */
export function useChecklist(coachId: number) {
  return useQuery({
    queryKey: checklistKeys.all(coachId),
    queryFn: ({ signal }) => callEndpoint(CHECKLIST_ENDPOINTS.get, { params: { coachId } }, signal),
  });
}

/** The list with item `id`'s tick set to `completed`, and the count to match. */
export function withTick(list: Checklist, id: number, completed: boolean): Checklist {
  const items = list.items.map((i) => (i.id === id ? { ...i, completed } : i));
  return { ...list, items, completed_count: items.filter((i) => i.completed).length };
}

/**
 * A student's tick, saved optimistically: the card shows it at once; when the server refuses or cannot
 * be reached, the tick is put back as it was (the caller shows the mutation's error). The activity
 * figures are reloaded afterwards, since ticks count there.
 */
export function useTick(coachId: number) {
  const queryClient = useQueryClient();
  const key = checklistKeys.all(coachId);
  return useMutation({
    mutationFn: ({ id, completed }: { id: number; completed: boolean }) =>
      callEndpoint(CHECKLIST_ENDPOINTS.complete, { params: { coachId, id }, body: { completed } }),
    onMutate: async ({ id, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Checklist>(key);
      if (before) queryClient.setQueryData(key, withTick(before, id, completed));
      return { before };
    },
    onError: (_error, { id, completed }, context) => {
      const now = queryClient.getQueryData<Checklist>(key);
      if (now) queryClient.setQueryData(key, withTick(now, id, !completed));
      else if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['activity'] });
    },
  });
}

/** Staff: save (PUT with an id, else POST), delete and reorder items; reloads the checklist. */
export function useChecklistMutations(coachId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: checklistKeys.all(coachId) });
  const save = useMutation({
    mutationFn: (body: ChecklistItemBody & { id?: number }): Promise<ChecklistItem> => {
      const { id, ...rest } = body;
      return id
        ? callEndpoint(CHECKLIST_ENDPOINTS.update, { params: { coachId, id }, body: rest })
        : callEndpoint(CHECKLIST_ENDPOINTS.create, { params: { coachId }, body: rest });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(CHECKLIST_ENDPOINTS.remove, { params: { coachId, id } }),
    onSuccess,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      callEndpoint(CHECKLIST_ENDPOINTS.reorder, { params: { coachId }, body: { ids } }),
    onSuccess,
  });
  return { save, remove, reorder };
}
