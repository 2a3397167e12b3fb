import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './client.ts';

/** Query key of the signed-in user (GET /api/v1/me); `null` data means signed out. */
export const ME_QUERY_KEY = ['me'] as const;

/**
 * The app's TanStack Query client. Client errors (4xx) are not retried; network and server errors once.
 * A 401 from any request means the session ended: the `me` query is refetched, which sends the user to
 * the sign-in page (see RequireAuth) and back to where they were afterwards.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error, 401)) void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== ME_QUERY_KEY[0]) onError(error);
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
  return client;
}
