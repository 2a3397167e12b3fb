import { EMAIL_LOG_API, EmailLogSchema, EmailResendSchema } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';

const logKey = (coachId: number, id: number) => ['emails', coachId, id, 'log'] as const;

/** An email's send log (staff). */
export function useEmailLog(coachId: number, id: number) {
  return useQuery({
    queryKey: logKey(coachId, id),
    queryFn: ({ signal }) => apiGet(EMAIL_LOG_API.log(coachId, id), EmailLogSchema, signal),
  });
}

/** Resends to the unconfirmed and failed recipients; the log and the email list reload afterwards. */
export function useResendEmail(coachId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(EMAIL_LOG_API.resend(coachId, id), { method: 'POST', schema: EmailResendSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['emails', coachId] }),
  });
}
