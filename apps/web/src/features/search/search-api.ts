import { SEARCH_ENDPOINTS } from '@course-coach/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

export const searchKeys = {
  results: (coachId: number, q: string) => ['search', coachId, q] as const,
};

/**
 * The first page of the coach's search results for `q` (GET coach/{coachId}/search, docs/search.md):
 * nothing is asked while `q` is blank; while a new `q` loads, the previous answer stays (`isPlaceholderData`).
 */
export function useCourseSearch(coachId: number, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKeys.results(coachId, text),
    queryFn: ({ signal }) =>
      callEndpoint(SEARCH_ENDPOINTS.search, { params: { coachId }, query: { q: text } }, signal),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
