import {
  SURVEY_API,
  type Survey,
  type SurveyBody,
  SurveyListSchema,
  type SurveyResponseBody,
  SurveyResponseSchema,
  SurveySchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';
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
    queryFn: ({ signal }) => apiGet(SURVEY_API.surveys(coachId), SurveyListSchema, signal),
  });
}

/** One survey; disabled for a new one (`id` null). */
export function useSurvey(coachId: number, id: number | null) {
  return useQuery({
    queryKey: surveyKeys.one(coachId, id ?? 0),
    queryFn: ({ signal }) => apiGet(SURVEY_API.survey(coachId, id!), SurveySchema, signal),
    enabled: id !== null,
  });
}

/** Saves a survey: PUT when it has an id, else POST. */
export function useSaveSurvey(coachId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SurveyBody }): Promise<Survey> =>
      apiRequest(id ? SURVEY_API.survey(coachId, id) : SURVEY_API.surveys(coachId), {
        method: id ? 'PUT' : 'POST',
        body,
        schema: SurveySchema,
      }),
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
    mutationFn: (id: number) => apiRequest(SURVEY_API.survey(coachId, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: surveyKeys.all(coachId) }),
  });
}

/** A student's answers; the surveys and the activity cards reload afterwards. */
export function useAnswerSurvey(coachId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SurveyResponseBody) =>
      apiRequest(SURVEY_API.responses(coachId, id), { method: 'POST', body, schema: SurveyResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
