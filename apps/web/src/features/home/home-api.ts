import { HOME_ENDPOINTS } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** GET institution/{institutionId}/home: everything the home page shows, in one request. */
export function useHome(institutionId: number) {
  return useQuery({
    queryKey: ['home', institutionId],
    queryFn: ({ signal }) => callEndpoint(HOME_ENDPOINTS.home, { params: { institutionId } }, signal),
  });
}
