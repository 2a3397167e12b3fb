import {
  SURVEY_ENDPOINTS,
  type Survey,
  type SurveyBody,
  type SurveyResponseBody,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { invalidateAudience } from '../audience/index.ts';

/** Query keys of a coach's surveys (everything under ['surveys', coachId] reloads after a write). */
export const surveyKeys = {
  all: (coachId: number) => ['surveys', coachId] as const,
  one: (coachId: number, id: number) => ['surveys', coachId, id] as const,
};

/** The surveys the caller may see (staff: all; students: the live ones meant for them). */
export function useSurveys(coachId: number) {
  return useQuery({
    queryKey: surveyKeys.all(coachId),
    queryFn: ({ signal }) => callEndpoint(SURVEY_ENDPOINTS.list, { params: { coachId } }, signal),
  });
}

/** One survey; disabled for a new one (`id` null). */
export function useSurvey(coachId: number, id: number | null) {
  return useQuery({
    queryKey: surveyKeys.one(coachId, id ?? 0),
    queryFn: ({ signal }) => callEndpoint(SURVEY_ENDPOINTS.get, { params: { coachId, id: id! } }, signal),
    enabled: id !== null,
  });
}

/** Saves a survey: PUT when it has an id, else POST. */
export function useSaveSurvey(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyBody }): Promise<Survey> =>
      id
        ? callEndpoint(SURVEY_ENDPOINTS.update, { params: { coachId, id }, body })
        : callEndpoint(SURVEY_ENDPOINTS.create, { params: { coachId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: surveyKeys.all(coachId) }),
        invalidateAudience(queryClient, coachId),
      ]),
  });
}

/** Deletes a survey. */
export function useDeleteSurvey(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(SURVEY_ENDPOINTS.remove, { params: { coachId, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all(coachId) }),
  });
}

/** A student's answers; the surveys and the activity cards reload afterwards. */
export function useAnswerSurvey(coachId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyResponseBody) =>
      callEndpoint(SURVEY_ENDPOINTS.answer, { params: { coachId, id }, body }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
