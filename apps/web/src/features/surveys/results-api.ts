import { SURVEY_ENDPOINTS } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** A survey's results (staff): aggregates and, unless anonymous, individual answers. */
export function useSurveyResults(coachId: number, id: number) {
  return useQuery({
    queryKey: ['surveys', coachId, id, 'results'],
    queryFn: ({ signal }) => callEndpoint(SURVEY_ENDPOINTS.results, { params: { coachId, id } }, signal),
  });
}
