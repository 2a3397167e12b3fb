import { EMAIL_API, type Email, type EmailBody, EmailListSchema, EmailSchema } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';
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
    queryFn: ({ signal }) => apiGet(EMAIL_API.emails(coachId), EmailListSchema, signal),
  });
}

/** One email (staff); disabled for a new one (`id` null). */
export function useEmail(coachId: number, id: number | null) {
  return useQuery({
    queryKey: emailKeys.one(coachId, id ?? 0),
    queryFn: ({ signal }) => apiGet(EMAIL_API.email(coachId, id!), EmailSchema, signal),
    enabled: id !== null,
  });
}

/** Saves an email: PUT when it has an id, else POST (docs/design.md "Save method"). */
export function useSaveEmail(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailBody }): Promise<Email> =>
      apiRequest(id ? EMAIL_API.email(coachId, id) : EMAIL_API.emails(coachId), {
        method: id ? 'PUT' : 'POST',
        body,
        schema: EmailSchema,
      }),
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
    mutationFn: (id: number) => apiRequest(EMAIL_API.email(coachId, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all(coachId) }),
  });
}
