import { EMAIL_ENDPOINTS, type Email, type EmailBody } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { invalidateAudience } from '../audience/index.ts';

/** Query keys of the coach's emails (everything under ['emails', coachId] reloads after a save). */
export const emailKeys = {
  all: (coachId: number) => ['emails', coachId] as const,
  one: (coachId: number, id: number) => ['emails', coachId, id] as const,
};

/** The coach's emails (staff). */
export function useEmails(coachId: number) {
  return useQuery({
    queryKey: emailKeys.all(coachId),
    queryFn: ({ signal }) => callEndpoint(EMAIL_ENDPOINTS.list, { params: { coachId } }, signal),
  });
}

/** One email (staff); disabled for a new one (`id` null). */
export function useEmail(coachId: number, id: number | null) {
  return useQuery({
    queryKey: emailKeys.one(coachId, id ?? 0),
    queryFn: ({ signal }) => callEndpoint(EMAIL_ENDPOINTS.get, { params: { coachId, id: id! } }, signal),
    enabled: id !== null,
  });
}

/** Saves an email: PUT when it has an id, else POST (docs/design.md "Save method"). */
export function useSaveEmail(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailBody }): Promise<Email> =>
      id
        ? callEndpoint(EMAIL_ENDPOINTS.update, { params: { coachId, id }, body })
        : callEndpoint(EMAIL_ENDPOINTS.create, { params: { coachId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailKeys.all(coachId) }),
        invalidateAudience(queryClient, coachId),
      ]),
  });
}

/** Deletes an email. */
export function useDeleteEmail(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(EMAIL_ENDPOINTS.remove, { params: { coachId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all(coachId) }),
  });
}
