import { TRASH_ENDPOINTS, type TrashEntry, type TrashKind } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { restoreFromTrash } from '../../components/undo-delete.tsx';

/**
 * The coach's trash (docs/trash.md): `mine` false, the staff trash (GET …/trash); true, the caller's own
 * deleted to-dos (GET …/my-trash).
 */
export function useTrash(coachId: number, mine: boolean, enabled = true) {
  return useQuery({
    queryKey: ['trash', coachId, mine ? 'mine' : 'staff'],
    queryFn: ({ signal }) =>
      callEndpoint(
        mine ? TRASH_ENDPOINTS.mineList : TRASH_ENDPOINTS.list,
        { params: { coachId } },
        signal,
      ).then((d) => d.results),
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
      callEndpoint(TRASH_ENDPOINTS.institutionList, { params: { institutionId } }, signal).then(
        (d) => d.results,
      ),
  });
}

/** Restores an entry (POST …/restore); refreshes every query after, as the item is back everywhere. */
export function useRestore(owner: TrashOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: TrashKind; id: number }) => restoreFromTrash({ ...owner, kind, id }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export type { TrashEntry };
