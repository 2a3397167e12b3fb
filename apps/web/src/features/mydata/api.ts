import {
  type ChartSettings,
  ChartSettingsSchema,
  type CohortVisibility,
  CohortVisibilityListSchema,
  CohortVisibilitySchema,
  MY_DATA_API,
  MyDataSchema,
  PeerComparisonSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';
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
    queryFn: ({ signal }) => apiGet(MY_DATA_API.myData(coachId), MyDataSchema, signal),
  });
}

/** Saves the student's peer-comparison choice (PUT …/peer-comparison); refreshes My data and the charts. */
export function useSetPeerComparison(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (optOut: boolean) =>
      apiRequest(MY_DATA_API.peerComparison(coachId), {
        method: 'PUT',
        body: { opt_out: optOut },
        schema: PeerComparisonSchema,
      }),
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
    queryFn: ({ signal }) => apiGet(MY_DATA_API.chartSettings(coachId), ChartSettingsSchema, signal),
  });
}

/** Saves the chart settings (PUT …/chart-settings, staff); a 400 carries field errors. */
export function useSaveChartSettings(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChartSettings) =>
      apiRequest(MY_DATA_API.chartSettings(coachId), { method: 'PUT', body, schema: ChartSettingsSchema }),
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
      apiGet(MY_DATA_API.cohortVisibilityList(coachId), CohortVisibilityListSchema, signal),
  });
}

/** Shows or hides one Insight Group to its members (PUT …/cohort/{id}/visibility, staff). */
export function useSetCohortVisibility(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cohortId, ...body }: CohortVisibility & { cohortId: number }) =>
      apiRequest(MY_DATA_API.cohortVisibility(coachId, cohortId), {
        method: 'PUT',
        body,
        schema: CohortVisibilitySchema,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: myDataKeys.visibility(coachId) }),
  });
}
