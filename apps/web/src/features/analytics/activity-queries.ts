import { ANALYTICS_ENDPOINTS, CHART_ENDPOINTS, HISTORY_ENDPOINTS } from '@course-coach/contracts';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query keys of the student's activity in a coach; to-do changes invalidate `['activity', coachId]`. */
export const activityKeys = {
  all: (coachId: number) => ['activity', coachId] as const,
  one: (coachId: number, what: string) => ['activity', coachId, what] as const,
};

/** Reads one of the signed-in student's own figures in a coach with `read` (cached under `what`). */
function useActivity<T>(coachId: number, what: string, read: (signal: AbortSignal) => Promise<T>) {
  return useQuery({ queryKey: activityKeys.one(coachId, what), queryFn: ({ signal }) => read(signal) });
}

/** The path parameters and query of the caller's own figures (`?user_id=` left out). */
const own = (coachId: number) => ({ params: { coachId }, query: {} });

/** GET …/bulletin-analytics (the signed-in student's). */
export const useBulletinAnalytics = (coachId: number) =>
  useActivity(coachId, 'bulletins', (signal) =>
    callEndpoint(ANALYTICS_ENDPOINTS.bulletins, own(coachId), signal),
  );
/** GET …/todo-analytics. */
export const useTodoAnalytics = (coachId: number) =>
  useActivity(coachId, 'todos', (signal) => callEndpoint(ANALYTICS_ENDPOINTS.todos, own(coachId), signal));
/** GET …/exam-playbook-analytics. */
export const usePlaybookAnalytics = (coachId: number) =>
  useActivity(coachId, 'playbooks', (signal) =>
    callEndpoint(ANALYTICS_ENDPOINTS.playbooks, own(coachId), signal),
  );
/** GET …/survey-analytics. */
export const useSurveyAnalytics = (coachId: number) =>
  useActivity(coachId, 'surveys', (signal) =>
    callEndpoint(ANALYTICS_ENDPOINTS.surveys, own(coachId), signal),
  );
/** GET …/user-analytics (the overall count). */
export const useCoachUserAnalytics = (coachId: number) =>
  useActivity(coachId, 'overall', (signal) =>
    callEndpoint(ANALYTICS_ENDPOINTS.coachUser, own(coachId), signal),
  );
/** GET …/user-credits ('For Credit Items'). */
export const useUserCredits = (coachId: number) =>
  useActivity(coachId, 'credits', (signal) => callEndpoint(HISTORY_ENDPOINTS.credits, own(coachId), signal));
/** GET …/user-activity ('Other Items'). */
export const useUserActivity = (coachId: number) =>
  useActivity(coachId, 'history', (signal) => callEndpoint(HISTORY_ENDPOINTS.activity, own(coachId), signal));
/** GET …/grade-distribution (the class's chart data with the student's grade). */
export const useGradeDistribution = (coachId: number) =>
  useActivity(coachId, 'grade-distribution', (signal) =>
    callEndpoint(CHART_ENDPOINTS.gradeDistribution, own(coachId), signal),
  );

/**
 * Reloads the student's activity in a coach after any write of the app settles (a to-do completed,
 * added, edited or deleted changes the to-do card, the overall count and the history), without the
 * writing widgets having to know about these cards.
 */
export function useRefreshActivityAfterWrites(coachId: number): void {
  const queryClient = useQueryClient();
  const mutating = useIsMutating();
  const previous = useRef(mutating);
  useEffect(() => {
    if (previous.current > 0 && mutating === 0) {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all(coachId) });
    }
    previous.current = mutating;
  }, [mutating, coachId, queryClient]);
}
