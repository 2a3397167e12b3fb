import { ENGAGEMENT_ENDPOINTS } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** GET coach/{coachId}/engagement/mine: the signed-in student's own engagement in the coach. */
export function useMyEngagement(coachId: number) {
  return useQuery({
    queryKey: ['my-engagement', coachId],
    queryFn: ({ signal }) => callEndpoint(ENGAGEMENT_ENDPOINTS.mine, { params: { coachId } }, signal),
  });
}
