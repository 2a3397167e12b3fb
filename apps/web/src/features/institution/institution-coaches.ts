import { INSTITUTION_ENDPOINTS } from '@course-coach/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';

/** Query options of an institution's coach list (GET /api/v1/institution/{institutionId}/coaches). */
export function institutionCoachesQuery(institutionId: number) {
  return {
    queryKey: ['institution-coaches', institutionId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callEndpoint(INSTITUTION_ENDPOINTS.coaches, { params: { institutionId } }, signal),
  };
}

/** The coaches of one institution (staff and admins only); idle while `institutionId` is null. */
export function useInstitutionCoaches(institutionId: number | null) {
  return useQuery({ ...institutionCoachesQuery(institutionId ?? 0), enabled: institutionId !== null });
}

/** The coach lists of several institutions at once (a staff member's institutions). */
export function useInstitutionsCoaches(institutionIds: number[]) {
  return useQueries({ queries: institutionIds.map((id) => institutionCoachesQuery(id)) });
}

/**
 * The Coach Activity Breakdown of one of the institution's coaches (GET
 * /api/v1/institution/{institutionId}/coach-activity/{coachId}); idle until a coach is chosen. Each coach
 * has its own cache entry, so choosing another coach fetches all of its figures.
 */
export function useCoachActivityBreakdown(institutionId: number, coachId: number | null) {
  return useQuery({
    queryKey: ['institution-coach-activity', institutionId, coachId] as const,
    queryFn: ({ signal }) =>
      callEndpoint(
        INSTITUTION_ENDPOINTS.coachActivity,
        { params: { institutionId, coachId: coachId ?? 0 } },
        signal,
      ),
    enabled: coachId !== null,
  });
}
