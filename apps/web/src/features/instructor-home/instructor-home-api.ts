import { INSTRUCTOR_HOME_ENDPOINTS, type NeedsAttentionSort } from '@course-coach/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** The instructor home of a coach (docs/instructor-home.md): summary and one page of the needs-attention list. */
export function useInstructorHome(coachId: number, page: number, sort: NeedsAttentionSort) {
  return useQuery({
    queryKey: ['instructor-home', coachId, page, sort] as const,
    queryFn: ({ signal }) =>
      callEndpoint(
        INSTRUCTOR_HOME_ENDPOINTS.home,
        { params: { coachId }, query: { page: String(page), sort } },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * A student's dashboard answers, as they get them (GET …/students/{studentId}/dashboard). Each fetch is
 * a view the server records in the audit log, so it is fetched once per visit and never refetched behind
 * the user's back.
 */
export function useViewAsStudent(coachId: number, studentId: number) {
  return useQuery({
    queryKey: ['view-as-student', coachId, studentId] as const,
    queryFn: ({ signal }) =>
      callEndpoint(INSTRUCTOR_HOME_ENDPOINTS.viewAsStudent, { params: { coachId, studentId } }, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}
