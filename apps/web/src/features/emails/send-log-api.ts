import { EMAIL_LOG_ENDPOINTS } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

const logKey = (coachId: number, id: number) => ['emails', coachId, id, 'log'] as const;

/** An email's send log (staff). */
export function useEmailLog(coachId: number, id: number) {
  return useQuery({
    queryKey: logKey(coachId, id),
    queryFn: ({ signal }) => callEndpoint(EMAIL_LOG_ENDPOINTS.log, { params: { coachId, id } }, signal),
  });
}

/** Resends to the unconfirmed and failed recipients; the log and the email list reload afterwards. */
export function useResendEmail(coachId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(EMAIL_LOG_ENDPOINTS.resend, { params: { coachId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['emails', coachId] }),
  });
}
