import { TIP_ENDPOINTS, type Tip, type TipBody } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

export const tipKeys = { all: (coachId: number) => ['tips', coachId] as const };

/** The coach's tips (spec §7 "Tips: GET a tips document ... content as a list of tips"). */
export function useTips(coachId: number) {
  return useQuery({
    queryKey: tipKeys.all(coachId),
    queryFn: ({ signal }) => callEndpoint(TIP_ENDPOINTS.list, { params: { coachId } }, signal),
  });
}

/** Staff: saves a tip (PUT with an id, else POST), deletes one, or saves a new order; reloads the tips. */
export function useTipMutations(coachId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: tipKeys.all(coachId) });
  const save = useMutation({
    mutationFn: (body: TipBody & { id?: number }): Promise<Tip> =>
      body.id
        ? callEndpoint(TIP_ENDPOINTS.update, { params: { coachId, id: body.id }, body })
        : callEndpoint(TIP_ENDPOINTS.create, { params: { coachId }, body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(TIP_ENDPOINTS.remove, { params: { coachId, id } }),
    onSuccess,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      callEndpoint(TIP_ENDPOINTS.reorder, { params: { coachId }, body: { ids } }),
    onSuccess,
  });
  return { save, remove, reorder };
}
