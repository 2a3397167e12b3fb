import { GRADE_ENDPOINTS, type GradeCalculatorSettings } from '@course-coach/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** The signed-in student's Grade Calculator data (GET /api/v1/coach/{coachId}/grade-calculator). */
export function useGradeCalculator(coachId: number, enabled = true) {
  return useQuery({
    queryKey: ['grade-calculator', coachId],
    queryFn: ({ signal }) =>
      callEndpoint(GRADE_ENDPOINTS.calculator, { params: { coachId }, query: {} }, signal),
    enabled,
  });
}

/** The coach's calculator settings: calculator_active and the letter boundaries (GET …/settings). */
export function useCalculatorSettings(coachId: number, enabled = true) {
  return useQuery({
    queryKey: ['grade-calculator-settings', coachId],
    queryFn: ({ signal }) =>
      callEndpoint(GRADE_ENDPOINTS.calculatorSettings, { params: { coachId } }, signal),
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
      callEndpoint(GRADE_ENDPOINTS.saveCalculatorSettings, { params: { coachId }, body }),
    onSuccess: (saved) => {
      client.setQueryData(['grade-calculator-settings', coachId], saved);
      void client.invalidateQueries({ queryKey: ['grade-calculator', coachId] });
      void client.invalidateQueries({ queryKey: ['grade-data', coachId] });
    },
  });
}
