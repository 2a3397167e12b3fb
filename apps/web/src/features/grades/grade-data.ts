import { API } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { gradeDataSchema } from '../../api/lazy-schemas.ts';

/**
 * The signed-in student's grade data in a coach (GET /api/v1/coach/{coachId}/grade-data); `enabled` false
 * asks nothing (someone who is not a student of the coach). Called by hand, not through callEndpoint
 * (`GRADE_ENDPOINTS.data`): the grade card is on the first screen, which reads its answers with lazily
 * loaded schemas (docs/architecture.md "Keeping the first load small").
 */
export function useGradeData(coachId: number, enabled = true) {
  return useQuery({
    queryKey: ['grade-data', coachId],
    queryFn: ({ signal }) => apiGet(API.gradeData(coachId), gradeDataSchema, signal),
    enabled,
  });
}

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A percentage for display: up to 2 decimals, no trailing zeros ("20.4%", "75%"). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}
