import {
  API,
  CoachFaqSchema,
  type FaqEntry,
  type FaqEntryBody,
  FaqEntrySchema,
  FaqListSchema,
  SupportEmailSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';
import { type FaqListScope, faqKeys } from './faq-queries.ts';

export { type FaqListScope, faqKeys, useSupportEmail } from './faq-queries.ts';

/** A coach's FAQ page: the course list, the institution list and the support e-mail. */
export function useCoachFaq(coachId: number) {
  return useQuery({
    queryKey: faqKeys.coach(coachId),
    queryFn: ({ signal }) => apiGet(API.coachFaq(coachId), CoachFaqSchema, signal),
  });
}

/** The entries of the list a manager edits (the course list of the coach page, or the institution's). */
export function useFaqList(scope: FaqListScope) {
  return useQuery({
    queryKey: faqKeys.list(scope),
    queryFn: async ({ signal }): Promise<FaqEntry[]> =>
      scope.kind === 'coach'
        ? (await apiGet(API.coachFaq(scope.coachId), CoachFaqSchema, signal)).course
        : (await apiGet(API.institutionFaq(scope.institutionId), FaqListSchema, signal)).entries,
  });
}

const paths = (scope: FaqListScope) =>
  scope.kind === 'coach'
    ? {
        list: API.coachFaq(scope.coachId),
        entry: (id: number) => API.coachFaqEntry(scope.coachId, id),
        order: API.coachFaqOrder(scope.coachId),
      }
    : {
        list: API.institutionFaq(scope.institutionId),
        entry: (id: number) => API.institutionFaqEntry(scope.institutionId, id),
        order: API.institutionFaqOrder(scope.institutionId),
      };

/** Staff: save (PUT with an id, else POST), delete and reorder entries of a list; reloads every FAQ. */
export function useFaqMutations(scope: FaqListScope) {
  const queryClient = useQueryClient();
  const p = paths(scope);
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['faq'] });
  const save = useMutation({
    mutationFn: (body: FaqEntryBody & { id?: number }): Promise<FaqEntry> => {
      const { id, ...rest } = body;
      return id
        ? apiRequest(p.entry(id), { method: 'PUT', body: rest, schema: FaqEntrySchema })
        : apiRequest(p.list, { method: 'POST', body: rest, schema: FaqEntrySchema });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(p.entry(id), { method: 'DELETE' }),
    onSuccess,
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest(p.order, { method: 'POST', body: { ids }, schema: FaqListSchema }),
    onSuccess,
  });
  return { save, remove, reorder };
}

/** Staff: sets or clears the coach's support e-mail. */
export function useSupportEmailMutation(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (support_email: string) =>
      apiRequest(API.supportEmail(coachId), {
        method: 'PUT',
        body: { support_email },
        schema: SupportEmailSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['faq'] }),
  });
}
