import { HOME_API, MyEngagementSchema } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

/** GET coach/{coachId}/engagement/mine: the signed-in student's own engagement in the coach. */
export function useMyEngagement(coachId: number) {
  return useQuery({
    queryKey: ['my-engagement', coachId],
    queryFn: ({ signal }) => apiGet(HOME_API.myEngagement(coachId), MyEngagementSchema, signal),
  });
}
