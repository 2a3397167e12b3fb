import { API, type Tip, type TipBody, TipSchema, TipsDocumentSchema } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';

export const tipKeys = { all: (coachId: number) => ['tips', coachId] as const };

/** The coach's tips (spec §7 "Tips: GET a tips document ... content as a list of tips"). */
export function useTips(coachId: number) {
  return useQuery({
    queryKey: tipKeys.all(coachId),
    queryFn: ({ signal }) => apiGet(API.tips(coachId), TipsDocumentSchema, signal),
  });
}

/** Staff: saves a tip (PUT with an id, else POST), deletes one, or saves a new order; reloads the tips. */
export function useTipMutations(coachId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: tipKeys.all(coachId) });
  const save = useMutation({
    mutationFn: (body: TipBody & { id?: number }): Promise<Tip> =>
      body.id
        ? apiRequest(API.tip(coachId, body.id), { method: 'PUT', body, schema: TipSchema })
        : apiRequest(API.tips(coachId), { method: 'POST', body, schema: TipSchema }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(API.tip(coachId, id), { method: 'DELETE' }),
    onSuccess,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest(API.tipsOrder(coachId), { method: 'POST', body: { ids }, schema: TipsDocumentSchema }),
    onSuccess,
  });
  return { save, remove, reorder };
}
