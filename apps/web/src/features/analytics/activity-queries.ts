import {
  API,
  BulletinAnalyticsSchema,
  CoachUserAnalyticsSchema,
  CreditItemListSchema,
  GradeDistributionSchema,
  PlaybookAnalyticsSchema,
  SurveyAnalyticsSchema,
  TodoAnalyticsSchema,
} from '@course-coach/contracts';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, type Schema } from '../../api/client.ts';

/** Query keys of the student's activity in a coach; to-do changes invalidate `['activity', coachId]`. */
export const activityKeys = {
  all: (coachId: number) => ['activity', coachId] as const,
  one: (coachId: number, what: string) => ['activity', coachId, what] as const,
};

function useActivity<T>(coachId: number, what: string, path: string, schema: Schema<T>) {
  return useQuery({
    queryKey: activityKeys.one(coachId, what),
    queryFn: ({ signal }) => apiGet(path, schema, signal),
  });
}

/** GET …/bulletin-analytics (the signed-in student's). */
export const useBulletinAnalytics = (coachId: number) =>
  useActivity(coachId, 'bulletins', API.bulletinAnalytics(coachId), BulletinAnalyticsSchema);
/** GET …/todo-analytics. */
export const useTodoAnalytics = (coachId: number) =>
  useActivity(coachId, 'todos', API.todoAnalytics(coachId), TodoAnalyticsSchema);
/** GET …/exam-playbook-analytics. */
export const usePlaybookAnalytics = (coachId: number) =>
  useActivity(coachId, 'playbooks', API.examPlaybookAnalytics(coachId), PlaybookAnalyticsSchema);
/** GET …/survey-analytics. */
export const useSurveyAnalytics = (coachId: number) =>
  useActivity(coachId, 'surveys', API.surveyAnalytics(coachId), SurveyAnalyticsSchema);
/** GET …/user-analytics (the overall count). */
export const useCoachUserAnalytics = (coachId: number) =>
  useActivity(coachId, 'overall', API.coachUserAnalytics(coachId), CoachUserAnalyticsSchema);
/** GET …/user-credits ('For Credit Items'). */
export const useUserCredits = (coachId: number) =>
  useActivity(coachId, 'credits', API.userCredits(coachId), CreditItemListSchema);
/** GET …/user-activity ('Other Items'). */
export const useUserActivity = (coachId: number) =>
  useActivity(coachId, 'history', API.userActivity(coachId), CreditItemListSchema);
/** GET …/grade-distribution (the class's chart data with the student's grade). */
export const useGradeDistribution = (coachId: number) =>
  useActivity(coachId, 'grade-distribution', API.gradeDistribution(coachId), GradeDistributionSchema);

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
