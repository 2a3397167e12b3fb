import {
  API,
  GradeCalculatorDataSchema,
  type GradeCalculatorSettings,
  GradeCalculatorSettingsSchema,
} from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../api/client.ts';

/** The signed-in student's Grade Calculator data (GET /api/v1/coach/{coachId}/grade-calculator). */
export function useGradeCalculator(coachId: number, enabled = true) {
  return useQuery({
    queryKey: ['grade-calculator', coachId],
    queryFn: ({ signal }) => apiGet(API.gradeCalculator(coachId), GradeCalculatorDataSchema, signal),
    enabled,
  });
}

/** The coach's calculator settings: calculator_active and the letter boundaries (GET …/settings). */
export function useCalculatorSettings(coachId: number, enabled = true) {
  return useQuery({
    queryKey: ['grade-calculator-settings', coachId],
    queryFn: ({ signal }) =>
      apiGet(API.gradeCalculatorSettings(coachId), GradeCalculatorSettingsSchema, signal),
    enabled,
  });
}

/**
 * Saves the coach's calculator settings (PUT …/settings, staff and instructors). On success the settings,
 * the calculator and the grade card (its calculator hint) are refreshed; a 400 carries field errors such as
 * `letter_boundaries.2.min` (ApiError.fieldErrors).
 */
export function useSaveCalculatorSettings(coachId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GradeCalculatorSettings) =>
      apiRequest(API.gradeCalculatorSettings(coachId), {
        method: 'PUT',
        body,
        schema: GradeCalculatorSettingsSchema,
      }),
    onSuccess: (saved) => {
      client.setQueryData(['grade-calculator-settings', coachId], saved);
      void client.invalidateQueries({ queryKey: ['grade-calculator', coachId] });
      void client.invalidateQueries({ queryKey: ['grade-data', coachId] });
    },
  });
}
