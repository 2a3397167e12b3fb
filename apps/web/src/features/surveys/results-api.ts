import { SURVEY_RESULTS_API, SurveyResultsSchema } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

/** A survey's results (staff): aggregates and, unless anonymous, individual answers. */
export function useSurveyResults(coachId: number, id: number) {
  return useQuery({
    queryKey: ['surveys', coachId, id, 'results'],
    queryFn: ({ signal }) => apiGet(SURVEY_RESULTS_API.results(coachId, id), SurveyResultsSchema, signal),
  });
}
