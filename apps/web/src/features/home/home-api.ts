import { HOME_API, HomeSchema } from '@course-coach/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../api/client.ts';

/** GET institution/{institutionId}/home: everything the home page shows, in one request. */
export function useHome(institutionId: number) {
  return useQuery({
    queryKey: ['home', institutionId],
    queryFn: ({ signal }) => apiGet(HOME_API.home(institutionId), HomeSchema, signal),
  });
}
