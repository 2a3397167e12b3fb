import { API, type Me } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../api/client.ts';
import { meSchema } from '../../api/lazy-schemas.ts';
import { ME_QUERY_KEY } from '../../api/query-client.ts';

/**
 * GET /api/v1/me; resolves to null when signed out (401). Described as `AUTH_ENDPOINTS.me` but called by
 * hand with the lazily loaded schema, to keep zod out of the first load (docs/architecture.md "Keeping the
 * first load small").
 */
export async function fetchMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiGet(API.me, meSchema, signal);
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** The signed-in user (data `null` when signed out). */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });
}

/** The user's role in a coach as far as the Me document tells: enrolled role, staff of an institution, or none. */
export type CoachAccess = 'student' | 'instructor' | 'staff' | 'unknown';

/**
 * How the signed-in user relates to a coach: their enrollment role when enrolled, 'staff' when they are
 * staff or admin of an institution (the server checks that the coach is in it), else 'unknown'.
 */
export function coachAccess(me: Me, coachId: number): CoachAccess {
  const enrolled = me.coaches.find((c) => c.id === coachId);
  if (enrolled) return enrolled.role;
  return me.institutions.length > 0 ? 'staff' : 'unknown';
}
