import { FAQ_ENDPOINTS, type FaqEntry, type FaqEntryBody } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { type FaqListScope, faqKeys } from './faq-queries.ts';

export { type FaqListScope, faqKeys, useSupportEmail } from './faq-queries.ts';

/** A coach's FAQ page: the course list, the institution list and the support e-mail. */
export function useCoachFaq(coachId: number) {
  return useQuery({
    queryKey: faqKeys.coach(coachId),
    queryFn: ({ signal }) => callEndpoint(FAQ_ENDPOINTS.coach, { params: { coachId } }, signal),
  });
}

/** The entries of the list a manager edits (the course list of the coach page, or the institution's). */
export function useFaqList(scope: FaqListScope) {
  return useQuery({
    queryKey: faqKeys.list(scope),
    queryFn: async ({ signal }): Promise<FaqEntry[]> =>
      scope.kind === 'coach'
        ? (await callEndpoint(FAQ_ENDPOINTS.coach, { params: { coachId: scope.coachId } }, signal)).course
        : (
            await callEndpoint(
              FAQ_ENDPOINTS.institution,
              { params: { institutionId: scope.institutionId } },
              signal,
            )
          ).entries,
  });
}

/** The save, delete and reorder calls of the list `scope` names (its endpoints and path parameters). */
const listCalls = (scope: FaqListScope) =>
  scope.kind === 'coach'
    ? {
        create: (body: FaqEntryBody) =>
          callEndpoint(FAQ_ENDPOINTS.coachCreate, { params: { coachId: scope.coachId }, body }),
        update: (id: number, body: FaqEntryBody) =>
          callEndpoint(FAQ_ENDPOINTS.coachUpdate, { params: { coachId: scope.coachId, id }, body }),
        remove: (id: number) =>
          callEndpoint(FAQ_ENDPOINTS.coachRemove, { params: { coachId: scope.coachId, id } }),
        reorder: (ids: number[]) =>
          callEndpoint(FAQ_ENDPOINTS.coachReorder, { params: { coachId: scope.coachId }, body: { ids } }),
      }
    : {
        create: (body: FaqEntryBody) =>
          callEndpoint(FAQ_ENDPOINTS.institutionCreate, {
            params: { institutionId: scope.institutionId },
            body,
          }),
        update: (id: number, body: FaqEntryBody) =>
          callEndpoint(FAQ_ENDPOINTS.institutionUpdate, {
            params: { institutionId: scope.institutionId, id },
            body,
          }),
        remove: (id: number) =>
          callEndpoint(FAQ_ENDPOINTS.institutionRemove, {
            params: { institutionId: scope.institutionId, id },
          }),
        reorder: (ids: number[]) =>
          callEndpoint(FAQ_ENDPOINTS.institutionReorder, {
            params: { institutionId: scope.institutionId },
            body: { ids },
          }),
      };

/** Staff: save (PUT with an id, else POST), delete and reorder entries of a list; reloads every FAQ. */
export function useFaqMutations(scope: FaqListScope) {
  const queryClient = useQueryClient();
  const calls = listCalls(scope);
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['faq'] });
  const save = useMutation({
    mutationFn: (body: FaqEntryBody & { id?: number }): Promise<FaqEntry> => {
      const { id, ...rest } = body;
      return id ? calls.update(id, rest) : calls.create(rest);
    },
    onSuccess,
  });
  const remove = useMutation({ mutationFn: (id: number) => calls.remove(id), onSuccess });
  const reorder = useMutation({ mutationFn: (ids: number[]) => calls.reorder(ids), onSuccess });
  return { save, remove, reorder };
}

/** Staff: sets or clears the coach's support e-mail. */
export function useSupportEmailMutation(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (support_email: string) =>
      callEndpoint(FAQ_ENDPOINTS.setSupportEmail, { params: { coachId }, body: { support_email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['faq'] }),
  });
}
