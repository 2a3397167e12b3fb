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

/** Whose trash: a coach's, or the institution's own (its deleted FAQ entries). */
export type TrashOwner = { coachId: number } | { institutionId: number };

/** The institution's own trash (GET institution/{id}/trash; docs/trash.md): its deleted FAQ entries. */
export function useInstitutionTrash(institutionId: number) {
  return useQuery({
    queryKey: ['trash', 'institution', institutionId],
    queryFn: ({ signal }) =>
      apiGet(API.institutionTrash(institutionId), TrashListSchema, signal).then((d) => d.results),
  });
}

/** Restores an entry (POST …/restore); refreshes every query after, as the item is back everywhere. */
export function useRestore(owner: TrashOwner) {
  const queryClient = useQueryClient();
  const path = (kind: TrashKind, id: number) => {
    if ('institutionId' in owner) return API.institutionTrashRestore(owner.institutionId, kind, id);
    return kind === 'own_todo'
      ? API.myTrashRestore(owner.coachId, id)
      : API.trashRestore(owner.coachId, kind, id);
  };
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: number }) =>
      apiPost(path(kind, id), undefined, TrashRestoredSchema),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export type { TrashEntry };
