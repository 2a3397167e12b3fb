import { COHORT_SYNC_POLL_MS, TAILORING_ENDPOINTS } from '@course-coach/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query keys of a coach's tailoring data; all start with ['tailoring', coachId]. */
export const tailoringKeys = {
  all: (coachId: number) => ['tailoring', coachId] as const,
  groups: (coachId: number) => ['tailoring', coachId, 'groups'] as const,
  cohorts: (coachId: number) => ['tailoring', coachId, 'cohorts'] as const,
  cohort: (coachId: number, id: number) => ['tailoring', coachId, 'cohort', id] as const,
  dictionary: (coachId: number) => ['tailoring', coachId, 'dictionary'] as const,
  enrollment: (coachId: number) => ['tailoring', coachId, 'enrollment'] as const,
  distribution: (coachId: number, id: number) => ['tailoring', coachId, 'distribution', id] as const,
  task: (coachId: number, id: number) => ['tailoring', coachId, 'task', id] as const,
};

/** The coach's Insight Group Collections (GET /api/v1/coach/{coachId}/cohort/groups). */
export function useCohortGroups(coachId: number) {
  return useQuery({
    queryKey: tailoringKeys.groups(coachId),
    queryFn: ({ signal }) => callEndpoint(TAILORING_ENDPOINTS.groups, { params: { coachId } }, signal),
  });
}

/** The coach's Insight Groups (GET /api/v1/coach/{coachId}/cohort). */
export function useCohorts(coachId: number) {
  return useQuery({
    queryKey: tailoringKeys.cohorts(coachId),
    queryFn: ({ signal }) => callEndpoint(TAILORING_ENDPOINTS.cohorts, { params: { coachId } }, signal),
  });
}

/** One Insight Group with its rules (GET /api/v1/coach/{coachId}/cohort/{cohortId}/). */
export function useCohort(coachId: number, cohortId: number) {
  return useQuery({
    queryKey: tailoringKeys.cohort(coachId, cohortId),
    queryFn: ({ signal }) =>
      callEndpoint(TAILORING_ENDPOINTS.cohort, { params: { coachId, cohortId } }, signal),
  });
}

/** The tailoring dictionary (GET /api/v1/coach/{coachId}/mtsdictionarydata). */
export function useDictionary(coachId: number) {
  return useQuery({
    queryKey: tailoringKeys.dictionary(coachId),
    queryFn: ({ signal }) => callEndpoint(TAILORING_ENDPOINTS.dictionary, { params: { coachId } }, signal),
    staleTime: 5 * 60_000,
  });
}

/** The coach's enrollment count (GET /api/v1/coach/{coachId}/enrollment-details). */
export function useEnrollmentDetails(coachId: number) {
  return useQuery({
    queryKey: tailoringKeys.enrollment(coachId),
    queryFn: ({ signal }) =>
      callEndpoint(TAILORING_ENDPOINTS.enrollmentDetails, { params: { coachId } }, signal),
  });
}

/**
 * Distribution of a group's members over every characteristic, counts only
 * (GET .../tailoring-distribution?page_size=0: the lists of students are asked for per value).
 */
export function useDistribution(coachId: number, cohortId: number) {
  return useQuery({
    queryKey: tailoringKeys.distribution(coachId, cohortId),
    queryFn: ({ signal }) =>
      callEndpoint(
        TAILORING_ENDPOINTS.distribution,
        { params: { coachId, cohortId }, query: { page_size: '0' } },
        signal,
      ),
  });
}

/** Students per page when a distribution value is expanded on the cohort detail screen. */
export const DISTRIBUTION_STUDENTS_PAGE_SIZE = 10;

/**
 * One page of the students behind each value of one characteristic (GET .../tailoring-distribution
 * ?characteristic=&page=&page_size=10); the caller picks its value's list. Under the distribution key,
 * so it reloads with the distribution.
 */
export function useDistributionStudents(
  coachId: number,
  cohortId: number,
  characteristic: string,
  page: number,
) {
  const query = { characteristic, page: String(page), page_size: String(DISTRIBUTION_STUDENTS_PAGE_SIZE) };
  return useQuery({
    queryKey: [...tailoringKeys.distribution(coachId, cohortId), characteristic, page] as const,
    queryFn: ({ signal }) =>
      callEndpoint(TAILORING_ENDPOINTS.distribution, { params: { coachId, cohortId }, query }, signal),
    placeholderData: (previous) => previous,
  });
}

/**
 * The group's membership update task (GET /Dashboard/Coach/{coachId}/cohort-membership-update/{cohortId}),
 * refreshed every 15 seconds (spec §4, §9).
 */
export function useMembershipTask(coachId: number, cohortId: number) {
  return useQuery({
    queryKey: tailoringKeys.task(coachId, cohortId),
    queryFn: ({ signal }) =>
      callEndpoint(TAILORING_ENDPOINTS.membershipTask, { params: { coachId, cohortId } }, signal),
    refetchInterval: COHORT_SYNC_POLL_MS,
    staleTime: 0,
  });
}

/** Returns a function that reloads all of a coach's tailoring data (lists, groups, distributions). */
export function useInvalidateTailoring(coachId: number) {
  const client = useQueryClient();
  return useCallback(
    () => client.invalidateQueries({ queryKey: tailoringKeys.all(coachId) }),
    [client, coachId],
  );
}

/** Returns a function that reloads one group and its distribution (spec §4: after a rule save or delete). */
export function useReloadCohort(coachId: number, cohortId: number) {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tailoringKeys.cohort(coachId, cohortId) }),
        client.invalidateQueries({ queryKey: tailoringKeys.distribution(coachId, cohortId) }),
        client.invalidateQueries({ queryKey: tailoringKeys.cohorts(coachId) }),
        client.invalidateQueries({ queryKey: tailoringKeys.task(coachId, cohortId) }),
      ]),
    [client, coachId, cohortId],
  );
}
