import { API } from '@course-coach/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';
import { gradeDataSchema } from '../../api/lazy-schemas.ts';

/**
 * The query of the signed-in student's grade data in a coach (GET /api/v1/coach/{coachId}/grade-data):
 * its key and function, for {@link useGradeData} and for the coach dashboard, which fetches it with its
 * first group of answers so that the grade card renders with its figures at once. Called by hand, not
 * through callEndpoint (`GRADE_ENDPOINTS.data`): the grade card is on the first screen, which reads its
 * answers with lazily loaded schemas (docs/architecture.md "Keeping the first load small").
 */
export function gradeDataQuery(coachId: number) {
  return queryOptions({
    queryKey: ['grade-data', coachId] as const,
    queryFn: ({ signal }) => apiGet(API.gradeData(coachId), gradeDataSchema, signal),
  });
}

/**
 * The signed-in student's grade data in a coach ({@link gradeDataQuery}); `enabled` false asks nothing
 * (someone who is not a student of the coach).
 */
export function useGradeData(coachId: number, enabled = true) {
  return useQuery({ ...gradeDataQuery(coachId), enabled });
}

const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A percentage for display: up to 2 decimals, no trailing zeros ("20.4%", "75%"). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}
