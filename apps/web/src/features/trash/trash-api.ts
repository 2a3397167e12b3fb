import {
  API,
  type TrashEntry,
  type TrashKind,
  TrashListSchema,
  TrashRestoredSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/client.ts';

/**
 * The coach's trash (docs/trash.md): `mine` false, the staff trash (GET …/trash); true, the caller's own
 * deleted to-dos (GET …/my-trash).
 */
export function useTrash(coachId: number, mine: boolean, enabled = true) {
  return useQuery({
    queryKey: ['trash', coachId, mine ? 'mine' : 'staff'],
    queryFn: ({ signal }) =>
      apiGet(mine ? API.myTrash(coachId) : API.trash(coachId), TrashListSchema, signal).then(
        (d) => d.results,
      ),
    enabled: enabled && coachId > 0,
  });
}

/** Restores an entry (POST …/restore); refreshes every query after, as the item is back everywhere. */
export function useRestore(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: number }) =>
      apiPost(
        kind === 'own_todo' ? API.myTrashRestore(coachId, id) : API.trashRestore(coachId, kind, id),
        undefined,
        TrashRestoredSchema,
      ),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export type { TrashEntry };
