import {
  BULLETIN_ENDPOINTS,
  BULLETIN_PAGE_SIZE,
  type Bulletin,
  type BulletinSearchPage,
  type EndpointQuery,
} from '@course-coach/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/call-endpoint.ts';
import { bulletinKeys } from './bulletins-api.ts';

/**
 * The institution list's filters as the page keeps them (in its address, so that a message's Back link,
 * which returns to the path with its query, restores them): docs/bulletins.md "Lists".
 */
export interface BulletinSearch {
  coach: number | null;
  topic: string | null;
  unread: boolean;
  starred: boolean;
  q: string;
  page: number;
}

/** Whether any filter or search narrows the list (paging apart). */
export const isFiltered = (s: BulletinSearch) =>
  s.coach !== null || s.topic !== null || s.unread || s.starred || s.q.trim() !== '';

/** The query of GET institution bulletin-list for `s` (BulletinListQuerySchema); unset filters left out. */
export function searchQuery(s: BulletinSearch): EndpointQuery<typeof BULLETIN_ENDPOINTS.institutionList> {
  return {
    page: String(s.page),
    page_size: String(BULLETIN_PAGE_SIZE),
    coach: s.coach === null ? undefined : String(s.coach),
    topic: s.topic ?? undefined,
    unread: s.unread ? 'true' : undefined,
    starred: s.starred ? 'true' : undefined,
    q: s.q.trim() || undefined,
  };
}

/**
 * Under the institution list's key (`bulletinKeys.list`), so a star, a view or a save that reloads the
 * list reloads its pages too.
 */
const searchKey = (institutionId: number, s: BulletinSearch) =>
  [...bulletinKeys.list({ institutionId }), searchQuery(s)] as const;

/** One page of the institution list for `s`; the previous page stays shown while the next one loads. */
export function useBulletinSearch(institutionId: number, s: BulletinSearch) {
  return useQuery({
    queryKey: searchKey(institutionId, s),
    queryFn: async ({ signal }): Promise<BulletinSearchPage> => {
      const answer = await callEndpoint(
        BULLETIN_ENDPOINTS.institutionList,
        { params: { institutionId }, query: searchQuery(s) },
        signal,
      );
      // Asked with `page`, the list answers a page (never the plain array the spec's list is).
      if (Array.isArray(answer)) throw new Error('The bulletin list answered without paging.');
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

/** The choices of the course and topic filters (GET institution bulletin-filters). */
export function useBulletinFilters(institutionId: number) {
  return useQuery({
    queryKey: ['bulletins', 'filters', institutionId] as const,
    queryFn: ({ signal }) =>
      callEndpoint(BULLETIN_ENDPOINTS.institutionFilters, { params: { institutionId } }, signal),
  });
}

/**
 * The star toggle on the institution list's pages (spec §4: optimistic, then the list reloads; a failure
 * puts every page back as it was).
 */
export function useSearchStarToggle(institutionId: number) {
  const queryClient = useQueryClient();
  const key = bulletinKeys.list({ institutionId });
  return useMutation({
    mutationFn: (bulletin: Bulletin) =>
      callEndpoint(BULLETIN_ENDPOINTS.institutionStar, {
        params: { institutionId, bulletinId: bulletin.id },
        body: { ...bulletin, starred: !bulletin.starred },
      }),
    onMutate: async (bulletin) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<BulletinSearchPage>({ queryKey: key });
      queryClient.setQueriesData<BulletinSearchPage>({ queryKey: key }, (data) =>
        data && 'results' in data
          ? {
              ...data,
              results: data.results.map((b) =>
                b.id === bulletin.id ? { ...b, starred: !bulletin.starred } : b,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _bulletin, snapshot) => {
      for (const [k, data] of snapshot?.before ?? []) queryClient.setQueryData(k, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
