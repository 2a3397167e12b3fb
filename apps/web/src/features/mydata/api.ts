import {
  CHART_ENDPOINTS,
  type ChartSettings,
  type CohortVisibility,
  MY_DATA_ENDPOINTS,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { activityKeys } from '../analytics/index.ts';

/** Query keys of My data and the privacy settings. */
export const myDataKeys = {
  myData: (coachId: number) => ['my-data', coachId] as const,
  settings: (coachId: number) => ['chart-settings', coachId] as const,
  visibility: (coachId: number) => ['cohort-visibility', coachId] as const,
};

/** The signed-in student's data in a coach (GET …/my-data). */
export function useMyData(coachId: number) {
  return useQuery({
    queryKey: myDataKeys.myData(coachId),
    queryFn: ({ signal }) =>
      callEndpoint(MY_DATA_ENDPOINTS.myData, { params: { coachId }, query: {} }, signal),
  });
}

/** Saves the student's peer-comparison choice (PUT …/peer-comparison); refreshes My data and the charts. */
export function useSetPeerComparison(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (optOut: boolean) =>
      callEndpoint(MY_DATA_ENDPOINTS.peerComparison, { params: { coachId }, body: { opt_out: optOut } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: myDataKeys.myData(coachId) });
      void client.invalidateQueries({ queryKey: activityKeys.all(coachId) });
    },
  });
}

/** The coach's class chart settings (GET …/chart-settings). */
export function useChartSettings(coachId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: myDataKeys.settings(coachId),
    queryFn: ({ signal }) => callEndpoint(CHART_ENDPOINTS.settings, { params: { coachId } }, signal),
  });
}

/** Saves the chart settings (PUT …/chart-settings, staff); a 400 carries field errors. */
export function useSaveChartSettings(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChartSettings) =>
      callEndpoint(CHART_ENDPOINTS.saveSettings, { params: { coachId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(myDataKeys.settings(coachId), saved);
      void client.invalidateQueries({ queryKey: activityKeys.all(coachId) });
    },
  });
}

/** The coach's Insight Groups with their visibility to students (GET …/cohort-visibility, staff). */
export function useCohortVisibility(coachId: number, enabled = true) {
  return useQuery({
    enabled,
    queryKey: myDataKeys.visibility(coachId),
    queryFn: ({ signal }) =>
      callEndpoint(MY_DATA_ENDPOINTS.cohortVisibilityList, { params: { coachId } }, signal),
  });
}

/** Shows or hides one Insight Group to its members (PUT …/cohort/{id}/visibility, staff). */
export function useSetCohortVisibility(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cohortId, ...body }: CohortVisibility & { cohortId: number }) =>
      callEndpoint(MY_DATA_ENDPOINTS.cohortVisibility, { params: { coachId, cohortId }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: myDataKeys.visibility(coachId) }),
  });
}
