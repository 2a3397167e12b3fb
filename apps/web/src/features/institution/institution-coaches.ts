import { API, CoachListEntrySchema } from '@course-coach/contracts';
import { useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

const CoachListSchema = CoachListEntrySchema.array();

/** Query options of an institution's coach list (GET /api/v1/institution/{institutionId}/coaches). */
export function institutionCoachesQuery(institutionId: number) {
  return {
    queryKey: ['institution-coaches', institutionId] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiGet(API.institutionCoaches(institutionId), CoachListSchema, signal),
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
